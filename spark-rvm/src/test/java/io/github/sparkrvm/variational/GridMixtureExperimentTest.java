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

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.PaperData;
import io.github.sparkrvm.TestData;
import org.junit.jupiter.api.Test;

/**
 * Kropotov et al. (2010), §6.1, the ESL mixture with noise features, on the in-memory statistics, reduced as
 * {@link GridPaperExperimentsTest} says (the paper's largest noise level, fewer centres).
 */
class GridMixtureExperimentTest {

  /**
   * ESL mixture with 30 noise features, 12 centres (385 basis functions; the paper's 200 centres would make 6401):
   * p-gridRVM beats the plain variational RVM by more than 3 points of test error on 5000 points (measured 27.0 % after
   * 300 steps against 31.9 % after 232). The paper's 22–23 % is reached neither with this reduced basis nor with all
   * 200 centres (benchmark gridesl, the mean of 4 draws: p-grid 26.5 %, s-grid 24.4 %); s-gridRVM measured 31.7 %
   * converged here and is left to the benchmark: with fewer centres (12) than input dimensions (32) its row precisions
   * fall into an absorbing state (q(α_i) back to the prior) and it becomes one precision per centre; it needs 64 or
   * more centres, beyond a test's minute (benchmarks/results/gridrvm-findings.md).
   */
  @Test
  void mixtureWithThirtyNoiseFeatures() {
    double ard = mixtureError(30, 12, WeightPrior.Structure.ARD, 1000);
    double product = mixtureError(30, 12, WeightPrior.Structure.GRID_PRODUCT, 300);
    assertTrue(product < ard - 0.03, "p-grid " + product + " vs RVM " + ard);
    // and not below the Bayes error of 21 % less three standard errors of a 5000-point estimate (a property)
    assertTrue(product > 0.19, "p-grid " + product);
  }

  private static double mixtureError(int noise, int centres, WeightPrior.Structure structure, int maxIter) {
    TestData.Table train = PaperData.mixtureTrain(noise, 1);
    TestData.Table test = PaperData.mixtureSample(5000, noise, 2);
    double[][][] x = GridPaperExperimentsTest.standardise(train.x(), test.x());
    GridPaperExperimentsTest.Fit f = GridPaperExperimentsTest.fit(x[0], train.t(), centres, structure, maxIter, true);
    int errors = 0;
    for (int i = 0; i < test.size(); i++) {
      double z = f.predictive().at(x[1][i]).moderatedLogit();
      errors += (z > 0 ? 1.0 : 0.0) != test.t()[i] ? 1 : 0;
    }
    double error = errors / (double) test.size();
    System.out.printf("ESL mixture, %d noise features, %d centres, %s: test error %.4f after %d steps%n", noise,
        centres, structure, error, f.fit().posterior().iterations());
    return error;
  }
}
