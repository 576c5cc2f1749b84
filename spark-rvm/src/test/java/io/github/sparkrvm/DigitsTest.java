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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Ten-class handwritten digits (UCI optical digits, 8×8 pixels 0–16), a seeded 60/40 split, RBF kernel on the raw
 * pixels (gamma 0.001, as is usual for this data) over 200 sampled candidate centres: the multinomial (softmax) RVM
 * and one-vs-rest on the same split, with solver em (Tipping's classic re-estimation) and with solver fast. The
 * slowest unit test (about a minute on two cores): em's softmax starts from 10 × 201 weights, a 2010 × 2010 Newton
 * system per step until the pruning has shrunk it.
 */
class DigitsTest {

  static Dataset<Row> train;
  static Dataset<Row> test;

  @BeforeAll
  static void split() {
    TestData.Table[] parts = TestData.split(TestData.digits(), 0.6, 42);
    train = SparkTestSession.frame(parts[0], 2).cache();
    test = SparkTestSession.frame(parts[1], 2).cache();
    assertEquals(1078, train.count());
    assertEquals(719, test.count());
  }

  static RvmEstimator digits(String strategy, String solver) {
    return new RvmEstimator().setFamily("multinomial").setMultiClassStrategy(strategy).setGamma(0.001)
        .setStandardization(false).setMaxBasis(200).setParallelism(4).setSolver(solver);
  }

  /** A fitted model and its test accuracy. */
  private record Fit(RvmModel model, double accuracy) {}

  /** Fits on the training split, scores the test split and prints what it took. */
  private static Fit fit(String what, RvmEstimator estimator) {
    long start = System.nanoTime();
    RvmModel model = estimator.fit(train);
    double seconds = (System.nanoTime() - start) / 1e9;
    double accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy").evaluate(model.transform(test));
    int pairs = 0;
    for (int k = 0; k < model.numClasses(); k++) {
      pairs += model.classRelevanceIndices(k).length;
    }
    System.out.printf("digits %s: test accuracy %.4f, %d relevance vectors (%d class-vector pairs), %d iterations, "
        + "%d passes, converged %s, fit %.1f s%n", what, accuracy, model.numRelevanceVectors(), pairs,
        model.summary().iterations(), model.summary().dataPasses(), model.summary().converged(), seconds);
    return new Fit(model, accuracy);
  }

  @Test
  void softmaxAndOneVsRest() {
    Fit softmax = fit("softmax", digits("softmax", "em"));
    // each binary fit settles its relevance vectors early and then creeps toward the tolerance for thousands of
    // steps; 300 steps per class keep the test to a minute without changing the accuracy asserted below
    Fit ovr = fit("ovr", digits("ovr", "em").setMaxIter(300));
    assertTrue(softmax.accuracy() >= 0.96, "softmax test accuracy " + softmax.accuracy());
    assertTrue(ovr.accuracy() >= 0.95, "one-vs-rest test accuracy " + ovr.accuracy());
    // sparse: a few relevance vectors per class out of 200 candidates
    assertTrue(softmax.model().numRelevanceVectors() <= 80, softmax.model().numRelevanceVectors() + " vectors");
    assertTrue(ovr.model().numRelevanceVectors() <= 120, ovr.model().numRelevanceVectors() + " vectors");
  }

  @Test
  void fastIsWithinTwoPointsOfEmOnThisSplit() {
    // solver fast, the default, on the same split: 95.0 % softmax and 95.8 % one-vs-rest against em's 96.5 % and
    // 96.7 %, in about 1.3 s and 0.3 s against 51 s and 2.5 s. On one split of 719 test rows the two solvers' local
    // maxima differ by a point or two either way; over six splits (this one and seeds 1 to 5) fast's softmax errs on
    // 4.54 % on average against em's 3.99 %.
    Fit softmax = fit("softmax, fast", digits("softmax", "fast"));
    Fit ovr = fit("ovr, fast", digits("ovr", "fast"));
    assertTrue(softmax.accuracy() >= 0.965 - 0.02, "softmax test accuracy " + softmax.accuracy());
    assertTrue(ovr.accuracy() >= 0.967 - 0.02, "one-vs-rest test accuracy " + ovr.accuracy());
    assertTrue(softmax.model().summary().converged() && ovr.model().summary().converged());
    assertTrue(softmax.model().numRelevanceVectors() <= 80, softmax.model().numRelevanceVectors() + " vectors");
    assertTrue(ovr.model().numRelevanceVectors() <= 120, ovr.model().numRelevanceVectors() + " vectors");
  }
}
