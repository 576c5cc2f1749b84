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
import io.github.sparkrvm.predict.Predictive;
import io.github.sparkrvm.statistics.GaussianStatistics;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FastGaussianSolverTest {

  /**
   * Seeds of the 100-row comparison. On one draw either solver can stop at the better local maximum (fast's RMSE
   * ranges from 0.77 to 1.38 times classic's per seed), so the bar is on the mean, and the mean needs many draws: over
   * seeds 1–8 fast's mean RMSE is 6.6% above classic's, over 1–24 5.3%, over 1–40 2.9%.
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
      GaussianStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), w).gaussian();
      RelevanceFit fast = FastGaussianSolver.fit(stats, SparseBayesOptions.defaults(), IterationListener.none());
      RelevanceFit classic = GaussianRelevanceSolver.fit(stats, SparseBayesOptions.defaults(),
          IterationListener.none());
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
      GaussianStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), w).gaussian();
      RelevanceFit fast = FastGaussianSolver.fit(stats, SparseBayesOptions.defaults(), IterationListener.none());
      RelevanceFit classic = GaussianRelevanceSolver.fit(stats, SparseBayesOptions.defaults(),
          IterationListener.none());
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

  private static double last(RelevanceFit fit) {
    return fit.logMarginalLikelihoods()[fit.logMarginalLikelihoods().length - 1];
  }
}
