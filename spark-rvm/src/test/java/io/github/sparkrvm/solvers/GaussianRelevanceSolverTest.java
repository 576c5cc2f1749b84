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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GaussianRelevanceSolverTest {

  /** A random n × m design with targets t = φ₀ − ½φ₁ + noise. */
  private record Design(int n, int m, double[] phi, double[] t) {
    static Design random(int n, int m, long seed) {
      SplittableRandom random = new SplittableRandom(seed);
      double[] phi = new double[n * m];
      for (int i = 0; i < phi.length; i++) {
        phi[i] = TestData.gaussian(random);
      }
      double[] t = new double[n];
      for (int i = 0; i < n; i++) {
        t[i] = phi[i] - 0.5 * phi[n + i] + 0.3 * TestData.gaussian(random);
      }
      return new Design(n, m, phi, t);
    }

    double at(int i, int j) {
      return phi[j * n + i];
    }

    InMemoryStatistics statistics() {
      double[] w = new double[n];
      java.util.Arrays.fill(w, 1.0);
      return new InMemoryStatistics(phi, n, m, t, w);
    }
  }

  private static final int[] ALL5 = {0, 1, 2, 3, 4};
  private static final double[] ALPHA5 = {0.5, 1.0, 2.0, 4.0, 8.0};

  @Test
  void withAlphaFixedThePosteriorMeanIsRidgeRegression() {
    Design d = Design.random(40, 5, 7);
    double beta = 3.0;
    GaussianRelevanceSolver.Posterior post = GaussianRelevanceSolver.posterior(d.statistics().gaussian(), ALL5,
        ALPHA5, beta, SparseBayesOptions.defaults());
    // ridge regression with per-weight penalties: (ΦᵀΦ + A/β) m = Φᵀt
    double[][] normal = new double[5][5];
    double[] rhs = new double[5];
    for (int a = 0; a < 5; a++) {
      for (int b = 0; b < 5; b++) {
        for (int i = 0; i < d.n(); i++) {
          normal[a][b] += d.at(i, a) * d.at(i, b);
        }
      }
      normal[a][a] += ALPHA5[a] / beta;
      for (int i = 0; i < d.n(); i++) {
        rhs[a] += d.at(i, a) * d.t()[i];
      }
    }
    assertArrayEquals(LinearAlgebraForTests.solve(normal, rhs, null), post.mean(), 1e-10);
  }

  @Test
  void logMarginalLikelihoodEqualsTheDirectGaussianDensity() {
    Design d = Design.random(30, 5, 11);
    double beta = 2.5;
    GaussianRelevanceSolver.Posterior post = GaussianRelevanceSolver.posterior(d.statistics().gaussian(), ALL5,
        ALPHA5, beta, SparseBayesOptions.defaults());
    // t ~ N(0, C) with C = I/β + Φ A⁻¹ Φᵀ, evaluated with N × N algebra
    int n = d.n();
    double[][] c = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double s = i == j ? 1.0 / beta : 0.0;
        for (int k = 0; k < 5; k++) {
          s += d.at(i, k) * d.at(j, k) / ALPHA5[k];
        }
        c[i][j] = s;
      }
    }
    double[] logDet = new double[1];
    double[] cInvT = LinearAlgebraForTests.solve(c, d.t(), logDet);
    double quad = 0.0;
    for (int i = 0; i < n; i++) {
      quad += d.t()[i] * cInvT[i];
    }
    double direct = -0.5 * (n * Math.log(2 * Math.PI) + logDet[0] + quad);
    assertEquals(direct, post.logMarginalLikelihood(), 1e-9 * Math.abs(direct));
  }

  private static RelevanceFit fitSinc(InMemoryStatistics stats) {
    return GaussianRelevanceSolver.of(SparseBayesOptions.defaults()).fit(stats, IterationListener.none());
  }

  private static InMemoryStatistics sincStatistics(TestData.Table train, double[] rowWeights) {
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.5), true, 1, flatten(train.x()));
    return InMemoryStatistics.of(basis, train.x(), train.t(), rowWeights);
  }

  static double[] flatten(double[][] rows) {
    return java.util.Arrays.stream(rows).flatMapToDouble(java.util.Arrays::stream).toArray();
  }

  private static double[] ones(int n) {
    double[] w = new double[n];
    java.util.Arrays.fill(w, 1.0);
    return w;
  }

  @Test
  void logMarginalLikelihoodNeverDecreasesAndTheFitIsSparse() {
    TestData.Table train = TestData.noisySinc(100, 0.1, 1);
    RelevanceFit fit = fitSinc(sincStatistics(train, ones(100)));
    double[] history = fit.logMarginalLikelihoods();
    assertTrue(history.length > 10, "ran " + history.length + " steps");
    for (int i = 1; i < history.length; i++) {
      assertTrue(history[i] >= history[i - 1] - 1e-9 * Math.abs(history[i - 1]),
          "step " + i + ": " + history[i - 1] + " -> " + history[i]);
    }
    assertTrue(fit.converged());
    assertTrue(fit.size() <= 12, fit.size() + " relevance vectors");
    // the noise estimate recovers σ = 0.1 roughly (100 points)
    assertEquals(0.1, 1.0 / Math.sqrt(fit.noisePrecision()), 0.03);
  }

  @Test
  void aRowOfWeightTwoIsTheSameAsTheRowTwice() {
    TestData.Table base = TestData.noisySinc(40, 0.1, 3);
    double[] weights = ones(40);
    weights[0] = 2.0;
    weights[5] = 3.0;
    double[][] x = new double[43][];
    double[] t = new double[43];
    for (int i = 0; i < 40; i++) {
      x[i] = base.x()[i];
      t[i] = base.t()[i];
    }
    x[40] = base.x()[0];
    t[40] = base.t()[0];
    x[41] = base.x()[5];
    t[41] = base.t()[5];
    x[42] = base.x()[5];
    t[42] = base.t()[5];
    // same centres (the 40 distinct points) in both fits
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.5), true, 1, flatten(base.x()));
    RelevanceFit weighted = GaussianRelevanceSolver.of(SparseBayesOptions.defaults())
        .fit(InMemoryStatistics.of(basis, base.x(), base.t(), weights), IterationListener.none());
    RelevanceFit replicated = GaussianRelevanceSolver.of(SparseBayesOptions.defaults())
        .fit(InMemoryStatistics.of(basis, x, t, ones(43)), IterationListener.none());
    assertArrayEquals(replicated.active(), weighted.active());
    assertArrayEquals(replicated.weights(), weighted.weights(), 1e-8);
    assertEquals(replicated.noisePrecision(), weighted.noisePrecision(), 1e-8 * replicated.noisePrecision());
  }
}
