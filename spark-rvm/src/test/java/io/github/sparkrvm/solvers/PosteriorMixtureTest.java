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
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The mixture of several softmax posteriors as one Gaussian: its moments worked by hand. */
class PosteriorMixtureTest {

  /** {@return a converged fit of α 1 whose trace is −10 × steps, of 2 × steps passes} */
  static MultiClassFit fit(int[][] active, double[][] weights, double[] covariance, int steps) {
    double[][] alpha = new double[active.length][];
    for (int p = 0; p < active.length; p++) {
      alpha[p] = new double[active[p].length];
      Arrays.fill(alpha[p], 1.0);
    }
    return new MultiClassFit(active, weights, alpha, covariance, steps, true, new double[] {-10.0 * steps},
        new int[] {steps}, 2 * steps);
  }

  /** Keeps (class 0, candidate 0). */
  static MultiClassFit a() {
    return fit(new int[][] {{0}, {}}, new double[][] {{2.0}, {}}, new double[] {1.0}, 3);
  }

  /** Keeps (0, 0), (0, 3) and (1, 1). */
  static MultiClassFit b() {
    return fit(new int[][] {{0, 3}, {1}}, new double[][] {{4.0, -2.0}, {1.0}},
        new double[] {2.0, 0.5, 0.1, 0.5, 1.0, 0.0, 0.1, 0.0, 3.0}, 5);
  }

  /** Keeps (0, 3). */
  static MultiClassFit c() {
    return fit(new int[][] {{3}, {}}, new double[][] {{-1.0}, {}}, new double[] {0.5}, 2);
  }

  @Test
  void threeFitsMixIntoTheMomentsWorkedByHand() {
    MultiClassFit mix = PosteriorMixture.of(List.of(a(), b(), c()), new double[] {0.5, 0.25, 0.25});
    assertArrayEquals(new int[] {0, 3}, mix.active()[0]);
    assertArrayEquals(new int[] {1}, mix.active()[1]);
    // w̄ = ½(2, 0, 0) + ¼(4, −2, 1) + ¼(0, −1, 0)
    assertArrayEquals(new double[] {2.0, -0.75}, mix.weights()[0], 1e-12);
    assertArrayEquals(new double[] {0.25}, mix.weights()[1], 1e-12);
    // Σ s_f (Σ_f + w_f w_fᵀ) − w̄ w̄ᵀ: e.g. (0, 0) ½(1 + 4) + ¼(2 + 16) − 4 = 3; (1, 1) ¼(1 + 4) + ¼(0.5 + 1) − 0.5625
    // = 1.0625; (1, 2) ¼(0 − 2) + 0.1875 = −0.3125
    double[] expected = {3.0, -0.375, 0.525, -0.375, 1.0625, -0.3125, 0.525, -0.3125, 0.9375};
    assertArrayEquals(expected, mix.covariance(), 1e-12);
    assertArrayEquals(new double[] {1.0 / 7.0, 1.0 / 1.625}, mix.alpha()[0], 1e-12);
    assertArrayEquals(new double[] {1.0}, mix.alpha()[1], 1e-12);
    assertArrayEquals(new double[] {-30.0, -50.0, -20.0}, mix.logMarginalLikelihoods(), 0.0);
    assertEquals(10, mix.iterations());
    assertEquals(20, mix.likelihoodPasses());
  }

  @Test
  void aFitOfShareOneIsItself() {
    MultiClassFit b = b();
    MultiClassFit alone = PosteriorMixture.of(List.of(b), new double[] {1.0});
    assertSame(b.active(), alone.active());
    assertArrayEquals(b.covariance(), alone.covariance(), 0.0);
    MultiClassFit among = PosteriorMixture.of(List.of(a(), b, c()), new double[] {0.0, 1.0, 0.0});
    assertArrayEquals(b.covariance(), among.covariance(), 0.0);
    assertEquals(10, among.iterations());
  }

  @Test
  void equalCopiesMixIntoTheFitItself() {
    MultiClassFit b = b();
    MultiClassFit mix = PosteriorMixture.of(List.of(b, b, b), new double[] {0.2, 0.3, 0.5});
    assertArrayEquals(b.weights()[0], mix.weights()[0], 1e-12);
    assertArrayEquals(b.weights()[1], mix.weights()[1], 1e-12);
    assertArrayEquals(b.covariance(), mix.covariance(), 1e-12);
  }

  @Test
  void refusesSharesThatAreNotAPartitionOfOne() {
    assertThrows(IllegalArgumentException.class, () -> PosteriorMixture.of(List.of(a(), b()), new double[] {0.5}));
    assertThrows(IllegalArgumentException.class,
        () -> PosteriorMixture.of(List.of(a(), b()), new double[] {0.5, 0.6}));
    assertThrows(IllegalArgumentException.class,
        () -> PosteriorMixture.of(List.of(a(), b()), new double[] {-0.5, 1.5}));
  }
}
