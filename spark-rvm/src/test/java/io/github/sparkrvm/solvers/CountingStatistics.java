/*
 * Copyright 2026 The spark-rvm authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.sparkrvm.solvers;

import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.GaussianStatistics;
import io.github.sparkrvm.statistics.JaakkolaJordanTerms;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.Pass;
import io.github.sparkrvm.statistics.RowCollection;

/**
 * A {@link DesignStatistics} that counts the calls of each kind it forwards: the passes over the active basis
 * ({@code laplace}, {@code multinomial}) and the passes over every candidate ({@code laplaceCandidates},
 * {@code multinomialCandidates}), which on large data cost far more; and the active sets of the latter, in order.
 */
final class CountingStatistics implements RowCollection {

  private final DesignStatistics inner;
  int activePasses;
  /** How many basis functions (or flat pairs) each pass over an active set was over, in order. */
  final java.util.List<Integer> activeSizes = new java.util.ArrayList<>();
  int candidatePasses;
  /** Passes over every candidate that do not form the cross products ({@code laplaceScores}). */
  int scorePasses;
  /** Candidates passes over some of the candidates only, and how many each scored. */
  int shortlistPasses;
  final java.util.List<Integer> shortlistSizes = new java.util.ArrayList<>();
  int samples;
  /** Samples collected to the driver ({@code sample(…).local()}), whose passes are not counted here. */
  int collected;
  final java.util.List<int[]> candidateActiveSets = new java.util.ArrayList<>();
  /** The statistics this one is a sample of, whose {@link #collected} counts this one's collection; or null. */
  private final CountingStatistics sampledFrom;

  CountingStatistics(DesignStatistics inner) {
    this(inner, null);
  }

  private CountingStatistics(DesignStatistics inner, CountingStatistics sampledFrom) {
    this.inner = inner;
    this.sampledFrom = sampledFrom;
  }

  @Override
  public int numCandidates() {
    return inner.numCandidates();
  }

  @Override
  public <A> A pass(Pass<A> pass) {
    return inner.pass(pass);
  }

  @Override
  public GaussianStatistics gaussian() {
    return inner.gaussian();
  }

  @Override
  public LikelihoodTerms laplace(LaplaceLikelihood likelihood, int[] active, double[] weights) {
    activePasses++;
    activeSizes.add(active.length);
    return inner.laplace(likelihood, active, weights);
  }

  @Override
  public CandidateTerms laplaceCandidates(LaplaceLikelihood likelihood, int[] active, double[] weights) {
    candidatePasses++;
    candidateActiveSets.add(active.clone());
    return inner.laplaceCandidates(likelihood, active, weights);
  }

  @Override
  public CandidateTerms laplaceScores(LaplaceLikelihood likelihood, int[] active, double[] weights) {
    scorePasses++;
    return inner.laplaceScores(likelihood, active, weights);
  }

  @Override
  public CandidateTerms laplaceCandidates(LaplaceLikelihood likelihood, int[] active, double[] weights,
      int[] over) {
    shortlistPasses++;
    shortlistSizes.add(over.length);
    return inner.laplaceCandidates(likelihood, active, weights, over);
  }

  @Override
  public RowCollection sample(io.github.sparkrvm.statistics.RowSample sample) {
    samples++;
    return new CountingStatistics(RowCollection.of(inner, "a sample").sample(sample), this);
  }

  @Override
  public LocalStatistics local() {
    if (sampledFrom != null) {
      sampledFrom.collected++;
    }
    return RowCollection.of(inner, "a collection").local();
  }

  @Override
  public JaakkolaJordanTerms jaakkolaJordan(int[] active, double[] secondMoment) {
    return inner.jaakkolaJordan(active, secondMoment);
  }

  @Override
  public LikelihoodTerms multinomial(int[][] active, double[][] weights) {
    activePasses++;
    activeSizes.add(java.util.Arrays.stream(active).mapToInt(a -> a.length).sum());
    return inner.multinomial(active, weights);
  }

  @Override
  public CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights) {
    candidatePasses++;
    return inner.multinomialCandidates(numClasses, flatActive, weights);
  }

  @Override
  public CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights,
      int[] flatCandidates) {
    shortlistPasses++;
    shortlistSizes.add(flatCandidates.length);
    return inner.multinomialCandidates(numClasses, flatActive, weights, flatCandidates);
  }

  @Override
  public CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights,
      int[] flatCandidates, double[] activeHessian) {
    shortlistPasses++;
    shortlistSizes.add(flatCandidates.length);
    return inner.multinomialCandidates(numClasses, flatActive, weights, flatCandidates, activeHessian);
  }

  /** {@return the view of the inner statistics: the binary fits' passes are not counted} */
  @Override
  public DesignStatistics oneVsRest(int positiveClass) {
    return inner.oneVsRest(positiveClass);
  }
}
