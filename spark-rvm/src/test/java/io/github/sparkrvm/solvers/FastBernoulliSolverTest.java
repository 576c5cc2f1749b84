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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.linalg.Cholesky;
import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.linalg.Logistic;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FastBernoulliSolverTest {

  private static InMemoryStatistics ripley(TestData.Table train) {
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2,
        GaussianRelevanceSolverTest.flatten(train.x()));
    double[] w = new double[train.size()];
    Arrays.fill(w, 1.0);
    return InMemoryStatistics.of(basis, train.x(), train.t(), w);
  }

  /**
   * {@code n} rows of {@code d} independent standard-normal features after a bias column (with {@code copies}, every
   * feature once more after them: candidate 1 + d + f is feature f again), labels drawn from the logistic model with
   * the given intercept and weight of each feature.
   */
  private static InMemoryStatistics logisticFeatures(int n, int d, boolean copies, long seed, double intercept,
      java.util.function.IntToDoubleFunction weight) {
    int m = 1 + (copies ? 2 : 1) * d;
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
    double[] phi = new double[n * m];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      phi[i] = 1.0;
      double eta = intercept;
      for (int f = 0; f < d; f++) {
        double x = random.nextGaussian();
        phi[(1 + f) * n + i] = x;
        if (copies) {
          phi[(1 + d + f) * n + i] = x;
        }
        eta += weight.applyAsDouble(f) * x;
      }
      t[i] = random.nextDouble() < Logistic.sigmoid(eta) ? 1.0 : 0.0;
    }
    double[] rowWeights = new double[n];
    Arrays.fill(rowWeights, 1.0);
    return new InMemoryStatistics(phi, n, m, t, rowWeights);
  }

  /** The Laplace objective of every step is at least that of the step before, to rounding. */
  private static void assertNeverDecreases(double[] history) {
    for (int i = 1; i < history.length; i++) {
      assertTrue(history[i] >= history[i - 1] - 1e-10 * (1.0 + Math.abs(history[i - 1])),
          "step " + i + ": " + history[i - 1] + " -> " + history[i]);
    }
  }

  private static TestData.Table head(TestData.Table table, int n) {
    return new TestData.Table(Arrays.copyOf(table.x(), n), Arrays.copyOf(table.t(), n));
  }

  /** The Gaussian approximation at the mode: C = B⁻¹ + Φ_a A⁻¹ Φ_aᵀ (N × N) and the working target t̂. */
  private record Approximation(double[] c, double[] target, int n) {

    Approximation plus(InMemoryStatistics stats, int candidate, double precisionChange) {
      double[] next = c.clone();
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          next[j * n + i] += stats.phi(i, candidate) * stats.phi(j, candidate) * precisionChange;
        }
      }
      return new Approximation(next, target, n);
    }

    /** −½(log |C| + t̂ᵀC⁻¹t̂): the log marginal likelihood of the approximated problem, up to a constant. */
    double logMarginal() {
      Cholesky chol = Cholesky.tryFactor(c, n).orElseThrow();
      return -0.5 * (chol.logDeterminant() + DenseMatrices.dot(target, chol.solve(target)));
    }
  }

  private static Approximation approximation(InMemoryStatistics stats, TestData.Table train, int[] active,
      double[] alpha, double[] weights) {
    int n = train.size();
    double[] c = new double[n * n];
    double[] target = new double[n];
    for (int i = 0; i < n; i++) {
      double eta = 0.0;
      for (int a = 0; a < active.length; a++) {
        eta += stats.phi(i, active[a]) * weights[a];
      }
      double y = Logistic.sigmoid(eta);
      double b = y * (1.0 - y);
      target[i] = eta + (train.t()[i] - y) / b;
      c[i * n + i] += 1.0 / b;
      for (int j = 0; j < n; j++) {
        for (int a = 0; a < active.length; a++) {
          c[j * n + i] += stats.phi(i, active[a]) * stats.phi(j, active[a]) / alpha[a];
        }
      }
    }
    return new Approximation(c, target, n);
  }

  @Test
  void sparsityQualityAndGainsMatchTheGaussianApproximationComputedDirectly() {
    TestData.Table train = head(TestData.ripley("tr"), 60);
    InMemoryStatistics stats = ripley(train);
    int[] active = {0, 5, 17, 40};
    double[] alpha = {0.5, 2.0, 1.0, 4.0};
    PosteriorMode mode = PosteriorMode.find(stats, active, alpha, new double[active.length]);
    CandidateTerms terms = stats.bernoulliCandidates(active, mode.weights());
    double[][] sq = FastLaplaceSolver.sparsityQuality(terms, mode.precision().inverse(), mode.weights());

    Approximation approx = approximation(stats, train, active, alpha, mode.weights());
    int n = train.size();
    Cholesky chol = Cholesky.tryFactor(approx.c(), n).orElseThrow();
    double[] inverseTarget = chol.solve(approx.target());
    int adds = 0;
    int reestimates = 0;
    for (int i = 0; i < stats.numCandidates(); i++) {
      double[] phi = new double[n];
      for (int r = 0; r < n; r++) {
        phi[r] = stats.phi(r, i);
      }
      double bigS = DenseMatrices.dot(phi, chol.solve(phi));
      double bigQ = DenseMatrices.dot(phi, inverseTarget);
      assertEquals(bigS, sq[0][i], 1e-8 * (1.0 + Math.abs(bigS)), "S of candidate " + i);
      assertEquals(bigQ, sq[1][i], 1e-8 * (1.0 + Math.abs(bigQ)), "Q of candidate " + i);

      // the predicted gain of the best action on i equals the change of the directly computed log ML
      int pos = Arrays.binarySearch(active, i);
      SequentialAction.Action action = pos >= 0
          ? SequentialAction.reestimateOrDelete(i, alpha[pos], sq[0][i], sq[1][i], active.length, 1e12)
          : SequentialAction.add(i, sq[0][i], sq[1][i], 1e12);
      if (action == null) {
        continue;
      }
      double before = pos >= 0 ? 1.0 / alpha[pos] : 0.0;
      double after = Double.isInfinite(action.alpha()) ? 0.0 : 1.0 / action.alpha();
      double direct = approx.plus(stats, i, after - before).logMarginal() - approx.logMarginal();
      assertEquals(direct, action.gain(), 1e-7 * (1.0 + Math.abs(direct)), action.toString());
      if (action.kind() == SequentialAction.Kind.ADD) {
        adds++;
        // and α = s²/(q² − s) is the maximum: moving α either way from it lowers the direct log ML
        for (double f : new double[] {0.8, 1.25}) {
          double moved = approx.plus(stats, i, 1.0 / (f * action.alpha())).logMarginal() - approx.logMarginal();
          assertTrue(moved < direct, "candidate " + i + ": α·" + f + " gains " + moved + " > " + direct);
        }
      } else {
        reestimates++;
      }
    }
    assertTrue(adds > 0 && reestimates > 0, adds + " adds, " + reestimates + " re-estimates checked");
  }

  @Test
  void ripleyFitIsSparseAccurateAndItsLaplaceObjectiveNeverDecreases() {
    TestData.Table train = TestData.ripley("tr");
    TestData.Table test = TestData.ripley("te");
    InMemoryStatistics stats = ripley(train);
    RelevanceFit fit = FastBernoulliSolver.of(SparseBayesOptions.defaults()).fit(stats, IterationListener.none());
    assertNeverDecreases(fit.logMarginalLikelihoods());
    assertTrue(fit.converged());
    assertTrue(fit.size() <= 12, fit.size() + " relevance vectors");
    // at the returned mode the gradient of the log posterior is zero
    LikelihoodTerms terms = stats.bernoulli(fit.active(), fit.weights());
    for (int a = 0; a < fit.size(); a++) {
      assertEquals(0.0, terms.gradient()[a] - fit.alpha()[a] * fit.weights()[a], 1e-6);
    }
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2,
        GaussianRelevanceSolverTest.flatten(train.x()));
    int errors = 0;
    for (int i = 0; i < test.size(); i++) {
      double eta = 0.0;
      for (int a = 0; a < fit.size(); a++) {
        eta += fit.weights()[a] * basis.value(fit.active()[a], test.x()[i]);
      }
      if ((eta > 0 ? 1.0 : 0.0) != test.t()[i]) {
        errors++;
      }
    }
    double error = errors / (double) test.size();
    assertTrue(error < 0.11, "test error " + error); // Tipping (2001): 9.3% for the RVM, 10.6% for the SVM
    assertNotNull(fit.covariance());
    assertTrue(fit.likelihoodPasses() >= fit.iterations(), "every step makes at least one pass");
  }

  @Test
  void newtonStepsPassOverTheActiveBasisAndOnlyTheExpectedModeScoresEveryCandidate() {
    // On large data a pass over every candidate (N·M basis values, N·M·k cross products) costs far more than a
    // pass over the k active basis functions. The mode searches make active-set passes, and a candidates pass only
    // where Newton expects the mode (and to score an accepted single try): about one candidates pass per step.
    // Before this was so, every pass was a candidates pass: 4.2 per step on a 20,000-row mixture.
    CountingStatistics counting = new CountingStatistics(ripley(TestData.ripley("tr")));
    RelevanceFit fit = FastBernoulliSolver.of(SparseBayesOptions.defaults()).fit(counting, IterationListener.none());
    System.out.printf("fast bernoulli on Ripley: %d steps, %d passes: %d over every candidate, %d over the active "
        + "basis%n", fit.iterations(), fit.likelihoodPasses(), counting.candidatePasses, counting.activePasses);
    assertEquals(fit.likelihoodPasses(), counting.candidatePasses + counting.activePasses);
    assertTrue(counting.candidatePasses <= 2 + 2 * fit.iterations(), counting.candidatePasses + " candidates "
        + "passes for " + fit.iterations() + " steps");
    assertTrue(counting.activePasses > 0);
  }

  @Test
  void aBatchedStepAddsSeveralCandidatesButNeverTwoCopiesOfOne() {
    // 8 independent features, 4 relevant, and every feature twice: candidates 1..8 and their exact copies 9..16 (0 is
    // a bias). A step's best adds come in pairs of equal gain, a feature and its copy. Once one of a pair is kept
    // at its α, the other no longer gains (its q² − s is then 0), so the screen of a batched step must keep one of
    // each new pair; without it, both would enter together at their separate α.
    int d = 8;
    CountingStatistics stats = new CountingStatistics(
        logisticFeatures(600, d, true, 11, 0.0, f -> f < 4 ? (f % 2 == 0 ? 1.5 : -1.0) : 0.0));
    RelevanceFit fit = FastBernoulliSolver.of(SparseBayesOptions.defaults().withMaxAddsPerStep(16))
        .fit(stats, IterationListener.none());
    // the candidates passes score the empty model, then the first basis function's mode, then each step's mode
    int[] start = stats.candidateActiveSets.get(1);
    int[] batched = stats.candidateActiveSets.get(2);
    assertEquals(1, start.length);
    assertTrue(batched.length >= 4, "the first step adds the relevant features together: "
        + Arrays.toString(batched));
    for (int f = 1; f <= d; f++) {
      boolean both = Arrays.binarySearch(batched, f) >= 0 && Arrays.binarySearch(batched, f + d) >= 0;
      boolean was = start[0] == f || start[0] == f + d;
      assertTrue(!both || was, "feature " + f + " and its copy entered together: " + Arrays.toString(batched));
    }
    for (int f = 1; f <= 4; f++) {
      assertTrue(Arrays.binarySearch(fit.active(), f) >= 0 || Arrays.binarySearch(fit.active(), f + d) >= 0,
          "relevant feature " + f + " is missing: " + Arrays.toString(fit.active()));
    }
    assertNeverDecreases(fit.logMarginalLikelihoods());
  }

  @Test
  void oneAddAtATimeAndBatchedAddsReachTheSameMaximumOnManyRows() {
    // 40,000 rows × 30 independent features, 5 relevant: the log-likelihood is about 2·10⁴ nats, so the mode
    // searches' relative tolerance (1e-5) alone would leave the objective uncertain by 0.2 nats, more than the gains
    // of the late steps; with the absolute tolerance (1e-2 nats) both paths climb to the same maximum.
    int d = 30;
    InMemoryStatistics stats = logisticFeatures(40_000, d, false, 17, 0.3,
        f -> f % 6 == 0 ? (f % 12 == 0 ? 0.8 : -0.6) : 0.0);
    RelevanceFit single = FastBernoulliSolver.of(SparseBayesOptions.defaults().withMaxAddsPerStep(1))
        .fit(stats, IterationListener.none());
    RelevanceFit batched = FastBernoulliSolver.of(SparseBayesOptions.defaults().withMaxAddsPerStep(16))
        .fit(stats, IterationListener.none());
    double[] a = single.logMarginalLikelihoods();
    double[] b = batched.logMarginalLikelihoods();
    System.out.printf("40,000 rows × 30 features: one add per step %d steps, %d passes, %d kept, objective %.4f; "
        + "batched %d steps, %d passes, %d kept, objective %.4f%n", single.iterations(), single.likelihoodPasses(),
        single.size(), a[a.length - 1], batched.iterations(), batched.likelihoodPasses(), batched.size(),
        b[b.length - 1]);
    assertEquals(a[a.length - 1], b[b.length - 1], 0.05, "the two paths' final Laplace objectives");
    for (int f = 0; f < d; f += 6) {
      assertTrue(Arrays.binarySearch(single.active(), 1 + f) >= 0 && Arrays.binarySearch(batched.active(), 1 + f) >= 0,
          "relevant feature " + f + " kept by both");
    }
    assertTrue(batched.likelihoodPasses() < single.likelihoodPasses());
  }
}
