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

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.sparkrvm.statistics.Family;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * The README's determinism promise (issue 41): the same data in the same partitions, the same params and seed give
 * the same bits of every model number and every prediction, whatever the number of cores, the serializer, or the
 * order in which tasks finish. Each fit runs on the driver path and on the cluster path (every step a pass over
 * 4 partitions, whose partial sums are merged in partition order), on the shared local[2] Kryo session twice and on
 * a local[1] session with Spark's Java serializer.
 */
class DeterminismTest {

  private static final int PARTITIONS = 4;

  /** The fits: Ripley bernoulli on either path, and gaussian em (a statistics pass over the cluster per step). */
  private static List<RvmEstimator> estimators() {
    List<RvmEstimator> all = new ArrayList<>();
    for (double driverMiB : new double[] {Double.POSITIVE_INFINITY, 0.0}) {
      RvmEstimator bernoulli = new RvmEstimator().setFamily("bernoulli").setGamma(4.0).setStandardization(false)
          .setMaxBasis(60).setMaxIter(40);
      if (Double.isFinite(driverMiB)) {
        bernoulli.setMaxDriverDesignSizeInMB(driverMiB);
      }
      all.add(bernoulli);
    }
    all.add(new RvmEstimator().setFamily("gaussian").setSolver("em").setGamma(4.0).setMaxBasis(60).setMaxIter(30));
    return all;
  }

  /** Every number of each fitted model and of its predictions on the test half, as text of their exact bits. */
  private static List<String> fitAll(SparkSession spark) {
    TestData.Table train = TestData.ripley("tr");
    TestData.Table test = TestData.ripley("te");
    Dataset<Row> trainFrame = frame(spark, train);
    Dataset<Row> testFrame = frame(spark, test);
    List<String> out = new ArrayList<>();
    for (RvmEstimator estimator : estimators()) {
      RvmModel model = estimator.fit(trainFrame);
      FittedRvm f = model.fitted();
      out.add(estimator.getFamily() + " weights " + bits(f.weights()) + " alpha " + bits(f.alpha()) + " covariance "
          + bits(f.covariance()) + " centres " + bits(f.centres()) + " noise " + Double.doubleToLongBits(
              f.noisePrecision()) + " shift " + bits(f.scaling().shift()) + " scale " + bits(f.scaling().scale())
          + " trajectory " + bits(f.summary().logMarginalLikelihood()));
      String column = Family.of(model.getFamily()).classifier() ? model.getProbabilityCol() : model.getPredictionCol();
      StringBuilder predictions = new StringBuilder();
      for (Row r : model.transform(testFrame).select(column).collectAsList()) {
        Object v = r.get(0);
        predictions.append(v instanceof Vector p ? bits(p.toArray()) : Long.toHexString(
            Double.doubleToLongBits((Double) v))).append(';');
      }
      out.add(predictions.toString());
    }
    return out;
  }

  /** The table in PARTITIONS slices of consecutive rows, whatever the session's parallelism. */
  private static Dataset<Row> frame(SparkSession spark, TestData.Table table) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < table.size(); i++) {
      rows.add(RowFactory.create(Vectors.dense(table.x()[i]), table.t()[i]));
    }
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return spark.createDataFrame(jsc.parallelize(rows, PARTITIONS), SparkTestSession.SCHEMA);
  }

  private static String bits(double[] values) {
    StringBuilder s = new StringBuilder();
    for (double v : values) {
      s.append(Long.toHexString(Double.doubleToLongBits(v))).append(',');
    }
    return s.toString();
  }

  @Test
  void theSameFitGivesTheSameBitsWhateverTheCoresSerializerAndTaskOrder() {
    List<String> first = fitAll(SparkTestSession.get());
    List<String> second = fitAll(SparkTestSession.get());
    assertSameBits(first, second, "two runs on local[2] with Kryo");

    SparkTestSession.get().stop();
    SparkSession single = SparkSession.builder().master("local[1]").appName("spark-rvm-determinism")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.serializer", "org.apache.spark.serializer.JavaSerializer").getOrCreate();
    List<String> one;
    try {
      one = fitAll(single);
    } finally {
      single.stop();
    }
    assertSameBits(first, one, "local[1] with Java serialization against local[2] with Kryo");
  }

  /** Names the first fit (model or predictions) whose bits differ, and where. */
  private static void assertSameBits(List<String> expected, List<String> actual, String what) {
    assertEquals(expected.size(), actual.size(), what);
    for (int i = 0; i < expected.size(); i++) {
      String a = expected.get(i);
      String b = actual.get(i);
      int at = 0;
      while (at < Math.min(a.length(), b.length()) && a.charAt(at) == b.charAt(at)) {
        at++;
      }
      assertEquals(a.length(), at, what + ": " + (i % 2 == 0 ? "model " : "predictions of model ") + i / 2
          + " differ at character " + at + ": " + a.substring(Math.max(0, at - 80), Math.min(a.length(), at + 40))
          + " against " + b.substring(Math.max(0, at - 80), Math.min(b.length(), at + 40)));
      assertEquals(a, b, what);
    }
  }
}
