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

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.RowFolds;
import io.github.sparkrvm.util.IterationListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The held-out score of gaussian fits at a γ against its known answer: for each seeded fold, the fast solver fitted
 * again on the other rows alone, and each held-out row's log N(t; φᵀμ, 1/β + φᵀΣφ) written out from the kernel.
 */
class HeldOutScoreTest {

  private static final double GAMMA = 0.25;
  private static final int FOLDS = 3;

  @Test
  void sumsEachRowsLogDensityUnderTheFitOnTheOtherFolds() {
    TestData.Table train = TestData.noisySinc(100, 0.1, 3);
    double[] centres = GaussianRelevanceSolverTest.flatten(train.x());
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(GAMMA), false, 1, centres);
    RowBlock rows = RowBlock.unweighted(100, 1, centres.clone(), train.t().clone());
    RowFolds folds = new RowFolds(FOLDS, 7L);
    int[] fold = folds.of(List.of(rows));
    RelevanceSolver<RelevanceFit> solver = FastGaussianSolver.of(SparseBayesOptions.defaults());

    double score = HeldOutScore.of(LocalStatistics.expanded(List.of(rows), basis), fold, FOLDS,
        (data, n) -> solver.fit(data, IterationListener.none()));

    double expected = 0.0;
    for (int f = 0; f < FOLDS; f++) {
      List<double[]> in = new ArrayList<>();
      List<Double> targets = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        if (folds.foldOf(rows, i) != f) {
          in.add(train.x()[i]);
          targets.add(train.t()[i]);
        }
      }
      double[] w = new double[in.size()];
      Arrays.fill(w, 1.0);
      RelevanceFit fit = solver.fit(InMemoryStatistics.of(basis, in.toArray(new double[0][]),
          targets.stream().mapToDouble(Double::doubleValue).toArray(), w), IterationListener.none());
      int k = fit.size();
      for (int i = 0; i < 100; i++) {
        if (folds.foldOf(rows, i) != f) {
          continue;
        }
        double[] phi = new double[k];
        for (int a = 0; a < k; a++) {
          double d = train.x()[i][0] - centres[fit.active()[a]];
          phi[a] = Math.exp(-GAMMA * d * d);
        }
        double mean = 0.0;
        double spread = 0.0;
        for (int a = 0; a < k; a++) {
          mean += phi[a] * fit.weights()[a];
          for (int b = 0; b < k; b++) {
            spread += phi[a] * fit.covariance()[b * k + a] * phi[b];
          }
        }
        double variance = 1.0 / fit.noisePrecision() + spread;
        double r = train.t()[i] - mean;
        expected += -0.5 * Math.log(2.0 * Math.PI * variance) - r * r / (2.0 * variance);
      }
    }
    assertEquals(expected, score, 1e-8 * Math.abs(expected));
  }
}
