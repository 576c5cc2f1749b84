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
import io.github.sparkrvm.predict.Predictive;
import io.github.sparkrvm.solvers.BernoulliRelevanceSolver;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.SparseBayesOptions;
import io.github.sparkrvm.solvers.VariationalFit;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class VariationalSolverTest {

  private static double[] ones(int n) {
    double[] w = new double[n];
    Arrays.fill(w, 1.0);
    return w;
  }

  private static void assertNeverDecreases(double[] bounds) {
    assertTrue(bounds.length > 3, bounds.length + " steps");
    for (int i = 1; i < bounds.length; i++) {
      assertTrue(bounds[i] >= bounds[i - 1] - 1e-9 * Math.abs(bounds[i - 1]),
          "step " + i + ": " + bounds[i - 1] + " -> " + bounds[i]);
    }
  }

  @Test
  void ardRegressionOnSincIsAccurateAndItsBoundNeverDecreases() {
    TestData.Table train = TestData.noisySinc(100, 0.1, 1);
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.25), true, 1,
        TestData.flatten(train.x()));
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), ones(100));
    VariationalFit fit = VariationalSolver.of(Family.GAUSSIAN, false,
        new SparseBayesOptions(2000, 1e-3, 1e9, 1e-6, 1e-6, 1), new PriorTable(WeightPrior.Structure.ARD, 100, 1, true))
        .fit(stats, IterationListener.none());
    assertNeverDecreases(fit.posterior().logMarginalLikelihoods());
    assertTrue(fit.posterior().converged());
    TestData.Table test = TestData.sincGrid(1000);
    Predictive predictive = new Predictive(basis, fit.posterior().active(), fit.posterior().weights(),
        fit.posterior().covariance());
    double squares = 0.0;
    for (int i = 0; i < test.size(); i++) {
      squares += Math.pow(predictive.at(test.x()[i]).mean() - test.t()[i], 2);
    }
    double rmse = Math.sqrt(squares / test.size());
    assertTrue(rmse < 0.05, "RMSE " + rmse);
    assertEquals(0.1, 1.0 / Math.sqrt(fit.posterior().noisePrecision()), 0.03);
  }

  @Test
  void variationalAndClassicClassificationAgreeOnRipley() {
    TestData.Table train = TestData.ripley("tr");
    TestData.Table test = TestData.ripley("te");
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2,
        TestData.flatten(train.x()));
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), ones(train.size()));
    VariationalFit fit = VariationalSolver.of(Family.BERNOULLI, false,
        new SparseBayesOptions(500, 1e-3, 1e9, 1e-6, 1e-6, 1), new PriorTable(WeightPrior.Structure.ARD, 250, 1, true))
        .fit(stats, IterationListener.none());
    assertNeverDecreases(fit.posterior().logMarginalLikelihoods());
    RelevanceFit classic = BernoulliRelevanceSolver.of(SparseBayesOptions.defaults())
        .fit(stats, IterationListener.none());
    int variationalErrors = errors(basis, fit.posterior(), test);
    int classicErrors = errors(basis, classic, test);
    System.out.printf("ripley: variational %d errors (%d steps), classic %d errors%n", variationalErrors,
        fit.posterior().iterations(), classicErrors);
    assertTrue(Math.abs(variationalErrors - classicErrors) <= 10,
        "variational " + variationalErrors + " vs classic " + classicErrors + " errors in 1000");
  }

  private static int errors(BasisFunctions basis, RelevanceFit fit, TestData.Table test) {
    Predictive p = new Predictive(basis, fit.active(), fit.weights(), fit.covariance());
    int errors = 0;
    for (int i = 0; i < test.size(); i++) {
      double z = p.at(test.x()[i]).moderatedLogit();
      errors += (z > 0 ? 1.0 : 0.0) != test.t()[i] ? 1 : 0;
    }
    return errors;
  }

  /** Noisy sinc with noise features and the per-dimension RBF basis φ_ij(x) = exp(−δ(x_i − c_j,i)²). */
  private static InMemoryStatistics perDimensionSinc(int n, int noise, int centres, long seed, double[][] xOut) {
    SplittableRandom random = new SplittableRandom(seed);
    int d = 1 + noise;
    double[] phi = new double[n * (1 + d * centres)];
    double[] t = new double[n];
    double[][] x = new double[n][d];
    for (int i = 0; i < n; i++) {
      x[i][0] = -10 + 20 * random.nextDouble();
      t[i] = TestData.sinc(x[i][0]) + (-0.2 + 0.4 * random.nextDouble());
      x[i][0] /= 5.77; // roughly unit variance, as the paper normalises the data
      for (int f = 1; f < d; f++) {
        x[i][f] = TestData.gaussian(random);
      }
    }
    for (int i = 0; i < n; i++) {
      phi[i] = 1.0;
      for (int f = 0; f < d; f++) {
        for (int c = 0; c < centres; c++) {
          phi[(1 + f * centres + c) * n + i] = Math.exp(-5.55 * Math.pow(x[i][f] - x[c][f], 2));
        }
      }
    }
    System.arraycopy(x, 0, xOut, 0, n);
    return new InMemoryStatistics(phi, n, 1 + d * centres, t, ones(n));
  }

  @Test
  void gridPriorsHaveBoundsThatNeverDecreaseAndRelevantRows() {
    int n = 60;
    int noise = 3;
    int centres = 20;
    for (WeightPrior.Structure structure : WeightPrior.Structure.values()) {
      InMemoryStatistics stats = perDimensionSinc(n, noise, centres, 5, new double[n][]);
      VariationalFit fit = VariationalSolver.of(Family.GAUSSIAN, false,
          new SparseBayesOptions(3000, 1e-3, 1e9, 1e-6, 1e-6, 1), new PriorTable(structure, 1 + noise, centres, true))
          .fit(stats, IterationListener.none());
      System.out.printf("%s: %d steps, rows %s%n", structure, fit.posterior().iterations(),
          Arrays.toString(fit.rowRelevance()));
      assertNeverDecreases(fit.posterior().logMarginalLikelihoods());
      if (structure != WeightPrior.Structure.ARD) {
        double[] rows = fit.rowRelevance();
        // the true input (row 0) needs far less shrinkage than every noise dimension
        for (int f = 1; f <= noise; f++) {
          assertTrue(rows[f] > 10 * rows[0], structure + ": rows " + Arrays.toString(rows));
        }
      }
    }
  }
}
