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

  private static double accuracy(RvmModel model) {
    return new MulticlassClassificationEvaluator().setMetricName("accuracy").evaluate(model.transform(test));
  }

  private static String describe(String what, RvmModel model, double accuracy, double seconds) {
    int pairs = 0;
    for (int k = 0; k < model.numClasses(); k++) {
      pairs += model.classRelevanceIndices(k).length;
    }
    return String.format("digits %s: test accuracy %.4f, %d relevance vectors (%d class-vector pairs), "
        + "%d iterations, %d passes, converged %s, fit %.1f s", what, accuracy, model.numRelevanceVectors(), pairs,
        model.summary().iterations(), model.summary().dataPasses(), model.summary().converged(), seconds);
  }

  @Test
  void softmaxAndOneVsRest() {
    long start = System.nanoTime();
    RvmModel softmax = digits("softmax", "em").fit(train);
    double softmaxSeconds = (System.nanoTime() - start) / 1e9;
    double softmaxAccuracy = accuracy(softmax);
    System.out.println(describe("softmax", softmax, softmaxAccuracy, softmaxSeconds));
    start = System.nanoTime();
    // each binary fit settles its relevance vectors early and then creeps toward the tolerance for thousands of
    // steps; 300 steps per class keep the test to a minute without changing the accuracy asserted below
    RvmModel ovr = digits("ovr", "em").setMaxIter(300).fit(train);
    double ovrSeconds = (System.nanoTime() - start) / 1e9;
    double ovrAccuracy = accuracy(ovr);
    System.out.println(describe("ovr", ovr, ovrAccuracy, ovrSeconds));
    assertTrue(softmaxAccuracy >= 0.96, "softmax test accuracy " + softmaxAccuracy);
    assertTrue(ovrAccuracy >= 0.95, "one-vs-rest test accuracy " + ovrAccuracy);
    // sparse: a few relevance vectors per class out of 200 candidates
    assertTrue(softmax.numRelevanceVectors() <= 80, softmax.numRelevanceVectors() + " relevance vectors");
    assertTrue(ovr.numRelevanceVectors() <= 120, ovr.numRelevanceVectors() + " relevance vectors");
  }

  @Test
  void fastIsWithinTwoPointsOfEmOnThisSplit() {
    // solver fast, the default, on the same split: 95.0 % softmax and 95.8 % one-vs-rest against em's 96.5 % and
    // 96.7 %, in about 1.3 s and 0.3 s against 51 s and 2.5 s. On one split of 719 test rows the two solvers' local
    // maxima differ by a point or two either way; over six splits (this one and seeds 1 to 5) fast's softmax errs on
    // 4.54 % on average against em's 3.99 %.
    long start = System.nanoTime();
    RvmModel softmax = digits("softmax", "fast").fit(train);
    double softmaxSeconds = (System.nanoTime() - start) / 1e9;
    double softmaxAccuracy = accuracy(softmax);
    System.out.println(describe("softmax, fast", softmax, softmaxAccuracy, softmaxSeconds));
    start = System.nanoTime();
    RvmModel ovr = digits("ovr", "fast").fit(train);
    double ovrSeconds = (System.nanoTime() - start) / 1e9;
    double ovrAccuracy = accuracy(ovr);
    System.out.println(describe("ovr, fast", ovr, ovrAccuracy, ovrSeconds));
    assertTrue(softmaxAccuracy >= 0.965 - 0.02, "softmax test accuracy " + softmaxAccuracy);
    assertTrue(ovrAccuracy >= 0.967 - 0.02, "one-vs-rest test accuracy " + ovrAccuracy);
    assertTrue(softmax.summary().converged() && ovr.summary().converged());
    assertTrue(softmax.numRelevanceVectors() <= 80, softmax.numRelevanceVectors() + " relevance vectors");
    assertTrue(ovr.numRelevanceVectors() <= 120, ovr.numRelevanceVectors() + " relevance vectors");
  }
}
