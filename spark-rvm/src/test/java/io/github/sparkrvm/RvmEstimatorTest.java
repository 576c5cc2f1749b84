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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** End-to-end fits on Spark against published figures, and partition invariance. */
class RvmEstimatorTest {

  static RvmModel sincModel;
  static RvmModel ripleyModel;

  static RvmEstimator sincEstimator() {
    return new RvmEstimator().setGamma(0.25).setStandardization(false);
  }

  static RvmEstimator ripleyEstimator() {
    return new RvmEstimator().setFamily("bernoulli").setGamma(4.0).setStandardization(false);
  }

  @BeforeAll
  static void fit() {
    sincModel = sincEstimator().fit(SparkTestSession.frame(TestData.noisySinc(100, 0.1, 1), 2));
    ripleyModel = ripleyEstimator().fit(SparkTestSession.frame(TestData.ripley("tr"), 2));
  }

  @Test
  void sincRegressionIsAccurateAndSparse() {
    TestData.Table test = TestData.sincGrid(1000);
    double squares = 0.0;
    for (int i = 0; i < test.size(); i++) {
      double e = sincModel.predict(Vectors.dense(test.x()[i])) - test.t()[i];
      squares += e * e;
    }
    double rmse = Math.sqrt(squares / test.size());
    assertTrue(rmse < 0.05, "RMSE " + rmse);
    assertTrue(sincModel.numRelevanceVectors() <= 12, sincModel.numRelevanceVectors() + " relevance vectors");
    assertTrue(sincModel.summary().converged());
    assertEquals(100, sincModel.summary().numRows());
    // 1/β estimates the noise variance σ² = 0.01
    assertEquals(0.1, 1.0 / Math.sqrt(sincModel.fittedNoisePrecision()), 0.03);
  }

  @Test
  void ripleyClassificationMeetsTippingsFigures() {
    Dataset<Row> test = SparkTestSession.frame(TestData.ripley("te"), 2);
    double accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy")
        .evaluate(ripleyModel.transform(test));
    assertTrue(1.0 - accuracy <= 0.105, "test error " + (1.0 - accuracy));
    assertTrue(ripleyModel.numRelevanceVectors() <= 8, ripleyModel.numRelevanceVectors() + " relevance vectors");
    double auc = new BinaryClassificationEvaluator().evaluate(ripleyModel.transform(test));
    assertTrue(auc > 0.9, "AUC " + auc);
  }

  @Test
  void evaluatorsReadTheOutputColumnsAndAgreeWithTheModel() {
    TestData.Table table = TestData.ripley("te");
    Dataset<Row> out = ripleyModel.transform(SparkTestSession.frame(table, 2));
    List<Row> rows = out.select("features", "label", "prediction", "probability", "rawPrediction").collectAsList();
    int correct = 0;
    double logLoss = 0.0;
    for (Row r : rows) {
      Vector x = r.getAs(0);
      Vector p = r.getAs(3);
      Vector raw = r.getAs(4);
      double one = ripleyModel.predictProbability(x);
      assertEquals(one, p.apply(1), 1e-12);
      assertEquals(1.0, p.apply(0) + p.apply(1), 1e-12);
      assertEquals(-raw.apply(0), raw.apply(1), 0.0);
      assertEquals(ripleyModel.predict(x), r.getDouble(2), 0.0);
      correct += r.getDouble(2) == r.getDouble(1) ? 1 : 0;
      logLoss -= Math.log(Math.max(r.getDouble(1) == 1.0 ? one : 1.0 - one, 1e-15));
    }
    assertEquals((double) correct / rows.size(), new MulticlassClassificationEvaluator().setMetricName("accuracy")
        .evaluate(out), 1e-12);
    assertEquals(logLoss / rows.size(), new MulticlassClassificationEvaluator().setMetricName("logLoss")
        .evaluate(out), 1e-9);

    TestData.Table sinc = TestData.sincGrid(200);
    Dataset<Row> reg = sincModel.transform(SparkTestSession.frame(sinc, 2));
    double squares = 0.0;
    for (Row r : reg.select("label", "prediction").collectAsList()) {
      squares += Math.pow(r.getDouble(0) - r.getDouble(1), 2);
    }
    assertEquals(Math.sqrt(squares / sinc.size()), new RegressionEvaluator().setMetricName("rmse").evaluate(reg),
        1e-12);
  }

  @Test
  void predictiveVarianceIsNoisePlusWeightUncertainty() {
    // 1/β + φᵀΣφ from the model's public parts: bias first, then one RBF per relevance vector
    Matrix centres = sincModel.relevanceVectors();
    Matrix sigma = sincModel.covariance();
    int offset = sincModel.hasIntercept() ? 1 : 0;
    for (double x : new double[] {-9.0, -1.5, 0.0, 3.3, 12.0}) {
      double[] phi = new double[offset + centres.numRows()];
      if (offset == 1) {
        phi[0] = 1.0;
      }
      for (int i = 0; i < centres.numRows(); i++) {
        phi[offset + i] = Math.exp(-0.25 * Math.pow(x - centres.apply(i, 0), 2));
      }
      double quad = 0.0;
      for (int i = 0; i < phi.length; i++) {
        for (int j = 0; j < phi.length; j++) {
          quad += phi[i] * sigma.apply(i, j) * phi[j];
        }
      }
      double mean = sincModel.intercept();
      for (int i = 0; i < centres.numRows(); i++) {
        mean += sincModel.weights().apply(i) * phi[offset + i];
      }
      assertEquals(mean, sincModel.predict(Vectors.dense(x)), 1e-12);
      // the predictive variance of type-II maximum likelihood, times the held-out scale (calibrateVariance)
      assertTrue(sincModel.varianceScale() > 1.0, "scale " + sincModel.varianceScale());
      assertEquals(sincModel.varianceScale() * (1.0 / sincModel.fittedNoisePrecision() + quad),
          sincModel.predictVariance(Vectors.dense(x)), 1e-12);
    }
  }

  private static void assertSameModel(RvmModel a, RvmModel b, double tol) {
    assertEquals(a.numRelevanceVectors(), b.numRelevanceVectors());
    assertArrayEquals(a.relevanceVectors().toArray(), b.relevanceVectors().toArray(), 0.0);
    assertArrayEquals(a.weights().toArray(), b.weights().toArray(), tol * (1 + maxAbs(a.weights().toArray())));
    assertEquals(a.intercept(), b.intercept(), tol * (1 + Math.abs(a.intercept())));
    double[] alphaA = a.alphas().toArray();
    double[] alphaB = b.alphas().toArray();
    for (int i = 0; i < alphaA.length; i++) {
      assertEquals(alphaA[i], alphaB[i], tol * alphaA[i]);
    }
    assertArrayEquals(a.covariance().toArray(), b.covariance().toArray(),
        tol * (1 + maxAbs(a.covariance().toArray())));
  }

  private static double maxAbs(double[] v) {
    double m = 0.0;
    for (double x : v) {
      m = Math.max(m, Math.abs(x));
    }
    return m;
  }

  @Test
  void onePartitionAndEightPartitionsGiveTheSameModel() {
    // Every step over the cluster (maxDriverDesignSizeInMB 0), on 1 and on 8 partitions; and the classifier's data
    // collected to the driver (the default at this size), which makes one pass after the summary and none per step.
    // (A gaussian fit makes its one statistics pass on the executors either way.)
    // One add per step, set: the fast classifier's one path on either (on the driver it follows a second path by
    // default, FastBernoulliSolver.twoPaths, which fits over the cluster do not).
    TestData.Table ripley = TestData.ripley("tr");
    RvmModel one = ripleyEstimator().setMaxAddsPerStep(1).setMaxDriverDesignSizeInMB(0)
        .fit(SparkTestSession.frame(ripley, 1));
    RvmModel eight = ripleyEstimator().setMaxAddsPerStep(1).setMaxDriverDesignSizeInMB(0)
        .fit(SparkTestSession.frame(ripley, 8));
    assertSameModel(one, eight, 1e-8);
    RvmModel onDriver = ripleyEstimator().setMaxAddsPerStep(1).fit(SparkTestSession.frame(ripley, 8));
    assertSameModel(one, onDriver, 1e-8);
    assertEquals(2, onDriver.summary().dataPasses());
    assertTrue(one.summary().dataPasses() > one.summary().iterations(),
        "at least one pass per iteration over the cluster: " + one.summary().dataPasses());
    TestData.Table sinc = TestData.noisySinc(100, 0.1, 1);
    assertSameModel(sincEstimator().fit(SparkTestSession.frame(sinc, 1)),
        sincEstimator().fit(SparkTestSession.frame(sinc, 8)), 1e-8);
  }

  @Test
  void theDriversRowsDoNotDependOnThePartitioning() {
    // A wide kernel (γ = 1/32 on sinc's [−10, 10]) gives near-collinear basis functions: the fast solver's greedy
    // path then turns last-bit differences of the statistics into other basis functions (10 on 1 partition, 20 on
    // 8, when the rows collected to the driver kept the order repartition dealt them). Sorted, they are the same
    // rows in the same order, and the same statistics to the bit.
    TestData.Table sinc = TestData.noisySinc(200, 0.1, 1);
    RvmEstimator wide = new RvmEstimator().setGamma(1.0 / 32).setStandardization(false);
    assertSameModel(wide.fit(SparkTestSession.frame(sinc, 1)), wide.fit(SparkTestSession.frame(sinc, 8)), 1e-8);
  }

  @Test
  void candidateSampleDoesNotDependOnPartitioning() {
    // maxBasis below N: a seeded sample of 60 of the 250 rows as centres, the same however the rows are split
    TestData.Table ripley = TestData.ripley("tr");
    RvmEstimator sampled = ripleyEstimator().setMaxBasis(60).setSeed(42L);
    assertSameModel(sampled.fit(SparkTestSession.frame(ripley, 1)), sampled.fit(SparkTestSession.frame(ripley, 8)),
        1e-8);
  }
}
