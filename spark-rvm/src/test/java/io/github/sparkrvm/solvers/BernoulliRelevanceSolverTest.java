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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.linalg.Logistic;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.util.IterationListener;
import org.junit.jupiter.api.Test;

class BernoulliRelevanceSolverTest {

  private static double[] ones(int n) {
    double[] w = new double[n];
    java.util.Arrays.fill(w, 1.0);
    return w;
  }

  private static InMemoryStatistics ripleyStatistics(TestData.Table train) {
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2,
        GaussianRelevanceSolverTest.flatten(train.x()));
    return InMemoryStatistics.of(basis, train.x(), train.t(), ones(train.size()));
  }

  @Test
  void atTheLaplaceModeTheGradientOfTheLogPosteriorIsZero() {
    TestData.Table train = TestData.ripley("tr");
    InMemoryStatistics stats = ripleyStatistics(train);
    int[] active = {0, 3, 17, 40, 101, 200};
    double[] alpha = {0.1, 1.0, 0.5, 2.0, 0.2, 1.0};
    PosteriorMode mode = PosteriorMode.find(stats, active, alpha, new double[active.length]);
    // recompute Φᵀ(t − y) − Aw with plain loops at the returned mode
    double scale = 0.0;
    for (int a = 0; a < active.length; a++) {
      double g = -alpha[a] * mode.weights()[a];
      for (int i = 0; i < train.size(); i++) {
        double eta = 0.0;
        for (int b = 0; b < active.length; b++) {
          eta += stats.phi(i, active[b]) * mode.weights()[b];
        }
        g += stats.phi(i, active[a]) * (train.t()[i] - Logistic.sigmoid(eta));
        scale += Math.abs(stats.phi(i, active[a]));
      }
      assertEquals(0.0, g, 1e-6, "gradient component " + a);
    }
    assertTrue(scale > 1.0);
  }

  @Test
  void ripleyFitIsSparseAndAccurate() {
    TestData.Table train = TestData.ripley("tr");
    TestData.Table test = TestData.ripley("te");
    InMemoryStatistics stats = ripleyStatistics(train);
    RelevanceFit fit = BernoulliRelevanceSolver.of(SparseBayesOptions.defaults()).fit(stats, IterationListener.none());
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2,
        GaussianRelevanceSolverTest.flatten(train.x()));
    int errors = 0;
    for (int i = 0; i < test.size(); i++) {
      double eta = 0.0;
      for (int a = 0; a < fit.size(); a++) {
        eta += basis.value(fit.active()[a], test.x()[i]) * fit.weights()[a];
      }
      if ((eta > 0 ? 1.0 : 0.0) != test.t()[i]) {
        errors++;
      }
    }
    System.out.printf("ripley: %d vectors, error %.3f, iterations %d, passes %d%n", fit.size(),
        errors / 1000.0, fit.iterations(), fit.likelihoodPasses());
    assertTrue(fit.size() <= 8, fit.size() + " relevance vectors");
    assertTrue(errors <= 105, errors + " test errors in 1000");
  }
}
