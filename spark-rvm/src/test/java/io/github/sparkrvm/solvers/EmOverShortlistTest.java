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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.datasets.Datasets;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The fast binary classifier's second path (em over a shortlist, then the fast path from em's fixed point) and its two
 * paths: the shortlist is the fit's basis functions and the candidates of largest Q²/S; over a shortlist of every
 * candidate the path is em's cold fit followed by the fast path; the two paths keep the fit of the higher evidence.
 */
class EmOverShortlistTest {

  private static final SparseBayesOptions OPTIONS = SparseBayesOptions.defaults();

  /** Ripley's training rows {@code from} to {@code to}, RBF γ 4 on every row and a bias. */
  private static InMemoryStatistics ripley(int from, int to) {
    TestData.Table all = TestData.ripley("tr");
    double[][] x = Arrays.copyOfRange(all.x(), from, to);
    double[] t = Arrays.copyOfRange(all.t(), from, to);
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2,
        GaussianRelevanceSolverTest.flatten(x));
    double[] w = new double[x.length];
    Arrays.fill(w, 1.0);
    return InMemoryStatistics.of(basis, x, t, w);
  }

  private static double last(RelevanceFit fit) {
    return fit.logMarginalLikelihoods()[fit.logMarginalLikelihoods().length - 1];
  }

  private static RelevanceFit fast(InMemoryStatistics stats) {
    return FastBernoulliSolver.of(OPTIONS).fit(stats, IterationListener.none());
  }

  /** {@return the second path from {@code first}} */
  private static RelevanceFit secondPath(InMemoryStatistics stats, RelevanceFit first) {
    return EmOverShortlist.after(first, OPTIONS, LaplaceLikelihood.BERNOULLI).fit(stats, IterationListener.none());
  }

  @Test
  void theShortlistIsTheBasisAndTheCandidatesOfLargestQSquaredOverS() {
    InMemoryStatistics stats = ripley(0, 250);
    RelevanceFit fit = fast(stats);
    CandidateTerms terms = stats.laplaceCandidates(LaplaceLikelihood.BERNOULLI, fit.active(), fit.weights());
    int[] shortlist = EmOverShortlist.shortlist(terms, fit, 20);
    assertEquals(fit.size() + 20, shortlist.length);
    for (int j : fit.active()) {
      assertTrue(Arrays.binarySearch(shortlist, j) >= 0, "basis function " + j + " is on the shortlist");
    }
    double[][] sq = FastLaplaceSolver.sparsityQuality(terms, fit.covariance(), fit.weights());
    double leastIn = Double.POSITIVE_INFINITY;
    double mostOut = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < stats.numCandidates(); i++) {
      if (Arrays.binarySearch(fit.active(), i) >= 0) {
        continue;
      }
      double ratio = sq[1][i] * sq[1][i] / sq[0][i];
      if (Arrays.binarySearch(shortlist, i) >= 0) {
        leastIn = Math.min(leastIn, ratio);
      } else {
        mostOut = Math.max(mostOut, ratio);
      }
    }
    assertTrue(leastIn >= mostOut, "every candidate on the shortlist has Q²/S " + leastIn + " or more, every other "
        + mostOut + " or less");
    // and a shortlist longer than the candidates holds every one
    assertEquals(stats.numCandidates(), EmOverShortlist.shortlist(terms, fit, 10_000).length);
  }

  @Test
  void overAShortlistOfEveryCandidateThePathIsEmsColdFitThenTheFastPath() {
    // 60 rows: 61 candidates, fewer than the shortlist, so em starts with every candidate as solver em does
    InMemoryStatistics stats = ripley(0, 60);
    RelevanceFit first = fast(stats);
    RelevanceFit second = secondPath(stats, first);
    RelevanceFit em = BernoulliRelevanceSolver.of(OPTIONS).fit(stats, IterationListener.none());
    RelevanceFit expected = FastBernoulliSolver.of(OPTIONS, LaplaceLikelihood.BERNOULLI, FitStart.from(
        InitialState.of(em.active(), em.alpha(), em.weights(), Double.NaN))).fit(stats, IterationListener.none());
    assertArrayEquals(expected.active(), second.active());
    assertArrayEquals(expected.weights(), second.weights(), 1e-12);
    assertEquals(last(expected), last(second), 1e-12);
    assertEquals(em.iterations() + expected.iterations(), second.iterations());
    assertEquals(em.logMarginalLikelihoods().length + expected.logMarginalLikelihoods().length - 1,
        second.logMarginalLikelihoods().length, "em's history, then the fast path's after its start");
    assertEquals(1 + em.likelihoodPasses() + expected.likelihoodPasses(), second.likelihoodPasses());
  }

  @Test
  void twoPathsKeepTheFitOfTheHigherEvidence() {
    // Ripley's training rows 100 to 199 (the file lists class 0, then class 1): the fast path ends with basis
    // functions {16, 21, 75, 98} at a log evidence of -23.35, the second path with {21, 61, 75, 85} at -22.50
    InMemoryStatistics stats = ripley(100, 200);
    RelevanceFit first = fast(stats);
    RelevanceFit second = secondPath(stats, first);
    assertFalse(Arrays.equals(first.active(), second.active()), "the two paths end at different fits");
    assertTrue(last(second) > last(first) + 0.5, "the second path ends higher");
    RelevanceFit kept = FastBernoulliSolver.twoPaths(OPTIONS, LaplaceLikelihood.BERNOULLI)
        .fit(stats, IterationListener.none());
    assertTrue(last(kept) >= last(first) && last(kept) >= last(second), "the kept fit's evidence " + last(kept)
        + " is at least each path's: " + last(first) + ", " + last(second));
    RelevanceFit better = last(second) > last(first) ? second : first;
    assertArrayEquals(better.active(), kept.active());
    assertEquals(last(better), last(kept), 1e-12);
    assertEquals(first.likelihoodPasses() + second.likelihoodPasses(), kept.likelihoodPasses());
  }

  @Test
  void emOverTheShortlistPrunesAnAlphaCreepingTowardInfinityInsteadOfCyclingToMaxIter() {
    // 1500 draws of ESL's mixture, row i from SplittableRandom(1,000,003 + i) as FitScaling draws them, RBF γ 1 on
    // every row and a bias. Before em pruned the creeping α (Reestimation.pruneCreeping), its pass over this
    // shortlist ran to maxIter (1000): one α near 3·10⁷, whose weight the mode search no longer moved, alternated
    // between two values at the same evidence to the last bit. Now the stalled step is followed by one that prunes it.
    double[][] means = Datasets.eslMixtureMeans(Datasets.eslMixtureDir());
    int n = 1500;
    double[][] x = new double[n][2];
    double[] t = new double[n];
    double[] w = new double[n];
    for (int i = 0; i < n; i++) {
      SplittableRandom random = new SplittableRandom(1_000_003L + i);
      int label = random.nextInt(2);
      double[] centre = means[10 * label + random.nextInt(10)];
      x[i][0] = centre[0] + Datasets.ESL_SPREAD * TestData.gaussian(random);
      x[i][1] = centre[1] + Datasets.ESL_SPREAD * TestData.gaussian(random);
      t[i] = label;
      w[i] = 1.0;
    }
    InMemoryStatistics stats = InMemoryStatistics.of(BasisFunctions.kernel(new Kernel.Rbf(1.0), true, 2,
        GaussianRelevanceSolverTest.flatten(x)), x, t, w);
    RelevanceFit first = fast(stats);
    CandidateTerms terms = stats.laplaceCandidates(LaplaceLikelihood.BERNOULLI, first.active(), first.weights());
    int[] over = EmOverShortlist.shortlist(terms, first, EmOverShortlist.SHORTLIST);
    RelevanceFit em = BernoulliRelevanceSolver.of(OPTIONS, LaplaceLikelihood.BERNOULLI, FitStart.over(over))
        .fit(stats, IterationListener.none());
    assertTrue(em.converged() && em.iterations() < OPTIONS.maxIter(), "em converged after " + em.iterations()
        + " iterations");
    // and where it stopped no kept α is one whose exact coordinate optimum is ∞ (αm² ≤ γ(1 − γ))
    double[] gamma = Reestimation.wellDetermined(em.alpha(), em.covariance());
    for (int i = 0; i < em.size(); i++) {
      double m = em.weights()[i];
      assertTrue(em.alpha()[i] * m * m > gamma[i] * (1.0 - gamma[i]), "basis function " + em.active()[i]
          + " has a finite coordinate optimum");
    }
    // the whole second path ends at least as high as the fast path it started from
    assertTrue(last(secondPath(stats, first)) >= last(first) - 1e-9);
  }
}
