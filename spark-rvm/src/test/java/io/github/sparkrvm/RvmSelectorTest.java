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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.Param;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Feature relevance under the linear kernel, and RvmSelector / RvmSelectorModel as Spark stages. */
class RvmSelectorTest {

  /** 200 rows of 6 features U(−2, 2); t = 3x₁ − 2x₄ + 0.1 N(0, 1). */
  static TestData.Table regression() {
    SplittableRandom random = new SplittableRandom(17);
    double[][] x = new double[200][];
    double[] t = new double[200];
    for (int i = 0; i < 200; i++) {
      x[i] = random.doubles(6, -2, 2).toArray();
      t[i] = 3 * x[i][1] - 2 * x[i][4] + 0.1 * TestData.gaussian(random);
    }
    return new TestData.Table(x, t);
  }

  /** Three blobs whose two informative coordinates sit at positions 2 and 5 of 6; the others are N(0, 1) noise. */
  static TestData.Table blobsWithNoise(int perClass, long seed) {
    TestData.Table blobs = TestData.blobs(perClass, 3, 0.8, seed);
    SplittableRandom random = new SplittableRandom(seed + 100);
    double[][] x = new double[blobs.size()][];
    for (int i = 0; i < x.length; i++) {
      x[i] = new double[6];
      for (int j = 0; j < 6; j++) {
        x[i][j] = TestData.gaussian(random);
      }
      x[i][2] = blobs.x()[i][0];
      x[i][5] = blobs.x()[i][1];
    }
    return new TestData.Table(x, blobs.t());
  }

  static Dataset<Row> regressionFrame;
  static Dataset<Row> blobsFrame;
  static RvmSelectorModel regressionSelector;
  static RvmSelectorModel softmaxSelector;

  @BeforeAll
  static void fit() {
    regressionFrame = SparkTestSession.frame(regression(), 2).cache();
    blobsFrame = SparkTestSession.frame(blobsWithNoise(60, 3), 2).cache();
    regressionSelector = new RvmSelector().setSelectionThreshold(2).setOutputCol("selected").fit(regressionFrame);
    softmaxSelector = new RvmSelector().setFamily("multinomial").setSelectionThreshold(2).setOutputCol("selected")
        .fit(blobsFrame);
  }

  @Test
  void linearKernelRelevanceIsOneOverAlphaOfEachKeptFeature() {
    RvmModel model = new RvmEstimator().setKernel("linear").fit(regressionFrame);
    double[] relevance = model.featureRelevance().toArray();
    int[] kept = model.relevantFeatures();
    double[] alpha = model.alphas().toArray();
    for (int j = 0; j < 6; j++) {
      int at = Arrays.binarySearch(kept, j);
      assertEquals(at >= 0 ? 1.0 / alpha[at] : 0.0, relevance[j], 0.0, "feature " + j);
    }
    // the two features the target depends on carry the weight; on the unit-variance scale |w| ≈ 3·1.15 and 2·1.15
    assertTrue(relevance[1] > 1.0 && relevance[4] > 1.0, Arrays.toString(relevance));
    for (int j : new int[] {0, 2, 3, 5}) {
      assertTrue(relevance[j] < 1e-3 * relevance[4], Arrays.toString(relevance));
    }
    assertArrayEquals(relevance, regressionSelector.featureRelevance().toArray(), 1e-12);
    assertThrows(IllegalStateException.class, () -> PersistenceTestModels.smallRegressor().featureRelevance());
  }

  @Test
  void multinomialRelevanceIsPerClassAndSummed() {
    RvmModel model = new RvmEstimator().setFamily("multinomial").setKernel("linear").fit(blobsFrame);
    double[] total = model.featureRelevance().toArray();
    double[] sum = new double[6];
    for (int k = 0; k < 3; k++) {
      double[] perClass = model.featureRelevance(k).toArray();
      int[] features = model.classRelevantFeatures(k);
      double[] alpha = model.classAlphas(k).toArray();
      for (int i = 0; i < features.length; i++) {
        assertEquals(1.0 / alpha[i], perClass[features[i]], 0.0);
      }
      for (int j = 0; j < 6; j++) {
        sum[j] += perClass[j];
      }
      System.out.printf("blobs with noise, class %d: relevant features %s%n", k, Arrays.toString(features));
    }
    assertArrayEquals(sum, total, 1e-12);
    // the informative coordinates 2 and 5 rank first
    assertArrayEquals(new int[] {2, 5}, softmaxSelector.selectedFeatures());
    assertArrayEquals(total, softmaxSelector.featureRelevance().toArray(), 1e-9);
  }

  @Test
  void numTopFeaturesAndThresholdSelectByRelevance() {
    assertArrayEquals(new int[] {1, 4}, regressionSelector.selectedFeatures());
    // threshold 0 (the default): every feature the RVM kept
    RvmSelectorModel kept = new RvmSelector().setSelectionMode("threshold").fit(regressionFrame);
    double[] relevance = kept.featureRelevance().toArray();
    int[] expected = java.util.stream.IntStream.range(0, 6).filter(j -> relevance[j] > 0).toArray();
    assertArrayEquals(expected, kept.selectedFeatures());
    RvmSelectorModel strict = new RvmSelector().setSelectionMode("threshold").setSelectionThreshold(1.0)
        .fit(regressionFrame);
    assertArrayEquals(new int[] {1, 4}, strict.selectedFeatures());
    // more than there are: all of them, in order; ties go to the lower index
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, RvmSelector.select(relevance, "numTopFeatures", 50));
    assertArrayEquals(new int[] {0, 2}, RvmSelector.select(new double[] {1, 0, 1, 1}, "numTopFeatures", 2));
    assertArrayEquals(new int[] {1, 3}, RvmSelector.select(new double[] {0, 2, 0, 3}, "threshold", 1.0));
  }

  @Test
  void theSolverIsForwardedAndFastSelectsTheSameFeatures() {
    RvmSelector fast = new RvmSelector().setSolver("fast").setSelectionThreshold(2).setOutputCol("selected");
    assertEquals("fast", fast.estimator().getSolver());
    assertEquals(SparseBayesParamSet.DEFAULT_SOLVER, new RvmSelector().estimator().getSolver());
    RvmSelectorModel model = fast.fit(regressionFrame);
    assertArrayEquals(new int[] {1, 4}, model.selectedFeatures());
    assertEquals("fast", model.getSolver());
    // the two relevant features' relevances 1/alpha agree with em's to a few percent (both maximise the same
    // marginal likelihood over the same two kept features)
    double[] em = regressionSelector.featureRelevance().toArray();
    double[] viaFast = model.featureRelevance().toArray();
    for (int j : new int[] {1, 4}) {
      assertEquals(em[j], viaFast[j], 0.05 * em[j], "feature " + j);
    }
  }

  @Test
  void transformWritesTheSelectedFeaturesDenseOrSparse() {
    List<Row> rows = regressionSelector.transform(regressionFrame).select("features", "selected").collectAsList();
    for (Row r : rows) {
      Vector x = r.getAs(0);
      assertArrayEquals(new double[] {x.apply(1), x.apply(4)}, ((Vector) r.getAs(1)).toArray(), 0.0);
    }
    StructType schema = new StructType().add("features", SQLDataTypes.VectorType());
    Dataset<Row> sparse = SparkTestSession.get().createDataFrame(List.of(
        RowFactory.create(Vectors.sparse(6, new int[] {0, 4}, new double[] {7.0, 9.0})),
        RowFactory.create(Vectors.sparse(6, new int[] {2}, new double[] {5.0}))), schema);
    List<Row> out = regressionSelector.transform(sparse).select("selected").collectAsList();
    assertEquals(Vectors.sparse(2, new int[] {1}, new double[] {9.0}), out.get(0).getAs(0));
    assertEquals(Vectors.sparse(2, new int[0], new double[0]), out.get(1).getAs(0));
    assertEquals(2, AttributeGroup.fromStructField(regressionSelector.transformSchema(schema).apply("selected"))
        .size());
  }

  private static Dataset<Row> columns(TestData.Table table) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < table.size(); i++) {
      Object[] cells = new Object[7];
      for (int j = 0; j < 6; j++) {
        cells[j] = table.x()[i][j];
      }
      cells[6] = table.t()[i];
      rows.add(RowFactory.create(cells));
    }
    StructType schema = new StructType();
    for (int j = 0; j < 6; j++) {
      schema = schema.add("x" + j, DataTypes.DoubleType);
    }
    return SparkTestSession.get().createDataFrame(rows, schema.add("label", DataTypes.DoubleType));
  }

  @Test
  void persistedAloneAndInAPipeline(@TempDir Path dir) throws IOException {
    RvmSelector selector = new RvmSelector().setFamily("multinomial").setSelectionMode("threshold")
        .setSelectionThreshold(0.5).setMaxIter(200).setOutputCol("kept");
    String selectorPath = dir.resolve("selector").toString();
    selector.write().save(selectorPath);
    RvmSelector loadedSelector = RvmSelector.load(selectorPath);
    assertEquals(selector.extractParamMap().toString(), loadedSelector.extractParamMap().toString());

    String modelPath = dir.resolve("model").toString();
    softmaxSelector.write().save(modelPath);
    RvmSelectorModel loaded = RvmSelectorModel.load(modelPath);
    assertEquals(softmaxSelector.uid(), loaded.uid());
    assertEquals(softmaxSelector.extractParamMap().toString(), loaded.extractParamMap().toString());
    assertArrayEquals(softmaxSelector.selectedFeatures(), loaded.selectedFeatures());
    assertArrayEquals(softmaxSelector.featureRelevance().toArray(), loaded.featureRelevance().toArray(), 0.0);
    assertEquals(softmaxSelector.transform(blobsFrame).select("selected").collectAsList(),
        loaded.transform(blobsFrame).select("selected").collectAsList());

    // columns → VectorAssembler → RvmSelector (2 of 6) → multinomial RVM on the kept features
    String[] names = {"x0", "x1", "x2", "x3", "x4", "x5"};
    Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {
        new VectorAssembler().setInputCols(names).setOutputCol("all"),
        new RvmSelector().setFeaturesCol("all").setOutputCol("features").setFamily("multinomial")
            .setSelectionThreshold(2),
        new RvmEstimator().setFamily("multinomial").setGamma(0.5).setMaxBasis(60)});
    PipelineModel fitted = pipeline.fit(columns(blobsWithNoise(40, 8)));
    RvmSelectorModel inPipeline = (RvmSelectorModel) fitted.stages()[1];
    assertArrayEquals(new int[] {2, 5}, inPipeline.selectedFeatures());
    Dataset<Row> test = columns(blobsWithNoise(60, 9));
    // the kept features keep their names from VectorAssembler
    AttributeGroup kept = AttributeGroup.fromStructField(fitted.transform(test).schema().apply("features"));
    assertEquals("x2", kept.getAttr(0).name().get());
    assertEquals("x5", kept.getAttr(1).name().get());
    String pipelinePath = dir.resolve("pipeline").toString();
    fitted.write().save(pipelinePath);
    PipelineModel reloaded = PipelineModel.load(pipelinePath);
    assertInstanceOf(RvmSelectorModel.class, reloaded.stages()[1]);
    assertEquals(fitted.transform(test).select("prediction", "probability").collectAsList(),
        reloaded.transform(test).select("prediction", "probability").collectAsList());
    double accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy")
        .evaluate(reloaded.transform(test));
    assertTrue(accuracy > 0.9, "accuracy on the selected features " + accuracy);
  }

  @Test
  void paramsAreDiscoveredDocumentedAndCopied() {
    RvmSelector selector = new RvmSelector().setSelectionThreshold(7).setFamily("bernoulli");
    java.util.Set<String> names = new java.util.TreeSet<>();
    for (org.apache.spark.ml.param.Param<?> p : selector.params()) {
      names.add(p.name());
      assertEquals(selector.uid(), p.parent());
      assertTrue(!p.doc().isBlank(), p.name());
    }
    assertEquals(new java.util.TreeSet<>(List.of("featuresCol", "labelCol", "weightCol", "outputCol", "selectionMode",
        "selectionThreshold", "family", "multiClassStrategy", "fitIntercept", "standardization", "maxIter", "tol",
        "alphaMax", "alphaPriorShape", "alphaPriorRate", "aggregationDepth", "parallelism", "logEvery", "solver",
        "maxBasis",
        "seed", "prior", "gridShape", "maxBlockSizeInMB", "maxDriverDesignSizeInMB", "maxAddsPerStep",
        "variationalForm", "noisePrecision")), names);
    RvmSelector copy = selector.copy(new org.apache.spark.ml.param.ParamMap().put(selector.maxIter().w(5)));
    assertEquals(selector.uid(), copy.uid());
    assertEquals(7.0, copy.getSelectionThreshold());
    assertEquals("bernoulli", copy.getFamily());
    assertEquals(5, copy.getMaxIter());
    RvmSelectorModel modelCopy = regressionSelector.copy(new org.apache.spark.ml.param.ParamMap());
    assertArrayEquals(regressionSelector.selectedFeatures(), modelCopy.selectedFeatures());
    assertEquals("selected", modelCopy.getOutputCol());
  }

  @Test
  void everyFitParamIsForwardedToTheEstimator() {
    RvmSelector selector = new RvmSelector().setFeaturesCol("f").setLabelCol("y").setWeightCol("w")
        .setFamily("bernoulli").setMultiClassStrategy("ovr").setFitIntercept(false).setStandardization(false)
        .setMaxIter(7).setTol(1e-5).setAlphaMax(1e6).setAlphaPriorShape(1e-3).setAlphaPriorRate(2e-3).setMaxBasis(123)
        .setSeed(99L).setAggregationDepth(3).setParallelism(4).setLogEvery(5).setSolver("variational")
        .setPrior("grid-sum")
        .setGridShape(new int[] {2, 3}).setMaxBlockSizeInMB(8.0).setMaxDriverDesignSizeInMB(0.5).setMaxAddsPerStep(1)
        .setVariationalForm("dual").setNoisePrecision(25.0);
    RvmEstimator rvm = selector.estimator();
    RvmEstimator defaults = new RvmEstimator();
    for (Param<?> p : selector.sparseBayesParamSet().params()) {
      assertTrue(selector.isSet(p), p.name() + ": a fit param this test does not set");
      Object value = selector.getOrDefault(p);
      Param<Object> inner = rvm.getParam(p.name());
      Param<Object> byDefault = defaults.getParam(p.name());
      if (defaults.isDefined(byDefault)) {
        assertFalse(Objects.deepEquals(defaults.getOrDefault(byDefault), value), p.name() + " is set to its default");
      }
      assertTrue(rvm.isSet(inner), p.name());
      assertTrue(Objects.deepEquals(value, rvm.getOrDefault(inner)), p.name());
    }
    // the five the selector could not reach before, read through the estimator's getters
    assertEquals(99L, rvm.getSeed());
    assertEquals(1, rvm.getMaxAddsPerStep());
    assertEquals(8.0, rvm.getMaxBlockSizeInMB());
    assertEquals(0.5, rvm.getMaxDriverDesignSizeInMB());
    assertEquals("grid-sum", rvm.getPrior());
    assertArrayEquals(new int[] {2, 3}, rvm.getGridShape());
    assertEquals("linear", rvm.getKernel());
    assertEquals(selector.uid(), rvm.uid());
    // and a selector left at its defaults fits with the estimator's defaults
    RvmEstimator plain = new RvmSelector().estimator();
    for (Param<?> p : plain.sparseBayesParamSet().params()) {
      Param<Object> byDefault = defaults.getParam(p.name());
      assertEquals(defaults.isDefined(byDefault), plain.isDefined(p), p.name());
      if (plain.isDefined(p)) {
        assertTrue(Objects.deepEquals(defaults.getOrDefault(byDefault), plain.getOrDefault(p)), p.name());
      }
    }
  }

  @Test
  void badSettingsAreRefusedNamingTheParam() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new RvmSelector().setSelectionThreshold(2.5).fit(regressionFrame));
    assertTrue(e.getMessage().contains("selectionThreshold 2.5") && e.getMessage().contains("numTopFeatures"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new RvmSelector().setSolver("newton"));
    assertTrue(e.getMessage().contains("solver"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new RvmSelector().setSelectionMode("fpr"));
    assertTrue(e.getMessage().contains("selectionMode"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new RvmSelector().setOutputCol("label").fit(regressionFrame));
    assertTrue(e.getMessage().contains("outputCol 'label' already exists"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new RvmSelector().setFamily("multinomial").fit(regressionFrame));
    assertTrue(e.getMessage().contains("labelCol 'label' holds"), e.getMessage());
    RvmSelector defaults = new RvmSelector();
    assertEquals(50.0, defaults.getSelectionThreshold());
    assertEquals(0.0, defaults.setSelectionMode("threshold").getSelectionThreshold());
  }
}
