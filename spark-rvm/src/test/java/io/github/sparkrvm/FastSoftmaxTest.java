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
  void fastIsNotWorseThanEmByMoreThanOnePercentagePointOnTheMeanTestError() {
    // A mean over three seeded splits (as FastSolverTest does for sinc): the greedy fast solver can stop at another
    // local maximum of the Laplace objective than em, and with 215 training rows the two solvers' errors on one split
    // differ by 1.5 to 3.4 percentage points either way (measured: em 2.80 / 4.66 / 7.76 %, fast 4.35 / 2.48 / 4.35 %
    // on splits 7 / 8 / 9). So the test asserts that fast is not worse than em by more than one percentage point on
    // the mean, and that no split is far off.
    double emTotal = 0.0;
    double fastTotal = 0.0;
    for (long seed : new long[] {7, 8, 9}) {
      TestData.Table[] parts = TestData.split(subset, 0.4, seed);
      Dataset<Row> frame = SparkTestSession.frame(parts[0], 2).cache();
      long start = System.nanoTime();
      // every step over the cluster (maxDriverDesignSizeInMB 0), to compare the passes
      RvmModel em = softmax("em").setMaxDriverDesignSizeInMB(0).fit(frame);
      double emSeconds = (System.nanoTime() - start) / 1e9;
      start = System.nanoTime();
      RvmModel fast = softmax("fast").setMaxDriverDesignSizeInMB(0).fit(frame);
      double fastSeconds = (System.nanoTime() - start) / 1e9;
      frame.unpersist();
      double emError = error(em, parts[1]);
      double fastError = error(fast, parts[1]);
      emTotal += emError;
      fastTotal += fastError;
      System.out.printf("digits 3/8/9 softmax, split %d (%d train, %d test, 101 candidates × 3 classes): em error "
          + "%.4f, %d pairs, %d passes, %.1f s; fast error %.4f, %d pairs, %d steps, %d passes, %.1f s%n", seed,
          parts[0].size(), parts[1].size(), emError, pairs(em), em.summary().dataPasses(), emSeconds, fastError,
          pairs(fast), fast.summary().iterations(), fast.summary().dataPasses(), fastSeconds);
      assertTrue(fast.summary().converged());
      double[] history = fast.summary().logMarginalLikelihood();
      for (int i = 1; i < history.length; i++) {
        assertTrue(history[i] >= history[i - 1] - 1e-9 * (1.0 + Math.abs(history[i - 1])),
            "split " + seed + ", step " + i + ": " + history[i - 1] + " -> " + history[i]);
      }
      assertTrue(fast.summary().dataPasses() < em.summary().dataPasses(), "fast should need fewer passes than em");
      assertEquals(3, fast.numClasses());
      assertEquals(emError, fastError, 0.05, "split " + seed);
    }
    System.out.printf("digits 3/8/9 softmax, mean test error over 3 splits: em %.4f, fast %.4f%n", emTotal / 3,
        fastTotal / 3);
    assertTrue(fastTotal / 3 <= emTotal / 3 + 0.01, "fast mean test error " + fastTotal / 3 + ", em " + emTotal / 3);
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
