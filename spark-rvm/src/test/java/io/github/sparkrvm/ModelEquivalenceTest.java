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
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.Vector;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same models: each fit of {@link ModelFixtures} refitted with the current code equals the model checked in under
 * {@code src/test/resources/fixtures/<case>/model} (saved by an earlier commit, see the README there) in its
 * structure (family, kernel, classes, the kept bias, relevance vectors and features, the grid table) exactly, and in
 * its numbers (α, weights, bias, covariance, noise precision, grid relevances) and its outputs on the training rows
 * (prediction, rawPrediction, probability, variance, against the fixture's {@code outputs.csv}) to {@value #TOL}:
 * |a − b| ≤ 1e-9 · max(1, |a|, |b|), absolute for values up to 1 and relative above (α runs up to 1e9). The loaded
 * fixture itself still writes the recorded outputs, so loading and prediction are held too.
 *
 * <p>The cases on the cluster path (names ending in {@code -cluster}) are held to {@value #CLUSTER_TOL} instead: each
 * of their statistics passes merges the partitions' sums on the driver in the order the tasks finish (Spark's
 * {@code treeReduce}), so the sums can differ in their last bit from one run to the next, and the solvers carry such
 * a difference to about 1e-8 in α (measured: 2.7e-8 relative on {@code gaussian-fast-sinc-cluster}).
 *
 * <p>{@code gaussian-fast-sinc} is held to {@value #GREEDY_SINC_TOL}: its two greedy paths of 100 and more steps
 * re-estimate α = s²/(q² − s), which magnifies rounding by q²/(q² − s) where the evidence barely supports a weight,
 * so the last bits of the BLAS back end and of the kernel expansion reach the eighth digit of its α (measured: up to
 * 2.4e-8 relative, the bias α, from the fixture written on the reference BLAS to a refit on netlib's Java BLAS, which
 * the tests run on; every other case within 1e-9 there).
 *
 * <p>{@code multinomial-ovr-em-digits} is held to {@value #EM_DIGITS_TOL}: the RBF's exponentials ({@code
 * linalg.Exponentials}, within 1 ulp, not {@link Math#exp}'s bits) moved its basis values in their last bit, and the
 * em re-estimation of its 64-feature digits carries that to the ninth digit (measured: up to 2.7e-9 relative, class
 * 2's weights and covariance, the joint covariance; every other case within 1e-9 but for the two above, whose
 * largest movement was 1.2e-8, within their tolerance).
 */
class ModelEquivalenceTest {

  static final double TOL = 1e-9;
  static final double CLUSTER_TOL = 1e-6;
  static final double GREEDY_SINC_TOL = 1e-7;
  static final double EM_DIGITS_TOL = 1e-8;

  @BeforeAll
  static void session() {
    SparkTestSession.get();
  }

  static Stream<String> names() {
    return ModelFixtures.cases().stream().map(ModelFixtures.Case::name);
  }

  static ModelFixtures.Case byName(String name) {
    return ModelFixtures.cases().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void everyCaseHasAFixtureAndEveryFixtureACase() throws java.io.IOException {
    List<String> names = ModelFixtures.cases().stream().map(ModelFixtures.Case::name).sorted().toList();
    try (Stream<java.nio.file.Path> dirs = Files.list(ModelFixtures.FOLDER)) {
      List<String> folders = dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
      assertEquals(names, folders, "fixture folders under " + ModelFixtures.FOLDER);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("names")
  void theRefittedModelEqualsItsFixture(String name) {
    ModelFixtures.Case c = byName(name);
    RvmModel saved = RvmModel.load(ModelFixtures.modelPath(c.name()).toString());
    RvmModel refit = c.fit();
    assertSameModel(c.name(), saved, refit);
    List<double[]> recorded = ModelFixtures.readOutputs(ModelFixtures.outputsPath(c.name()));
    assertSameOutputs(c.name() + ", refitted model", recorded, ModelFixtures.outputs(refit, c));
    assertSameOutputs(c.name() + ", loaded fixture", recorded, ModelFixtures.outputs(saved, c));
  }

  @Test
  void theComparisonSeesAChangedModel() {
    // the check above is not vacuous: a model fitted with one more or one fewer step, or another γ, differs
    ModelFixtures.Case c = byName("gaussian-em-sinc");
    RvmModel saved = RvmModel.load(ModelFixtures.modelPath(c.name()).toString());
    RvmModel other = c.estimator().get().setGamma(0.25 * (1 + 1e-6)).fit(c.frame());
    AssertionError error = null;
    try {
      assertSameModel(c.name(), saved, other);
    } catch (AssertionError e) {
      error = e;
    }
    assertTrue(error != null, "a fit with γ changed by 1e-6 must not pass as the same model");
  }

  static void assertSameModel(String name, RvmModel expected, RvmModel actual) {
    assertEquals(expected.getFamily(), actual.getFamily(), name + ": family");
    assertEquals(expected.getKernel(), actual.getKernel(), name + ": kernel");
    assertEquals(expected.getGamma(), actual.getGamma(), name + ": gamma");
    assertEquals(expected.numFeatures(), actual.numFeatures(), name + ": features");
    assertEquals(expected.numClasses(), actual.numClasses(), name + ": classes");
    assertEquals(expected.numRelevanceVectors(), actual.numRelevanceVectors(), name + ": relevance vectors");
    assertEquals(expected.hasIntercept(), actual.hasIntercept(), name + ": bias kept");
    assertArrayEquals(expected.relevantFeatures(), actual.relevantFeatures(), name + ": relevant features");
    assertArrayEquals(expected.gridTable(), actual.gridTable(), name + ": grid table");
    assertArrayEquals(expected.perDimensionBasis(), actual.perDimensionBasis(), name + ": per-dimension basis");
    close(name + ": relevance vectors", expected.relevanceVectors(), actual.relevanceVectors());
    close(name + ": row relevances", expected.rowRelevances(), actual.rowRelevances());
    close(name + ": column relevances", expected.columnRelevances(), actual.columnRelevances());
    close(name + ": noise precision", new double[] {expected.fittedNoisePrecision()},
        new double[] {actual.fittedNoisePrecision()});
    if (expected.getFamily().equals("multinomial")) {
      for (int k = 0; k < expected.numClasses(); k++) {
        String cls = name + ", class " + k;
        assertEquals(expected.classHasIntercept(k), actual.classHasIntercept(k), cls + ": bias kept");
        assertArrayEquals(expected.classRelevanceIndices(k), actual.classRelevanceIndices(k), cls + ": active set");
        assertArrayEquals(expected.classRelevantFeatures(k), actual.classRelevantFeatures(k), cls + ": features");
        close(cls + ": alphas", expected.classAlphas(k), actual.classAlphas(k));
        close(cls + ": weights", expected.classWeights(k), actual.classWeights(k));
        close(cls + ": bias", new double[] {expected.classIntercept(k)}, new double[] {actual.classIntercept(k)});
        close(cls + ": bias alpha", new double[] {expected.classInterceptAlpha(k)},
            new double[] {actual.classInterceptAlpha(k)});
        close(cls + ": relevance vectors", expected.classRelevanceVectors(k), actual.classRelevanceVectors(k));
        close(cls + ": covariance", expected.classCovariance(k), actual.classCovariance(k));
      }
      close(name + ": joint covariance", expected.jointCovariance(), actual.jointCovariance());
    } else {
      close(name + ": alphas", expected.alphas(), actual.alphas());
      close(name + ": weights", expected.weights(), actual.weights());
      close(name + ": bias", new double[] {expected.intercept()}, new double[] {actual.intercept()});
      close(name + ": bias alpha", new double[] {expected.interceptAlpha()}, new double[] {actual.interceptAlpha()});
      close(name + ": covariance", expected.covariance(), actual.covariance());
    }
  }

  static void assertSameOutputs(String name, List<double[]> expected, List<double[]> actual) {
    assertEquals(expected.size(), actual.size(), name + ": rows");
    for (int i = 0; i < expected.size(); i++) {
      close(name + ", row " + i, expected.get(i), actual.get(i));
    }
  }

  private static void close(String what, Matrix expected, Matrix actual) {
    if (expected == null || actual == null) {
      assertEquals(expected, actual, what);
      return;
    }
    assertEquals(expected.numRows(), actual.numRows(), what + ": rows");
    assertEquals(expected.numCols(), actual.numCols(), what + ": columns");
    close(what, expected.toArray(), actual.toArray());
  }

  private static void close(String what, Vector expected, Vector actual) {
    close(what, expected.toArray(), actual.toArray());
  }

  /**
   * Equal lengths, NaN where the other is NaN, else within {@link #TOL} ({@link #CLUSTER_TOL} for a cluster case,
   * {@link #GREEDY_SINC_TOL} for the gaussian fast sinc fit, {@link #EM_DIGITS_TOL} for the em one-vs-rest digits)
   * (absolute up to 1, relative above).
   */
  static void close(String what, double[] expected, double[] actual) {
    assertEquals(expected.length, actual.length, what + ": length");
    for (int i = 0; i < expected.length; i++) {
      double a = expected[i];
      double b = actual[i];
      if (Double.isNaN(a) || Double.isNaN(b) || Double.isInfinite(a) || Double.isInfinite(b)) {
        if (Double.compare(a, b) != 0) {
          fail(what + "[" + i + "]: expected " + a + ", got " + b);
        }
        continue;
      }
      double tol = what.contains("-cluster") ? CLUSTER_TOL
          : what.startsWith("gaussian-fast-sinc") ? GREEDY_SINC_TOL
          : what.startsWith("multinomial-ovr-em-digits") ? EM_DIGITS_TOL : TOL;
      double bound = tol * Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)));
      if (Math.abs(a - b) > bound) {
        fail(what + "[" + i + "]: expected " + a + ", got " + b + " (difference " + Math.abs(a - b) + " > " + bound
            + ")");
      }
    }
  }
}
