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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The search for γ by the evidence, over evidences of known shape (no data: the fit at a γ is given). */
class GammaSearchTest {

  /** The fits the search asked for: the γ and whether each started warm. */
  private final List<Double> asked = new ArrayList<>();
  private final List<Boolean> warm = new ArrayList<>();

  /** A fit whose final evidence is {@code evidence(γ)}, keeping candidate 3 (so that it gives a state). */
  private GammaSearch.FitAt fits(DoubleUnaryOperator evidence) {
    return (gamma, start) -> {
      asked.add(gamma);
      warm.add(start != null);
      return new RelevanceFit(new int[] {3}, new double[] {0.5}, new double[] {2.0}, new double[] {0.1}, Double.NaN,
          4, true, new double[] {-100.0, evidence.applyAsDouble(gamma)}, new int[] {1, 1}, 0);
    };
  }

  /** A peak of the evidence at γ* on the log scale: −(log γ − log γ*)². */
  private static DoubleUnaryOperator peakAt(double best) {
    return g -> -Math.pow(Math.log(g / best), 2);
  }

  @Test
  void walksUpToAPeakAboveTheCentreAndRefinesAroundIt() {
    // centre 1/8, peak at 2.5: the coarse grid 1/8 · 4^k reaches 2 (k = 2), then 8 is worse; refined at 4 and 1
    GammaSearch.Outcome out = GammaSearch.search(0.125, Double.POSITIVE_INFINITY, fits(peakAt(2.5)), t -> { });
    assertEquals(List.of(0.125, 0.5, 0.03125, 2.0, 8.0, 4.0, 1.0), asked);
    assertEquals(2.0, out.best().gamma(), 0.0);
    assertChoosesTheHighest(out);
    // the first fit starts cold, every later one from the state of a fit before it
    assertEquals(false, warm.get(0));
    assertTrue(warm.subList(1, warm.size()).stream().allMatch(w -> w), warm.toString());
  }

  @Test
  void walksDownToAPeakBelowTheCentre() {
    GammaSearch.Outcome out = GammaSearch.search(1.0, Double.POSITIVE_INFINITY, fits(peakAt(0.05)), t -> { });
    assertEquals(List.of(1.0, 4.0, 0.25, 0.0625, 0.015625, 0.125, 0.03125), asked);
    assertEquals(0.0625, out.best().gamma(), 0.0);
    assertChoosesTheHighest(out);
  }

  @Test
  void aPeakAtTheCentreTakesFiveFits() {
    GammaSearch.Outcome out = GammaSearch.search(0.1, Double.POSITIVE_INFINITY, fits(peakAt(0.11)), t -> { });
    assertEquals(5, out.tried().size());
    assertEquals(0.1, out.best().gamma(), 0.0);
    assertChoosesTheHighest(out);
  }

  @Test
  void stopsAfterFourCoarseStepsOneWay() {
    // an evidence that rises without end: 4 coarse steps up (4^4 = 256 × the centre), then the refinement
    GammaSearch.Outcome out = GammaSearch.search(1.0, Double.POSITIVE_INFINITY, fits(Math::log), t -> { });
    assertEquals(512.0, out.best().gamma(), 0.0);
    assertEquals(List.of(1.0, 4.0, 0.25, 16.0, 64.0, 256.0, 512.0, 128.0), asked);
  }

  @Test
  void neverTriesAGammaAboveTheLargest() {
    GammaSearch.Outcome out = GammaSearch.search(1.0, 3.0, fits(Math::log), t -> { });
    assertTrue(asked.stream().allMatch(g -> g <= 3.0), asked.toString());
    assertEquals(3.0, out.best().gamma(), 0.0);
    assertEquals(asked.size(), asked.stream().distinct().count(), "each γ is fitted once: " + asked);
    // a centre above the largest starts at the largest
    asked.clear();
    GammaSearch.search(10.0, 3.0, fits(peakAt(1.0)), t -> { });
    assertEquals(3.0, asked.get(0), 0.0);
  }

  @Test
  void aFitWithoutAFiniteEvidenceIsNeverChosen() {
    GammaSearch.Outcome out = GammaSearch.search(1.0, Double.POSITIVE_INFINITY,
        fits(g -> g > 2.0 ? Double.NaN : peakAt(8.0).applyAsDouble(g)), t -> { });
    assertEquals(Double.NEGATIVE_INFINITY, out.tried().get(1).logMarginalLikelihood(), 0.0);
    assertEquals(2.0, out.best().gamma(), 0.0);
    assertChoosesTheHighest(out);
  }

  @Test
  void tellsOfEveryTrialInOrder() {
    List<Double> told = new ArrayList<>();
    GammaSearch.Outcome out = GammaSearch.search(0.5, Double.POSITIVE_INFINITY, fits(peakAt(0.7)),
        t -> told.add(t.gamma()));
    assertEquals(asked, told);
    assertEquals(out.tried().stream().map(GammaSearch.Trial::gamma).toList(), told);
  }

  @Test
  void theStateOfAFitStartsTheNext() {
    RelevanceFit fit = new RelevanceFit(new int[] {7, 2}, new double[] {0.3, -0.4}, new double[] {5.0, 6.0},
        new double[4], 9.0, 3, true, new double[] {-1.0}, new int[] {2}, 0);
    InitialState state = GammaSearch.stateOf(fit);
    assertNotNull(state);
    assertEquals(List.of(2, 7), List.of(state.active()[0][0], state.active()[0][1]), "ascending candidates");
    assertEquals(6.0, state.alpha()[0][0], 0.0);
    assertEquals(-0.4, state.weights()[0][0], 0.0);
    assertEquals(9.0, state.noisePrecision(), 0.0);
    assertNull(GammaSearch.stateOf(new RelevanceFit(new int[0], new double[0], new double[0], new double[0], 1.0, 1,
        true, new double[] {-1.0}, new int[] {0}, 0)), "a fit that kept nothing starts the next cold");
  }

  /** The chosen trial's evidence is the highest of all tried. */
  private static void assertChoosesTheHighest(GammaSearch.Outcome out) {
    for (GammaSearch.Trial t : out.tried()) {
      assertTrue(t.logMarginalLikelihood() <= out.best().logMarginalLikelihood(), t + " beats " + out.best());
    }
  }
}
