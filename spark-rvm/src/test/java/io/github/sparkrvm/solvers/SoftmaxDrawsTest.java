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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.statistics.RowSample;
import io.github.sparkrvm.util.IterationListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The average of the softmax's draws at one γ: its moments by hand, one draw, a fit with itself, the samples (the fits
 * are {@link PosteriorMixtureTest}'s).
 */
class SoftmaxDrawsTest {

  /** A solver whose fit is the one of its ranking sample's seed, recording the samples asked for. */
  private static RelevanceSolver<MultiClassFit> bySeed(Map<Long, MultiClassFit> fits, List<RowSample> asked,
      RowSample ranking) {
    return (data, listener) -> {
      asked.add(ranking);
      return fits.get(ranking.seed());
    };
  }

  @Test
  void threeDrawsAverageWithEqualSharesIntoTheMomentsWorkedByHand() {
    List<RowSample> asked = new ArrayList<>();
    Map<Long, MultiClassFit> fits = Map.of(44L, PosteriorMixtureTest.b(), 45L, PosteriorMixtureTest.c());
    SoftmaxDraws.Averaged averaged = SoftmaxDraws.of(PosteriorMixtureTest.a(), 3, r -> bySeed(fits, asked, r), null,
        d -> IterationListener.none());
    assertEquals(List.of(new RowSample(0.25, 44L), new RowSample(0.25, 45L)), asked,
        "draws 1 and 2 rank on the default sample's fraction with its seed + 1 and + 2");
    MultiClassFit mix = averaged.fit();
    assertEquals(3, averaged.draws().size());
    assertArrayEquals(new int[] {0, 3}, mix.active()[0]);
    assertArrayEquals(new int[] {1}, mix.active()[1]);
    // over the pairs (0, 0), (0, 3), (1, 1): w̄ = ⅓((2, 0, 0) + (4, −2, 1) + (0, −1, 0)) = (2, −1, ⅓)
    assertArrayEquals(new double[] {2.0, -1.0}, mix.weights()[0], 1e-12);
    assertArrayEquals(new double[] {1.0 / 3.0}, mix.weights()[1], 1e-12);
    // ⅓ Σ_f (Σ_f + w_f w_fᵀ) − w̄ w̄ᵀ: (0, 0) ⅓(1 + 4 + 2 + 16) − 4 = 11/3; (0, 3) ⅓(0.5 − 8) + 2 = −0.5;
    // (0, 0)-(1, 1) ⅓(0.1 + 4) − ⅔ = 0.7; (0, 3)-(0, 3) ⅓(1 + 4 + 0.5 + 1) − 1 = 3.5/3; (0, 3)-(1, 1) ⅓(0 − 2) + ⅓
    // = −⅓; (1, 1)-(1, 1) ⅓(3 + 1) − 1/9 = 11/9
    double[] expected = {11.0 / 3.0, -0.5, 0.7, -0.5, 3.5 / 3.0, -1.0 / 3.0, 0.7, -1.0 / 3.0, 11.0 / 9.0};
    assertArrayEquals(expected, mix.covariance(), 1e-12);
    // α = 1/(w̄² + Σᵢᵢ), the classic update from the averaged posterior
    assertArrayEquals(new double[] {3.0 / 23.0, 6.0 / 13.0}, mix.alpha()[0], 1e-12);
    assertArrayEquals(new double[] {0.75}, mix.alpha()[1], 1e-12);
    // the draws' traces follow each other, draw 0 first
    assertArrayEquals(new double[] {-30.0, -50.0, -20.0}, mix.logMarginalLikelihoods(), 0.0);
    assertEquals(10, mix.iterations());
  }

  @Test
  void oneDrawIsTheFitItself() {
    MultiClassFit b = PosteriorMixtureTest.b();
    List<RowSample> asked = new ArrayList<>();
    MultiClassFit one = SoftmaxDraws.of(b, 1, r -> bySeed(Map.of(), asked, r), null, d -> IterationListener.none())
        .fit();
    assertTrue(asked.isEmpty(), "no other draw is fitted");
    assertSame(b.active(), one.active());
    assertSame(b.weights(), one.weights());
    assertArrayEquals(b.covariance(), one.covariance(), 0.0);
    assertArrayEquals(b.logMarginalLikelihoods(), one.logMarginalLikelihoods(), 0.0);
  }

  @Test
  void aFitAveragedWithItselfIsUnchanged() {
    MultiClassFit b = PosteriorMixtureTest.b();
    MultiClassFit mix = SoftmaxDraws.of(b, 4, r -> (data, listener) -> b, null, d -> IterationListener.none()).fit();
    assertArrayEquals(b.active()[0], mix.active()[0]);
    assertArrayEquals(b.active()[1], mix.active()[1]);
    assertArrayEquals(b.weights()[0], mix.weights()[0], 1e-12);
    assertArrayEquals(b.weights()[1], mix.weights()[1], 1e-12);
    assertArrayEquals(b.covariance(), mix.covariance(), 1e-12);
  }

  @Test
  void drawZeroRanksOnTheSolversOwnSample() {
    assertSame(FastMultinomialSolver.RANKING_SAMPLE, SoftmaxDraws.rankingSample(0));
    assertEquals(new RowSample(0.25, 43L + 7), SoftmaxDraws.rankingSample(7));
    assertThrows(IllegalArgumentException.class, () -> SoftmaxDraws.rankingSample(-1));
    assertThrows(IllegalArgumentException.class,
        () -> SoftmaxDraws.of(PosteriorMixtureTest.a(), 0, r -> (data, listener) -> PosteriorMixtureTest.a(), null,
            d -> IterationListener.none()));
  }
}
