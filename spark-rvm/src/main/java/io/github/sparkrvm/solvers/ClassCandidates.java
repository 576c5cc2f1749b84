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

import io.github.sparkrvm.statistics.CandidateScores;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.LikelihoodSlope;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import java.util.stream.IntStream;

/**
 * The candidates each class of a softmax may use: all M of them (the plain multinomial RVM), or a subset per class,
 * e.g. class p's own block of class-specific features (Zhang &amp; Malik 2005, appendix A.1). A (class, basis
 * function) pair outside its class' set is held at w = 0 (α = ∞) and is never a candidate.
 */
final class ClassCandidates {

  private ClassCandidates() {}

  /** {@return every candidate 0 … m−1 for each of {@code numClasses} classes} */
  static int[][] all(int numClasses, int m) {
    int[][] all = new int[numClasses][];
    for (int p = 0; p < numClasses; p++) {
      all[p] = IntStream.range(0, m).toArray();
    }
    return all;
  }

  /**
   * {@return {@code candidates}, copied, after checking that there is one ascending set of indices in [0, m) per
   * class}
   *
   * @throws IllegalArgumentException naming the class and the entry that is wrong
   */
  static int[][] check(int[][] candidates, int numClasses, int m) {
    if (candidates.length != numClasses) {
      throw new IllegalArgumentException("class candidates: " + candidates.length + " sets for " + numClasses
          + " classes");
    }
    int[][] copy = new int[numClasses][];
    for (int p = 0; p < numClasses; p++) {
      int[] set = candidates[p];
      for (int a = 0; a < set.length; a++) {
        if (set[a] < 0 || set[a] >= m || (a > 0 && set[a] <= set[a - 1])) {
          throw new IllegalArgumentException("class candidates: class " + p + " lists " + set[a] + " at position "
              + a + "; each set must be ascending in [0, " + m + ")");
        }
      }
      copy[p] = set.clone();
    }
    return copy;
  }

  /**
   * {@return the candidates a restricted start allows, checked (one ascending set in [0, m) per class), or null for a
   * start over every candidate}
   *
   * @param start how the fit starts
   * @param numClasses the number of sets expected (1 for a single-output fit)
   * @param m the number of candidates
   */
  static int[][] allowed(FitStart start, int numClasses, int m) {
    return start instanceof FitStart.Restricted r ? check(r.candidates(), numClasses, m) : null;
  }

  /** {@return the flat (class-major) indices p·m + i of the allowed pairs, ascending} */
  static int[] flat(int[][] candidates, int m) {
    return IntStream.range(0, candidates.length)
        .flatMap(p -> IntStream.of(candidates[p]).map(i -> p * m + i)).toArray();
  }

  /**
   * {@return the likelihood {@code full} seen over its candidates {@code allowed} only, numbered 0 … allowed.length−1
   * in their order: the step logic of {@link FastLaplaceSolver} then never scores, adds or ranks another one} Each
   * candidates pass is a pass of {@code full} over the allowed candidates only.
   *
   * @param full the likelihood over all candidates
   * @param allowed the candidates kept, ascending
   */
  static FastLaplaceSolver.Likelihood restrict(FastLaplaceSolver.Likelihood full, int[] allowed) {
    return new FastLaplaceSolver.Likelihood() {
      @Override
      public CandidateTerms candidates(int[] active, double[] weights) {
        return full.candidates(toFull(active, allowed), weights, allowed);
      }

      @Override
      public CandidateTerms candidates(int[] active, double[] weights, LikelihoodTerms known) {
        return full.candidates(toFull(active, allowed), weights, allowed, known);
      }

      @Override
      public LikelihoodTerms terms(int[] active, double[] weights) {
        return full.terms(toFull(active, allowed), weights);
      }

      @Override
      public double[] crossAmong(int[] active, double[] weights, int[] among) {
        return full.crossAmong(toFull(active, allowed), weights, toFull(among, allowed));
      }

      @Override
      public boolean slopes() {
        return full.slopes();
      }

      @Override
      public LikelihoodSlope slope(int[] active, double[] weights) {
        return full.slope(toFull(active, allowed), weights);
      }

      @Override
      public boolean scoresApart() {
        return full.scoresApart();
      }

      @Override
      public CandidateScores scores(int[] active, double[] weights, double[] covariance, double[] shift) {
        return full.scores(toFull(active, allowed), weights, covariance, shift, allowed);
      }
    };
  }

  /** {@return the candidates of {@code full} at positions {@code positions} of {@code allowed} (ascending to ascending)} */
  static int[] toFull(int[] positions, int[] allowed) {
    int[] out = new int[positions.length];
    for (int a = 0; a < positions.length; a++) {
      out[a] = allowed[positions[a]];
    }
    return out;
  }

  /** {@return a fit over the positions of {@code allowed} ({@link #restrict}) as a fit over the full candidates} */
  static RelevanceFit onFull(RelevanceFit fit, int[] allowed) {
    return new RelevanceFit(toFull(fit.active(), allowed), fit.weights(), fit.alpha(), fit.covariance(),
        fit.noisePrecision(), fit.iterations(), fit.converged(), fit.logMarginalLikelihoods(), fit.activeCounts(),
        fit.likelihoodPasses());
  }
}
