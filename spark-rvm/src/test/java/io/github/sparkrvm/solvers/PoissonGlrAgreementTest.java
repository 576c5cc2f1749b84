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

import io.github.sparkrvm.CountData;
import io.github.sparkrvm.SparkTestSession;
import io.github.sparkrvm.TestData;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LocalStatistics;
import java.util.Arrays;
import org.apache.spark.ml.regression.GeneralizedLinearRegression;
import org.apache.spark.ml.regression.GeneralizedLinearRegressionModel;
import org.junit.jupiter.api.Test;

/**
 * With every α fixed tiny (1e-8: a prior of standard deviation 10⁴ on every weight) the Poisson posterior mode over
 * the linear basis is the maximum likelihood estimate, which Spark's {@link GeneralizedLinearRegression} (family
 * poisson, link log, no regularisation) computes by IRLS: the two agree. The prior moves the mode by about
 * H⁻¹Aw, 1e-8 · |w| / (N·E[μx²]) ≈ 1e-11 here, far below the tolerance.
 */
class PoissonGlrAgreementTest {

  @Test
  void theModeAtTinyAlphaIsSparksPoissonRegression() {
    TestData.Table table = CountData.logLinear(400, PoissonLaplaceTest.TRUE_WEIGHTS, 21L);
    int d = table.x()[0].length;
    LocalStatistics stats = PoissonLaplaceTest.linearStatistics(table);
    int m = stats.numCandidates();
    int[] active = Reestimation.indices(m);
    double[] alpha = new double[m];
    Arrays.fill(alpha, 1e-8);
    PosteriorMode mode = PosteriorMode.find(stats, LaplaceLikelihood.POISSON, active, alpha, new double[m], null);

    GeneralizedLinearRegressionModel glr = new GeneralizedLinearRegression().setFamily("poisson").setLink("log")
        .setRegParam(0.0).setFitIntercept(true).setTol(1e-12).setMaxIter(100)
        .fit(SparkTestSession.frame(table, 2));
    double[] expected = new double[m];
    expected[0] = glr.intercept();
    System.arraycopy(glr.coefficients().toArray(), 0, expected, 1, d);
    for (int j = 0; j < m; j++) {
      assertEquals(expected[j], mode.weights()[j], 1e-4 * Math.abs(expected[j]),
          "weight " + j + ": " + Arrays.toString(mode.weights()) + " vs GLR " + Arrays.toString(expected));
    }
  }
}
