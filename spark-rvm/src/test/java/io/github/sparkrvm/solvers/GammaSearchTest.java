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

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The search for γ by the evidence, over evidences of known shape (no data: the fit at a γ is given). */
class GammaSearchTest {

  /** The fits the search asked for: the γ of each. */
  private final List<Double> asked = new ArrayList<>();

  /** A fit whose final evidence is {@code evidence(γ)}, keeping one basis function (candidate 3). */
  private GammaSearch.FitAt fits(DoubleUnaryOperator evidence) {
    return fits(evidence, g -> 1);
  }

  /** A fit whose final evidence is {@code evidence(γ)}, keeping {@code kept(γ)} basis functions. */
  private GammaSearch.FitAt fits(DoubleUnaryOperator evidence, java.util.function.DoubleToIntFunction kept) {
    return gamma -> {
      asked.add(gamma);
      int m = kept.applyAsInt(gamma);
      return new GammaSearch.Fitted(new RelevanceFit(java.util.stream.IntStream.range(3, 3 + m).toArray(),
          new double[m], new double[m], new double[m * m], Double.NaN, 4, true,
          new double[] {-100.0, evidence.applyAsDouble(gamma)}, new int[] {1, m}, 0), null);
    };
  }

  /** {@return the search by the evidence less the α kept (the classifiers' criterion)} */
  private static GammaSearch.Outcome searched(double centre, double largest, GammaSearch.FitAt fitAt,
      java.util.function.Consumer<GammaSearch.Trial> tried) {
    return GammaSearch.search(centre, largest, GammaCriterion.EVIDENCE_LESS_KEPT, fitAt, gamma -> {
      throw new AssertionError("the classifiers' criterion has no finalists");
    }, tried);
  }

  /** A peak of the evidence at γ* on the log scale: −(log γ − log γ*)². */
  private static DoubleUnaryOperator peakAt(double best) {
    return g -> -Math.pow(Math.log(g / best), 2);
  }

  @Test
  void fitsTheCoarseGridThenRefinesAroundItsBest() {
    // centre 1/8, peak at 2.5: the coarse grid 1/8 · 4^k, k = 0, 1, −1, ..., 3, −3, is best at 2 (k = 2); refined
    // at 4 and 1
    GammaSearch.Outcome out = searched(0.125, Double.POSITIVE_INFINITY, fits(peakAt(2.5)), t -> { });
    assertEquals(List.of(0.125, 0.5, 0.03125, 2.0, 0.0078125, 8.0, 0.001953125, 4.0, 1.0), asked);
    assertEquals(2.0, out.best().gamma(), 0.0);
    assertChoosesTheHighest(out);
  }

  @Test
  void eachBasisFunctionKeptCostsOneNat() {
    // the evidence rises by 0.5 a factor 4 up from the centre 1/8 while the fits keep 1, 3, 5, ... basis functions:
    // the raw evidence would walk to the largest γ tried; less one nat per function kept, the centre is the best
    DoubleUnaryOperator rising = g -> 0.5 * Math.log(g / 0.125) / Math.log(4.0);
    GammaSearch.Outcome out = searched(0.125, Double.POSITIVE_INFINITY,
        fits(rising, g -> 1 + 2 * (int) Math.max(0, Math.round(Math.log(g / 0.125) / Math.log(2.0)))), t -> { });
    assertEquals(0.125, out.best().gamma(), 0.0);
    assertEquals(List.of(0.125, 0.5, 0.03125, 2.0, 0.0078125, 8.0, 0.001953125, 0.25, 0.0625), asked);
    for (GammaSearch.Trial t : out.tried()) {
      assertEquals(t.logMarginalLikelihood() - t.kept(), t.criterion(), 0.0);
      assertTrue(t.criterion() <= out.best().criterion(), t + " beats " + out.best());
    }
    assertTrue(out.tried().get(1).logMarginalLikelihood() > out.best().logMarginalLikelihood(),
        "a higher raw evidence was passed over");
  }

  @Test
  void findsAPeakBelowTheCentre() {
    GammaSearch.Outcome out = searched(1.0, Double.POSITIVE_INFINITY, fits(peakAt(0.05)), t -> { });
    assertEquals(List.of(1.0, 4.0, 0.25, 16.0, 0.0625, 64.0, 0.015625, 0.125, 0.03125), asked);
    assertEquals(0.0625, out.best().gamma(), 0.0);
    assertChoosesTheHighest(out);
  }

  @Test
  void aSearchTakesNineFits() {
    GammaSearch.Outcome out = searched(0.1, Double.POSITIVE_INFINITY, fits(peakAt(0.11)), t -> { });
    assertEquals(9, out.tried().size());
    assertEquals(0.1, out.best().gamma(), 0.0);
    assertChoosesTheHighest(out);
  }

  @Test
  void goesNoFurtherThanThreeCoarseStepsEachWay() {
    // an evidence that rises without end: 3 coarse steps up (4^3 = 64 × the centre), then the refinement
    GammaSearch.Outcome out = searched(1.0, Double.POSITIVE_INFINITY, fits(Math::log), t -> { });
    assertEquals(128.0, out.best().gamma(), 0.0);
    assertEquals(List.of(1.0, 4.0, 0.25, 16.0, 0.0625, 64.0, 0.015625, 128.0, 32.0), asked);
  }

  @Test
  void neverTriesAGammaAboveTheLargest() {
    GammaSearch.Outcome out = searched(1.0, 3.0, fits(Math::log), t -> { });
    assertTrue(asked.stream().allMatch(g -> g <= 3.0), asked.toString());
    assertEquals(3.0, out.best().gamma(), 0.0);
    assertEquals(asked.size(), asked.stream().distinct().count(), "each γ is fitted once: " + asked);
    // a centre above the largest starts at the largest
    asked.clear();
    searched(10.0, 3.0, fits(peakAt(1.0)), t -> { });
    assertEquals(3.0, asked.get(0), 0.0);
  }

  @Test
  void aFitWithoutAFiniteEvidenceIsNeverChosen() {
    GammaSearch.Outcome out = searched(1.0, Double.POSITIVE_INFINITY,
        fits(g -> g > 2.0 ? Double.NaN : peakAt(8.0).applyAsDouble(g)), t -> { });
    assertEquals(Double.NEGATIVE_INFINITY, out.tried().get(1).logMarginalLikelihood(), 0.0);
    assertEquals(2.0, out.best().gamma(), 0.0);
    assertChoosesTheHighest(out);
  }

  @Test
  void tellsOfEveryTrialInOrder() {
    List<Double> told = new ArrayList<>();
    GammaSearch.Outcome out = searched(0.5, Double.POSITIVE_INFINITY, fits(peakAt(0.7)),
        t -> told.add(t.gamma()));
    assertEquals(asked, told);
    assertEquals(out.tried().stream().map(GammaSearch.Trial::gamma).toList(), told);
  }

  /** The held-out scores asked for: the γ of each. */
  private final List<Double> scored = new ArrayList<>();

  /**
   * {@return the search by the evidence less the α kept with three finalists scored by a held-out score of
   * {@code peak}'s shape (the gaussian search's form)}
   */
  private GammaSearch.Outcome withFinalists(double centre, DoubleUnaryOperator criterionPeak, double peak) {
    DoubleUnaryOperator heldOut = peakAt(peak);
    return GammaSearch.search(centre, Double.POSITIVE_INFINITY,
        f -> f.fit().evidence() - f.fit().size(), 3, fits(criterionPeak), g -> {
          scored.add(g);
          return heldOut.applyAsDouble(g);
        }, t -> { });
  }

  @Test
  void threeFinalistsOfTheCriterionAreScoredHeldOutAndTheBestKept() {
    // criterion peak at 0.05 from centre 1: the nine trials as in findsAPeakBelowTheCentre, the three highest
    // 0.0625, 0.03125 and 0.125; held-out peak at 0.035: 0.03125 (|log 0.893| = 0.11) beats 0.0625 (0.58), which
    // the criterion prefers; it is the smallest scored, so 0.015625 (tried already) is scored too and loses (0.81)
    GammaSearch.Outcome out = withFinalists(1.0, peakAt(0.05), 0.035);
    assertEquals(List.of(1.0, 4.0, 0.25, 16.0, 0.0625, 64.0, 0.015625, 0.125, 0.03125), asked, "no fit more");
    assertEquals(List.of(0.0625, 0.03125, 0.125, 0.015625), scored, "the finalists by criterion, then the walk");
    assertEquals(0.03125, out.best().gamma(), 0.0);
    for (int i = 0; i < out.tried().size(); i++) {
      double g = out.tried().get(i).gamma();
      if (scored.contains(g)) {
        assertEquals(peakAt(0.035).applyAsDouble(g), out.heldOut()[i], 0.0, "the score recorded at " + g);
        assertTrue(out.heldOut()[i] <= out.heldOut()[out.tried().indexOf(out.best())]);
      } else {
        assertTrue(Double.isNaN(out.heldOut()[i]), "not scored: " + g);
      }
    }
  }

  @Test
  void aFinalistBetweenWorseOnesEndsTheWalk() {
    // held-out peak at 0.045: 0.0625 (|log 1.39| = 0.33) beats 0.03125 (0.36) and 0.125 (1.02), between them
    GammaSearch.Outcome out = withFinalists(1.0, peakAt(0.05), 0.045);
    assertEquals(List.of(0.0625, 0.03125, 0.125), scored);
    assertEquals(0.0625, out.best().gamma(), 0.0);
  }

  @Test
  void theWalkFitsAGammaNotTriedWhileTheHeldOutScoreRises() {
    // held-out peak at 0.2: of the finalists 0.125 is the best and the largest, then 0.25 (a coarse trial) beats it,
    // then 0.5 is fitted anew (the tenth fit) and loses: 0.25 is kept
    GammaSearch.Outcome out = withFinalists(1.0, peakAt(0.05), 0.2);
    assertEquals(List.of(0.0625, 0.03125, 0.125, 0.25, 0.5), scored);
    assertEquals(10, asked.size());
    assertEquals(0.5, asked.get(9), 0.0);
    assertEquals(0.25, out.best().gamma(), 0.0);
    assertEquals(10, out.tried().size(), "the walk's fit is recorded with the others");
  }

  @Test
  void theWalkStaysWithinTheCoarseGrid() {
    // held-out peak far below: 0.015625, the smallest γ of the coarse grid, is scored and kept; nothing below it
    GammaSearch.Outcome out = withFinalists(1.0, peakAt(0.05), 1e-4);
    assertEquals(0.015625, out.best().gamma(), 0.0);
    assertEquals(9, asked.size());
    assertEquals(List.of(0.0625, 0.03125, 0.125, 0.015625), scored);
  }

  /** The chosen trial's evidence is the highest of all tried (every fit here keeps one basis function). */
  private static void assertChoosesTheHighest(GammaSearch.Outcome out) {
    for (GammaSearch.Trial t : out.tried()) {
      assertTrue(t.logMarginalLikelihood() <= out.best().logMarginalLikelihood(), t + " beats " + out.best());
    }
  }
}
