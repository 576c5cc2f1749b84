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
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.statistics.MultinomialAccumulator;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The softmax likelihood terms, the multinomial Laplace mode and the multinomial RVM on known answers. */
class MultinomialRelevanceSolverTest {

  private static final int[][] ACTIVE = {{0, 2, 5, 9}, {1, 2, 3, 7, 10}, {0, 4}};

  private static double[] ones(int n) {
    double[] w = new double[n];
    Arrays.fill(w, 1.0);
    return w;
  }

  /** Three blobs, 15 rows each, and an RBF basis with a bias on the first 10 rows. */
  private static TestData.Table blobs() {
    return TestData.blobs(15, 3, 0.9, 21);
  }

  private static BasisFunctions blobBasis(TestData.Table table) {
    double[] centres = Arrays.stream(table.x()).limit(10).flatMapToDouble(Arrays::stream).toArray();
    return BasisFunctions.kernel(new Kernel.Rbf(0.7), true, 2, centres);
  }

  /** log p(t | w) − ½ Σ α w², written out independently of the statistics classes. */
  private static double logPosterior(BasisFunctions basis, TestData.Table table, double[] rowWeights,
      int[][] active, double[] flat, double[] alpha) {
    int classes = active.length;
    double s = 0.0;
    for (int i = 0; i < table.size(); i++) {
      double[] u = new double[classes];
      int at = 0;
      for (int p = 0; p < classes; p++) {
        for (int j : active[p]) {
          u[p] += basis.value(j, table.x()[i]) * flat[at++];
        }
      }
      double max = Arrays.stream(u).max().orElseThrow();
      double sum = 0.0;
      for (double v : u) {
        sum += Math.exp(v - max);
      }
      s += rowWeights[i] * (u[(int) table.t()[i]] - max - Math.log(sum));
    }
    for (int k = 0; k < flat.length; k++) {
      s -= 0.5 * alpha[k] * flat[k] * flat[k];
    }
    return s;
  }

  @Test
  void gradientAndHessianMatchFiniteDifferencesOfTheLogPosterior() {
    TestData.Table table = blobs();
    BasisFunctions basis = blobBasis(table);
    double[] rowWeights = new SplittableRandom(3).doubles(table.size(), 0.5, 1.5).toArray();
    InMemoryStatistics stats = InMemoryStatistics.of(basis, table.x(), table.t(), rowWeights);
    int dim = ClassLayout.dim(ACTIVE);
    SplittableRandom random = new SplittableRandom(8);
    double[] w = random.doubles(dim, -1.5, 1.5).toArray();
    double[] alpha = random.doubles(dim, 0.1, 2.0).toArray();
    LikelihoodTerms terms = stats.multinomial(ACTIVE, ClassLayout.split(w, ACTIVE));

    double f = logPosterior(basis, table, rowWeights, ACTIVE, w, alpha);
    assertEquals(f, terms.logLikelihood() - 0.5 * sumSquares(w, alpha), 1e-10 * Math.abs(f));
    // gradient of the log posterior: Φᵀ W (t − μ) − Aw, against central differences
    double h = 1e-5;
    for (int k = 0; k < dim; k++) {
      double numeric = (logPosterior(basis, table, rowWeights, ACTIVE, shift(w, k, h, -1, 0.0), alpha)
          - logPosterior(basis, table, rowWeights, ACTIVE, shift(w, k, -h, -1, 0.0), alpha)) / (2 * h);
      assertEquals(numeric, terms.gradient()[k] - alpha[k] * w[k], 1e-6 * (1 + Math.abs(numeric)), "gradient " + k);
    }
    // Hessian of the log posterior: −(ΦᵀBΦ + A), against second differences, across and within classes
    double e = 1e-4;
    double worst = 0.0;
    for (int k = 0; k < dim; k++) {
      for (int l = 0; l < dim; l++) {
        double numeric = (logPosterior(basis, table, rowWeights, ACTIVE, shift(w, k, e, l, e), alpha)
            - logPosterior(basis, table, rowWeights, ACTIVE, shift(w, k, e, l, -e), alpha)
            - logPosterior(basis, table, rowWeights, ACTIVE, shift(w, k, -e, l, e), alpha)
            + logPosterior(basis, table, rowWeights, ACTIVE, shift(w, k, -e, l, -e), alpha)) / (4 * e * e);
        double analytic = -(terms.hessian()[l * dim + k] + (k == l ? alpha[k] : 0.0));
        worst = Math.max(worst, Math.abs(numeric - analytic) / (1 + Math.abs(analytic)));
      }
    }
    assertTrue(worst < 1e-5, "largest relative Hessian error " + worst);
    // the classes are coupled through the softmax: candidate 2, active in classes 0 and 1, has the cross-class
    // entry Σ w μ⁽⁰⁾(0 − μ⁽¹⁾) φ₂² < 0 in the negative log-likelihood Hessian ΦᵀBΦ
    double cross = terms.hessian()[(ClassLayout.offsets(ACTIVE)[1] + 1) * dim + 1];
    assertTrue(cross < -1e-3, "cross-class entry " + cross);
  }

  private static double sumSquares(double[] w, double[] alpha) {
    double s = 0.0;
    for (int k = 0; k < w.length; k++) {
      s += alpha[k] * w[k] * w[k];
    }
    return s;
  }

  /** w with w[k] += dk and, when l ≥ 0, w[l] += dl. */
  private static double[] shift(double[] w, int k, double dk, int l, double dl) {
    double[] out = w.clone();
    out[k] += dk;
    if (l >= 0) {
      out[l] += dl;
    }
    return out;
  }

  @Test
  void blockedBlasAccumulatorAgreesWithThePlainLoops() {
    TestData.Table table = blobs();
    BasisFunctions basis = blobBasis(table);
    double[] rowWeights = new SplittableRandom(4).doubles(table.size(), 0.0, 2.0).toArray();
    InMemoryStatistics stats = InMemoryStatistics.of(basis, table.x(), table.t(), rowWeights);
    int m = basis.numCandidates();
    int[] all = Reestimation.indices(m);
    // class-specific sets; one class with every candidate; one class with none
    int[][][] layouts = {ACTIVE, {all, {3, 4}, {}}, {all, all, all}};
    for (int[][] active : layouts) {
      double[] w = new SplittableRandom(6).doubles(ClassLayout.dim(active), -2, 2).toArray();
      double[][] weights = ClassLayout.split(w, active);
      LikelihoodTerms plain = stats.multinomial(active, weights);
      // blocks of 7 rows, accumulated into two partial results and merged
      MultinomialAccumulator left = new MultinomialAccumulator(active, weights);
      MultinomialAccumulator right = new MultinomialAccumulator(active, weights);
      int[] union = left.union();
      for (int start = 0, block = 0; start < table.size(); start += 7, block++) {
        int n = Math.min(7, table.size() - start);
        double[] phi = new double[n * union.length];
        for (int c = 0; c < union.length; c++) {
          for (int i = 0; i < n; i++) {
            phi[c * n + i] = stats.phi(start + i, union[c]);
          }
        }
        (block % 2 == 0 ? left : right).add(phi, n, Arrays.copyOfRange(table.t(), start, start + n),
            Arrays.copyOfRange(rowWeights, start, start + n));
      }
      LikelihoodTerms blas = left.merge(right).result();
      assertEquals(plain.logLikelihood(), blas.logLikelihood(), 1e-9 * Math.abs(plain.logLikelihood()));
      assertClose(plain.gradient(), blas.gradient());
      assertClose(plain.hessian(), blas.hessian());
    }
  }

  private static void assertClose(double[] expected, double[] actual) {
    assertEquals(expected.length, actual.length);
    double scale = 1.0 + Arrays.stream(expected).map(Math::abs).max().orElse(0.0);
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], actual[i], 1e-9 * scale, "entry " + i);
    }
  }

  @Test
  void atTheLaplaceModeTheGradientOfTheLogPosteriorIsZero() {
    TestData.Table table = blobs();
    InMemoryStatistics stats = InMemoryStatistics.of(blobBasis(table), table.x(), table.t(), ones(table.size()));
    int dim = ClassLayout.dim(ACTIVE);
    double[] alpha = new SplittableRandom(9).doubles(dim, 0.05, 1.0).toArray();
    PosteriorMode mode = PosteriorMode.find(MultinomialRelevanceSolver.likelihood(stats, ACTIVE), alpha,
        new double[dim], null);
    LikelihoodTerms terms = stats.multinomial(ACTIVE, ClassLayout.split(mode.weights(), ACTIVE));
    LikelihoodTerms atZero = stats.multinomial(ACTIVE, ClassLayout.split(new double[dim], ACTIVE));
    assertTrue(Arrays.stream(atZero.gradient()).map(Math::abs).sum() > 1.0);
    double size = 0.0;
    for (int k = 0; k < dim; k++) {
      // Newton stops at a decrement of 1e-12 (1 + |Ψ|): the gradient is then near rounding level
      assertEquals(0.0, terms.gradient()[k] - alpha[k] * mode.weights()[k], 1e-5, "gradient " + k);
      size += Math.abs(mode.weights()[k]);
    }
    assertTrue(size > 1.0, "the mode is away from zero");
  }

  @Test
  void threeBlobsAreClassifiedWithFewVectorsPrunedClassByClass() {
    TestData.Table train = TestData.blobs(30, 3, 0.8, 5);
    TestData.Table test = TestData.blobs(300, 3, 0.8, 6);
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.5), true, 2,
        GaussianRelevanceSolverTest.flatten(train.x()));
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), ones(train.size()));
    MultiClassFit fit = MultinomialRelevanceSolver.of(3, SparseBayesOptions.defaults())
        .fit(stats, IterationListener.none());
    int errors = errors(fit, basis, test);
    int[] union = ClassLayout.union(fit.active());
    // the Bayes classifier of symmetric blobs with equal spread: the nearest centre, by angle
    int bayes = 0;
    for (int i = 0; i < test.size(); i++) {
      double angle = Math.atan2(test.x()[i][1], test.x()[i][0]);
      int nearest = (int) Math.floorMod(Math.round(angle / (2 * Math.PI / 3)), 3);
      bayes += nearest == (int) test.t()[i] ? 0 : 1;
    }
    System.out.printf("blobs: %d (class, vector) pairs over %d distinct basis functions %s, error %.3f (Bayes "
        + "%.3f), iterations %d, passes %d%n", fit.size(), union.length, Arrays.deepToString(fit.active()),
        errors / (double) test.size(), bayes / (double) test.size(), fit.iterations(), fit.likelihoodPasses());
    assertTrue(fit.converged());
    // 90 training rows (which happen to be separable): within 4 points of the Bayes error (2.1% on this sample)
    assertTrue(errors <= bayes + 0.04 * test.size(), errors + " test errors in " + test.size() + ", Bayes " + bayes);
    assertTrue(union.length <= 12, union.length + " basis functions kept");
    boolean classSpecific = false;
    for (int j : union) {
      long classes = Arrays.stream(fit.active()).filter(a -> Arrays.binarySearch(a, j) >= 0).count();
      classSpecific |= classes < 3;
    }
    assertTrue(classSpecific, "some basis function is kept for one class and pruned for another");
  }

  @Test
  void twoClassSoftmaxMeetsTippingsRipleyFigures() {
    TestData.Table train = TestData.ripley("tr");
    TestData.Table test = TestData.ripley("te");
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2,
        GaussianRelevanceSolverTest.flatten(train.x()));
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), ones(train.size()));
    MultiClassFit fit = MultinomialRelevanceSolver.of(2, SparseBayesOptions.defaults())
        .fit(stats, IterationListener.none());
    int errors = errors(fit, basis, test);
    int vectors = ClassLayout.union(fit.active()).length;
    System.out.printf("ripley softmax: %d distinct basis functions, error %.3f, iterations %d%n", vectors,
        errors / 1000.0, fit.iterations());
    assertTrue(errors <= 105, errors + " test errors in 1000");
    assertTrue(vectors <= 10, vectors + " basis functions");
  }

  /** Test errors of the MAP softmax classifier. */
  private static int errors(MultiClassFit fit, BasisFunctions basis, TestData.Table test) {
    int errors = 0;
    for (int i = 0; i < test.size(); i++) {
      int best = 0;
      double bestScore = Double.NEGATIVE_INFINITY;
      for (int p = 0; p < fit.numClasses(); p++) {
        double u = 0.0;
        for (int a = 0; a < fit.active()[p].length; a++) {
          u += basis.value(fit.active()[p][a], test.x()[i]) * fit.weights()[p][a];
        }
        if (u > bestScore) {
          bestScore = u;
          best = p;
        }
      }
      errors += best == (int) test.t()[i] ? 0 : 1;
    }
    return errors;
  }
}
