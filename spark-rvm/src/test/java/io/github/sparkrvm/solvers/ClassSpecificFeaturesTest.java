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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Class-specific features (Zhang &amp; Malik 2005, appendix A.1) through the softmax solvers' per-class candidate
 * sets: the features are K blocks of B, and class p may use only the bias and block p.
 */
class ClassSpecificFeaturesTest {

  private static final int K = 3;

  private static double[] ones(int n) {
    double[] w = new double[n];
    Arrays.fill(w, 1.0);
    return w;
  }

  /** Three blobs in the plane and one pure-noise feature: B = 3 shared features. */
  private static TestData.Table shared(int perClass, long seed) {
    TestData.Table blobs = TestData.blobs(perClass, K, 0.9, seed);
    SplittableRandom random = new SplittableRandom(seed + 100);
    double[][] x = new double[blobs.size()][];
    for (int i = 0; i < x.length; i++) {
      x[i] = new double[] {blobs.x()[i][0], blobs.x()[i][1], TestData.gaussian(random)};
    }
    return new TestData.Table(x, blobs.t());
  }

  /** The repeated fit's active sets in the shared features' candidate numbers (bias 0, then feature f at f + 1). */
  private static int[][] toShared(int[][] active, int b) {
    int[][] out = new int[active.length][];
    for (int p = 0; p < active.length; p++) {
      int q = p;
      out[p] = Arrays.stream(active[p]).map(c -> c == 0 ? 0 : c - q * b).toArray();
    }
    return out;
  }

  private static void assertSameFit(MultiClassFit plain, MultiClassFit blocks, int b, double tol) {
    assertArrayEquals(plain.active(), toShared(blocks.active(), b), "the same (class, feature) pairs are kept");
    for (int p = 0; p < K; p++) {
      for (int a = 0; a < plain.active()[p].length; a++) {
        assertEquals(plain.weights()[p][a], blocks.weights()[p][a], tol * (1 + Math.abs(plain.weights()[p][a])),
            "weight of class " + p + " at " + a);
        assertEquals(Math.log(plain.alpha()[p][a]), Math.log(blocks.alpha()[p][a]), tol, "log alpha " + p + ", " + a);
      }
    }
    double[] pc = plain.covariance();
    double[] bc = blocks.covariance();
    assertEquals(pc.length, bc.length);
    for (int i = 0; i < pc.length; i++) {
      assertEquals(pc[i], bc[i], tol * (1 + Math.abs(pc[i])), "covariance entry " + i);
    }
    assertEquals(plain.iterations(), blocks.iterations());
  }

  /**
   * With every block the same B features (x repeated K times), class p's score over its own block is w_pᵀx + b_p,
   * and each (class, feature) has its own α: exactly the plain softmax RVM over the B shared features. So both
   * solvers, restricted to the blocks, must find the plain fit over x: the same kept pairs (feature p·B + j of
   * class p being feature j), weights, α and covariance, in the same number of steps.
   */
  @Test
  void identicalBlocksGiveThePlainSoftmaxOverTheSharedFeatures() {
    TestData.Table x = shared(20, 3);
    int b = x.x()[0].length;
    TestData.Table rep = TestData.repeated(x, K);
    BasisFunctions plainBasis = BasisFunctions.linear(true, b);
    BasisFunctions repBasis = BasisFunctions.linear(true, K * b);
    InMemoryStatistics plainStats = InMemoryStatistics.of(plainBasis, x.x(), x.t(), ones(x.size()));
    InMemoryStatistics repStats = InMemoryStatistics.of(repBasis, rep.x(), rep.t(), ones(rep.size()));
    int[][] blocks = repBasis.classBlocks(K, b);
    assertArrayEquals(new int[][] {{0, 1, 2, 3}, {0, 4, 5, 6}, {0, 7, 8, 9}}, blocks);
    SparseBayesOptions options = SparseBayesOptions.defaults();

    MultiClassFit emPlain = MultinomialRelevanceSolver.of(K, options).fit(plainStats, IterationListener.none());
    MultiClassFit emBlocks = MultinomialRelevanceSolver.of(K, options, new FitStart.Restricted(blocks))
        .fit(repStats, IterationListener.none());
    assertTrue(emPlain.converged());
    assertSameFit(emPlain, emBlocks, b, 1e-7);

    MultiClassFit fastPlain = FastMultinomialSolver.of(K, options).fit(plainStats, IterationListener.none());
    MultiClassFit fastBlocks = FastMultinomialSolver.of(K, options, new FitStart.Restricted(blocks))
        .fit(repStats, IterationListener.none());
    assertTrue(fastPlain.converged());
    assertSameFit(fastPlain, fastBlocks, b, 1e-7);

    // one-vs-rest: class p's binary fit over block p (and the bias) is the plain binary fit over x
    for (boolean fast : new boolean[] {false, true}) {
      RelevanceSolver<MultiClassFit> plain = OneVsRestSolver.of(fast ? FastBernoulliSolver.of(options)
          : BernoulliRelevanceSolver.of(options), K, 2);
      RelevanceSolver<MultiClassFit> own = OneVsRestSolver.of(k -> fast
          ? FastBernoulliSolver.of(options, LaplaceLikelihood.BERNOULLI, FitStart.over(blocks[k]))
          : BernoulliRelevanceSolver.of(options, LaplaceLikelihood.BERNOULLI, FitStart.over(blocks[k])), K, 2);
      MultiClassFit ovrPlain = plain.fit(plainStats, IterationListener.none());
      MultiClassFit ovrBlocks = own.fit(repStats, IterationListener.none());
      assertTrue(ovrPlain.converged());
      assertSameFit(ovrPlain, ovrBlocks, b, 1e-7);
    }
  }

  /**
   * The masked log posterior log p(t | w) − ½ Σ α w², over the kept pairs only (every other pair held at 0), written
   * out from the raw features: at the fit's mode its gradient is zero on every kept pair.
   */
  @Test
  void atTheModeTheMaskedLogPosteriorIsFlatOnTheKeptPairs() {
    TestData.Table train = TestData.classSpecificBlobs(25, K, 11);
    BasisFunctions basis = BasisFunctions.linear(true, 3 * K);
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), ones(train.size()));
    int[][] blocks = basis.classBlocks(K, 3);
    for (boolean fast : new boolean[] {false, true}) {
      MultiClassFit fit = fast
          ? FastMultinomialSolver.of(K, SparseBayesOptions.defaults(), new FitStart.Restricted(blocks))
              .fit(stats, IterationListener.none())
          : MultinomialRelevanceSolver.of(K, SparseBayesOptions.defaults(), new FitStart.Restricted(blocks))
              .fit(stats, IterationListener.none());
      String which = fast ? "fast" : "em";
      for (int p = 0; p < K; p++) {
        for (int c : fit.active()[p]) {
          assertTrue(Arrays.binarySearch(blocks[p], c) >= 0, which + ": class " + p + " kept candidate " + c
              + " outside its block");
        }
      }
      double[][] gradient = new double[K][];
      for (int p = 0; p < K; p++) {
        gradient[p] = new double[fit.active()[p].length];
      }
      double scale = 0.0;
      for (int n = 0; n < train.size(); n++) {
        double[] mu = new double[K];
        for (int p = 0; p < K; p++) {
          for (int a = 0; a < fit.active()[p].length; a++) {
            mu[p] += fit.weights()[p][a] * basis.value(fit.active()[p][a], train.x()[n]);
          }
        }
        double max = Arrays.stream(mu).max().orElseThrow();
        double sum = 0.0;
        for (int p = 0; p < K; p++) {
          mu[p] = Math.exp(mu[p] - max);
          sum += mu[p];
        }
        for (int p = 0; p < K; p++) {
          double r = (train.t()[n] == p ? 1.0 : 0.0) - mu[p] / sum;
          for (int a = 0; a < fit.active()[p].length; a++) {
            double term = basis.value(fit.active()[p][a], train.x()[n]) * r;
            gradient[p][a] += term;
            scale += Math.abs(term);
          }
        }
      }
      assertTrue(scale > 1.0);
      for (int p = 0; p < K; p++) {
        for (int a = 0; a < fit.active()[p].length; a++) {
          double g = gradient[p][a] - fit.alpha()[p][a] * fit.weights()[p][a];
          assertEquals(0.0, g, 1e-5 * (1 + Math.abs(gradient[p][a])), which + ": gradient of class " + p
              + ", candidate " + fit.active()[p][a]);
        }
      }
      // and the weights are the classic Newton mode at the fitted α over the same pairs
      double[] alpha = ClassLayout.concat(fit.alpha());
      PosteriorMode mode = PosteriorMode.find(MultinomialRelevanceSolver.likelihood(stats, fit.active()), alpha,
          new double[alpha.length], null);
      double[] weights = ClassLayout.concat(fit.weights());
      for (int i = 0; i < weights.length; i++) {
        assertEquals(mode.weights()[i], weights[i], 1e-4 * (1 + Math.abs(weights[i])), which + " weight " + i);
      }
    }
  }

  /**
   * em and fast maximise the same evidence over the same (class, feature) pairs: on 3 blobs with class-specific
   * features their test errors agree within 2 points (of 600 rows), and both beat chance by far.
   */
  @Test
  void emAndFastAgreeOnClassSpecificFeatures() {
    TestData.Table train = TestData.classSpecificBlobs(30, K, 5);
    TestData.Table test = TestData.classSpecificBlobs(200, K, 6);
    BasisFunctions basis = BasisFunctions.linear(true, 3 * K);
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), ones(train.size()));
    int[][] blocks = basis.classBlocks(K, 3);
    MultiClassFit em = MultinomialRelevanceSolver.of(K, SparseBayesOptions.defaults(), new FitStart.Restricted(blocks))
        .fit(stats, IterationListener.none());
    MultiClassFit fast = FastMultinomialSolver.of(K, SparseBayesOptions.defaults(), new FitStart.Restricted(blocks))
        .fit(stats, IterationListener.none());
    double emError = MultiClassFitError.of(em, basis, test);
    double fastError = MultiClassFitError.of(fast, basis, test);
    System.out.printf("class-specific blobs: em error %.4f with %d pairs %s; fast error %.4f with %d pairs %s%n",
        emError, em.size(), Arrays.deepToString(em.active()), fastError, fast.size(),
        Arrays.deepToString(fast.active()));
    assertTrue(em.converged() && fast.converged());
    assertEquals(emError, fastError, 0.02);
    assertTrue(emError < 0.15, "em error " + emError);
    // sparse: of the K·(B + 1) = 12 allowed pairs (the 27 + 3 others are never candidates), at most half are kept
    assertTrue(em.size() <= 6 && fast.size() <= 6, em.size() + " and " + fast.size() + " pairs");
  }

  @Test
  void candidateSetsAreChecked() {
    TestData.Table train = TestData.classSpecificBlobs(5, K, 1);
    BasisFunctions basis = BasisFunctions.linear(true, 3 * K);
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), ones(train.size()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MultinomialRelevanceSolver.of(K,
        SparseBayesOptions.defaults(), new FitStart.Restricted(new int[][] {{0, 1}, {2, 1}, {3}}))
        .fit(stats, IterationListener.none()));
    assertTrue(e.getMessage().contains("class 1 lists 1 at position 1"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> FastMultinomialSolver.of(K, SparseBayesOptions.defaults(),
        new FitStart.Restricted(new int[][] {{0}, {10}}))
        .fit(stats, IterationListener.none()));
    assertTrue(e.getMessage().contains("2 sets for 3 classes"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> basis.classBlocks(2, 3));
    assertTrue(e.getMessage().contains("2 class blocks of 3 features do not make the 9 features"), e.getMessage());
  }
}
