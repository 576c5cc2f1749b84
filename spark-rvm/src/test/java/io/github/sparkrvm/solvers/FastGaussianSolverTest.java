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

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.datasets.Datasets;
import io.github.sparkrvm.datasets.Table;
import io.github.sparkrvm.predict.Predictive;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FastGaussianSolverTest {

  /**
   * Seeds of the 100-row comparison. On one draw either solver can stop at the better local maximum (fast's RMSE
   * ranges from 0.77 to 1.38 times classic's per seed), so the bar is on the mean, and the mean needs many draws: over
   * seeds 1–8 fast's mean RMSE was 6.6% above classic's, over 1–24 5.3%, over 1–40 2.9%, with the noise held
   * until the actions settled; released after at most 50 steps (issue 17), 3.8% over 1–40; with the second path
   * (β lowered from 10⁴ / var(t)) and the better of the two kept, 1.2% over 1–40.
   */
  private static final int SEEDS = 40;

  private static double rmse(BasisFunctions basis, RelevanceFit fit, TestData.Table test) {
    Predictive p = new Predictive(basis, fit.active(), fit.weights(), fit.covariance());
    double s = 0.0;
    for (int i = 0; i < test.size(); i++) {
      s += Math.pow(p.at(test.x()[i]).mean() - test.t()[i], 2);
    }
    return Math.sqrt(s / test.size());
  }

  @Test
  void isAccurateAndSparseOnSincAndItsObjectiveNeverDecreases() {
    TestData.Table test = TestData.sincGrid(1000);
    double fastTotal = 0.0;
    double classicTotal = 0.0;
    for (long seed = 1; seed <= SEEDS; seed++) {
      TestData.Table train = TestData.noisySinc(100, 0.1, seed);
      BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.25), true, 1,
          GaussianRelevanceSolverTest.flatten(train.x()));
      double[] w = new double[100];
      Arrays.fill(w, 1.0);
      InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), w);
      RelevanceFit fast = FastGaussianSolver.of(SparseBayesOptions.defaults()).fit(stats, IterationListener.none());
      RelevanceFit classic = GaussianRelevanceSolver.of(SparseBayesOptions.defaults())
          .fit(stats, IterationListener.none());
      double[] history = fast.logMarginalLikelihoods();
      for (int i = 1; i < history.length; i++) {
        assertTrue(history[i] >= history[i - 1] - 1e-9 * Math.abs(history[i - 1]),
            "seed " + seed + ", step " + i + ": " + history[i - 1] + " -> " + history[i]);
      }
      assertTrue(fast.converged(), "seed " + seed);
      double fastRmse = rmse(basis, fast, test);
      double classicRmse = rmse(basis, classic, test);
      System.out.printf("sinc seed %d: fast %d vectors RMSE %.4f (%d steps, log ML %.3f); classic %d vectors "
          + "RMSE %.4f (%d steps, log ML %.3f)%n", seed, fast.size(), fastRmse, fast.iterations(),
          history[history.length - 1], classic.size(), classicRmse, classic.iterations(),
          classic.logMarginalLikelihoods()[classic.logMarginalLikelihoods().length - 1]);
      // Tipping's sinc bar (the classic solver meets it too); the greedy solver can stop at a lower optimum than
      // the classic one, so the two are compared in the output, not asserted equal
      assertTrue(fastRmse < 0.05, "seed " + seed + ": RMSE " + fastRmse);
      assertTrue(fast.size() <= 12, fast.size() + " vectors");
      fastTotal += fastRmse;
      classicTotal += classicRmse;
    }
    assertTrue(fastTotal <= 1.05 * classicTotal,
        "mean RMSE: fast " + fastTotal / SEEDS + ", classic " + classicTotal / SEEDS);
  }

  @Test
  void atAThousandRowsHoldingTheNoiseUntilTheActionsSettleKeepsFastWithinFivePercentOfClassic() {
    // Re-estimating β from the first step (before the noise was held) left fast's mean RMSE here 30% above
    // classic's (16 seeds of benchmark 4's sinc), its log marginal likelihood 4 to 7 nats lower on every seed.
    TestData.Table test = TestData.sincGrid(1000);
    double fastTotal = 0.0;
    double classicTotal = 0.0;
    for (long seed = 1; seed <= 4; seed++) {
      TestData.Table train = TestData.noisySinc(1000, 0.1, seed);
      BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.25), true, 1,
          GaussianRelevanceSolverTest.flatten(train.x()));
      double[] w = new double[train.size()];
      Arrays.fill(w, 1.0);
      InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), w);
      RelevanceFit fast = FastGaussianSolver.of(SparseBayesOptions.defaults()).fit(stats, IterationListener.none());
      RelevanceFit classic = GaussianRelevanceSolver.of(SparseBayesOptions.defaults())
          .fit(stats, IterationListener.none());
      assertTrue(fast.converged(), "seed " + seed);
      double fastRmse = rmse(basis, fast, test);
      double classicRmse = rmse(basis, classic, test);
      System.out.printf("sinc, 1000 rows, seed %d: fast %d vectors RMSE %.4f (%d steps, log ML %.3f); classic %d "
          + "vectors RMSE %.4f (log ML %.3f)%n", seed, fast.size(), fastRmse, fast.iterations(),
          last(fast), classic.size(), classicRmse, last(classic));
      fastTotal += fastRmse;
      classicTotal += classicRmse;
    }
    assertTrue(fastTotal <= 1.05 * classicTotal, "mean RMSE: fast " + fastTotal / 4 + ", classic " + classicTotal / 4);
  }

  @Test
  void onNoisyDataThePrunedFitReachesTheClassicSolversObjectiveWithAsFewBasisFunctions() {
    // Diabetes (295 training rows, standardised, RBF γ = 1/10): the targets' noise is far above a tenth of their
    // deviation, so under the held start β every row was worth a basis function. With β held until half of maxIter
    // the fit stopped at maxIter on every split, with 51 basis functions on average and 19 nats below the classic
    // solver's objective; released after HELD_STEPS the deletions prune them (measured: 0.7 nats below, 22 basis
    // functions against 22). Per split either solver can stop at the better local maximum, so the bars are on means.
    Table all = Datasets.diabetes();
    int splits = 10;
    double fastObjective = 0.0;
    double classicObjective = 0.0;
    double fastSize = 0.0;
    double classicSize = 0.0;
    for (long seed = 1; seed <= splits; seed++) {
      Table train = all.split(295.0 / all.size(), seed)[0];
      double[][] x = standardised(train.x());
      int d = x[0].length;
      BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.1), true, d,
          GaussianRelevanceSolverTest.flatten(x));
      double[] w = new double[train.size()];
      Arrays.fill(w, 1.0);
      InMemoryStatistics stats = InMemoryStatistics.of(basis, x, train.t(), w);
      RelevanceFit fast = FastGaussianSolver.of(SparseBayesOptions.defaults()).fit(stats, IterationListener.none());
      RelevanceFit classic = GaussianRelevanceSolver.of(SparseBayesOptions.defaults())
          .fit(stats, IterationListener.none());
      System.out.printf("diabetes split %d: fast %d basis functions, log ML %.3f (%d steps); classic %d, %.3f%n",
          seed, fast.size(), last(fast), fast.iterations(), classic.size(), last(classic));
      assertTrue(fast.converged(), "split " + seed + ": " + fast.iterations() + " steps");
      assertTrue(last(fast) >= last(classic) - 3.0, "split " + seed + ": log ML " + last(fast) + " vs " + last(classic));
      fastObjective += last(fast);
      classicObjective += last(classic);
      fastSize += fast.size();
      classicSize += classic.size();
    }
    assertTrue(fastObjective / splits >= classicObjective / splits - 1.0,
        "mean log ML: fast " + fastObjective / splits + ", classic " + classicObjective / splits);
    assertTrue(fastSize / splits <= classicSize / splits + 2.0,
        "mean basis functions: fast " + fastSize / splits + ", classic " + classicSize / splits);
  }

  /** Each column minus its mean, over its (n − 1) deviation. */
  private static double[][] standardised(double[][] x) {
    int n = x.length;
    int d = x[0].length;
    double[][] out = new double[n][d];
    for (int j = 0; j < d; j++) {
      double mean = 0.0;
      for (double[] row : x) {
        mean += row[j] / n;
      }
      double squares = 0.0;
      for (double[] row : x) {
        squares += (row[j] - mean) * (row[j] - mean);
      }
      double sd = Math.sqrt(squares / (n - 1));
      for (int i = 0; i < n; i++) {
        out[i][j] = (x[i][j] - mean) / sd;
      }
    }
    return out;
  }

  private static double last(RelevanceFit fit) {
    return fit.logMarginalLikelihoods()[fit.logMarginalLikelihoods().length - 1];
  }
}
