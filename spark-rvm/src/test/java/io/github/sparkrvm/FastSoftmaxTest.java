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

import java.util.List;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * solver fast with family multinomial and multiClassStrategy softmax through the estimator. It runs on digits 3, 8
 * and 9 of the UCI optical digits (the most confused ones, relabelled 0, 1, 2: 537 rows), seeded 40/60 splits
 * (215 training rows, 322 test rows), RBF kernel on the raw pixels (gamma 0.001) over 100 sampled candidate centres
 * and a bias: 3 × 101 flat (class, basis function) candidates.
 */
class FastSoftmaxTest {

  /** Digits 3, 8 and 9, relabelled 0, 1, 2. */
  static TestData.Table subset;

  @BeforeAll
  static void subset() {
    subset = TestData.digits(3, 8, 9);
  }

  private static RvmEstimator softmax(String solver) {
    return new RvmEstimator().setFamily("multinomial").setMultiClassStrategy("softmax").setSolver(solver)
        .setGamma(0.001).setStandardization(false).setMaxBasis(100);
  }

  private static double error(RvmModel model, TestData.Table test) {
    return 1.0 - new MulticlassClassificationEvaluator().setMetricName("accuracy")
        .evaluate(model.transform(SparkTestSession.frame(test, 2)));
  }

  private static int pairs(RvmModel model) {
    int n = 0;
    for (int k = 0; k < model.numClasses(); k++) {
      n += model.classRelevanceIndices(k).length;
    }
    return n;
  }

  @Test
  void fastAndEmAgreeWithinOnePercentagePointOnTheMeanTestErrorOfSixteenSplits() {
    // On one split the two solvers can stop at different local maxima of the Laplace objective: with 215 training
    // rows their errors differ by up to 3.4 percentage points either way (splits 7 / 8 / 9: em 2.80 / 4.66 / 7.76 %,
    // fast 4.35 / 2.48 / 4.35 %; a mean over those three alone put fast 1.4 points ahead). So the bar is on the
    // mean over sixteen seeded splits (measured: em 4.23 %, fast 4.17 % with one add per step, 4.72 % since the
    // better of one and two by the evidence), fitted on the driver, the default at this
    // size; no split may be far off.
    int splits = 16;
    double emTotal = 0.0;
    double fastTotal = 0.0;
    for (long seed = 1; seed <= splits; seed++) {
      TestData.Table[] parts = TestData.split(subset, 0.4, seed);
      Dataset<Row> frame = SparkTestSession.frame(parts[0], 2).cache();
      RvmModel em = softmax("em").fit(frame);
      RvmModel fast = softmax("fast").fit(frame);
      frame.unpersist();
      double emError = error(em, parts[1]);
      double fastError = error(fast, parts[1]);
      emTotal += emError;
      fastTotal += fastError;
      System.out.printf("digits 3/8/9 softmax, split %d (%d train, %d test, 101 candidates × 3 classes): em error "
          + "%.4f, %d pairs, %d steps; fast error %.4f, %d pairs, %d steps%n", seed, parts[0].size(),
          parts[1].size(), emError, pairs(em), em.summary().iterations(), fastError, pairs(fast),
          fast.summary().iterations());
      assertTrue(fast.summary().converged());
      double[] history = fast.summary().logMarginalLikelihood();
      for (int i = 1; i < history.length; i++) {
        assertTrue(history[i] >= history[i - 1] - 1e-9 * (1.0 + Math.abs(history[i - 1])),
            "split " + seed + ", step " + i + ": " + history[i - 1] + " -> " + history[i]);
      }
      assertEquals(3, fast.numClasses());
      assertEquals(emError, fastError, 0.05, "split " + seed);
    }
    System.out.printf("digits 3/8/9 softmax, mean test error over %d splits: em %.4f, fast %.4f%n", splits,
        emTotal / splits, fastTotal / splits);
    assertEquals(emTotal / splits, fastTotal / splits, 0.01);
  }

  @Test
  void fastNeedsFewerPassesThanEmOverTheCluster() {
    // every step over the cluster (maxDriverDesignSizeInMB 0), where each Newton step is a pass
    TestData.Table[] parts = TestData.split(subset, 0.4, 7);
    Dataset<Row> frame = SparkTestSession.frame(parts[0], 2).cache();
    RvmModel em = softmax("em").setMaxDriverDesignSizeInMB(0).fit(frame);
    RvmModel fast = softmax("fast").setMaxDriverDesignSizeInMB(0).fit(frame);
    frame.unpersist();
    System.out.printf("digits 3/8/9 softmax over the cluster, split 7: em %d passes, fast %d passes%n",
        em.summary().dataPasses(), fast.summary().dataPasses());
    assertTrue(fast.summary().dataPasses() < em.summary().dataPasses(), "fast should need fewer passes than em");
  }

  @Test
  void oneAndEightPartitionsAndTheDriverGiveTheSameFastModel() {
    // every step over the cluster on 1 and on 8 partitions (maxDriverDesignSizeInMB 0), and on the driver after one
    // pass that collects the rows to expand on the driver (the default at this size)
    TestData.Table[] parts = TestData.split(subset, 0.4, 7);
    TestData.Table train = parts[0];
    TestData.Table test = parts[1];
    RvmModel one = softmax("fast").setMaxDriverDesignSizeInMB(0).fit(SparkTestSession.frame(train, 1));
    assertSameFastModel(one, softmax("fast").setMaxDriverDesignSizeInMB(0).fit(SparkTestSession.frame(train, 8)), test);
    RvmModel onDriver = softmax("fast").fit(SparkTestSession.frame(train, 8));
    assertSameFastModel(one, onDriver, test);
    assertEquals(2, onDriver.summary().dataPasses());
  }

  private static void assertSameFastModel(RvmModel one, RvmModel eight, TestData.Table test) {
    for (int k = 0; k < 3; k++) {
      assertArrayEquals(one.classRelevanceIndices(k), eight.classRelevanceIndices(k), "class " + k);
    }
    List<Row> a = one.transform(SparkTestSession.frame(test, 2)).select("probability", "rawPrediction")
        .collectAsList();
    List<Row> b = eight.transform(SparkTestSession.frame(test, 2)).select("probability", "rawPrediction")
        .collectAsList();
    assertEquals(a.size(), b.size());
    for (int i = 0; i < a.size(); i++) {
      for (int c = 0; c < 2; c++) {
        double[] x = ((Vector) a.get(i).getAs(c)).toArray();
        double[] y = ((Vector) b.get(i).getAs(c)).toArray();
        for (int k = 0; k < x.length; k++) {
          assertEquals(x[k], y[k], 1e-8 * (1 + Math.abs(x[k])), "row " + i + ", column " + c + ", class " + k);
        }
      }
    }
  }
}
