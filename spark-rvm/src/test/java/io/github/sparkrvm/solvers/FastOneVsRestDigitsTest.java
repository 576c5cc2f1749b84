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

package io.github.sparkrvm.solvers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * One-vs-rest on a digits subset, fast against em, on the in-memory statistics (the estimator wiring is tested in
 * {@code FastSolverTest}; here the solvers alone, so that a test set of several hundred rows stays cheap).
 */
class FastOneVsRestDigitsTest {

  @Test
  void fastMatchesEmTestErrorWithinOnePercentagePoint() {
    TestData.Table[] parts = TestData.split(TestData.digits(3, 8, 9), 0.4, 7); // the most confused digits
    TestData.Table train = parts[0];
    TestData.Table test = parts[1];
    // the first 100 training rows are the candidate centres, with a bias
    double[] centres = Arrays.stream(train.x()).limit(100).flatMapToDouble(Arrays::stream).toArray();
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.001), true, 64, centres);
    double[] w = new double[train.size()];
    Arrays.fill(w, 1.0);
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), w);
    SparseBayesOptions options = SparseBayesOptions.defaults();
    MultiClassFit em = OneVsRestSolver.of(BernoulliRelevanceSolver.of(options), 3, 1)
        .fit(stats, IterationListener.none());
    MultiClassFit fast = OneVsRestSolver.of(FastBernoulliSolver.of(options), 3, 1)
        .fit(stats, IterationListener.none());
    double emError = MultiClassFitError.of(em, basis, test);
    double fastError = MultiClassFitError.of(fast, basis, test);
    System.out.printf("digits 3/8/9 (%d train, %d test, 101 candidates): em error %.4f, %d pairs, %d passes; "
        + "fast error %.4f, %d pairs, %d passes%n", train.size(), test.size(), emError, em.size(),
        em.likelihoodPasses(), fastError, fast.size(), fast.likelihoodPasses());
    assertEquals(emError, fastError, 0.01);
    assertTrue(fastError < 0.06, "fast test error " + fastError);
    assertTrue(fast.likelihoodPasses() < em.likelihoodPasses(), "fast should need fewer passes than em");
  }
}
