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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.CountData;
import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Family poisson's Laplace approximation, Spark-free: the mode, gradient and Hessian against the log posterior
 * written out with plain loops, and the recovery of known sparse weights by the em and fast solvers.
 */
class PoissonLaplaceTest {

  /** The bias, then 6 features of which only 1 and 4 matter. */
  static final double[] TRUE_WEIGHTS = {0.5, 0.8, 0.0, 0.0, -0.6, 0.0, 0.0};

  /** The statistics of a table over the linear basis with a bias, in blocks of 97 rows (the production path). */
  static LocalStatistics linearStatistics(TestData.Table table) {
    int d = table.x()[0].length;
    BasisFunctions basis = BasisFunctions.linear(true, d);
    int m = basis.numCandidates();
    List<LocalStatistics.ExpandedBlock> blocks = new ArrayList<>();
    for (int from = 0; from < table.size(); from += 97) {
      int rows = Math.min(97, table.size() - from);
      double[] phi = new double[rows * m];
      double[] labels = new double[rows];
      double[] weights = new double[rows];
      for (int i = 0; i < rows; i++) {
        for (int j = 0; j < m; j++) {
          phi[j * rows + i] = basis.value(j, table.x()[from + i]);
        }
        labels[i] = table.t()[from + i];
        weights[i] = 1.0;
      }
      blocks.add(new LocalStatistics.ExpandedBlock(rows, phi, labels, weights));
    }
    return new LocalStatistics(blocks, m);
  }

  /** φⱼ(x): 1 for the bias (j = 0), else feature j − 1. */
  private static double phi(double[] x, int j) {
    return j == 0 ? 1.0 : x[j - 1];
  }

  /** log p(t | w) − ½ Σ αⱼwⱼ² with log p = Σ t f − eᶠ − log t!, in plain loops over the rows (no shared code). */
  private static double logPosterior(TestData.Table table, int[] active, double[] alpha, double[] w) {
    double sum = 0.0;
    for (int i = 0; i < table.size(); i++) {
      double f = 0.0;
      for (int a = 0; a < active.length; a++) {
        f += phi(table.x()[i], active[a]) * w[a];
      }
      double t = table.t()[i];
      double logFactorial = 0.0;
      for (int k = 2; k <= t; k++) {
        logFactorial += Math.log(k);
      }
      sum += t * f - Math.exp(f) - logFactorial;
    }
    for (int a = 0; a < active.length; a++) {
      sum -= 0.5 * alpha[a] * w[a] * w[a];
    }
    return sum;
  }

  @Test
  void atTheModeTheGradientIsZeroAndTheHessianIsTheFiniteDifferenceOfTheLogPosterior() {
    TestData.Table table = CountData.logLinear(300, TRUE_WEIGHTS, 11L);
    LocalStatistics stats = linearStatistics(table);
    int[] active = {0, 1, 2, 4};
    double[] alpha = {0.01, 0.5, 2.0, 1.0};
    PosteriorMode mode = PosteriorMode.find(stats, LaplaceLikelihood.POISSON, active, alpha,
        new double[active.length], null);
    double[] w = mode.weights();
    int k = active.length;
    // the log posterior's gradient by central differences is 0 at the mode (to the differences' own error, about
    // h² times the third derivative, ~1e-6 · 300 rows · e^(max f) here)
    double h = 1e-4;
    for (int a = 0; a < k; a++) {
      double[] up = w.clone();
      double[] down = w.clone();
      up[a] += h;
      down[a] -= h;
      double g = (logPosterior(table, active, alpha, up) - logPosterior(table, active, alpha, down)) / (2 * h);
      assertEquals(0.0, g, 1e-4, "gradient component " + a + " at the mode");
      // and the accumulated gradient minus Aw is 0 there to the Newton tolerance
      assertEquals(0.0, mode.terms().gradient()[a] - alpha[a] * w[a], 1e-6, "accumulated gradient " + a);
    }
    // H = ΦᵀBΦ + A against the negative second differences of the log posterior at the mode
    double h2 = 1e-3;
    double centre = logPosterior(table, active, alpha, w);
    for (int a = 0; a < k; a++) {
      for (int c = 0; c < k; c++) {
        double numeric;
        if (a == c) {
          double[] up = w.clone();
          double[] down = w.clone();
          up[a] += h2;
          down[a] -= h2;
          numeric = -(logPosterior(table, active, alpha, up) - 2 * centre
              + logPosterior(table, active, alpha, down)) / (h2 * h2);
        } else {
          double[][] corners = new double[4][];
          int[][] signs = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
          double mixed = 0.0;
          for (int s = 0; s < 4; s++) {
            corners[s] = w.clone();
            corners[s][a] += signs[s][0] * h2;
            corners[s][c] += signs[s][1] * h2;
            mixed += signs[s][0] * signs[s][1] * logPosterior(table, active, alpha, corners[s]);
          }
          numeric = -mixed / (4 * h2 * h2);
        }
        double analytic = mode.terms().hessian()[c * k + a] + (a == c ? alpha[a] : 0.0);
        assertEquals(numeric, analytic, 1e-4 * Math.abs(analytic), "Hessian (" + a + ", " + c + ")");
      }
    }
    // the log-likelihood itself, with its log t!, is the plain sum's
    double[] zeroAlpha = new double[k];
    assertEquals(logPosterior(table, active, zeroAlpha, w), mode.terms().logLikelihood(),
        1e-9 * Math.abs(mode.terms().logLikelihood()));
  }

  @Test
  void theGradientAwayFromTheModeIsTheFiniteDifferenceOfTheLogLikelihood() {
    TestData.Table table = CountData.logLinear(200, TRUE_WEIGHTS, 12L);
    LocalStatistics stats = linearStatistics(table);
    int[] active = {0, 1, 3, 4, 6};
    double[] w = {0.2, 0.3, -0.4, 0.1, 0.25};
    double[] zero = new double[active.length];
    LikelihoodTerms terms = stats.laplace(LaplaceLikelihood.POISSON, active, w);
    double h = 1e-5;
    for (int a = 0; a < active.length; a++) {
      double[] up = w.clone();
      double[] down = w.clone();
      up[a] += h;
      down[a] -= h;
      double numeric = (logPosterior(table, active, zero, up) - logPosterior(table, active, zero, down)) / (2 * h);
      assertEquals(numeric, terms.gradient()[a], 1e-6 * (1.0 + Math.abs(numeric)), "gradient " + a);
    }
    // the candidate pass returns the same terms over the active basis
    LikelihoodTerms fromCandidates = stats.laplaceCandidates(LaplaceLikelihood.POISSON, active, w).activeTerms();
    assertArrayEquals(terms.gradient(), fromCandidates.gradient(), 1e-9);
    assertArrayEquals(terms.hessian(), fromCandidates.hessian(), 1e-9);
    assertEquals(terms.logLikelihood(), fromCandidates.logLikelihood(), 1e-9);
  }

  @Test
  void aHugeScoreIsClippedNotInfinite() {
    // f = 800 would overflow eᶠ; the mean is taken at 700 (≈ 1e304) so the terms stay finite
    double mean = LaplaceLikelihood.POISSON.mean(800.0);
    assertEquals(Math.exp(700.0), mean);
    assertTrue(Double.isFinite(LaplaceLikelihood.POISSON.logLikelihood(3.0, 800.0)));
    assertEquals(1.0, LaplaceLikelihood.POISSON.mean(0.0));
    assertEquals(1.0, LaplaceLikelihood.POISSON.curvatureAtZero());
  }

  /**
   * Recovers the weights of a 600-row Poisson set: the true support {bias, x₁, x₄} is kept, and those three have the
   * smallest α (the largest prior variances) of the kept basis functions; every kept weight lies within 4 posterior
   * standard deviations √Σⱼⱼ of its true value (about 0.03 here: the Fisher information of a weight is about
   * N·E[μx²] ≈ 600·2.5), and within 0.15. ARD may keep a noise feature whose quality q² exceeds its sparsity s (a
   * sample correlation beyond about one standard error, which happens for about a third of pure-noise features); it
   * then has a large α and a weight near its true 0, as checked.
   */
  private static void assertRecovers(RelevanceFit fit, String solver) {
    String what = solver + ": active " + Arrays.toString(fit.active()) + ", weights "
        + Arrays.toString(fit.weights()) + ", alpha " + Arrays.toString(fit.alpha());
    int[] support = {0, 1, 4};
    double largestTrueAlpha = 0.0;
    for (int j : support) {
      int at = Arrays.binarySearch(fit.active(), j);
      assertTrue(at >= 0, "candidate " + j + " is kept: " + what);
      largestTrueAlpha = Math.max(largestTrueAlpha, fit.alpha()[at]);
    }
    int k = fit.size();
    for (int a = 0; a < k; a++) {
      int j = fit.active()[a];
      double truth = TRUE_WEIGHTS[j];
      double sd = Math.sqrt(fit.covariance()[a * k + a]);
      assertTrue(sd > 0.005 && sd < 0.06, "posterior sd " + sd + " of candidate " + j + ": " + what);
      assertEquals(truth, fit.weights()[a], Math.min(4 * sd, 0.15), "weight of candidate " + j + ": " + what);
      if (Arrays.binarySearch(support, j) < 0) {
        assertTrue(fit.alpha()[a] > largestTrueAlpha, "a noise feature has a larger alpha: " + what);
      }
    }
  }

  @Test
  void emRecoversTheTrueSparseWeights() {
    LocalStatistics stats = linearStatistics(CountData.logLinear(600, TRUE_WEIGHTS, 5L));
    RelevanceFit fit = BernoulliRelevanceSolver.of(SparseBayesOptions.defaults(), LaplaceLikelihood.POISSON,
        FitStart.cold())
        .fit(stats, IterationListener.none());
    assertTrue(fit.converged());
    assertRecovers(fit, "em");
  }

  @Test
  void fastRecoversTheTrueSparseWeightsAndAgreesWithEm() {
    LocalStatistics stats = linearStatistics(CountData.logLinear(600, TRUE_WEIGHTS, 5L));
    RelevanceFit fast = FastBernoulliSolver.of(SparseBayesOptions.defaults(), LaplaceLikelihood.POISSON,
        FitStart.cold())
        .fit(stats, IterationListener.none());
    assertTrue(fast.converged());
    assertRecovers(fast, "fast");
    RelevanceFit em = BernoulliRelevanceSolver.of(SparseBayesOptions.defaults(), LaplaceLikelihood.POISSON,
        FitStart.cold())
        .fit(stats, IterationListener.none());
    // both maximise the same Laplace evidence over the same support: the same weights to within tol's effect
    assertArrayEquals(em.weights(), fast.weights(), 1e-3, Arrays.toString(em.weights()) + " vs "
        + Arrays.toString(fast.weights()));
  }
}
