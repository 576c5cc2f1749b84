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
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
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

/** {@link RvmRegressor} as a Spark regressor, checked as Spark checks its own ({@link StageChecks}). */
class RvmRegressorTest {

  /** Tipping's noisy sinc, 60 rows, with an id and a weight of 1, 2 or 3. */
  static Dataset<Row> sinc;

  @BeforeAll
  static void data() {
    sinc = SparkTestSession.frame(TestData.noisySinc(60, 0.1, 11), 2).withColumn("id", monotonically_increasing_id())
        .withColumn("weight", col("id").mod(3).plus(1.0)).cache();
  }

  private static RvmRegressor regressor() {
    return new RvmRegressor().setGamma(0.25).setStandardization(false);
  }

  @Test
  void aGaussianFitIsTheEstimatorsWithItsVarianceAndSummary() {
    RvmRegressionModel model = regressor().fit(sinc);
    RvmModel generic = new RvmEstimator().setGamma(0.25).setStandardization(false).fit(sinc);
    assertEquals("gaussian", model.getFamily());
    assertEquals(1, model.numFeatures());
    assertArrayEquals(generic.weights().toArray(), model.weights().toArray(), 1e-9);
    assertEquals(generic.fittedNoisePrecision(), model.fittedNoisePrecision(), 1e-9);
    for (Row r : model.transform(sinc).select("features", "prediction", "variance").collectAsList()) {
      Vector x = r.getAs(0);
      assertEquals(generic.predict(x), model.predict(x), 1e-12);
      assertEquals(model.predict(x), r.getDouble(1), 1e-12);
      assertEquals(generic.predictVariance(x), model.predictVariance(x), 1e-12);
      assertEquals(model.predictVariance(x), r.getDouble(2), 1e-12);
    }
    assertTrue(model.hasSummary());
    RvmTrainingSummary summary = model.summary();
    assertArrayEquals(summary.logMarginalLikelihood(), summary.objectiveHistory(), 0.0);
    assertEquals(summary.iterations(), summary.totalIterations());
    assertEquals(60, summary.numRows());
  }

  /**
   * Kernels narrow enough that the basis functions all but interpolate the targets (diabetes, 294 of its 442 rows
   * drawn with seed 1, standardised by the fit; γ = 0.8 is 8 / features, and at γ = 100 each basis function is
   * nonzero at its own row alone) drive the residual towards 0. Before, the re-estimated β ran off to infinity (γ =
   * 0.8) or an add came at α = 0 (γ = 100), and the fit failed with "non-finite values". Now β stops at 10⁶ / var(t),
   * Tipping's SparseBayes' ceiling, and an add at α = 0 is refused: the fit ends with finite weights.
   */
  @Test
  void kernelsThatInterpolateTheTargetsStillFit() {
    io.github.sparkrvm.datasets.Table diabetes = io.github.sparkrvm.datasets.Datasets.diabetes();
    java.util.List<Integer> order = new java.util.ArrayList<>(java.util.stream.IntStream.range(0, diabetes.size())
        .boxed().toList());
    java.util.Collections.shuffle(order, new java.util.Random(1));
    TestData.Table rows = new TestData.Table(order.stream().limit(294).map(i -> diabetes.x()[i])
        .toArray(double[][]::new), order.stream().limit(294).mapToDouble(i -> diabetes.t()[i]).toArray());
    Dataset<Row> train = SparkTestSession.frame(rows, 2);
    double variance = java.util.Arrays.stream(rows.t()).map(t -> t * t).average().orElseThrow()
        - Math.pow(java.util.Arrays.stream(rows.t()).average().orElseThrow(), 2);
    for (double gamma : new double[] {0.8, 100.0}) {
      RvmRegressionModel model = new RvmRegressor().setGamma(gamma).setCalibrateVariance(false).fit(train);
      assertTrue(java.util.Arrays.stream(model.weights().toArray()).allMatch(Double::isFinite), "gamma " + gamma);
      assertTrue(model.fittedNoisePrecision() <= 1e6 / variance * (1 + 1e-9),
          "gamma " + gamma + ": beta " + model.fittedNoisePrecision() + ", ceiling " + 1e6 / variance);
    }
  }

  @Test
  void familyPoissonFitsCounts() {
    Dataset<Row> counts = SparkTestSession.frame(CountData.logLinear(80, new double[] {0.5, 1.0}, 5), 2);
    RvmRegressionModel model = new RvmRegressor().setFamily("poisson").setKernel("linear").fit(counts);
    RvmModel generic = new RvmEstimator().setFamily("poisson").setKernel("linear").fit(counts);
    assertEquals("poisson", model.getFamily());
    for (Row r : counts.select("features").limit(10).collectAsList()) {
      Vector x = r.getAs(0);
      assertEquals(generic.predict(x), model.predict(x), 1e-12);
      assertEquals(generic.predictVariance(x), model.predictVariance(x), 1e-12);
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new RvmRegressor().setFamily("bernoulli"));
    assertTrue(e.getMessage().contains("family"), e.getMessage());
  }

  @Test
  void paramsCopyAndUidsAreSparks() throws Exception {
    RvmRegressor regressor = regressor();
    StageChecks.checkParams(regressor);
    RvmRegressionModel model = regressor.fit(sinc);
    StageChecks.checkParams(model);
    StageChecks.checkCopyAndUids(regressor, model);
    assertEquals("rvmr_fixed", new RvmRegressor("rvmr_fixed").labelCol().parent());
    assertTrue(model.copy(ParamMap.empty()).hasSummary());
  }

  @Test
  void labelsAndWeightsOfEveryNumericTypeGiveTheSameModel() {
    StageChecks.checkNumericTypes(sinc.withColumn("label", col("label").multiply(100.0).cast("int")),
        data -> regressor().setWeightCol("weight").fit(data),
        (expected, actual) -> {
          assertArrayEquals(expected.weights().toArray(), actual.weights().toArray(), 0.0);
          assertEquals(expected.fittedNoisePrecision(), actual.fittedNoisePrecision(), 0.0);
        });
  }

  @Test
  void everyParamAndThePredictionsSurviveSaveAndLoad(@TempDir Path dir) throws Exception {
    RvmRegressor regressor = regressor().setMaxBasis(30).setVarianceCol("");
    StageChecks.checkParamsSurviveSaveLoad(regressor, dir, RvmRegressor::load);
    RvmRegressionModel model = regressor.fit(sinc).setFeatureNames("x");
    RvmRegressionModel loaded = StageChecks.checkParamsSurviveSaveLoad(model, dir, RvmRegressionModel::load);
    RvmModel generic = RvmModel.load(dir.resolve(model.uid()).toString());
    for (Row r : sinc.select("features").collectAsList()) {
      Vector x = r.getAs(0);
      assertEquals(model.predict(x), loaded.predict(x), 1e-12);
      assertEquals(model.predictVariance(x), generic.predictVariance(x), 1e-12);
    }
    PipelineModel pipeline = new Pipeline().setStages(new PipelineStage[] {regressor()}).fit(sinc);
    pipeline.write().save(dir.resolve("pipeline").toString());
    PipelineModel again = PipelineModel.load(dir.resolve("pipeline").toString());
    assertTrue(again.stages()[0] instanceof RvmRegressionModel);
    assertEquals(pipeline.transform(sinc).select("prediction", "variance").collectAsList(),
        again.transform(sinc).select("prediction", "variance").collectAsList());
  }

  @Test
  void aStreamingDataFrameIsScoredAsTheBatchOneByRowsAndByBlocks(@TempDir Path dir) throws Exception {
    RvmRegressionModel model = regressor().fit(sinc);
    StageChecks.checkStreamingTransform(model, sinc, dir.resolve("rows"), "prediction", "variance");
    model.rvmCore().setRowScoringLimit(0);
    assertEquals(ScoringPath.BLOCKS, model.rvmCore().scoringPath());
    StageChecks.checkStreamingTransform(model, sinc, dir.resolve("blocks"), "prediction", "variance");
  }

  @Test
  void crossValidatorSelectsAndRefitsOverIt() {
    RvmRegressor regressor = regressor();
    ParamMap[] grid = new ParamGridBuilder().addGrid(regressor.gamma(), new double[] {0.25, 4.0}).build();
    CrossValidatorModel cv = new CrossValidator().setEstimator(regressor).setEstimatorParamMaps(grid)
        .setEvaluator(new RegressionEvaluator()).setNumFolds(2).setSeed(7L).fit(sinc);
    // rmse: smaller is better
    int best = cv.avgMetrics()[0] <= cv.avgMetrics()[1] ? 0 : 1;
    RvmRegressionModel chosen = (RvmRegressionModel) cv.bestModel();
    RvmRegressionModel refit = regressor.fit(sinc, grid[best]);
    assertEquals(refit.getGamma(), chosen.getGamma(), 0.0);
    assertArrayEquals(refit.weights().toArray(), chosen.weights().toArray(), 0.0);
  }
}
