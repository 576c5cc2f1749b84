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

package io.github.sparkrvm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * calibrateVariance: a gaussian fit's predictive variance scaled by held-out fits (issue 42), its decision, and what
 * it does to a fit (the same model, the variance times the scale). The scale itself and the coverage it gives:
 * {@link io.github.sparkrvm.solvers.HeldOutVarianceScaleTest}.
 */
class VarianceCalibrationTest {

  private static RvmRegressor regressor() {
    return new RvmRegressor().setGamma(0.25).setStandardization(false);
  }

  /**
   * The default fit keeps the uncalibrated fit's model (β and Σ too) and multiplies its every predicted variance by
   * its varianceScale, which a saved model keeps.
   */
  @Test
  void theDefaultFitKeepsItsModelAndScalesItsVariance(@TempDir Path dir) throws Exception {
    Dataset<Row> sinc = SparkTestSession.frame(TestData.noisySinc(100, 0.1, 21), 2).cache();
    RvmRegressionModel plain = regressor().setCalibrateVariance(false).fit(sinc);
    RvmRegressionModel scaled = regressor().fit(sinc);
    assertTrue(scaled.getCalibrateVariance());
    assertEquals(1.0, plain.varianceScale(), 0.0);
    double scale = scaled.varianceScale();
    assertTrue(scale > 0.5 && scale < 5.0, "scale " + scale);
    assertArrayEquals(plain.weights().toArray(), scaled.weights().toArray(), 0.0);
    assertArrayEquals(plain.relevanceVectors().toArray(), scaled.relevanceVectors().toArray(), 0.0);
    assertArrayEquals(plain.alphas().toArray(), scaled.alphas().toArray(), 0.0);
    assertEquals(plain.fittedNoisePrecision(), scaled.fittedNoisePrecision(), 0.0);
    assertArrayEquals(plain.covariance().toArray(), scaled.covariance().toArray(), 0.0);
    scaled.write().overwrite().save(dir.resolve("m").toString());
    RvmRegressionModel loaded = RvmRegressionModel.load(dir.resolve("m").toString());
    assertEquals(scale, loaded.varianceScale(), 0.0);
    for (Row r : scaled.transform(sinc).select("features", "prediction", "variance").collectAsList()) {
      Vector x = r.getAs(0);
      assertEquals(plain.predict(x), r.getDouble(1), 0.0);
      assertEquals(scale * plain.predictVariance(x), r.getDouble(2), 1e-12 * r.getDouble(2));
      assertEquals(r.getDouble(2), loaded.predictVariance(x), 1e-12 * r.getDouble(2));
    }
    sinc.unpersist();
  }

  /**
   * Where the fit cannot or should not refit on the driver, the variance is the fit's own: the design kept on the
   * executors (maxDriverDesignSizeInMB 0), a held noise precision, under 20 rows; each said by its decision.
   */
  @Test
  void noScaleWhereTheDecisionSaysNot() {
    Dataset<Row> sinc = SparkTestSession.frame(TestData.noisySinc(60, 0.1, 22), 2).cache();
    assertEquals(1.0, regressor().setMaxDriverDesignSizeInMB(0).fit(sinc).varianceScale(), 0.0);
    RvmRegressionModel held = regressor().setNoisePrecision(100.0).fit(sinc);
    assertEquals(1.0, held.varianceScale(), 0.0);
    assertEquals(100.0, held.fittedNoisePrecision(), 0.0);
    sinc.unpersist();
    VarianceCalibration.Inputs on = new VarianceCalibration.Inputs(true, true, false, false, 100, false, true);
    assertTrue(VarianceCalibration.of(on).crossFit());
    assertEquals("", VarianceCalibration.of(new VarianceCalibration.Inputs(true, false, false, false, 100, false, true))
        .describe());
    for (VarianceCalibration.Inputs off : new VarianceCalibration.Inputs[] {
        new VarianceCalibration.Inputs(false, true, false, false, 100, false, true),
        new VarianceCalibration.Inputs(true, true, true, false, 100, false, true),
        new VarianceCalibration.Inputs(true, true, false, true, 100, false, true),
        new VarianceCalibration.Inputs(true, true, false, false, 19, false, true),
        new VarianceCalibration.Inputs(true, true, false, false, 100, true, true),
        new VarianceCalibration.Inputs(true, true, false, false, 100, false, false)}) {
      VarianceCalibration d = VarianceCalibration.of(off);
      assertFalse(d.crossFit(), d.describe());
      assertTrue(d.describe().startsWith("the predictive variance is type-II maximum likelihood's"), d.describe());
    }
  }
}
