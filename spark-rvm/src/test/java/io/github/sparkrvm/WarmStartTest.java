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
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A fit started from an earlier model ({@link RvmEstimator#setInitialModel}), with known answers. */
class WarmStartTest {

  private static TestData.Table data(String family, int rows, long seed) {
    return switch (family) {
      case "gaussian" -> TestData.noisySinc(rows, 0.1, seed);
      case "bernoulli" -> {
        TestData.Table blobs = TestData.blobs(rows / 2, 2, 1.2, seed);
        yield blobs;
      }
      default -> TestData.blobs(rows / 3, 3, 1.0, seed);
    };
  }

  private static RvmEstimator estimator(String family, String solver) {
    return new RvmEstimator().setFamily(family).setSolver(solver).setTol(1e-6);
  }

  /**
   * A model is a fixed point of its own fit: started from it on the same data, the fit stops within a few steps at
   * the same model (its relevance vectors first among the candidates, in the same order).
   */
  @ParameterizedTest(name = "{0} {1} {2}")
  @CsvSource({"gaussian, em, rbf", "gaussian, fast, rbf", "bernoulli, em, rbf", "bernoulli, fast, rbf",
      "multinomial, em, rbf", "multinomial, fast, rbf", "gaussian, fast, rbf-per-dimension",
      "bernoulli, fast, linear", "multinomial, em, linear", "gaussian, fast, poly"})
  void onTheSameDataItStopsAtOnceAtTheSameModel(String family, String solver, String kernel) {
    Dataset<Row> frame = SparkTestSession.frame(data(family, 90, 4), 1);
    RvmEstimator rvm = estimator(family, solver).setKernel(kernel);
    RvmModel cold = rvm.fit(frame);
    RvmModel warm = rvm.copy(ParamMap.empty()).setInitialModel(cold).fit(frame);
    String what = family + " " + solver + " " + kernel + ": ";
    assertTrue(cold.summary().converged(), what + "the cold fit converged");
    assertFalse(cold.summary().warmStarted());
    assertTrue(warm.summary().warmStarted());
    int size = family.equals("multinomial")
        ? java.util.stream.IntStream.range(0, cold.numClasses()).map(k -> cold.classWeights(k).size()
            + (Double.isNaN(cold.classInterceptAlpha(k)) ? 0 : 1)).sum()
        : cold.weights().size() + (cold.hasIntercept() ? 1 : 0);
    assertEquals(size, warm.summary().warmStartBasis(), what + "basis functions started from");
    assertEquals(size, warm.summary().activeBasis()[0], what + "basis functions at step 0");
    assertTrue(warm.summary().converged(), what + "converged");
    assertTrue(warm.summary().iterations() <= 3, what + warm.summary().iterations() + " iterations");
    assertEquals(cold.numRelevanceVectors(), warm.numRelevanceVectors(), what + "relevance vectors");
    close(what + "relevance vectors", cold.relevanceVectors().toArray(), warm.relevanceVectors().toArray(), 0.0);
    assertArrayEquals(cold.relevantFeatures(), warm.relevantFeatures(), what + "relevant features");
    assertArrayEquals(cold.perDimensionBasis(), warm.perDimensionBasis(), what + "per-dimension basis");
    if (family.equals("multinomial")) {
      for (int k = 0; k < cold.numClasses(); k++) {
        close(what + "class " + k + " weights", cold.classWeights(k).toArray(), warm.classWeights(k).toArray(),
            1e-6);
        assertEquals(cold.classIntercept(k), warm.classIntercept(k), 1e-6, what + "class " + k + " bias");
      }
    } else {
      close(what + "weights", cold.weights().toArray(), warm.weights().toArray(), 1e-6);
      assertEquals(cold.intercept(), warm.intercept(), 1e-6, what + "bias");
    }
    if (family.equals("gaussian")) {
      assertEquals(cold.fittedNoisePrecision(), warm.fittedNoisePrecision(), 1e-6 * cold.fittedNoisePrecision());
    }
  }

  private static void close(String what, double[] expected, double[] actual, double relative) {
    assertEquals(expected.length, actual.length, what + ": length");
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], actual[i], relative * Math.max(1.0, Math.abs(expected[i])), what + " [" + i + "]");
    }
  }

  private static double lastLogMarginal(RvmModel m) {
    double[] l = m.summary().logMarginalLikelihood();
    return l[l.length - 1];
  }

  /**
   * On more data, solver fast started from the model of half of it ends at least as high in log marginal likelihood
   * as the cold fit on all of it (1e-2 nats of slack: both stop when no step gains 1e-6): the classifiers, gamma 0.5
   * on blobs, one seed each. Both fits are greedy and end at local maxima, so this is a measured property, not a
   * theorem; for the gaussian family see the mean over seeds below. The bernoulli fits run on the cluster path,
   * where a cold fit follows the fast rule's one path as a warm fit does: on the driver a cold fit follows a second
   * path too (em over a shortlist, issue 42), and the warm fit from that model of half the rows ends at −34.45
   * against the cold fit's −32.87 here (greedy paths: a better start on half the rows is no better start on all).
   */
  @ParameterizedTest(name = "{0} seed {1}")
  @CsvSource({"bernoulli, 6", "multinomial, 6"})
  void onMoreDataTheFastSolverEndsAsHighAsAColdFit(String family, long seed) {
    double[] ends = warmAndColdEnds(family, seed);
    assertTrue(ends[0] >= ends[1] - 1e-2, family + ": warm " + ends[0] + " against cold " + ends[1]);
  }

  /**
   * The gaussian family on noisy sinc (180 rows, the first 90 for the initial model, default params), seeds 1 to 8:
   * on average over the seeds the warm fit ends at least as high as the cold one. Measured on netlib's Java BLAS:
   * 121.8 against 106.0 nats on average (the cold fit's greedy growth settles low on some seeds), but not higher on
   * every seed: which local maximum a seed's fits reach turns on rounding (seed 2 ends 1.0 nat below the cold fit
   * there, and was above it on the reference BLAS with the RBF expanded through a matrix product).
   */
  @Test
  void onMoreSincDataTheGaussianFastSolverEndsAsHighAsAColdFitOnAverage() {
    double warm = 0.0;
    double cold = 0.0;
    StringBuilder ends = new StringBuilder();
    for (long seed = 1; seed <= 8; seed++) {
      double[] e = warmAndColdEnds("gaussian", seed);
      warm += e[0] / 8;
      cold += e[1] / 8;
      ends.append(String.format(java.util.Locale.ROOT, " seed %d: %.2f / %.2f;", seed, e[0], e[1]));
    }
    System.out.println("gaussian warm / cold log marginal likelihoods:" + ends);
    assertTrue(warm >= cold - 1e-2, "mean warm " + warm + " against mean cold " + cold + ";" + ends);
  }

  /** {@return the last log marginal likelihoods of the warm and the cold fast fit on more data} */
  private static double[] warmAndColdEnds(String family, long seed) {
    TestData.Table all = data(family, 180, seed);
    int half = all.size() / 2;
    TestData.Table part = new TestData.Table(Arrays.copyOf(all.x(), half), Arrays.copyOf(all.t(), half));
    RvmEstimator rvm = estimator(family, "fast");
    if (!family.equals("gaussian")) {
      rvm.setStandardization(false).setGamma(0.5);
    } else {
      rvm.setGamma(1.0); // 1 / features, set: the cold fit would otherwise choose its own γ by the evidence
    }
    if (family.equals("bernoulli")) {
      rvm.setMaxDriverDesignSizeInMB(0.0);
    }
    RvmModel initial = rvm.fit(SparkTestSession.frame(part, 1));
    Dataset<Row> frame = SparkTestSession.frame(all, 1);
    RvmModel cold = rvm.fit(frame);
    RvmModel warm = rvm.copy(ParamMap.empty()).setInitialModel(initial).fit(frame);
    assertTrue(warm.summary().warmStarted());
    return new double[] {lastLogMarginal(warm), lastLogMarginal(cold)};
  }

  /**
   * Solver em only prunes: on more data, started from a model, it keeps a subset of the model's relevance vectors
   * (and so may end below a cold fit, which starts from every candidate).
   */
  @Test
  void onMoreDataTheEmSolverKeepsToTheInitialBasis() {
    TestData.Table all = TestData.noisySinc(120, 0.1, 8);
    TestData.Table part = new TestData.Table(Arrays.copyOf(all.x(), 60), Arrays.copyOf(all.t(), 60));
    RvmEstimator rvm = estimator("gaussian", "em");
    RvmModel initial = rvm.fit(SparkTestSession.frame(part, 1));
    RvmModel warm = rvm.copy(ParamMap.empty()).setInitialModel(initial).fit(SparkTestSession.frame(all, 1));
    java.util.Set<Double> held = new java.util.HashSet<>();
    Matrix rv = initial.relevanceVectors();
    for (int i = 0; i < rv.numRows(); i++) {
      held.add(rv.apply(i, 0));
    }
    Matrix kept = warm.relevanceVectors();
    assertTrue(kept.numRows() >= 1);
    for (int i = 0; i < kept.numRows(); i++) {
      assertTrue(held.contains(kept.apply(i, 0)), "relevance vector " + kept.apply(i, 0) + " is not the initial's");
    }
    double[] trajectory = warm.summary().logMarginalLikelihood();
    for (int i = 1; i < trajectory.length; i++) {
      assertTrue(trajectory[i] >= trajectory[i - 1] - 1e-9, "the objective fell at step " + i);
    }
  }

  /** The learnt optimum is a fixed point with β held at its value: warm-started there, a held fit stays. */
  @ParameterizedTest
  @ValueSource(strings = {"em", "fast"})
  void withTheNoiseHeldAtItsLearntValueTheModelStays(String solver) {
    Dataset<Row> frame = SparkTestSession.frame(TestData.noisySinc(100, 0.1, 1), 1);
    RvmEstimator rvm = estimator("gaussian", solver);
    RvmModel learnt = rvm.fit(frame);
    RvmModel held = rvm.copy(ParamMap.empty()).setNoisePrecision(learnt.fittedNoisePrecision())
        .setInitialModel(learnt).fit(frame);
    assertTrue(held.summary().iterations() <= 3, held.summary().iterations() + " iterations");
    assertEquals(learnt.fittedNoisePrecision(), held.fittedNoisePrecision(), 0.0);
    close(solver + " weights", learnt.weights().toArray(), held.weights().toArray(), 1e-6);
  }

  @Test
  void anIncompatibleModelIsRefusedNamingWhatDiffers() {
    Dataset<Row> sinc = SparkTestSession.frame(TestData.noisySinc(40, 0.1, 2), 1);
    RvmModel model = new RvmEstimator().setGamma(0.5).setMaxIter(30).fit(sinc);
    assertRefused(new RvmEstimator().setGamma(2.0).setInitialModel(model), sinc, "gamma=0.5");
    assertRefused(new RvmEstimator().setGamma(0.5).setKernel("poly").setInitialModel(model), sinc, "kernel rbf");
    assertRefused(new RvmEstimator().setGamma(0.5).setStandardization(false).setInitialModel(model), sinc,
        "standardization true");
    assertRefused(new RvmEstimator().setGamma(0.5).setFitIntercept(false).setInitialModel(model), sinc,
        "fitIntercept true");
    Dataset<Row> blobs = SparkTestSession.frame(TestData.blobs(10, 2, 1.0, 1), 1);
    assertRefused(new RvmEstimator().setGamma(0.5).setFamily("bernoulli").setInitialModel(model), blobs,
        "family gaussian");
    TestData.Table wide = new TestData.Table(new double[][] {{0, 1}, {1, 0}, {2, 2}, {3, 1}},
        new double[] {0.0, 1.0, 0.5, 2.0});
    assertRefused(new RvmEstimator().setGamma(0.5).setInitialModel(model), SparkTestSession.frame(wide, 1),
        "1 features");
    RvmModel three = new RvmEstimator().setFamily("multinomial").setMaxIter(20)
        .fit(SparkTestSession.frame(TestData.blobs(10, 3, 1.0, 1), 1));
    assertRefused(new RvmEstimator().setFamily("multinomial").setInitialModel(three),
        SparkTestSession.frame(TestData.blobs(10, 4, 1.0, 1), 1), "3 classes");
    assertRefused(new RvmEstimator().setGamma(0.5).setSolver("variational").setInitialModel(model), sinc,
        "variational");
    assertRefused(new RvmEstimator().setFamily("multinomial").setMultiClassStrategy("ovr").setInitialModel(three),
        SparkTestSession.frame(TestData.blobs(10, 3, 1.0, 1), 1), "ovr");
  }

  /** Issue 41: features named in the data (VectorAssembler's attributes) are matched by name, never by position. */
  @Test
  void theDatasFeatureNamesMustBeTheInitialModels() {
    Dataset<Row> blobs = SparkTestSession.frame(TestData.blobs(10, 2, 1.0, 1), 1)
        .withColumn("x", org.apache.spark.ml.functions.vector_to_array(org.apache.spark.sql.functions.col("features"),
            "float64"));
    Dataset<Row> columns = blobs.selectExpr("x[0] AS a", "x[1] AS b", "label");
    Dataset<Row> ab = new org.apache.spark.ml.feature.VectorAssembler().setInputCols(new String[] {"a", "b"})
        .setOutputCol("features").transform(columns);
    Dataset<Row> ba = new org.apache.spark.ml.feature.VectorAssembler().setInputCols(new String[] {"b", "a"})
        .setOutputCol("features").transform(columns);
    RvmModel model = new RvmEstimator().setFamily("bernoulli").setMaxIter(10).fit(ab).setFeatureNames("a", "b");
    assertEquals(2, new RvmEstimator().setFamily("bernoulli").setMaxIter(3).setInitialModel(model).fit(ab)
        .numFeatures());
    assertRefused(new RvmEstimator().setFamily("bernoulli").setInitialModel(model), ba, "[a, b]");
    assertRefused(new RvmEstimator().setFamily("bernoulli").setInitialModel(model), ba, "[b, a]");
  }

  private static void assertRefused(RvmEstimator rvm, Dataset<Row> frame, String names) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> rvm.fit(frame));
    assertTrue(e.getMessage().contains("initialModel") && e.getMessage().contains(names), e.getMessage());
  }

  @Test
  void theInitialModelIsKeptByCopyButIsNotAParam() {
    RvmModel model = new RvmEstimator().setMaxIter(5).fit(SparkTestSession.frame(TestData.noisySinc(20, 0.1, 3), 1));
    RvmEstimator rvm = new RvmEstimator().setInitialModel(model);
    assertSame(model, rvm.copy(ParamMap.empty()).getInitialModel());
    assertTrue(rvm.hasInitialModel());
    assertFalse(new RvmEstimator().hasInitialModel());
    assertFalse(Arrays.stream(rvm.params()).anyMatch(p -> p.name().toLowerCase().contains("initial")));
  }
}
