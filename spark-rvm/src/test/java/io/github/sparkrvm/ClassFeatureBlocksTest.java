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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Param classFeatureBlocks (class-specific features, Zhang &amp; Malik 2005, appendix A.1) through the estimator: the
 * fit, the model's scoring, persistence and the errors.
 */
class ClassFeatureBlocksTest {

  private static final int K = 3;

  private static RvmEstimator softmax(String solver) {
    return new RvmEstimator().setFamily("multinomial").setKernel("linear").setSolver(solver);
  }

  /** The probability vectors of a transform, in row order (the frames are not repartitioned after fitting). */
  private static List<double[]> probabilities(RvmModel model, Dataset<Row> data) {
    return model.transform(data).select("probability").collectAsList().stream()
        .map(r -> ((Vector) r.get(0)).toArray()).toList();
  }

  /**
   * With every block the same B features (x repeated K times) the class-specific model is exactly the plain softmax
   * RVM over x (class p's score w_pᵀx + b_p, one α per (class, feature)): the same probabilities on new data, with
   * standardization on, for both solvers; class p's relevant features are block p's copies of the plain model's. The
   * same holds for one-vs-rest: class p's binary fit over block p is the plain binary fit over x.
   */
  @Test
  void identicalBlocksPredictAsThePlainSoftmaxOverTheSharedFeatures() {
    TestData.Table train = TestData.blobs(20, K, 0.9, 3);
    TestData.Table test = TestData.blobs(30, K, 0.9, 4);
    Dataset<Row> plainTrain = SparkTestSession.frame(train, 2).cache();
    Dataset<Row> plainTest = SparkTestSession.frame(test, 1).cache();
    Dataset<Row> repTrain = SparkTestSession.frame(TestData.repeated(train, K), 2).cache();
    Dataset<Row> repTest = SparkTestSession.frame(TestData.repeated(test, K), 1).cache();
    for (String solver : new String[] {"em", "fast", "em ovr", "fast ovr"}) {
      String strategy = solver.endsWith("ovr") ? "ovr" : "softmax";
      String method = solver.split(" ")[0];
      RvmModel plain = softmax(method).setMultiClassStrategy(strategy).fit(plainTrain);
      RvmModel blocks = softmax(method).setMultiClassStrategy(strategy).setClassFeatureBlocks(2).fit(repTrain);
      assertEquals(2, blocks.getClassFeatureBlocks());
      List<double[]> expected = probabilities(plain, plainTest);
      List<double[]> actual = probabilities(blocks, repTest);
      for (int i = 0; i < expected.size(); i++) {
        assertArrayEquals(expected.get(i), actual.get(i), 1e-7, solver + ": row " + i);
      }
      for (int k = 0; k < K; k++) {
        int q = k;
        assertArrayEquals(plain.classRelevantFeatures(k),
            Arrays.stream(blocks.classRelevantFeatures(k)).map(f -> f - 2 * q).toArray(), solver + ": class " + k);
        assertEquals(plain.classHasIntercept(k), blocks.classHasIntercept(k));
      }
    }
  }

  /**
   * The model scores new data as the masked computation does: with standardization off and probabilityMethod map,
   * P(k | x) is the softmax of b_k + Σ w_kf x_f over class k's relevant features, all within block k.
   */
  @Test
  void theModelScoresWithEachClassOwnBlockOnly(@TempDir Path dir) throws IOException {
    Dataset<Row> train = SparkTestSession.frame(TestData.classSpecificBlobs(30, K, 5), 2);
    TestData.Table test = TestData.classSpecificBlobs(40, K, 6);
    Dataset<Row> testFrame = SparkTestSession.frame(test, 1).cache();
    for (String solver : new String[] {"em", "fast"}) {
      RvmModel model = softmax(solver).setClassFeatureBlocks(3).setStandardization(false)
          .setProbabilityMethod("map").fit(train);
      int pairs = 0;
      for (int k = 0; k < K; k++) {
        for (int f : model.classRelevantFeatures(k)) {
          assertTrue(f >= 3 * k && f < 3 * k + 3, solver + ": class " + k + " uses feature " + f);
          pairs++;
        }
      }
      assertTrue(pairs > 0);
      List<double[]> probabilities = probabilities(model, testFrame);
      int errors = 0;
      for (int i = 0; i < test.size(); i++) {
        double[] score = new double[K];
        for (int k = 0; k < K; k++) {
          score[k] = model.classIntercept(k);
          int[] features = model.classRelevantFeatures(k);
          double[] w = model.classWeights(k).toArray();
          for (int a = 0; a < features.length; a++) {
            score[k] += w[a] * test.x()[i][features[a]];
          }
        }
        double max = Arrays.stream(score).max().orElseThrow();
        double sum = Arrays.stream(score).map(s -> Math.exp(s - max)).sum();
        for (int k = 0; k < K; k++) {
          assertEquals(Math.exp(score[k] - max) / sum, probabilities.get(i)[k], 1e-12, solver + ": row " + i);
        }
        errors += argmax(score) == (int) test.t()[i] ? 0 : 1;
      }
      assertTrue(errors <= 0.15 * test.size(), solver + ": " + errors + " errors of " + test.size());

      String path = dir.resolve("model-" + solver).toString();
      model.write().save(path);
      RvmModel loaded = RvmModel.load(path);
      assertEquals(3, loaded.getClassFeatureBlocks());
      assertEquals(model.extractParamMap().toString(), loaded.extractParamMap().toString());
      for (int k = 0; k < K; k++) {
        assertArrayEquals(model.classRelevantFeatures(k), loaded.classRelevantFeatures(k));
        assertArrayEquals(model.classWeights(k).toArray(), loaded.classWeights(k).toArray(), 0.0);
      }
      List<double[]> reloaded = probabilities(loaded, testFrame);
      for (int i = 0; i < test.size(); i++) {
        assertArrayEquals(probabilities.get(i), reloaded.get(i), 0.0);
      }
    }
  }

  private static int argmax(double[] v) {
    int best = 0;
    for (int i = 1; i < v.length; i++) {
      best = v[i] > v[best] ? i : best;
    }
    return best;
  }

  @Test
  void paramsThatCannotGoWithClassFeatureBlocksAreRefused() {
    Dataset<Row> train = SparkTestSession.frame(TestData.classSpecificBlobs(5, K, 1), 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> softmax("fast").setKernel("rbf").setClassFeatureBlocks(3).fit(train));
    assertTrue(e.getMessage().contains("classFeatureBlocks 3 needs kernel 'linear'")
        && e.getMessage().contains("kernel is 'rbf'"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> softmax("fast").setFamily("bernoulli").setClassFeatureBlocks(3).fit(train));
    assertTrue(e.getMessage().contains("family is 'bernoulli'"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> softmax("em").setClassFeatureBlocks(4).fit(train));
    assertTrue(e.getMessage().contains("featuresCol 'features' holds 9 features, but classFeatureBlocks 4 with the 3 "
        + "classes of labelCol 'label' needs 3 x 4 = 12") && e.getMessage().contains("classFeatureBlocks to 3"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> softmax("em").setClassFeatureBlocks(-1));
  }
}
