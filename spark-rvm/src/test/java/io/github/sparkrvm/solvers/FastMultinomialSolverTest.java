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
import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.util.IterationReport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fast softmax RVM against the classic one on three Gaussian blobs, on the in-memory statistics. */
class FastMultinomialSolverTest {

  @Test
  void fastMatchesTheClassicSoftmaxAndItsLaplaceObjectiveNeverDecreases() {
    // 3 blobs, 30 training rows each (every one a candidate centre, with a bias: 91 × 3 flat candidates), 300 test
    TestData.Table train = TestData.blobs(30, 3, 0.8, 5);
    TestData.Table test = TestData.blobs(100, 3, 0.8, 6);
    double[] centres = Arrays.stream(train.x()).flatMapToDouble(Arrays::stream).toArray();
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.5), true, 2, centres);
    double[] w = new double[train.size()];
    Arrays.fill(w, 1.0);
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), w);
    SparseBayesOptions options = SparseBayesOptions.defaults();
    long start = System.nanoTime();
    MultiClassFit em = MultinomialRelevanceSolver.of(3, options).fit(stats, r -> { });
    double emSeconds = (System.nanoTime() - start) / 1e9;
    List<IterationReport> reports = new ArrayList<>();
    start = System.nanoTime();
    MultiClassFit fast = FastMultinomialSolver.of(3, options).fit(stats, reports::add);
    double fastSeconds = (System.nanoTime() - start) / 1e9;
    double emError = MultiClassFitError.of(em, basis, test);
    double fastError = MultiClassFitError.of(fast, basis, test);
    System.out.printf("blobs softmax (90 train, 300 test, 91 candidates × 3 classes): em error %.4f, %d pairs, "
        + "%d passes, %.2f s; fast error %.4f, %d pairs, %d passes, %d steps, %.2f s%n", emError, em.size(),
        em.likelihoodPasses(), emSeconds, fastError, fast.size(), fast.likelihoodPasses(), fast.iterations(),
        fastSeconds);
    assertEquals(emError, fastError, 0.01);
    assertTrue(fast.converged());
    double[] history = fast.logMarginalLikelihoods();
    assertEquals(fast.iterations() + 1, history.length);
    for (int i = 1; i < history.length; i++) {
      assertTrue(history[i] >= history[i - 1] - 1e-9 * (1.0 + Math.abs(history[i - 1])),
          "step " + i + ": " + history[i - 1] + " -> " + history[i]);
    }
    assertEquals(reports.size(), history.length);
    // sparse: a few (class, basis function) pairs out of 273
    assertTrue(fast.size() <= 30, fast.size() + " pairs");
    // the covariance is Σ over the flat kept weights: symmetric, positive diagonal
    int dim = fast.size();
    double[] cov = fast.covariance();
    for (int i = 0; i < dim; i++) {
      assertTrue(cov[i * dim + i] > 0.0);
      for (int j = 0; j < i; j++) {
        assertEquals(cov[i * dim + j], cov[j * dim + i], 1e-9 * Math.sqrt(cov[i * dim + i] * cov[j * dim + j]));
      }
    }
  }

  @Test
  void theFinalModeIsTheClassicModeAtTheFittedAlpha() {
    // the fit's weights and covariance are those of the classic Newton search at the same α and active sets (to the
    // Newton tolerance: both stop at a decrement of 1e-12 (1 + |Ψ|), which leaves weights with a large posterior
    // variance a few 1e-6 apart)
    TestData.Table train = TestData.blobs(15, 3, 0.9, 21);
    double[] centres = Arrays.stream(train.x()).flatMapToDouble(Arrays::stream).toArray();
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.7), true, 2, centres);
    double[] w = new double[train.size()];
    Arrays.fill(w, 1.0);
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), w);
    MultiClassFit fast = FastMultinomialSolver.of(3, SparseBayesOptions.defaults()).fit(stats, r -> { });
    double[] alpha = ClassLayout.concat(fast.alpha());
    PosteriorMode mode = PosteriorMode.find(MultinomialRelevanceSolver.likelihood(stats, fast.active()), alpha,
        new double[alpha.length], null);
    double[] weights = ClassLayout.concat(fast.weights());
    for (int i = 0; i < weights.length; i++) {
      assertEquals(mode.weights()[i], weights[i], 1e-4 * (1 + Math.abs(weights[i])));
    }
    double[] cov = mode.precision().inverse();
    for (int i = 0; i < cov.length; i++) {
      assertEquals(cov[i], fast.covariance()[i], 1e-4 * (1 + Math.abs(cov[i])));
    }
  }
}
