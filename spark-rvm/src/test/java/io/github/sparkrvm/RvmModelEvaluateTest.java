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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RvmModel#evaluate}: the metrics against sums over the collected predictions, and featureNames. */
class RvmModelEvaluateTest {

  @TempDir
  Path dir;

  @Test
  void regressionMetricsAreTheirDefinitions() {
    Dataset<Row> train = SparkTestSession.frame(TestData.noisySinc(100, 0.1, 1), 2);
    Dataset<Row> test = SparkTestSession.frame(TestData.noisySinc(150, 0.1, 2), 2);
    RvmModel model = new RvmEstimator().setGamma(0.1).setStandardization(false).setMaxBasis(40).fit(train);
    RvmMetrics.Regression m = assertInstanceOf(RvmMetrics.Regression.class, model.evaluate(test));
    List<Row> rows = model.transform(test).select("label", "prediction").collectAsList();
    double sse = 0;
    double sae = 0;
    double mean = rows.stream().mapToDouble(r -> r.getDouble(0)).average().orElseThrow();
    double sst = 0;
    for (Row r : rows) {
      double e = r.getDouble(0) - r.getDouble(1);
      sse += e * e;
      sae += Math.abs(e);
      sst += (r.getDouble(0) - mean) * (r.getDouble(0) - mean);
    }
    assertEquals(150, m.rows());
    assertEquals(sse / 150, m.mse(), 1e-12);
    assertEquals(Math.sqrt(sse / 150), m.rmse(), 1e-12);
    assertEquals(sae / 150, m.mae(), 1e-12);
    assertEquals(1 - sse / sst, m.r2(), 1e-9);
    assertEquals(List.of("rows", "rmse", "mse", "mae", "r2"), List.copyOf(m.asMap().keySet()));
  }

  @Test
  void classificationMetricsAreTheirDefinitions() {
    Dataset<Row> train = SparkTestSession.frame(TestData.ripley("tr"), 2);
    Dataset<Row> test = SparkTestSession.frame(TestData.ripley("te"), 2);
    RvmModel model = new RvmEstimator().setFamily("bernoulli").setGamma(4).setStandardization(false)
        .setMaxBasis(40).fit(train);
    RvmMetrics.Classification m = assertInstanceOf(RvmMetrics.Classification.class, model.evaluate(test));
    long[][] counts = new long[2][2];
    double logLoss = 0;
    for (Row r : model.transform(test).select("label", "prediction", "probability").collectAsList()) {
      int t = (int) r.getDouble(0);
      counts[t][(int) r.getDouble(1)]++;
      logLoss -= Math.log(Math.max(1e-15, ((Vector) r.get(2)).apply(t)));
    }
    assertEquals(1000, m.rows());
    assertArrayEquals(counts, m.confusionMatrix());
    assertEquals((counts[0][0] + counts[1][1]) / 1000.0, m.accuracy(), 1e-12);
    assertEquals(logLoss / 1000, m.logLoss(), 1e-9);
    // weighted F1: each class's F1 weighted by its share of the labels
    double f1 = 0;
    for (int k = 0; k < 2; k++) {
      long truth = counts[k][0] + counts[k][1];
      long predicted = counts[0][k] + counts[1][k];
      double precision = counts[k][k] / (double) predicted;
      double recall = counts[k][k] / (double) truth;
      f1 += truth / 1000.0 * 2 * precision * recall / (precision + recall);
    }
    assertEquals(f1, m.weightedF1(), 1e-12);
    assertTrue(m.auc() > 0.9 && m.auc() <= 1.0, String.valueOf(m.auc()));
    assertEquals(List.of("rows", "accuracy", "error", "logLoss", "auc", "weightedF1", "confusionMatrix"),
        List.copyOf(m.asMap().keySet()));

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> model.evaluate(test.withColumn("label", functions.lit(2.0))));
    assertTrue(e.getMessage().contains("labelCol 'label' holds 2.0"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> model.evaluate(test, "nope"));
    assertTrue(e.getMessage().contains("labelCol 'nope' is not a column"), e.getMessage());
  }

  @Test
  void featureNamesAreSavedAndCheckedAndOldModelsHaveNone() throws IOException {
    RvmModel model = PersistenceTestModels.smallRegressor().copy(new org.apache.spark.ml.param.ParamMap());
    assertEquals(0, model.getFeatureNames().length, "unknown unless set");
    int d = model.numFeatures();
    String[] names = new String[d];
    for (int j = 0; j < d; j++) {
      names[j] = "x" + j;
    }
    model.setFeatureNames(names);
    String path = dir.resolve("named").toString();
    model.write().save(path);
    assertArrayEquals(names, RvmModel.load(path).getFeatureNames());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> model.setFeatureNames(new String[d + 1]));
    assertTrue(e.getMessage().contains("featureNames has " + (d + 1) + " names"), e.getMessage());
    if (d > 1) {
      String[] twice = names.clone();
      twice[1] = twice[0];
      assertThrows(IllegalArgumentException.class, () -> model.setFeatureNames(twice));
    }
  }
}
