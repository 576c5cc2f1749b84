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

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.SparkContext;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a fit promises beyond its answer: data at any finite scale fits as at scale 1 (or is refused, see
 * BadInputTest), a fit that learns nothing says so, repeated rows are weights, scoring computes only what its
 * outputs need, and every Spark job of a fit is described.
 */
class FitContractTest {

  /** γ of the fits on two features here: 1 / features, set (these tests are not about the search for γ). */
  private static final double GAMMA = 0.5;

  private static final StructType WEIGHTED = new StructType()
      .add("features", SQLDataTypes.VectorType(), true)
      .add("label", DataTypes.DoubleType, true)
      .add("w", DataTypes.DoubleType, true);

  private static TestData.Table scaled(TestData.Table table, double factor) {
    double[][] x = new double[table.size()][];
    for (int i = 0; i < x.length; i++) {
      x[i] = Arrays.stream(table.x()[i]).map(v -> v * factor).toArray();
    }
    return new TestData.Table(x, table.t());
  }

  private static TestData.Table head(TestData.Table table, int n) {
    return new TestData.Table(Arrays.copyOf(table.x(), n), Arrays.copyOf(table.t(), n));
  }

  /** The table with each row repeated k times (copies spread over the table), weight 1. */
  private static Dataset<Row> repeated(TestData.Table table, int k) {
    List<Row> rows = new ArrayList<>();
    for (int c = 0; c < k; c++) {
      for (int i = 0; i < table.size(); i++) {
        rows.add(RowFactory.create(Vectors.dense(table.x()[i]), table.t()[i], 1.0));
      }
    }
    return SparkTestSession.get().createDataFrame(rows, WEIGHTED).repartition(3);
  }

  /** The table once, every row of weight k. */
  private static Dataset<Row> weighted(TestData.Table table, double k) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < table.size(); i++) {
      rows.add(RowFactory.create(Vectors.dense(table.x()[i]), table.t()[i], k));
    }
    return SparkTestSession.get().createDataFrame(rows, WEIGHTED).repartition(2);
  }

  private static double[] column(Dataset<Row> scored, String name) {
    return scored.orderBy("label", "features").select(name).collectAsList().stream()
        .mapToDouble(r -> r.get(0) instanceof Vector v ? v.apply(v.size() - 1) : r.getDouble(0)).toArray();
  }

  /** The relevance vectors as rows, divided by {@code factor}, in lexicographic order. */
  private static double[][] sortedRows(Matrix m, double factor) {
    double[][] rows = new double[m.numRows()][m.numCols()];
    for (int i = 0; i < m.numRows(); i++) {
      for (int j = 0; j < m.numCols(); j++) {
        rows[i][j] = m.apply(i, j) / factor;
      }
    }
    Arrays.sort(rows, (a, b) -> Arrays.compare(a, b));
    return rows;
  }

  private static void assertClose(double[] expected, double[] actual, double tol, String what) {
    assertEquals(expected.length, actual.length, what);
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], actual[i], tol * Math.max(1.0, Math.abs(expected[i])), what + " " + i);
    }
  }

  @Test
  void featuresAtAnyFiniteScaleGiveTheModelOfScaleOne() {
    // standardisation maps x·c to the standardised x whatever c: the fit is the same, its relevance vectors scaled
    // by c. Before moments were taken on each feature's own scale, 1e200 overflowed the variance and 1e-200
    // underflowed it: the fit kept nothing and gave P = 0.5 everywhere.
    TestData.Table train = TestData.ripley("tr");
    TestData.Table test = head(TestData.ripley("te"), 200);
    RvmEstimator rvm = new RvmEstimator().setFamily("bernoulli").setGamma(2.0);
    RvmModel plain = rvm.fit(SparkTestSession.frame(train, 2));
    double[] expected = column(plain.transform(SparkTestSession.frame(test, 2)), "probability");
    assertTrue(plain.numRelevanceVectors() > 0);
    for (double c : new double[] {1e200, 1e-200, Math.scalb(1.0, 600), 1e300}) {
      RvmModel model = rvm.fit(SparkTestSession.frame(scaled(train, c), 2));
      assertEquals(plain.numRelevanceVectors(), model.numRelevanceVectors(), "scale " + c);
      assertTrue(model.summary().warnings().isEmpty(), model.summary().warnings().toString());
      double[][] a = sortedRows(plain.relevanceVectors(), 1.0);
      double[][] b = sortedRows(model.relevanceVectors(), c);
      for (int i = 0; i < a.length; i++) {
        assertArrayEquals(a[i], b[i], 1e-12, "relevance vector " + i + " at scale " + c);
      }
      assertClose(expected, column(model.transform(SparkTestSession.frame(scaled(test, c), 2)), "probability"),
          1e-6, "P(1) at scale " + c);
    }
  }

  @Test
  void regressionOnFeaturesAtAnyFiniteScale() {
    TestData.Table train = TestData.noisySinc(80, 0.1, 11);
    RvmEstimator rvm = new RvmEstimator().setGamma(1.0);
    // one partition: the summary pass then merges its moments in one order on every run (with two, the merge order
    // follows task completion and the last bit of the mean can differ, which can tip a fast step either way)
    RvmModel plain = rvm.fit(SparkTestSession.frame(train, 1));
    double[] expected = column(plain.transform(SparkTestSession.frame(train, 1)), "prediction");
    for (double c : new double[] {1e200, 1e-200}) {
      // the same fit up to rounding: the standardised features agree to ~1e-16, the steps stop within tol of the
      // same point
      TestData.Table big = scaled(train, c);
      RvmModel model = rvm.fit(SparkTestSession.frame(big, 1));
      assertEquals(plain.numRelevanceVectors(), model.numRelevanceVectors(), "scale " + c);
      assertEquals(plain.fittedNoisePrecision(), model.fittedNoisePrecision(), 1e-4 * plain.fittedNoisePrecision());
      // to 1e-3, the stop rule's own tolerance (tol: the largest change of log alpha at the last step), since a
      // rounding difference can make the fast steps stop at another point within it
      assertClose(expected, column(model.transform(SparkTestSession.frame(big, 1)), "prediction"), 1e-3,
          "mean at scale " + c);
    }
  }

  @Test
  void aFitThatKeepsNothingSaysSo(@TempDir Path dir) throws java.io.IOException {
    // every row at the same point, half the labels 0, half 1: no basis function, the bias included, tells the
    // classes apart, so the model is the prior: P(1) = 0.5 for every input, and the summary says why
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      rows.add(RowFactory.create(Vectors.dense(1.0, 2.0), (double) (i % 2), 1.0));
    }
    Dataset<Row> data = SparkTestSession.get().createDataFrame(rows, WEIGHTED).repartition(2);
    RvmModel model = new RvmEstimator().setFamily("bernoulli").setGamma(GAMMA).fit(data);
    assertEquals(0, model.numRelevanceVectors());
    List<String> warnings = model.summary().warnings();
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("kept no relevance vector"), warnings.get(0));
    assertTrue(warnings.get(0).contains("featuresCol 'features'"), warnings.get(0));
    assertEquals(0.5, model.predictProbability(Vectors.dense(1.0, 2.0)), 1e-12);
    // the warning is saved with the model (model format 5): a loaded model, or read_model_data over Connect, says it
    model.write().save(dir.resolve("nothing").toString());
    assertEquals(warnings, RvmModel.load(dir.resolve("nothing").toString()).summary().warnings());
    // a fit that keeps something has no warning
    RvmModel ripley = new RvmEstimator().setFamily("bernoulli").setGamma(GAMMA).setMaxIter(5)
        .fit(SparkTestSession.frame(TestData.ripley("tr"), 2));
    assertEquals(List.of(), ripley.summary().warnings());
  }

  @Test
  void everyRowRepeatedKTimesIsTheTableWithWeightK() {
    TestData.Table table = TestData.split(TestData.ripley("tr"), 0.25, 1)[0];
    for (String[] fit : new String[][] {{"bernoulli", "fast"}, {"gaussian", "fast"}, {"bernoulli", "em"},
        {"gaussian", "em"}}) {
      String family = fit[0];
      String solver = fit[1];
      TestData.Table data = "gaussian".equals(family) ? TestData.noisySinc(50, 0.1, 4) : table;
      // the same statistics summed in another order: the same fit up to rounding (the sinc's kernels narrow enough
      // that the design is well conditioned)
      boolean gaussian = "gaussian".equals(family);
      String what = family + " " + solver;
      RvmEstimator rvm = new RvmEstimator().setFamily(family).setSolver(solver).setWeightCol("w")
          .setGamma(gaussian ? 10.0 : 1.0).setMaxAddsPerStep(1);
      double alphaTol = 1e-6;
      double weightTol = 1e-6;
      double outputTol = 1e-8;
      RvmModel copies = rvm.fit(repeated(data, 3));
      RvmModel weights = rvm.fit(weighted(data, 3.0));
      // one relevance vector per distinct row: copies of a row are one candidate, as the row of weight 3 is
      double[][] distinct = sortedRows(copies.relevanceVectors(), 1.0);
      for (int i = 1; i < distinct.length; i++) {
        assertFalse(Arrays.equals(distinct[i - 1], distinct[i]), what + ": a relevance vector twice");
      }
      assertEquals(weights.numRelevanceVectors(), copies.numRelevanceVectors(), what);
      assertArrayEquals(weights.relevanceVectors().toArray(), copies.relevanceVectors().toArray(), 0.0, what);
      assertClose(weights.alphas().toArray(), copies.alphas().toArray(), alphaTol, what + " alpha");
      assertClose(weights.weights().toArray(), copies.weights().toArray(), weightTol, what + " weights");
      double[] lml = weights.summary().logMarginalLikelihood();
      double[] lmlCopies = copies.summary().logMarginalLikelihood();
      assertEquals(lml[lml.length - 1], lmlCopies[lmlCopies.length - 1], 1e-3 * Math.abs(lml[lml.length - 1]),
          what);
      String out = gaussian ? "prediction" : "probability";
      Dataset<Row> points = weighted(data, 1.0);
      assertClose(column(weights.transform(points), out), column(copies.transform(points), out), outputTol, what);
    }
  }

  @Test
  void onRowsThatAreMostlyExactCopiesEmAndFastGiveTheSameClassifier() {
    // 150 rows over 3 binary features: 8 distinct points, each repeated; P(y = 1 | x) differs per point, so the
    // Bayes classifier is known: class 1 where P > ½. Before candidates were one per distinct point, em kept 50
    // relevance vectors here at 31.8% error where fast kept 7 at 22.8% (issue 17).
    double[] probabilityOfOne = {0.1, 0.8, 0.3, 0.9, 0.2, 0.7, 0.15, 0.85}; // by the point's bits x0 + 2 x1 + 4 x2
    java.util.SplittableRandom random = new java.util.SplittableRandom(17);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      int point = random.nextInt(8);
      double label = random.nextDouble() < probabilityOfOne[point] ? 1.0 : 0.0;
      rows.add(RowFactory.create(Vectors.dense(point & 1, (point >> 1) & 1, (point >> 2) & 1), label, 1.0));
    }
    Dataset<Row> data = SparkTestSession.get().createDataFrame(rows, WEIGHTED).repartition(2);
    RvmModel fast = new RvmEstimator().setFamily("bernoulli").setGamma(1.0 / 3).fit(data);
    RvmModel em = new RvmEstimator().setFamily("bernoulli").setGamma(1.0 / 3).setSolver("em").fit(data);
    for (int point = 0; point < 8; point++) {
      Vector x = Vectors.dense(point & 1, (point >> 1) & 1, (point >> 2) & 1);
      double bayes = probabilityOfOne[point] > 0.5 ? 1.0 : 0.0;
      // the same error: the same class at every point the data hold, the Bayes class
      assertEquals(bayes, fast.predict(x), "fast at point " + point);
      assertEquals(bayes, em.predict(x), "em at point " + point);
    }
    assertTrue(em.numRelevanceVectors() <= 1.25 * fast.numRelevanceVectors(),
        "em " + em.numRelevanceVectors() + " relevance vectors, fast " + fast.numRelevanceVectors());
    assertTrue(fast.numRelevanceVectors() <= 8 && em.numRelevanceVectors() <= 8,
        "at most one relevance vector per distinct point: fast " + fast.numRelevanceVectors() + ", em "
            + em.numRelevanceVectors());
  }

  @Test
  void scoringSkipsTheVarianceOnlyWhenNoOutputNeedsItAndGivesTheSameAnswer() {
    Dataset<Row> sinc = SparkTestSession.frame(TestData.noisySinc(60, 0.1, 2), 2);
    RvmModel gaussian = new RvmEstimator().setGamma(1.0).fit(sinc);
    assertTrue(gaussian.needsVariance());
    double[] withVariance = column(gaussian.transform(sinc), "prediction");
    double[] variance = column(gaussian.transform(sinc), "variance");
    gaussian.setVarianceCol("");
    assertFalse(gaussian.needsVariance());
    Dataset<Row> without = gaussian.transform(sinc);
    assertFalse(Arrays.asList(without.columns()).contains("variance"));
    assertArrayEquals(withVariance, column(without, "prediction"), 0.0);
    for (double v : variance) {
      assertTrue(v > 1.0 / gaussian.fittedNoisePrecision());
    }

    Dataset<Row> ripley = SparkTestSession.frame(TestData.ripley("tr"), 2);
    RvmModel bernoulli = new RvmEstimator().setFamily("bernoulli").setGamma(GAMMA).setMaxIter(20).fit(ripley);
    assertTrue(bernoulli.needsVariance(), "moderated probabilities need φᵀΣφ");
    bernoulli.setProbabilityMethod("map");
    assertFalse(bernoulli.needsVariance());
    double[] map = column(bernoulli.transform(ripley), "probability");
    List<Row> points = ripley.orderBy("label", "features").select("features").collectAsList();
    for (int i = 0; i < map.length; i++) {
      assertEquals(bernoulli.predictProbability(points.get(i).getAs(0)), map[i], 1e-15);
    }
  }

  @Test
  void theScoringExpressionIsDeterministicSoFiltersGoBelowIt() {
    // cached, so that the optimiser cannot fold a filter into the input rows
    Dataset<Row> ripley = SparkTestSession.frame(TestData.ripley("tr"), 2).cache();
    RvmModel model = new RvmEstimator().setFamily("bernoulli").setGamma(GAMMA).setMaxIter(10).fit(ripley);
    Dataset<Row> scored = model.transform(ripley);
    // a filter on an input column runs before the scoring (a non-deterministic expression would hold it above)
    Dataset<Row> filtered = scored.filter(col("label").gt(0.5));
    String plan = filtered.queryExecution().optimizedPlan().toString();
    assertTrue(plan.contains("Filter") && plan.indexOf("Filter") > plan.indexOf("UDF("), plan);
    // the scoring runs once per row: one UDF call in the plan, however many output columns it feeds
    assertEquals(1, plan.split("UDF\\(", -1).length - 1, plan);
    assertEquals(ripley.filter(col("label").gt(0.5)).count(), filtered.count());
    assertArrayEquals(column(scored.filter(col("label").gt(0.5)), "probability"), column(filtered, "probability"),
        0.0);
  }

  @Test
  void everySparkJobOfAFitIsDescribed() throws Exception {
    SparkContext sc = SparkTestSession.get().sparkContext();
    Dataset<Row> ripley = SparkTestSession.frame(TestData.ripley("tr"), 2).cache();
    ripley.count();
    List<String> descriptions = new CopyOnWriteArrayList<>();
    SparkListener listener = new SparkListener() {
      @Override
      public void onJobStart(SparkListenerJobStart start) {
        String d = start.properties() == null ? null : start.properties().getProperty("spark.job.description");
        descriptions.add(d == null ? "(none)" : d);
      }
    };
    sc.addSparkListener(listener);
    try {
      sc.setJobDescription("the caller's own");
      // on the cluster (every step a pass) and on the driver (the rows collected once)
      for (double driverMiB : new double[] {0.0, 128.0}) {
        descriptions.clear();
        RvmEstimator rvm = new RvmEstimator().setFamily("bernoulli").setGamma(GAMMA).setMaxIter(5)
            .setMaxDriverDesignSizeInMB(driverMiB);
        RvmModel model = rvm.fit(ripley);
        waitForListeners(sc, descriptions, 1 + (driverMiB > 0 ? 1 : model.summary().dataPasses() - 1));
        assertEquals("the caller's own", sc.getLocalProperty("spark.job.description"));
        assertEquals(model.summary().dataPasses(), descriptions.size(), descriptions.toString());
        // the caller's description heads every one; each statistics pass names the step it serves
        assertTrue(descriptions.get(0).startsWith("the caller's own: " + rvm.uid() + ": summary pass: validate the "
            + "rows"), descriptions.get(0));
        int step = -1;
        for (int i = 1; i < descriptions.size(); i++) {
          String head = "the caller's own: " + rvm.uid() + ": iteration ";
          String d = descriptions.get(i).replace(": after iteration ", ": iteration ");
          assertTrue(d.startsWith(head) && d.contains(" of 5: statistics pass " + i + ": "), descriptions.toString());
          int k = Integer.parseInt(d.substring(head.length(), d.indexOf(" of 5")));
          assertTrue(k >= step && k <= 5, descriptions.toString());
          step = k;
        }
        if (driverMiB == 0.0) {
          assertTrue(step >= 1, "the cluster path's passes serve the iterations after the first: " + descriptions);
        }
        assertTrue(descriptions.get(1).contains(driverMiB > 0 ? "collect the rows to the driver"
            : "Bernoulli candidate statistics"), descriptions.toString());
      }
    } finally {
      sc.setJobDescription(null);
      sc.removeSparkListener(listener);
      ripley.unpersist();
    }
  }

  /** Listener events arrive asynchronously: waits (at most 10 s) until at least {@code n} jobs were seen. */
  private static void waitForListeners(SparkContext sc, List<String> seen, int n) throws InterruptedException {
    long end = System.nanoTime() + 10_000_000_000L;
    while (seen.size() < n && System.nanoTime() < end) {
      Thread.sleep(20);
    }
    Thread.sleep(200);
  }

  @Test
  void binomialIsSparksNameForBernoulli() {
    Dataset<Row> ripley = SparkTestSession.frame(TestData.ripley("tr"), 2);
    RvmEstimator binomial = new RvmEstimator().setFamily("binomial").setGamma(GAMMA).setMaxIter(10);
    assertEquals("bernoulli", binomial.getFamily());
    assertEquals("bernoulli", binomial.getFamily());
    RvmModel a = binomial.fit(ripley);
    RvmModel b = new RvmEstimator().setFamily("bernoulli").setGamma(GAMMA).setMaxIter(10).fit(ripley);
    assertEquals(2, a.numClasses());
    assertArrayEquals(b.weights().toArray(), a.weights().toArray(), 0.0);
    assertArrayEquals(column(b.transform(ripley), "probability"), column(a.transform(ripley), "probability"), 0.0);
  }

  @Test
  void twoThresholdsActAsTheThresholdTheyImply() {
    // predict 1 when P(1)/t1 > P(0)/t0, i.e. when P(1) > t1/(t0 + t1): Spark's rule
    Dataset<Row> ripley = SparkTestSession.frame(TestData.ripley("tr"), 2);
    RvmModel model = new RvmEstimator().setFamily("bernoulli").setGamma(GAMMA).setMaxIter(10).fit(ripley);
    double[] byThreshold = column(model.setThreshold(0.7).transform(ripley), "prediction");
    double[] byThresholds = column(model.setThresholds(new double[] {0.3, 0.7}).transform(ripley), "prediction");
    assertArrayEquals(byThreshold, byThresholds, 0.0);
    assertTrue(Arrays.stream(byThreshold).sum() > 0 && Arrays.stream(byThreshold).sum() < byThreshold.length);
    assertEquals(2, (int) (Integer) ((org.apache.spark.ml.attribute.NominalAttribute)
        org.apache.spark.ml.attribute.Attribute.fromStructField(model.transform(ripley).schema().apply("prediction")))
        .getNumValues().get());
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> model.setThresholds(new double[] {0.2, 0.3, 0.5}).transform(ripley));
    assertTrue(e.getMessage().contains("thresholds holds 3 values, but the model has 2 classes"), e.getMessage());
  }
}
