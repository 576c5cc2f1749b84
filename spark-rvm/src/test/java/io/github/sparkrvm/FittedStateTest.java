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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model predicts with the family, kernel and kernel params it was fitted with, and its params report exactly
 * those: a copy cannot change them, a load restores them, and every kernel's model survives a save and load.
 */
class FittedStateTest {

  static Dataset<Row> sinc;
  static Dataset<Row> grid;
  /** rbf, gamma 0.25, on the original scale (standardization off), so that a prediction can be worked by hand. */
  static RvmModel rbf;

  @BeforeAll
  static void fit() {
    sinc = SparkTestSession.frame(TestData.noisySinc(60, 0.1, 4), 2).cache();
    grid = SparkTestSession.frame(TestData.sincGrid(25), 1).cache();
    rbf = new RvmEstimator().setGamma(0.25).setStandardization(false).setMaxBasis(30).fit(sinc);
  }

  /** The predictive mean worked out from the public weights and relevance vectors with {@code gamma}. */
  private static double byHand(RvmModel model, double gamma, double x) {
    Matrix rv = model.relevanceVectors();
    double[] w = model.weights().toArray();
    double mean = model.intercept();
    for (int i = 0; i < w.length; i++) {
      double d = x - rv.apply(i, 0);
      mean += w[i] * Math.exp(-gamma * d * d);
    }
    return mean;
  }

  private static void assertPredictsWithItsGamma(RvmModel model) {
    assertEquals(0.25, model.getGamma());
    assertTrue(model.numRelevanceVectors() > 0);
    for (double x : new double[] {-7.0, -1.3, 0.0, 0.4, 5.5}) {
      Vector v = Vectors.dense(x);
      assertEquals(byHand(model, model.getGamma(), x), model.predict(v), 1e-12, "x = " + x);
    }
  }

  @Test
  void theModelPredictsWithTheGammaItReports() {
    assertPredictsWithItsGamma(rbf);
    // a sanity check that the hand computation depends on gamma at all
    assertTrue(Math.abs(byHand(rbf, 2.0, 0.4) - rbf.predict(Vectors.dense(0.4))) > 1e-3);
  }

  @Test
  void copyCannotChangeTheFittedGammaFamilyOrKernel() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> rbf.copy(new ParamMap().put(rbf.gamma().w(2.0))));
    assertTrue(e.getMessage().contains("gamma to 2.0") && e.getMessage().contains("fitted with gamma 0.25"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> rbf.copy(new ParamMap().put(rbf.family().w("bernoulli"))));
    assertTrue(e.getMessage().contains("family"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> rbf.copy(new ParamMap().put(rbf.kernel().w("poly"))));
    assertTrue(e.getMessage().contains("kernel"), e.getMessage());

    // the fitted values themselves may be passed (CrossValidator passes each fit's param map to its model)
    RvmModel same = rbf.copy(new ParamMap().put(rbf.gamma().w(0.25)).put(rbf.kernel().w("rbf"))
        .put(rbf.family().w("gaussian")));
    assertPredictsWithItsGamma(same);
    // params the rbf kernel does not use are no part of the fitted state
    RvmModel otherDegree = rbf.copy(new ParamMap().put(rbf.degree().w(5)).put(rbf.coef0().w(-3.0)));
    assertEquals(5, otherDegree.getDegree());
    assertPredictsWithItsGamma(otherDegree);
  }

  @Test
  void settingTheParamDirectlyDoesNotChangeWhatPredictsNorWhatIsReported(@TempDir Path dir) throws IOException {
    RvmModel model = rbf.copy(ParamMap.empty());
    model.set(model.gamma(), 2.0); // Params.set is public in Spark and cannot be refused
    assertPredictsWithItsGamma(model);
    assertEquals("gaussian", model.getFamily());
    assertPredictsWithItsGamma(model.copy(ParamMap.empty()));

    // saved with the stray param, loaded with the fitted gamma again
    String path = dir.resolve("model").toString();
    model.write().save(path);
    RvmModel loaded = RvmModel.load(path);
    assertEquals(0.25, (Double) loaded.getOrDefault(loaded.gamma()));
    assertPredictsWithItsGamma(loaded);
  }

  @Test
  void aModelOfEachKernelPredictsTheSameAfterSaveAndLoad(@TempDir Path dir) throws IOException {
    List<RvmEstimator> estimators = List.of(
        new RvmEstimator().setKernel("rbf").setGamma(0.5).setMaxBasis(25),
        new RvmEstimator().setKernel("poly").setGamma(0.3).setDegree(2).setCoef0(0.5).setMaxBasis(25),
        new RvmEstimator().setKernel("linear"),
        new RvmEstimator().setKernel("rbf-per-dimension").setGamma(2.0).setMaxBasis(12));
    for (RvmEstimator estimator : estimators) {
      RvmModel model = estimator.fit(sinc);
      String kernel = estimator.getKernel();
      String path = dir.resolve(kernel).toString();
      model.write().save(path);
      RvmModel loaded = RvmModel.load(path);
      assertEquals(kernel, loaded.getKernel());
      assertEquals(model.getGamma(), loaded.getGamma(), kernel);
      assertEquals(model.getDegree(), loaded.getDegree(), kernel);
      assertEquals(model.getCoef0(), loaded.getCoef0(), kernel);
      assertArrayEquals(model.weights().toArray(), loaded.weights().toArray(), 0.0, kernel);
      assertArrayEquals(model.relevantFeatures(), loaded.relevantFeatures(), kernel);
      assertEquals(model.perDimensionBasis().length, loaded.perDimensionBasis().length, kernel);
      List<Row> before = model.transform(grid).select("prediction", "variance").collectAsList();
      List<Row> after = loaded.transform(grid).select("prediction", "variance").collectAsList();
      assertEquals(before, after, kernel);
    }
  }
}
