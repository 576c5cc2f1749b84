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
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.junit.jupiter.api.Test;

/** Every param: discovered, documented, defaulted, set and read back, validated, copied. */
class ParamsTest {

  private static final Map<String, Object> DEFAULTS = new LinkedHashMap<>();

  static {
    DEFAULTS.put("featuresCol", "features");
    DEFAULTS.put("labelCol", "label");
    DEFAULTS.put("weightCol", "");
    DEFAULTS.put("predictionCol", "prediction");
    DEFAULTS.put("probabilityCol", "probability");
    DEFAULTS.put("rawPredictionCol", "rawPrediction");
    DEFAULTS.put("varianceCol", "variance");
    DEFAULTS.put("family", "gaussian");
    DEFAULTS.put("kernel", "rbf");
    DEFAULTS.put("degree", 3);
    DEFAULTS.put("coef0", 1.0);
    DEFAULTS.put("fitIntercept", true);
    DEFAULTS.put("standardization", true);
    DEFAULTS.put("maxIter", 1000);
    DEFAULTS.put("tol", 1e-3);
    DEFAULTS.put("alphaMax", 1e9);
    DEFAULTS.put("alphaPriorShape", 0.0);
    DEFAULTS.put("alphaPriorRate", 0.0);
    DEFAULTS.put("maxBasis", 1000);
    DEFAULTS.put("seed", (long) RvmEstimator.class.getName().hashCode());
    DEFAULTS.put("aggregationDepth", 2);
    DEFAULTS.put("probabilityMethod", "moderated");
    DEFAULTS.put("threshold", 0.5);
    DEFAULTS.put("multiClassStrategy", "softmax");
    DEFAULTS.put("parallelism", 1);
    DEFAULTS.put("logEvery", 0);
    DEFAULTS.put("solver", "fast");
    DEFAULTS.put("prior", "ard");
    DEFAULTS.put("maxBlockSizeInMB", 0.0);
    DEFAULTS.put("maxDriverDesignSizeInMB", Double.POSITIVE_INFINITY);
    DEFAULTS.put("maxAddsPerStep", 0);
    DEFAULTS.put("variationalForm", "auto");
    DEFAULTS.put("classFeatureBlocks", 0);
    DEFAULTS.put("noisePrecision", 0.0);
    DEFAULTS.put("calibrateVariance", true);
  }

  @Test
  void everyParamIsDiscoveredDocumentedAndDefaulted() {
    RvmEstimator rvm = new RvmEstimator();
    Set<String> names = new TreeSet<>();
    for (Param<?> p : rvm.params()) {
      names.add(p.name());
      assertEquals(rvm.uid(), p.parent());
      assertFalse(p.doc().isBlank(), p.name());
    }
    Set<String> expected = new TreeSet<>(DEFAULTS.keySet());
    expected.add("gamma");
    expected.add("gridShape");
    expected.add("thresholds");
    assertEquals(expected, names);
    for (Map.Entry<String, Object> e : DEFAULTS.entrySet()) {
      assertEquals(e.getValue(), rvm.getOrDefault(rvm.getParam(e.getKey())), e.getKey());
    }
    assertFalse(rvm.isDefined(rvm.gamma()), "gamma follows the number of features unless set");
    assertTrue(Double.isNaN(rvm.getGamma()));
    String explained = rvm.explainParams();
    for (String name : expected) {
      assertTrue(explained.contains(name + ":"), name);
    }
    assertTrue(explained.contains("1 / number of features"));
  }

  private static <T> void roundTrip(RvmEstimator rvm, Consumer<T> setter, Supplier<T> getter, T value) {
    setter.accept(value);
    assertEquals(value, getter.get());
  }

  @Test
  void settersAndGettersRoundTrip() {
    RvmEstimator r = new RvmEstimator();
    roundTrip(r, r::setFeaturesCol, r::getFeaturesCol, "f");
    roundTrip(r, r::setLabelCol, r::getLabelCol, "y");
    roundTrip(r, r::setWeightCol, r::getWeightCol, "w");
    roundTrip(r, r::setPredictionCol, r::getPredictionCol, "p");
    roundTrip(r, r::setProbabilityCol, r::getProbabilityCol, "prob");
    roundTrip(r, r::setRawPredictionCol, r::getRawPredictionCol, "raw");
    roundTrip(r, r::setVarianceCol, r::getVarianceCol, "var");
    roundTrip(r, r::setFamily, r::getFamily, "bernoulli");
    roundTrip(r, r::setKernel, r::getKernel, "poly");
    roundTrip(r, r::setGamma, r::getGamma, 0.7);
    roundTrip(r, r::setDegree, r::getDegree, 2);
    roundTrip(r, r::setCoef0, r::getCoef0, -0.5);
    roundTrip(r, r::setFitIntercept, r::getFitIntercept, false);
    roundTrip(r, r::setStandardization, r::getStandardization, false);
    roundTrip(r, r::setMaxIter, r::getMaxIter, 7);
    roundTrip(r, r::setTol, r::getTol, 1e-5);
    roundTrip(r, r::setAlphaMax, r::getAlphaMax, 1e6);
    roundTrip(r, r::setAlphaPriorShape, r::getAlphaPriorShape, 1e-3);
    roundTrip(r, r::setAlphaPriorRate, r::getAlphaPriorRate, 2e-3);
    roundTrip(r, r::setMaxBasis, r::getMaxBasis, 123);
    roundTrip(r, r::setMaxAddsPerStep, r::getMaxAddsPerStep, 1);
    roundTrip(r, r::setMaxDriverDesignSizeInMB, r::getMaxDriverDesignSizeInMB, 0.0);
    roundTrip(r, r::setSeed, r::getSeed, 99L);
    roundTrip(r, r::setAggregationDepth, r::getAggregationDepth, 3);
    roundTrip(r, r::setProbabilityMethod, r::getProbabilityMethod, "map");
    roundTrip(r, r::setThreshold, r::getThreshold, 0.3);
    roundTrip(r, r::setFamily, r::getFamily, "multinomial");
    roundTrip(r, r::setMultiClassStrategy, r::getMultiClassStrategy, "ovr");
    roundTrip(r, r::setParallelism, r::getParallelism, 4);
    roundTrip(r, r::setVariationalForm, r::getVariationalForm, "dual");
    roundTrip(r, r::setSolver, r::getSolver, "variational");
    roundTrip(r, r::setPrior, r::getPrior, "grid-product");
    roundTrip(r, r::setMaxBlockSizeInMB, r::getMaxBlockSizeInMB, 2.5);
    roundTrip(r, r::setClassFeatureBlocks, r::getClassFeatureBlocks, 16);
    r.setGridShape(new int[] {4, 5});
    assertArrayEquals(new int[] {4, 5}, r.getGridShape());
  }

  /** {@return the names of the {@code Param} fields a param-set class declares, sorted} */
  private static List<String> declaredParams(Class<?> paramSet) {
    return Arrays.stream(paramSet.getDeclaredFields()).filter(f -> Param.class.isAssignableFrom(f.getType()))
        .map(java.lang.reflect.Field::getName).sorted().toList();
  }

  /** {@return the names of a param set's list, sorted (duplicates kept)} */
  private static List<String> names(java.util.Collection<Param<?>> params) {
    return params.stream().map(Param::name).sorted().toList();
  }

  private static Set<String> names(Param<?>[] params) {
    return Arrays.stream(params).map(Param::name).collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> union(List<String> a, List<String> b) {
    Set<String> u = new TreeSet<>(a);
    u.addAll(b);
    return u;
  }

  @Test
  void everyParamIsDeclaredInExactlyOneParamSet() {
    RvmEstimator rvm = new RvmEstimator();
    RvmSelector selector = new RvmSelector();
    List<String> shared = names(rvm.sparseBayesParamSet().params());
    List<String> rvmOwn = names(rvm.paramSet().params());
    List<String> selectorOwn = names(selector.paramSet().params());
    // each set lists every param it declares, and a param is declared in one set only
    assertEquals(declaredParams(SparseBayesParamSet.class), shared);
    assertEquals(declaredParams(RvmParamSet.class), rvmOwn);
    assertEquals(declaredParams(RvmSelectorParamSet.class), selectorOwn);
    List<String> all = new ArrayList<>(shared);
    all.addAll(rvmOwn);
    all.addAll(selectorOwn);
    assertEquals(all.size(), new TreeSet<>(all).size(), all.toString());
    // every stage exposes exactly the shared params and its own, as Spark discovers them
    assertEquals(union(shared, rvmOwn), names(rvm.params()));
    // the model adds one of its own, the names of the features it was fitted on (FeatureNames, not a fit param)
    Set<String> modelParams = union(shared, rvmOwn);
    modelParams.add("featureNames");
    assertEquals(modelParams, names(PersistenceTestModels.smallRegressor().params()));
    assertEquals(union(shared, selectorOwn), names(selector.params()));
    assertEquals(union(shared, selectorOwn),
        names(new RvmSelectorModel("s", new int[] {1}, new double[] {0.0, 2.0}).params()));
    // the defaults are one declaration's: the selector's shared defaults are the estimator's
    for (String name : shared) {
      Param<Object> a = rvm.getParam(name);
      Param<Object> b = selector.getParam(name);
      assertEquals(rvm.isDefined(a), selector.isDefined(b), name);
      assertEquals(a.doc(), b.doc(), name);
      if (rvm.isDefined(a)) {
        assertEquals(rvm.getOrDefault(a), selector.getOrDefault(b), name);
      }
    }
  }

  @Test
  void settersChainAcrossTheirMixinsAndKeepTheStageType() {
    RvmEstimator rvm = new RvmEstimator().setMaxIter(5).setKernel("poly").setThreshold(0.25).setFeaturesCol("f")
        .setSeed(7L).setDegree(2).setPredictionCol("p");
    assertEquals(List.of(5, "poly", 0.25, "f", 7L, 2, "p"), List.of(rvm.getMaxIter(), rvm.getKernel(),
        rvm.getThreshold(), rvm.getFeaturesCol(), rvm.getSeed(), rvm.getDegree(), rvm.getPredictionCol()));
    // a copy: the shared test model must keep its params
    RvmModel model = PersistenceTestModels.smallRegressor().copy(ParamMap.empty()).setFeaturesCol("g")
        .setVarianceCol("v").setThreshold(0.4);
    assertEquals(List.of("g", "v", 0.4), List.of(model.getFeaturesCol(), model.getVarianceCol(), model.getThreshold()));
    RvmSelector selector = new RvmSelector().setMaxIter(6).setOutputCol("o").setSelectionMode("threshold")
        .setFeaturesCol("f").setPrior("ard").setSelectionThreshold(0.5);
    assertEquals(List.of(6, "o", "threshold", "f", 0.5), List.of(selector.getMaxIter(), selector.getOutputCol(),
        selector.getSelectionMode(), selector.getFeaturesCol(), selector.getSelectionThreshold()));
    RvmSelectorModel selected = new RvmSelectorModel("s", new int[] {1}, new double[] {0.0, 2.0}).setFeaturesCol("f")
        .setOutputCol("o");
    assertEquals(List.of("f", "o"), List.of(selected.getFeaturesCol(), selected.getOutputCol()));
    // as in Spark, a model has setters for what it reads when it transforms, not for the fit's params
    for (Class<?> m : List.of(RvmModel.class, RvmSelectorModel.class)) {
      assertThrows(NoSuchMethodException.class, () -> m.getMethod("setMaxIter", int.class), m.getSimpleName());
      assertThrows(NoSuchMethodException.class, () -> m.getMethod("setLabelCol", String.class), m.getSimpleName());
    }
    assertThrows(NoSuchMethodException.class, () -> RvmModel.class.getMethod("setKernel", String.class));
  }

  @Test
  void paramsThatCannotGoTogetherAreRefusedNamingBoth() {
    String[][] cases = {
        {"em", "grid-sum", "rbf-per-dimension", "gaussian", "prior 'grid-sum' needs solver 'variational'"},
        {"fast", "grid-product", "rbf-per-dimension", "gaussian", "prior 'grid-product' needs solver 'variational'"},
        {"variational", "grid-sum", "rbf", "gaussian", "kernel is 'rbf'"},
        {"variational", "grid-sum", "linear", "gaussian", "needs gridShape"},
        {"variational", "ard", "rbf", "multinomial", "solver 'variational' fits family gaussian or bernoulli"},
    };
    RvmEstimator form = new RvmEstimator().setSolver("em").setVariationalForm("dual");
    IllegalArgumentException formError = assertThrows(IllegalArgumentException.class,
        () -> RvmSchema.validateCombination(form));
    assertTrue(formError.getMessage().contains("variationalForm 'dual' needs solver 'variational'"),
        formError.getMessage());
    for (String[] c : cases) {
      RvmEstimator r = new RvmEstimator().setSolver(c[0]).setPrior(c[1]).setKernel(c[2]).setFamily(c[3]);
      IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
          () -> RvmSchema.validateCombination(r), String.join(" ", c));
      assertTrue(ex.getMessage().contains(c[4]), ex.getMessage());
    }
    RvmEstimator gamma = new RvmEstimator().setSolver("fast").setAlphaPriorShape(1e-6);
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RvmSchema.validateCombination(gamma))
        .getMessage().contains("alphaPriorShape"));
    // solver fast fits the multinomial softmax too, but with the scale-free prior only
    RvmSchema.validateCombination(new RvmEstimator().setSolver("fast").setFamily("multinomial")
        .setMultiClassStrategy("softmax"));
    RvmEstimator softmaxGamma = new RvmEstimator().setSolver("fast").setFamily("multinomial")
        .setMultiClassStrategy("softmax").setAlphaPriorRate(1e-6);
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RvmSchema.validateCombination(softmaxGamma))
        .getMessage().contains("alphaPriorRate"));
  }

  @Test
  void outOfRangeValuesAreRefusedNamingTheParam() {
    RvmEstimator r = new RvmEstimator();
    java.util.List<Map.Entry<String, Runnable>> bad = new java.util.ArrayList<>();
    bad.add(Map.entry("gamma", () -> r.setGamma(0.0)));
    bad.add(Map.entry("gamma", () -> r.setGamma(-1.0)));
    bad.add(Map.entry("tol", () -> r.setTol(0.0)));
    bad.add(Map.entry("maxIter", () -> r.setMaxIter(0)));
    bad.add(Map.entry("degree", () -> r.setDegree(0)));
    bad.add(Map.entry("coef0", () -> r.setCoef0(Double.NaN)));
    bad.add(Map.entry("alphaMax", () -> r.setAlphaMax(-5)));
    bad.add(Map.entry("alphaPriorShape", () -> r.setAlphaPriorShape(-1e-3)));
    bad.add(Map.entry("alphaPriorRate", () -> r.setAlphaPriorRate(-1)));
    bad.add(Map.entry("maxBasis", () -> r.setMaxBasis(0)));
    bad.add(Map.entry("aggregationDepth", () -> r.setAggregationDepth(1)));
    bad.add(Map.entry("threshold", () -> r.setThreshold(1.5)));
    bad.add(Map.entry("thresholds", () -> r.setThresholds(new double[] {0.0, 0.0})));
    bad.add(Map.entry("thresholds", () -> r.setThresholds(new double[] {0.5, Double.NaN})));
    bad.add(Map.entry("thresholds", () -> r.setThresholds(new double[] {1.0})));
    bad.add(Map.entry("family", () -> r.setFamily("tweedie"))); // poisson is a family since issue 21
    bad.add(Map.entry("kernel", () -> r.setKernel("sigmoid")));
    bad.add(Map.entry("probabilityMethod", () -> r.setProbabilityMethod("exact")));
    bad.add(Map.entry("multiClassStrategy", () -> r.setMultiClassStrategy("ovo")));
    bad.add(Map.entry("parallelism", () -> r.setParallelism(0)));
    bad.add(Map.entry("logEvery", () -> r.setLogEvery(-1)));
    bad.add(Map.entry("solver", () -> r.setSolver("newton")));
    bad.add(Map.entry("prior", () -> r.setPrior("laplace")));
    bad.add(Map.entry("gridShape", () -> r.setGridShape(new int[] {3})));
    bad.add(Map.entry("gridShape", () -> r.setGridShape(new int[] {0, 4})));
    bad.add(Map.entry("maxBlockSizeInMB", () -> r.setMaxBlockSizeInMB(-1.0)));
    bad.add(Map.entry("maxAddsPerStep", () -> r.setMaxAddsPerStep(-1)));
    bad.add(Map.entry("maxDriverDesignSizeInMB", () -> r.setMaxDriverDesignSizeInMB(-1.0)));
    bad.add(Map.entry("variationalForm", () -> r.setVariationalForm("woodbury")));
    for (Map.Entry<String, Runnable> e : bad) {
      IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, e.getValue()::run, e.getKey());
      assertTrue(ex.getMessage().contains("parameter " + e.getKey()), ex.getMessage());
    }
  }

  @Test
  void copyKeepsUidAndValuesAndAppliesExtras() {
    RvmEstimator r = new RvmEstimator().setGamma(0.3).setFamily("bernoulli").setMaxBasis(10);
    RvmEstimator copy = r.copy(new ParamMap().put(r.maxIter().w(5)));
    assertNotSame(r, copy);
    assertEquals(r.uid(), copy.uid());
    assertEquals(0.3, copy.getGamma());
    assertEquals("bernoulli", copy.getFamily());
    assertEquals(10, copy.getMaxBasis());
    assertEquals(5, copy.getMaxIter());
    assertEquals(1000, r.getMaxIter());
    assertTrue(Arrays.stream(copy.params()).allMatch(p -> p.parent().equals(r.uid())));

    RvmModel model = PersistenceTestModels.smallRegressor();
    RvmModel modelCopy = model.copy(new ParamMap().put(model.varianceCol().w("v2")));
    assertEquals(model.uid(), modelCopy.uid());
    assertEquals("v2", modelCopy.getVarianceCol());
    assertEquals("variance", model.getVarianceCol());
    assertEquals(model.getGamma(), modelCopy.getGamma());
    assertEquals(model.parent(), modelCopy.parent());
    assertEquals(model.numRelevanceVectors(), modelCopy.numRelevanceVectors());
  }

  @Test
  void stagesSurviveJavaSerialization() throws Exception {
    RvmEstimator estimator = new RvmEstimator().setKernel("poly").setCoef0(-2.0).setGamma(0.4);
    RvmEstimator estimatorCopy = (RvmEstimator) serializedCopy(estimator);
    assertEquals(estimator.extractParamMap().toString(), estimatorCopy.extractParamMap().toString());
    RvmModel model = PersistenceTestModels.smallRegressor();
    RvmModel modelCopy = (RvmModel) serializedCopy(model);
    assertEquals(model.extractParamMap().toString(), modelCopy.extractParamMap().toString());
    org.apache.spark.ml.linalg.Vector x = org.apache.spark.ml.linalg.Vectors.dense(1.7);
    assertEquals(model.predict(x), modelCopy.predict(x), 0.0);
    assertEquals(model.predictVariance(x), modelCopy.predictVariance(x), 0.0);
  }

  private static Object serializedCopy(Object o) throws Exception {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(
        new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
      return in.readObject();
    }
  }
}
