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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.attribute.NominalAttribute;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.feature.StringIndexer;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Family multinomial on Spark: both strategies' outputs, per-class parts, evaluators, persistence, partitions. */
class MultinomialClassifierTest {

  static Dataset<Row> train;
  static Dataset<Row> test;
  static RvmModel softmax;
  static RvmModel ovr;

  static RvmEstimator estimator(String strategy) {
    return new RvmEstimator().setFamily("multinomial").setMultiClassStrategy(strategy).setGamma(0.5)
        .setStandardization(false).setParallelism(3);
  }

  @BeforeAll
  static void fit() {
    train = SparkTestSession.frame(TestData.blobs(30, 3, 0.8, 5), 2).cache();
    test = SparkTestSession.frame(TestData.blobs(100, 3, 0.8, 6), 2).cache();
    softmax = estimator("softmax").fit(train);
    ovr = estimator("ovr").fit(train);
  }

  private static int argmax(double[] v) {
    int best = 0;
    for (int i = 1; i < v.length; i++) {
      if (v[i] > v[best]) {
        best = i;
      }
    }
    return best;
  }

  @Test
  void bothStrategiesWriteKProbabilitiesAndPredictTheMostProbableClass() {
    for (RvmModel model : new RvmModel[] {softmax, ovr}) {
      for (String method : new String[] {"map", "moderated"}) {
        model.setProbabilityMethod(method);
        checkOutputs(model, model == softmax, "map".equals(method));
      }
    }
  }

  private static void checkOutputs(RvmModel model, boolean isSoftmax, boolean map) {
    assertEquals(3, model.numClasses());
    List<Row> rows = model.transform(test).select("features", "prediction", "probability", "rawPrediction")
        .collectAsList();
    for (Row r : rows) {
      double[] p = ((Vector) r.getAs(2)).toArray();
      double[] raw = ((Vector) r.getAs(3)).toArray();
      assertEquals(3, p.length);
      assertEquals(3, raw.length);
      assertEquals(1.0, Arrays.stream(p).sum(), 1e-12);
      assertEquals(argmax(p), r.getDouble(1), 0.0);
      // softmax: raw = the latent means, P = softmax(raw) at the mode (map); one-vs-rest: raw = each class' (moderated)
      // logit against the rest, P ∝ σ(raw)
      if (!isSoftmax || map) {
        double[] expected = new double[3];
        for (int k = 0; k < 3; k++) {
          expected[k] = isSoftmax ? Math.exp(raw[k]) : 1.0 / (1.0 + Math.exp(-raw[k]));
        }
        double sum = Arrays.stream(expected).sum();
        for (int k = 0; k < 3; k++) {
          assertEquals(expected[k] / sum, p[k], 1e-12);
        }
      }
      Vector x = r.getAs(0);
      assertArrayEquals(p, model.predictProbabilities(x).toArray(), 1e-15);
      assertEquals(r.getDouble(1), model.predict(x), 0.0);
    }
  }

  @Test
  void aboveTheRowScoringLimitTheClassesScoreInBlocksToTheRowValues() {
    for (RvmModel fitted : new RvmModel[] {softmax, ovr}) {
      // the joint Σ's order: every class' kept basis functions
      int k = fitted.jointCovariance().numRows();
      assertEquals(k, fitted.scoredBasisFunctions());
      assertEquals(ScoringPath.ROWS, fitted.scoringPath());
      RvmModel model = fitted.copy(new org.apache.spark.ml.param.ParamMap()).setRowScoringLimit(k - 1);
      assertEquals(ScoringPath.BLOCKS, model.scoringPath());
      Dataset<Row> scored = model.transform(test);
      String plan = scored.queryExecution().optimizedPlan().toString();
      assertEquals(1, plan.split("MapPartitions ", -1).length - 1, plan);
      List<Row> rows = scored.select("features", "probability", "prediction").collectAsList();
      assertEquals(300, rows.size());
      for (Row r : rows) {
        Vector x = r.getAs(0);
        assertArrayEquals(fitted.predictProbabilities(x).toArray(), ((Vector) r.getAs(1)).toArray(), 1e-12);
        assertEquals(fitted.predict(x), r.getDouble(2), 0.0);
      }
    }
  }

  @Test
  void evaluatorReadsAccuracyAndLogLossFromTheOutput() {
    for (RvmModel model : new RvmModel[] {softmax, ovr}) {
      Dataset<Row> out = model.transform(test);
      int correct = 0;
      double logLoss = 0.0;
      List<Row> rows = out.select("label", "prediction", "probability").collectAsList();
      for (Row r : rows) {
        correct += r.getDouble(0) == r.getDouble(1) ? 1 : 0;
        logLoss -= Math.log(Math.max(((Vector) r.getAs(2)).apply((int) r.getDouble(0)), 1e-15));
      }
      double accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy").evaluate(out);
      assertEquals((double) correct / rows.size(), accuracy, 1e-12);
      assertEquals(logLoss / rows.size(),
          new MulticlassClassificationEvaluator().setMetricName("logLoss").evaluate(out), 1e-9);
      // 90 training rows; the Bayes error of these blobs is about 2%
      assertTrue(accuracy >= 0.93, model.getMultiClassStrategy() + " accuracy " + accuracy);
      assertTrue(logLoss / rows.size() < 0.3, model.getMultiClassStrategy() + " log loss " + logLoss / rows.size());
    }
  }

  @Test
  void perClassPartsReproduceTheModeratedSoftmax() {
    // class k's basis: its bias (when kept), then exp(−γ‖x − c‖²) on each of its relevance vectors; the joint
    // covariance holds class 0's weights, then class 1's, …
    Vector x = Vectors.dense(0.3, -1.2);
    List<double[]> phi = new ArrayList<>();
    double[] mean = new double[3];
    for (int k = 0; k < 3; k++) {
      Matrix centres = softmax.classRelevanceVectors(k);
      int offset = softmax.classHasIntercept(k) ? 1 : 0;
      double[] f = new double[offset + centres.numRows()];
      if (offset == 1) {
        f[0] = 1.0;
      }
      for (int i = 0; i < centres.numRows(); i++) {
        double d2 = Math.pow(x.apply(0) - centres.apply(i, 0), 2) + Math.pow(x.apply(1) - centres.apply(i, 1), 2);
        f[offset + i] = Math.exp(-0.5 * d2);
      }
      mean[k] = softmax.classIntercept(k);
      for (int i = 0; i < centres.numRows(); i++) {
        mean[k] += softmax.classWeights(k).apply(i) * f[offset + i];
      }
      assertEquals(f.length, softmax.classCovariance(k).numRows());
      phi.add(f);
    }
    Matrix joint = softmax.jointCovariance();
    double[][] s = new double[3][3];
    int rowStart = 0;
    for (int k = 0; k < 3; k++) {
      int colStart = 0;
      for (int j = 0; j < 3; j++) {
        for (int a = 0; a < phi.get(k).length; a++) {
          for (int b = 0; b < phi.get(j).length; b++) {
            s[k][j] += phi.get(k)[a] * joint.apply(rowStart + a, colStart + b) * phi.get(j)[b];
          }
        }
        colStart += phi.get(j).length;
      }
      rowStart += phi.get(k).length;
    }
    // the diagonal blocks of the joint covariance are the per-class covariances
    assertArrayEquals(softmax.classCovariance(1).toArray(), block(joint, phi.get(0).length, phi.get(1).length), 0.0);
    // mean-field moderated softmax: P(k) ∝ 1 / Σ_j exp(−(μ_k − μ_j)/√(1 + π Var(u_k − u_j)/8))
    double[] p = new double[3];
    for (int k = 0; k < 3; k++) {
      double sum = 0.0;
      for (int j = 0; j < 3; j++) {
        double v = s[k][k] + s[j][j] - 2 * s[k][j];
        sum += Math.exp(-(mean[k] - mean[j]) / Math.sqrt(1.0 + Math.PI * v / 8.0));
      }
      p[k] = 1.0 / sum;
    }
    double total = Arrays.stream(p).sum();
    double[] probabilities = softmax.predictProbabilities(x).toArray();
    for (int k = 0; k < 3; k++) {
      assertEquals(p[k] / total, probabilities[k], 1e-12);
    }
    // the model's relevance vectors are the union of the classes'; some is kept for one class and not another
    int pairs = 0;
    for (int k = 0; k < 3; k++) {
      pairs += softmax.classRelevanceIndices(k).length;
    }
    System.out.printf("blobs softmax: %d relevance vectors, %d (class, vector) pairs; ovr: %d relevance vectors%n",
        softmax.numRelevanceVectors(), pairs, ovr.numRelevanceVectors());
    assertTrue(pairs < 3 * softmax.numRelevanceVectors(), "class-specific relevance vectors");
    assertTrue(softmax.numRelevanceVectors() <= 12, softmax.numRelevanceVectors() + " relevance vectors");
    assertThrows(IllegalStateException.class, softmax::weights);
    assertThrows(IllegalStateException.class, () -> softmax.predictProbability(x));
    assertThrows(IllegalArgumentException.class, () -> softmax.classWeights(3));
  }

  /** The n × n block of m starting at (from, from), column-major. */
  private static double[] block(Matrix m, int from, int n) {
    double[] out = new double[n * n];
    for (int j = 0; j < n; j++) {
      for (int i = 0; i < n; i++) {
        out[j * n + i] = m.apply(from + i, from + j);
      }
    }
    return out;
  }

  private static List<Row> outputs(Dataset<Row> data) {
    return data.select("prediction", "probability", "rawPrediction").collectAsList();
  }

  @Test
  void saveLoadAndPipelineRoundTripsPredictTheSame(@TempDir Path dir) throws IOException {
    for (RvmModel model : new RvmModel[] {softmax, ovr}) {
      String path = dir.resolve(model.getMultiClassStrategy()).toString();
      model.write().save(path);
      RvmModel loaded = RvmModel.load(path);
      assertEquals(model.extractParamMap().toString(), loaded.extractParamMap().toString());
      assertEquals(3, loaded.numClasses());
      assertEquals(outputs(model.transform(test)), outputs(loaded.transform(test)));
      for (int k = 0; k < 3; k++) {
        assertArrayEquals(model.classAlphas(k).toArray(), loaded.classAlphas(k).toArray(), 0.0);
      }
      assertArrayEquals(model.jointCovariance().toArray(), loaded.jointCovariance().toArray(), 0.0);
    }

    // string labels through StringIndexer (which declares the classes in the label's metadata) and VectorAssembler
    Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {
        new StringIndexer().setInputCol("colour").setOutputCol("label"),
        new VectorAssembler().setInputCols(new String[] {"x", "y"}).setOutputCol("features"),
        estimator("softmax")});
    PipelineModel fitted = pipeline.fit(named(TestData.blobs(30, 3, 0.8, 5)));
    String path = dir.resolve("pipeline").toString();
    fitted.write().save(path);
    PipelineModel loaded = PipelineModel.load(path);
    assertInstanceOf(RvmModel.class, loaded.stages()[2]);
    Dataset<Row> named = named(TestData.blobs(50, 3, 0.8, 6));
    assertEquals(outputs(fitted.transform(named)), outputs(loaded.transform(named)));
    double accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy")
        .evaluate(loaded.transform(named));
    assertTrue(accuracy >= 0.93, "accuracy " + accuracy);
  }

  /** Columns x, y and a string label per class. */
  private static Dataset<Row> named(TestData.Table table) {
    String[] names = {"red", "green", "blue"};
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < table.size(); i++) {
      rows.add(RowFactory.create(table.x()[i][0], table.x()[i][1], names[(int) table.t()[i]]));
    }
    StructType schema = new StructType().add("x", DataTypes.DoubleType).add("y", DataTypes.DoubleType)
        .add("colour", DataTypes.StringType);
    return SparkTestSession.get().createDataFrame(rows, schema);
  }

  @Test
  void onePartitionAndEightPartitionsGiveTheSameModel() {
    // every step over the cluster on 1 and on 8 partitions (maxDriverDesignSizeInMB 0), and on the driver after one
    // pass that collects the rows to expand on the driver (the default at this size)
    TestData.Table blobs = TestData.blobs(30, 3, 0.8, 5);
    RvmModel one = estimator("softmax").setMaxDriverDesignSizeInMB(0).fit(SparkTestSession.frame(blobs, 1));
    for (RvmEstimator other : List.of(estimator("softmax").setMaxDriverDesignSizeInMB(0), estimator("softmax"))) {
      RvmModel eight = other.fit(SparkTestSession.frame(blobs, 8));
      assertTrue(one.summary().converged() && eight.summary().converged());
      assertSameModel(one, eight, 1e-8);
      // Σ to 1e-6 only: a shift common to every class' bias is not seen by the data, its prior variance (~1e6)
      // dominates Σ, and the precision's condition number (~1e9) amplifies the rounding of the summation order
      assertClose(one.jointCovariance().toArray(), eight.jointCovariance().toArray(), 1e-6);
    }

    // one-vs-rest over the linear basis (its RBF fits make ~1000 passes, slow over 8 partitions)
    RvmModel ovrOne = estimator("ovr").setKernel("linear").setMaxDriverDesignSizeInMB(0)
        .fit(SparkTestSession.frame(blobs, 1));
    for (RvmEstimator other : List.of(estimator("ovr").setKernel("linear").setMaxDriverDesignSizeInMB(0),
        estimator("ovr").setKernel("linear"))) {
      RvmModel ovrEight = other.fit(SparkTestSession.frame(blobs, 8));
      assertTrue(ovrOne.summary().converged() && ovrEight.summary().converged());
      assertSameModel(ovrOne, ovrEight, 1e-8);
      assertArrayEquals(ovrOne.jointCovariance().toArray(), ovrEight.jointCovariance().toArray(), 1e-8);
    }
  }

  private static void assertSameModel(RvmModel one, RvmModel eight, double tol) {
    assertArrayEquals(one.relevanceVectors().toArray(), eight.relevanceVectors().toArray(), 0.0);
    for (int k = 0; k < 3; k++) {
      assertArrayEquals(one.classRelevanceIndices(k), eight.classRelevanceIndices(k));
      double[] w = one.classWeights(k).toArray();
      double scale = Math.max(Math.abs(one.classIntercept(k)), Arrays.stream(w).map(Math::abs).max().orElse(0.0));
      assertArrayEquals(w, eight.classWeights(k).toArray(), tol * Math.max(1.0, scale));
      assertEquals(one.classIntercept(k), eight.classIntercept(k), tol * Math.max(1.0, scale));
      assertClose(one.classAlphas(k).toArray(), eight.classAlphas(k).toArray(), tol);
    }
    for (Row r : test.select("features").collectAsList()) {
      assertArrayEquals(one.predictProbabilities(r.getAs(0)).toArray(),
          eight.predictProbabilities(r.getAs(0)).toArray(), tol);
    }
  }

  /** Equal to a relative tolerance, entry by entry (α spans many orders of magnitude). */
  private static void assertClose(double[] a, double[] b, double tol) {
    assertEquals(a.length, b.length);
    for (int i = 0; i < a.length; i++) {
      assertEquals(a[i], b[i], tol * Math.max(1.0, Math.abs(a[i])), "entry " + i);
    }
  }

  @Test
  void thresholdsPickTheClassOfLargestProbabilityOverThreshold() {
    double[] thresholds = {0.2, 0.5, 0.3};
    for (RvmModel model : new RvmModel[] {softmax, ovr}) {
      RvmModel thresholded = model.copy(new org.apache.spark.ml.param.ParamMap()).setThresholds(thresholds);
      List<Row> rows = thresholded.transform(test).select("probability", "prediction", "features").collectAsList();
      int changed = 0;
      for (Row r : rows) {
        double[] p = ((Vector) r.getAs(0)).toArray();
        double[] scaled = new double[p.length];
        for (int k = 0; k < p.length; k++) {
          scaled[k] = p[k] / thresholds[k];
        }
        assertEquals(argmax(scaled), r.getDouble(1), 0.0, Arrays.toString(p));
        assertEquals(r.getDouble(1), thresholded.predict(r.getAs(2)), 0.0);
        changed += argmax(scaled) != argmax(p) ? 1 : 0;
      }
      assertTrue(changed > 0, "thresholds this uneven move some predictions");
      // one threshold per class, or a clear error
      RvmModel wrong = model.copy(new org.apache.spark.ml.param.ParamMap()).setThresholds(new double[] {0.5, 0.5});
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> wrong.transform(test));
      assertTrue(e.getMessage().contains("thresholds holds 2 values, but the model has 3 classes"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> softmax.setThresholds(new double[] {0.0, 0.0, 1.0}));
    assertThrows(IllegalArgumentException.class, () -> softmax.setThresholds(new double[] {-0.1, 0.5, 1.0}));
  }

  @Test
  void theOutputColumnsCarryTheNumberOfClasses() {
    for (RvmModel model : new RvmModel[] {softmax, ovr}) {
      Dataset<Row> scored = model.transform(test);
      org.apache.spark.ml.attribute.Attribute prediction =
          org.apache.spark.ml.attribute.Attribute.fromStructField(scored.schema().apply("prediction"));
      assertTrue(prediction instanceof NominalAttribute, prediction.toString());
      assertEquals(3, (int) (Integer) ((NominalAttribute) prediction).getNumValues().get());
      for (String column : new String[] {"probability", "rawPrediction"}) {
        assertEquals(3, org.apache.spark.ml.attribute.AttributeGroup.fromStructField(scored.schema().apply(column))
            .size(), column);
      }
      org.apache.spark.sql.types.StructType expected = model.transformSchema(test.schema());
      for (String column : new String[] {"prediction", "probability", "rawPrediction"}) {
        assertEquals(expected.apply(column).metadata(), scored.schema().apply(column).metadata(), column);
      }
    }
  }

  @Test
  void labelMetadataDeclaresTheNumberOfClasses() {
    // labels 0, 1, 2 in a column whose ML attribute declares 5 classes: the model has 5, two of them never seen
    Dataset<Row> data = train.withColumn("label", train.col("label").as("label",
        NominalAttribute.defaultAttr().withNumValues(5).toMetadata()));
    RvmModel model = estimator("softmax").fit(data);
    assertEquals(5, model.numClasses());
    for (Row r : model.transform(test).select("probability", "prediction").collectAsList()) {
      double[] p = ((Vector) r.getAs(0)).toArray();
      assertEquals(5, p.length);
      assertTrue(r.getDouble(1) < 3.0, Arrays.toString(p));
    }
    // at the posterior mode the unseen classes are improbable (though not far from the data, where every class'
    // score falls to its bias); the moderated output is less sure of them, since only the prior bounds how far
    // below the others their biases lie
    model.setProbabilityMethod("map");
    double unseen = 0.0;
    List<Row> rows = model.transform(test).select("probability").collectAsList();
    for (Row r : rows) {
      double[] p = ((Vector) r.getAs(0)).toArray();
      assertEquals(p[3], p[4], 1e-12, "the two unseen classes are alike");
      unseen += p[3] / rows.size();
    }
    assertTrue(unseen < 0.1, "mean probability of an unseen class " + unseen);
    // the model says so in its training summary: one warning per declared class without rows
    List<String> warnings = model.summary().warnings();
    assertEquals(2, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("no rows of class 3 of the 5") && warnings.get(1).contains("class 4"),
        warnings.toString());
  }
}
