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
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.classification.BinaryLogisticRegressionTrainingSummary;
import org.apache.spark.ml.classification.LogisticRegressionTrainingSummary;
import org.apache.spark.ml.classification.OneVsRest;
import org.apache.spark.ml.classification.OneVsRestModel;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.ml.tuning.ParamGridBuilder;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RvmClassifier} as a Spark classifier, checked as Spark checks its own ({@link StageChecks}). */
class RvmClassifierTest {

  /** Every fifth row of Ripley's training set (50 rows), with an id and a weight of 1, 2 or 3. */
  static Dataset<Row> ripley;
  /** Three Gaussian blobs, 10 rows each. */
  static Dataset<Row> blobs;

  @BeforeAll
  static void data() {
    TestData.Table all = TestData.ripley("tr");
    int n = (all.size() + 4) / 5;
    double[][] x = new double[n][];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = all.x()[5 * i];
      t[i] = all.t()[5 * i];
    }
    ripley = SparkTestSession.frame(new TestData.Table(x, t), 2).withColumn("id", monotonically_increasing_id())
        .withColumn("weight", col("id").mod(3).plus(1.0)).cache();
    blobs = SparkTestSession.frame(TestData.blobs(10, 3, 0.9, 3), 2).withColumn("id", monotonically_increasing_id())
        .cache();
  }

  private static RvmClassifier binary() {
    return new RvmClassifier().setGamma(4.0).setStandardization(false);
  }

  private static void assertSameFit(HasRelevanceVectors expected, HasRelevanceVectors actual) {
    assertEquals(expected.getFamily(), actual.getFamily());
    assertArrayEquals(expected.relevanceVectors().toArray(), actual.relevanceVectors().toArray(), 1e-12);
    assertArrayEquals(expected.weights().toArray(), actual.weights().toArray(), 1e-9);
    assertEquals(expected.intercept(), actual.intercept(), 1e-9);
  }

  @Test
  void aBinaryFitIsTheEstimatorsBernoulliFitWithSparksColumnsAndSummary() {
    RvmClassificationModel model = binary().fit(ripley);
    RvmModel generic = new RvmEstimator().setFamily("bernoulli").setGamma(4.0).setStandardization(false).fit(ripley);
    assertEquals("bernoulli", model.getFamily(), "family auto resolves to bernoulli for 2 classes");
    assertEquals("bernoulli", model.getOrDefault(model.family()));
    assertEquals(2, model.numClasses());
    assertEquals(2, model.numFeatures());
    assertSameFit(generic, model);

    List<Row> rows = model.transform(ripley).select("features", "rawPrediction", "probability", "prediction")
        .collectAsList();
    for (Row r : rows) {
      Vector x = r.getAs(0);
      assertArrayEquals(generic.predictProbabilities(x).toArray(), ((Vector) r.getAs(2)).toArray(), 1e-12);
      assertArrayEquals(model.predictRaw(x).toArray(), ((Vector) r.getAs(1)).toArray(), 1e-12);
      assertArrayEquals(model.predictProbability(x).toArray(), ((Vector) r.getAs(2)).toArray(), 1e-12);
      // binary: the probabilities are a function of the raw scores, as Spark's raw2probability assumes
      assertArrayEquals(model.raw2probability(model.predictRaw(x)).toArray(), ((Vector) r.getAs(2)).toArray(),
          1e-12);
      assertEquals(generic.predict(x), model.predict(x), 0.0);
      assertEquals(model.predict(x), (double) r.getAs(3), 0.0);
    }

    // Spark's training summary, as LogisticRegression's
    assertTrue(model.hasSummary());
    BinaryLogisticRegressionTrainingSummary summary = model.binarySummary();
    assertArrayEquals(model.rvmSummary().logMarginalLikelihood(), summary.objectiveHistory(), 0.0);
    assertEquals(model.rvmSummary().iterations(), summary.totalIterations());
    Dataset<Row> scored = model.transform(ripley);
    assertEquals(new BinaryClassificationEvaluator().evaluate(scored), summary.areaUnderROC(), 1e-12);
    assertEquals(new MulticlassClassificationEvaluator().setMetricName("accuracy").evaluate(scored),
        summary.accuracy(), 1e-12);
    assertTrue(summary.areaUnderROC() > 0.9, "area under ROC " + summary.areaUnderROC());
    List<Row> roc = summary.roc().collectAsList();
    assertEquals(0.0, roc.get(0).getDouble(0), 0.0);
    assertEquals(1.0, roc.get(roc.size() - 1).getDouble(1), 0.0);
  }

  @Test
  void theSummaryIsSavedAndLoadedAsSparkConnectsModelCacheDoes(@TempDir Path dir) throws Exception {
    RvmClassificationModel model = binary().fit(ripley);
    model.saveSummary(dir.resolve("summary").toString());
    model.write().save(dir.resolve("model").toString());
    RvmClassificationModel loaded = RvmClassificationModel.load(dir.resolve("model").toString());
    assertFalse(loaded.hasSummary());
    loaded.loadSummary(dir.resolve("summary").toString(), ripley);
    assertEquals(model.binarySummary().areaUnderROC(), loaded.binarySummary().areaUnderROC(), 1e-12);
    assertArrayEquals(model.summary().objectiveHistory(), loaded.summary().objectiveHistory(), 0.0);
    assertEquals(model.summary().totalIterations(), loaded.summary().totalIterations());
  }

  @Test
  void autoChoosesMultinomialForThreeClassesAsTheEstimatorFitsIt() {
    RvmClassificationModel model = new RvmClassifier().setGamma(0.5).fit(blobs);
    RvmModel generic = new RvmEstimator().setFamily("multinomial").setGamma(0.5).fit(blobs);
    assertEquals("multinomial", model.getFamily());
    assertEquals(3, model.numClasses());
    for (int k = 0; k < 3; k++) {
      assertArrayEquals(generic.classWeights(k).toArray(), model.classWeights(k).toArray(), 1e-9);
    }
    for (Row r : blobs.select("features").collectAsList()) {
      Vector x = r.getAs(0);
      assertArrayEquals(generic.predictProbabilities(x).toArray(), model.predictProbability(x).toArray(), 1e-12);
      assertEquals(generic.predict(x), model.predict(x), 0.0);
    }
    LogisticRegressionTrainingSummary summary = model.summary();
    assertFalse(summary instanceof BinaryLogisticRegressionTrainingSummary);
    assertEquals(new MulticlassClassificationEvaluator().setMetricName("accuracy").evaluate(model.transform(blobs)),
        summary.accuracy(), 1e-12);
    assertThrows(UnsupportedOperationException.class, model::binarySummary);
    // a family set explicitly is kept
    assertEquals("bernoulli", binary().setFamily("binomial").fit(ripley).getFamily());
  }

  @Test
  void paramsCopyAndUidsAreSparks() throws Exception {
    RvmClassifier classifier = binary();
    StageChecks.checkParams(classifier);
    RvmClassificationModel model = classifier.fit(ripley);
    StageChecks.checkParams(model);
    StageChecks.checkCopyAndUids(classifier, model);
    assertEquals("rvmc_fixed", new RvmClassifier("rvmc_fixed").uid());
    assertEquals("rvmc_fixed", new RvmClassifier("rvmc_fixed").featuresCol().parent());
    RvmClassificationModel copy = model.copy(new ParamMap().put(model.thresholds(), new double[] {0.3, 0.7}));
    assertTrue(copy.hasSummary(), "a copy keeps the training summary, as Spark's models");
    assertFalse(model.isSet(model.thresholds()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> model.copy(new ParamMap().put(model.gamma(), 1.0)));
    assertTrue(e.getMessage().contains("gamma"), e.getMessage());
  }

  @Test
  void labelsAndWeightsOfEveryNumericTypeGiveTheSameModel() {
    StageChecks.checkNumericTypes(ripley,
        data -> binary().setMaxIter(30).setWeightCol("weight").fit(data),
        (expected, actual) -> {
          assertArrayEquals(expected.weights().toArray(), actual.weights().toArray(), 0.0);
          assertArrayEquals(expected.alphas().toArray(), actual.alphas().toArray(), 0.0);
        });
  }

  @Test
  void everyParamAndThePredictionsSurviveSaveAndLoad(@TempDir Path dir) throws Exception {
    RvmClassifier classifier = binary().setMaxBasis(40).setThresholds(new double[] {0.4, 0.6})
        .setProbabilityMethod("map");
    StageChecks.checkParamsSurviveSaveLoad(classifier, dir, RvmClassifier::load);
    RvmClassificationModel model = classifier.fit(ripley).setFeatureNames("x1", "x2");
    RvmClassificationModel loaded = StageChecks.checkParamsSurviveSaveLoad(model, dir, RvmClassificationModel::load);
    RvmModel generic = RvmModel.load(dir.resolve(model.uid()).toString());
    for (Row r : ripley.select("features").collectAsList()) {
      Vector x = r.getAs(0);
      assertArrayEquals(model.predictProbability(x).toArray(), loaded.predictProbability(x).toArray(), 1e-12);
      assertEquals(model.predict(x), loaded.predict(x), 0.0);
      assertArrayEquals(model.predictProbability(x).toArray(), generic.predictProbabilities(x).toArray(), 1e-12);
    }
    // in a pipeline, saved and loaded by Spark's PipelineModel
    PipelineModel pipeline = new Pipeline().setStages(new PipelineStage[] {binary()}).fit(ripley);
    pipeline.write().save(dir.resolve("pipeline").toString());
    PipelineModel again = PipelineModel.load(dir.resolve("pipeline").toString());
    assertTrue(again.stages()[0] instanceof RvmClassificationModel);
    assertEquals(pipeline.transform(ripley).select("probability").collectAsList(),
        again.transform(ripley).select("probability").collectAsList());
  }

  @Test
  void aStreamingDataFrameIsScoredAsTheBatchOneByRowsAndByBlocks(@TempDir Path dir) throws Exception {
    RvmClassificationModel model = binary().fit(ripley);
    String[] columns = {"rawPrediction", "probability", "prediction"};
    StageChecks.checkStreamingTransform(model, ripley, dir.resolve("rows"), columns);
    model.rvmCore().setRowScoringLimit(0);
    assertEquals(ScoringPath.BLOCKS, model.rvmCore().scoringPath());
    StageChecks.checkStreamingTransform(model, ripley, dir.resolve("blocks"), columns);
  }

  @Test
  void crossValidatorSelectsAndRefitsOverIt() {
    RvmClassifier classifier = binary().setMaxIter(50);
    ParamMap[] grid = new ParamGridBuilder().addGrid(classifier.gamma(), new double[] {0.5, 4.0}).build();
    CrossValidatorModel cv = new CrossValidator().setEstimator(classifier).setEstimatorParamMaps(grid)
        .setEvaluator(new BinaryClassificationEvaluator()).setNumFolds(2).setSeed(7L).fit(ripley);
    int best = cv.avgMetrics()[0] >= cv.avgMetrics()[1] ? 0 : 1;
    RvmClassificationModel chosen = (RvmClassificationModel) cv.bestModel();
    // the best model is the classifier refitted on all the rows with the best gamma
    RvmClassificationModel refit = classifier.fit(ripley, grid[best]);
    assertEquals(refit.getGamma(), chosen.getGamma(), 0.0);
    assertArrayEquals(refit.weights().toArray(), chosen.weights().toArray(), 0.0);
  }

  @Test
  void oneVsRestFitsAndPredictsTheDigits() {
    TestData.Table[] parts = TestData.split(TestData.digits(), 0.25, 42);
    Dataset<Row> train = SparkTestSession.frame(parts[0], 2).cache();
    Dataset<Row> test = SparkTestSession.frame(TestData.split(parts[1], 0.25, 43)[0], 2).cache();
    // maxAddsPerStep 1: the binary fits follow the one path of the RVM's own one-vs-rest (with auto, a cold binary
    // fit on the driver follows a second path too, issue 42: OneVsRest's accuracy here is then 0.935, against 0.938 on
    // the one path and the RVM's own one-vs-rest's 0.955)
    RvmClassifier binary = new RvmClassifier().setGamma(0.001).setStandardization(false).setMaxBasis(60)
        .setSeed(3L).setMaxAddsPerStep(1);
    OneVsRestModel ovr = new OneVsRest().setClassifier(binary).fit(train);
    assertEquals(10, ovr.models().length);
    assertTrue(ovr.models()[0] instanceof RvmClassificationModel);
    MulticlassClassificationEvaluator accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy");
    double spark = accuracy.evaluate(ovr.transform(test));
    // the RVM's own one-vs-rest: the same binary fits, class k against the rest
    RvmModel own = new RvmEstimator().setFamily("multinomial").setMultiClassStrategy("ovr").setGamma(0.001)
        .setStandardization(false).setMaxBasis(60).setSeed(3L).fit(train);
    double rvm = accuracy.evaluate(own.transform(test));
    System.out.printf("digits: OneVsRest(RvmClassifier) test accuracy %.4f, RvmEstimator ovr %.4f (%d train, %d "
        + "test rows)%n", spark, rvm, train.count(), test.count());
    assertTrue(spark >= 0.9, "OneVsRest accuracy " + spark);
    assertEquals(rvm, spark, 0.02);
    train.unpersist();
    test.unpersist();
  }

  private static Dataset<Row> withLabel(Dataset<Row> data, double label) {
    return data.withColumn("label", lit(label));
  }
}
