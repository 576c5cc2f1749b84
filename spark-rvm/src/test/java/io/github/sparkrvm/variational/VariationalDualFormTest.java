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

package io.github.sparkrvm.variational;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.solvers.SparseBayesOptions;
import io.github.sparkrvm.solvers.VariationalFit;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The dual (Woodbury, N × N) form of the variational solver against the primal (M × M) form on the same small
 * problems with more basis functions than rows: for every prior and both likelihoods, the same lower bound after
 * every step and the same posterior, to rounding; and the dual bound never decreases.
 */
class VariationalDualFormTest {

  /** Relative agreement asked of the two forms. */
  private static final double RELATIVE = 1e-8;

  /**
   * Rows x of {@code d} features (the first informative, the rest standard normal), with per-dimension RBF centres at
   * every row: M = 1 + d·n &gt; n. Row 1 has weight 0 and row 2 weight 2 (row weights enter D, and a zero weight must
   * be allowed in the dual form).
   */
  private static InMemoryStatistics problem(boolean bernoulli, int n, int d, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[][] x = new double[n][d];
    double[] t = new double[n];
    double[] w = new double[n];
    for (int i = 0; i < n; i++) {
      x[i][0] = -1.5 + 3.0 * random.nextDouble();
      for (int f = 1; f < d; f++) {
        x[i][f] = TestData.gaussian(random);
      }
      t[i] = bernoulli ? (x[i][0] + 0.5 * TestData.gaussian(random) > 0 ? 1.0 : 0.0)
          : TestData.sinc(5.0 * x[i][0]) + 0.1 * TestData.gaussian(random);
      w[i] = i == 1 ? 0.0 : i == 2 ? 2.0 : 1.0;
    }
    double[] centres = new double[n * d];
    for (int j = 0; j < n; j++) {
      System.arraycopy(x[j], 0, centres, j * d, d);
    }
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.RbfPerDimension(5.55), true, d, centres);
    return InMemoryStatistics.of(basis, x, t, w);
  }

  private static void assertSameFit(String what, VariationalFit primal, VariationalFit dual) {
    double[] bp = primal.posterior().logMarginalLikelihoods();
    double[] bd = dual.posterior().logMarginalLikelihoods();
    assertEquals(bp.length, bd.length, what + ": steps");
    double largest = 0.0;
    for (int k = 0; k < bp.length; k++) {
      largest = Math.max(largest, Math.abs(bp[k] - bd[k]) / Math.abs(bp[k]));
    }
    System.out.printf("%s: %d steps, bound %.6f -> %.6f, largest relative difference of the bounds %.2e%n", what,
        bp.length, bp[0], bp[bp.length - 1], largest);
    for (int k = 0; k < bp.length; k++) {
      assertEquals(bp[k], bd[k], RELATIVE * Math.abs(bp[k]), what + ": bound at step " + (k + 1));
    }
    assertRelativelyEqual(what + ": μ", primal.posterior().weights(), dual.posterior().weights());
    assertRelativelyEqual(what + ": E[precision]", primal.posterior().alpha(), dual.posterior().alpha());
    assertRelativelyEqual(what + ": Σ", primal.posterior().covariance(), dual.posterior().covariance());
    assertRelativelyEqual(what + ": row relevances", primal.rowRelevance(), dual.rowRelevance());
    assertRelativelyEqual(what + ": column relevances", primal.columnRelevance(), dual.columnRelevance());
    if (!Double.isNaN(primal.posterior().noisePrecision())) {
      assertEquals(primal.posterior().noisePrecision(), dual.posterior().noisePrecision(),
          RELATIVE * primal.posterior().noisePrecision(), what + ": E[noise precision]");
    }
  }

  /** Entrywise within {@link #RELATIVE} of the largest entry in magnitude (entries near 0 carry no relative scale). */
  private static void assertRelativelyEqual(String what, double[] expected, double[] actual) {
    assertEquals(expected.length, actual.length, what + ": length");
    double scale = 0.0;
    for (double v : expected) {
      scale = Math.max(scale, Math.abs(v));
    }
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], actual[i], RELATIVE * scale, what + "[" + i + "]");
    }
  }

  private static void assertNeverDecreases(String what, double[] bounds) {
    assertTrue(bounds.length > 3, what + ": " + bounds.length + " steps");
    for (int i = 1; i < bounds.length; i++) {
      assertTrue(bounds[i] >= bounds[i - 1] - 1e-9 * Math.abs(bounds[i - 1]),
          what + ": step " + i + ": " + bounds[i - 1] + " -> " + bounds[i]);
    }
  }

  private static SparseBayesOptions options(int steps) {
    // a tolerance no step meets, so that both forms run the same number of steps
    return new SparseBayesOptions(steps, 1e-12, 1e9, 1e-6, 1e-6, 1);
  }

  @Test
  void regressionPrimalAndDualAgreeForEveryPrior() {
    int n = 30;
    int d = 3;
    InMemoryStatistics stats = problem(false, n, d, 11);
    assertTrue(stats.numCandidates() > n);
    for (WeightPrior.Structure structure : WeightPrior.Structure.values()) {
      SparseBayesOptions options = options(150);
      PriorTable table = new PriorTable(structure, d, n, true);
      VariationalFit primal = VariationalSolver.of(Family.GAUSSIAN, false, options, table)
          .fit(stats, IterationListener.none());
      VariationalFit dual = VariationalSolver.of(Family.GAUSSIAN, true, options, table)
          .fit(stats, IterationListener.none());
      assertSameFit("gaussian " + structure, primal, dual);
      assertNeverDecreases("gaussian dual " + structure, dual.posterior().logMarginalLikelihoods());
      assertEquals(0, dual.posterior().likelihoodPasses());
    }
  }

  @Test
  void classificationPrimalAndDualAgreeForEveryPrior() {
    int n = 30;
    int d = 3;
    InMemoryStatistics stats = problem(true, n, d, 12);
    assertTrue(stats.numCandidates() > n);
    for (WeightPrior.Structure structure : WeightPrior.Structure.values()) {
      SparseBayesOptions options = options(100);
      PriorTable table = new PriorTable(structure, d, n, true);
      VariationalFit primal = VariationalSolver.of(Family.BERNOULLI, false, options, table)
          .fit(stats, IterationListener.none());
      VariationalFit dual = VariationalSolver.of(Family.BERNOULLI, true, options, table)
          .fit(stats, IterationListener.none());
      assertSameFit("bernoulli " + structure, primal, dual);
      assertNeverDecreases("bernoulli dual " + structure, dual.posterior().logMarginalLikelihoods());
      assertEquals(100, primal.posterior().likelihoodPasses());
      assertEquals(0, dual.posterior().likelihoodPasses());
    }
  }

  /** Converged fits in the dual form: the bound never decreases over a long run, for every prior, both likelihoods. */
  @Test
  void dualBoundNeverDecreasesToConvergence() {
    int n = 40;
    int d = 4;
    for (boolean bernoulli : new boolean[] {false, true}) {
      InMemoryStatistics stats = problem(bernoulli, n, d, 13);
      for (WeightPrior.Structure structure : WeightPrior.Structure.values()) {
        SparseBayesOptions options = new SparseBayesOptions(2000, 1e-3, 1e9, 1e-6, 1e-6, 1);
        PriorTable table = new PriorTable(structure, d, n, true);
        VariationalFit fit = VariationalSolver.of(bernoulli ? Family.BERNOULLI : Family.GAUSSIAN, true, options, table)
            .fit(stats, IterationListener.none());
        assertNeverDecreases((bernoulli ? "bernoulli " : "gaussian ") + structure,
            fit.posterior().logMarginalLikelihoods());
      }
    }
  }
}
