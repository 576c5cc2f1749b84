package io.github.sparkrvm.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One-vs-rest on a digits subset, fast against em, on the in-memory statistics (the estimator wiring is tested in
 * {@code FastSolverTest}; here the solvers alone, so that a test set of several hundred rows stays cheap).
 */
class FastOneVsRestDigitsTest {

  /** Digits 3, 8 and 9 (the most confused), relabelled 0, 1, 2. */
  private static TestData.Table subset() {
    TestData.Table all = TestData.digits();
    int[] classes = {3, 8, 9};
    List<double[]> x = new ArrayList<>();
    List<Double> t = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      for (int k = 0; k < classes.length; k++) {
        if (all.t()[i] == classes[k]) {
          x.add(all.x()[i]);
          t.add((double) k);
        }
      }
    }
    return new TestData.Table(x.toArray(new double[0][]), t.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** The class with the largest binary score φᵀw (the MAP one-vs-rest decision). */
  private static double error(MultiClassFit fit, BasisFunctions basis, TestData.Table test) {
    int errors = 0;
    for (int i = 0; i < test.size(); i++) {
      int best = -1;
      double score = Double.NEGATIVE_INFINITY;
      for (int k = 0; k < fit.active().length; k++) {
        double eta = 0.0;
        for (int a = 0; a < fit.active()[k].length; a++) {
          eta += fit.weights()[k][a] * basis.value(fit.active()[k][a], test.x()[i]);
        }
        if (eta > score) {
          score = eta;
          best = k;
        }
      }
      if (best != test.t()[i]) {
        errors++;
      }
    }
    return errors / (double) test.size();
  }

  @Test
  void fastMatchesEmTestErrorWithinOnePercentagePoint() {
    TestData.Table[] parts = TestData.split(subset(), 0.4, 7);
    TestData.Table train = parts[0];
    TestData.Table test = parts[1];
    // the first 100 training rows are the candidate centres, with a bias
    double[] centres = Arrays.stream(train.x()).limit(100).flatMapToDouble(Arrays::stream).toArray();
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.001), true, 64, centres);
    double[] w = new double[train.size()];
    Arrays.fill(w, 1.0);
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), w);
    SparseBayesOptions options = SparseBayesOptions.defaults();
    MultiClassFit em = OneVsRestSolver.fit(stats, 3, options, 1, (k, r) -> { });
    MultiClassFit fast = OneVsRestSolver.fit(stats, 3, options, 1, (k, r) -> { }, FastBernoulliSolver::fit);
    double emError = error(em, basis, test);
    double fastError = error(fast, basis, test);
    System.out.printf("digits 3/8/9 (%d train, %d test, 101 candidates): em error %.4f, %d pairs, %d passes; "
        + "fast error %.4f, %d pairs, %d passes%n", train.size(), test.size(), emError, em.size(),
        em.likelihoodPasses(), fastError, fast.size(), fast.likelihoodPasses());
    assertEquals(emError, fastError, 0.01);
    assertTrue(fastError < 0.06, "fast test error " + fastError);
    assertTrue(fast.likelihoodPasses() < em.likelihoodPasses(), "fast should need fewer passes than em");
  }
}
