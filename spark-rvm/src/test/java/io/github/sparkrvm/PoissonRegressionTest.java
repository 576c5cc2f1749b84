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

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Family poisson through the estimator: the fit recovers known sparse weights with em and fast, on the driver and
 * over the cluster alike; the predictions are the lognormal mean count and its variance computed from the model's
 * own weights and covariance; the model persists; evaluate's deviance is its definition; bad counts are refused.
 */
class PoissonRegressionTest {

  /** The bias, then 6 features of which only x₀ and x₃ (features 0 and 3) matter. */
  private static final double[] TRUE_WEIGHTS = {0.5, 0.8, 0.0, 0.0, -0.6, 0.0, 0.0};

  @TempDir
  Path dir;

  private static RvmEstimator poisson(String solver) {
    return new RvmEstimator().setFamily("poisson").setKernel("linear").setStandardization(false).setSolver(solver);
  }

  private static Dataset<Row> counts(int n, long seed) {
    return SparkTestSession.frame(CountData.logLinear(n, TRUE_WEIGHTS, seed), 3);
  }

  /**
   * The support {bias, x₀, x₃} kept with the smallest α, and every kept weight within 0.15 of its true value (about 4
   * posterior standard deviations at 600 rows; ARD may keep a noise feature, with a large α and a weight near 0: see
   * PoissonLaplaceTest).
   */
  private static void assertRecovers(RvmModel model) {
    int[] kept = model.relevantFeatures();
    String what = Arrays.toString(kept) + " " + model.weights() + " " + model.alphas();
    assertTrue(model.hasIntercept());
    assertEquals(0.5, model.intercept(), 0.15);
    double largestTrueAlpha = model.interceptAlpha();
    for (int j : new int[] {0, 3}) {
      int at = Arrays.binarySearch(kept, j);
      assertTrue(at >= 0, "feature " + j + " is kept: " + what);
      largestTrueAlpha = Math.max(largestTrueAlpha, model.alphas().apply(at));
    }
    for (int a = 0; a < kept.length; a++) {
      assertEquals(TRUE_WEIGHTS[kept[a] + 1], model.weights().apply(a), 0.15, what);
      if (kept[a] != 0 && kept[a] != 3) {
        assertTrue(model.alphas().apply(a) > largestTrueAlpha, what);
      }
    }
    assertTrue(Double.isNaN(model.fittedNoisePrecision()));
    assertEquals("poisson", model.getFamily());
    assertEquals(0, model.numClasses());
  }

  /** exp(m + v/2) and exp(m + v/2) + (eᵛ − 1)e^(2m + v) from the model's intercept, weights and covariance. */
  private static double[] meanAndVariance(RvmModel model, Vector x) {
    int[] features = model.relevantFeatures();
    double[] phi = new double[features.length + 1];
    phi[0] = 1.0;
    double m = model.intercept();
    for (int j = 0; j < features.length; j++) {
      phi[j + 1] = x.apply(features[j]);
      m += model.weights().apply(j) * phi[j + 1];
    }
    Matrix sigma = model.covariance();
    double v = 0.0;
    for (int a = 0; a < phi.length; a++) {
      for (int b = 0; b < phi.length; b++) {
        v += phi[a] * sigma.apply(a, b) * phi[b];
      }
    }
    double mean = Math.exp(m + v / 2);
    return new double[] {mean, mean + (Math.exp(v) - 1) * Math.exp(2 * m + v)};
  }

  @Test
  void emAndFastRecoverTheWeightsAndPredictTheLognormalMeanCount() {
    Dataset<Row> train = counts(600, 5L);
    Dataset<Row> test = counts(50, 6L);
    for (String solver : new String[] {"em", "fast"}) {
      RvmModel model = poisson(solver).fit(train);
      assertRecovers(model);
      List<Row> rows = model.transform(test).select("features", "prediction", "variance").collectAsList();
      for (Row r : rows) {
        Vector x = r.getAs(0);
        double[] expected = meanAndVariance(model, x);
        assertEquals(expected[0], r.getDouble(1), 1e-12 * expected[0], solver + ": prediction");
        assertEquals(expected[1], r.getDouble(2), 1e-12 * expected[1], solver + ": variance");
        assertEquals(expected[0], model.predict(x), 1e-12 * expected[0]);
        assertEquals(expected[1], model.predictVariance(x), 1e-12 * expected[1]);
        assertTrue(r.getDouble(2) > r.getDouble(1), "a Poisson count's variance exceeds its mean");
      }
    }
  }

  @Test
  void theDriverAndTheClusterPathsGiveTheSameModel() {
    Dataset<Row> train = counts(300, 7L);
    for (String solver : new String[] {"em", "fast"}) {
      RvmModel driver = poisson(solver).fit(train);
      RvmModel cluster = poisson(solver).setMaxDriverDesignSizeInMB(0.0).fit(train);
      assertArrayEquals(driver.relevantFeatures(), cluster.relevantFeatures(), solver);
      assertArrayEquals(driver.weights().toArray(), cluster.weights().toArray(), 1e-8, solver);
      assertEquals(driver.intercept(), cluster.intercept(), 1e-8, solver);
    }
  }

  @Test
  void aSavedModelLoadsAndPredictsTheSame() throws Exception {
    Dataset<Row> train = counts(300, 8L);
    RvmModel model = poisson("fast").fit(train);
    String path = dir.resolve("poisson-model").toString();
    model.write().save(path);
    RvmModel loaded = RvmModel.load(path);
    assertEquals("poisson", loaded.getFamily());
    assertArrayEquals(model.weights().toArray(), loaded.weights().toArray(), 0.0);
    assertArrayEquals(model.covariance().toArray(), loaded.covariance().toArray(), 0.0);
    List<Row> before = model.transform(train).select("prediction", "variance").collectAsList();
    List<Row> after = loaded.transform(train).select("prediction", "variance").collectAsList();
    assertEquals(before, after);
  }

  @Test
  void evaluateGivesTheRegressionMetricsAndTheMeanPoissonDeviance() {
    RvmModel model = poisson("fast").fit(counts(300, 9L));
    Dataset<Row> test = counts(120, 10L);
    RvmMetrics.Counts metrics = assertInstanceOf(RvmMetrics.Counts.class, model.evaluate(test));
    List<Row> rows = model.transform(test).select("label", "prediction", "features").collectAsList();
    double deviance = 0.0;
    double trueDeviance = 0.0;
    double sse = 0.0;
    for (Row r : rows) {
      double t = r.getDouble(0);
      double mu = r.getDouble(1);
      Vector x = r.getAs(2);
      double truth = Math.exp(TRUE_WEIGHTS[0] + TRUE_WEIGHTS[1] * x.apply(0) + TRUE_WEIGHTS[4] * x.apply(3));
      deviance += 2 * ((t > 0 ? t * Math.log(t / mu) : 0.0) - (t - mu));
      trueDeviance += 2 * ((t > 0 ? t * Math.log(t / truth) : 0.0) - (t - truth));
      sse += (t - mu) * (t - mu);
    }
    assertEquals(120, metrics.rows());
    assertEquals(deviance / 120, metrics.meanPoissonDeviance(), 1e-9);
    assertEquals(sse / 120, metrics.mse(), 1e-9);
    assertEquals(Math.sqrt(sse / 120), metrics.rmse(), 1e-9);
    assertEquals(List.of("rows", "rmse", "mse", "mae", "r2", "meanPoissonDeviance"),
        List.copyOf(metrics.asMap().keySet()));
    // on held-out rows the fitted means come close to the true means' deviance (the floor up to noise)
    assertTrue(metrics.meanPoissonDeviance() < 1.2 * trueDeviance / 120,
        metrics.meanPoissonDeviance() + " vs the true means' " + trueDeviance / 120);
  }

  /**
   * With the default solver (fast), kernel rbf and standardization, the counts of a smooth mean μ(x) = exp(1 + sin x)
   * on [−5, 5] (300 rows; μ from e⁰ to e²) are fitted by a few relevance vectors, and the predicted mean counts
   * follow μ on a grid: their root mean squared relative error is below 20% (measured: 15% for fast with 3
   * relevance vectors, 8% for em with 16, at nearly the same Laplace evidence), where the overall mean count alone
   * (e·I₀(1) ≈ 3.4 for μ from 1 to 7.4) is off by 120%.
   */
  @Test
  void anRbfFitFollowsASmoothMeanCount() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(41L);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      double x = -5.0 + 10.0 * random.nextDouble();
      rows.add(RowFactory.create(Vectors.dense(x), CountData.poisson(Math.exp(1.0 + Math.sin(x)), random)));
    }
    Dataset<Row> train = SparkTestSession.get().createDataFrame(rows, SparkTestSession.SCHEMA);
    for (String solver : new String[] {"fast", "em"}) {
      RvmModel model = new RvmEstimator().setFamily("poisson").setSolver(solver).setGamma(1.0).fit(train);
      double squares = 0.0;
      int n = 0;
      for (double x = -4.9; x <= 4.9; x += 0.1, n++) {
        double truth = Math.exp(1.0 + Math.sin(x));
        double relative = (model.predict(Vectors.dense(x)) - truth) / truth;
        squares += relative * relative;
      }
      double error = Math.sqrt(squares / n);
      assertTrue(error < 0.2, solver + ": relative RMSE " + error);
      assertTrue(model.numRelevanceVectors() <= 30, solver + ": " + model.numRelevanceVectors());
    }
  }

  private static Dataset<Row> withLabel(double label) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      rows.add(RowFactory.create(Vectors.dense(i, i % 3), (double) (i % 4)));
    }
    rows.set(7, RowFactory.create(Vectors.dense(7, 1), label));
    return SparkTestSession.get().createDataFrame(rows, SparkTestSession.SCHEMA);
  }

  @Test
  void aLabelThatIsNotACountIsRefusedNamingTheColumnAndTheRow() {
    for (double bad : new double[] {2.5, -1.0}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> poisson("em").setMaxIter(3).fit(withLabel(bad)));
      assertTrue(e.getMessage().contains("labelCol 'label' holds " + bad), e.getMessage());
      assertTrue(e.getMessage().contains("features [7.0, 1.0]"), e.getMessage());
      assertTrue(e.getMessage().contains("family 'poisson' needs counts"), e.getMessage());
    }
  }

  @Test
  void solverVariationalRefusesPoissonNamingTheParams() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> poisson("variational").fit(withLabel(1.0)));
    assertTrue(e.getMessage().contains("solver 'variational'") && e.getMessage().contains("not poisson")
        && e.getMessage().contains("em or fast"), e.getMessage());
  }
}
