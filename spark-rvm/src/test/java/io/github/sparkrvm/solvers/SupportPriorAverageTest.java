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

import static io.github.sparkrvm.solvers.PosteriorMixtureTest.fit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.sparkrvm.statistics.LocalStatistics;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The average of two softmax posteriors (the mixture's mean and covariance, worked by hand), its weight and the
 * scale of its covariance chosen on held-out rows (known optima).
 */
class SupportPriorAverageTest {

  @Test
  void averagesTheMixtureOverTheUnionOfThePairs() {
    MultiClassFit a = PosteriorMixtureTest.a();
    MultiClassFit b = PosteriorMixtureTest.b();
    MultiClassFit avg = SupportPriorAverage.average(a, b, 0.5);
    assertArrayEquals(new int[] {0, 3}, avg.active()[0]);
    assertArrayEquals(new int[] {1}, avg.active()[1]);
    // mean ½(w_a + w_b), a's absent pairs at 0
    assertArrayEquals(new double[] {3.0, -1.0}, avg.weights()[0], 1e-12);
    assertArrayEquals(new double[] {0.5}, avg.weights()[1], 1e-12);
    // ½(Σ_a + w_a w_aᵀ) + ½(Σ_b + w_b w_bᵀ) − w̄ w̄ᵀ, by hand: e.g. (0, 0): ½(1 + 4) + ½(2 + 16) − 9 = 2.5;
    // (0, 1): ½(0.5 − 8) + 3 = −0.75; (0, 2): ½(0.1 + 4) − 1.5 = 0.55; (2, 2): ½(3 + 1) − 0.25 = 1.75
    double[] expected = {2.5, -0.75, 0.55, -0.75, 1.5, -0.5, 0.55, -0.5, 1.75};
    assertArrayEquals(expected, avg.covariance(), 1e-12);
    // α the EM update's 1/(w̄² + Σᵢᵢ)
    assertArrayEquals(new double[] {1.0 / 11.5, 1.0 / 2.5}, avg.alpha()[0], 1e-12);
    assertArrayEquals(new double[] {1.0 / 2.0}, avg.alpha()[1], 1e-12);
    // the traces follow each other, the steps and passes add
    assertArrayEquals(new double[] {-30.0, -50.0}, avg.logMarginalLikelihoods(), 0.0);
    assertEquals(8, avg.iterations());
    assertEquals(16, avg.likelihoodPasses());
  }

  @Test
  void aFitAveragedWithItselfIsItself() {
    MultiClassFit b = PosteriorMixtureTest.b();
    MultiClassFit avg = SupportPriorAverage.average(b, b, 0.3);
    assertArrayEquals(b.weights()[0], avg.weights()[0], 1e-12);
    assertArrayEquals(b.weights()[1], avg.weights()[1], 1e-12);
    assertArrayEquals(b.covariance(), avg.covariance(), 1e-12);
  }

  @Test
  void refusesFitsOfOtherClassCounts() {
    MultiClassFit two = fit(new int[][] {{0}, {}}, new double[][] {{2.0}, {}}, new double[] {1.0}, 1);
    MultiClassFit three = fit(new int[][] {{0}, {}, {}}, new double[][] {{2.0}, {}, {}}, new double[] {1.0}, 1);
    assertThrows(IllegalArgumentException.class, () -> SupportPriorAverage.average(two, three, 0.5));
  }

  @Test
  void theEndsAreTheFitsThemselves() {
    MultiClassFit a = PosteriorMixtureTest.a();
    MultiClassFit b = PosteriorMixtureTest.b();
    MultiClassFit first = SupportPriorAverage.average(a, b, 0.0);
    assertArrayEquals(a.active()[0], first.active()[0]);
    assertEquals(0, first.active()[1].length);
    assertArrayEquals(a.covariance(), first.covariance(), 0.0);
    assertArrayEquals(a.alpha()[0], first.alpha()[0], 0.0);
    MultiClassFit second = SupportPriorAverage.average(a, b, 1.0);
    assertArrayEquals(b.covariance(), second.covariance(), 0.0);
    assertEquals(8, second.iterations());
    assertThrows(IllegalArgumentException.class, () -> SupportPriorAverage.average(a, b, 1.5));
  }

  /** Rows of the bias alone (candidate 0 is 1), the labels given. */
  static LocalStatistics biasOnly(double... labels) {
    int n = labels.length;
    double[] phi = new double[n];
    Arrays.fill(phi, 1.0);
    double[] weights = new double[n];
    Arrays.fill(weights, 1.0);
    return new LocalStatistics(List.of(new LocalStatistics.ExpandedBlock(n, phi, labels, weights)), 1);
  }

  @Test
  void theLogProbabilityIsTheModeratedSoftmaxOfTheRowsLabel() {
    // class 0's bias weight 1.5 of variance 2: the contrast's mean 1.5 and variance 2, σ(1.5/√(1 + 2π/8))
    MultiClassFit f = fit(new int[][] {{0}, {}}, new double[][] {{1.5}, {}}, new double[] {2.0}, 1);
    double z = 1.5 / Math.sqrt(1.0 + Math.PI * 2.0 / 8.0);
    var design = biasOnly(0.0, 1.0).design();
    assertEquals(-Math.log1p(Math.exp(-z)), SupportPriorAverage.logProbability(f, design, 0), 1e-12);
    assertEquals(-Math.log1p(Math.exp(z)), SupportPriorAverage.logProbability(f, design, 1), 1e-12);
  }

  @Test
  void theWeightIsTheOneThatPredictsHeldOutRowsBest() {
    // each "solver" returns its one fit whatever the rows: a says class 0, b class 1, each with probability σ(3) and
    // no variance (so every scale of it ties, and the Laplace covariance's scale 1 is kept)
    MultiClassFit a = fit(new int[][] {{0}, {}}, new double[][] {{3.0}, {}}, new double[] {0.0}, 1);
    MultiClassFit b = fit(new int[][] {{}, {0}}, new double[][] {{}, {3.0}}, new double[] {0.0}, 1);
    RelevanceSolver<MultiClassFit> sayA = (data, listener) -> a;
    RelevanceSolver<MultiClassFit> sayB = (data, listener) -> b;
    double[] ones = new double[20];
    Arrays.fill(ones, 1.0);
    assertEquals(new SupportPriorAverage.Choice(1.0, 1.0), SupportPriorAverage.choose(biasOnly(ones), sayA, sayB));
    assertEquals(new SupportPriorAverage.Choice(0.0, 1.0),
        SupportPriorAverage.choose(biasOnly(new double[20]), sayA, sayB));
    // half the rows of each class: equal scores (λ = ½) are best, the moderation keeping them at ½
    double[] half = new double[20];
    for (int i = 0; i < 20; i += 2) {
      half[i] = 1.0;
    }
    assertEquals(new SupportPriorAverage.Choice(0.5, 1.0), SupportPriorAverage.choose(biasOnly(half), sayA, sayB));
  }

  @Test
  void theCovarianceScaleIsTheOneWhoseModeratedProbabilityMatchesTheHeldOutShare() {
    // one fit (both priors alike, so λ = 0 of the ties): class 0's bias weight 3 of variance v, the moderated
    // probability of class 0 σ(3/√(1 + πcv/8)) at scale c. 15 of 20 rows of class 0: the log score
    // Σ log p is highest at p = ¾, σ⁻¹(¾) = log 3, which v = 16(9/log²3 − 1)/π puts at c = ½ exactly
    double v = 16.0 * (9.0 / (Math.log(3.0) * Math.log(3.0)) - 1.0) / Math.PI;
    MultiClassFit wide = fit(new int[][] {{0}, {}}, new double[][] {{3.0}, {}}, new double[] {v}, 1);
    RelevanceSolver<MultiClassFit> same = (data, listener) -> wide;
    double[] labels = new double[20];
    for (int i = 0; i < 5; i++) {
      labels[4 * i] = 1.0;
    }
    assertEquals(new SupportPriorAverage.Choice(0.0, 0.5), SupportPriorAverage.choose(biasOnly(labels), same, same));
    // every row of class 0: the plug-in softmax (c = 0, probability σ(3)) predicts them best
    assertEquals(new SupportPriorAverage.Choice(0.0, 0.0),
        SupportPriorAverage.choose(biasOnly(new double[20]), same, same));
  }

  @Test
  void theScaledFitKeepsAllButItsCovarianceTimesTheScale() {
    MultiClassFit b = PosteriorMixtureTest.b();
    MultiClassFit half = SupportPriorAverage.scaled(b, 0.5);
    assertArrayEquals(Arrays.stream(b.covariance()).map(c -> 0.5 * c).toArray(), half.covariance(), 0.0);
    assertArrayEquals(b.weights()[0], half.weights()[0], 0.0);
    assertArrayEquals(b.alpha()[1], half.alpha()[1], 0.0);
    assertArrayEquals(b.logMarginalLikelihoods(), half.logMarginalLikelihoods(), 0.0);
    assertEquals(b.iterations(), half.iterations());
    assertEquals(b.likelihoodPasses(), half.likelihoodPasses());
    assertSame(b, SupportPriorAverage.scaled(b, 1.0));
  }

  @Test
  void theMixtureSharesEachPriorsWeightAmongItsFullAndFoldFitsScaledByC() {
    MultiClassFit a = PosteriorMixtureTest.a();
    MultiClassFit b = PosteriorMixtureTest.b();
    MultiClassFit c = PosteriorMixtureTest.c();
    List<MultiClassFit> five = List.of(c, c, c, c, c);
    SupportPriorAverage.FoldFits folds = new SupportPriorAverage.FoldFits(five, List.of(b, b, b, b, b));
    PredictiveMixture mixture = SupportPriorAverage.mixture(a, b, folds, new SupportPriorAverage.Choice(0.4, 0.5));
    assertEquals(12, mixture.fits().size());
    for (int j = 0; j < 12; j++) {
      assertEquals(j < 6 ? 0.6 / 6 : 0.4 / 6, mixture.shares()[j], 1e-15);
    }
    // the full fit first, then the folds', each covariance halved
    assertArrayEquals(new double[] {0.5}, mixture.fits().get(0).covariance(), 0.0);
    assertArrayEquals(new double[] {0.25}, mixture.fits().get(1).covariance(), 0.0);
    assertArrayEquals(Arrays.stream(b.covariance()).map(v -> 0.5 * v).toArray(), mixture.fits().get(6).covariance(),
        0.0);
    // (0, 0), (0, 3) and (1, 1)
    assertEquals(3, mixture.distinctPairs());
    // a prior of weight 0 is left out
    PredictiveMixture prior = SupportPriorAverage.mixture(a, b, folds, new SupportPriorAverage.Choice(0.0, 1.0));
    assertEquals(6, prior.fits().size());
    assertSame(a, prior.fits().get(0));
    assertEquals(1.0 / 6, prior.shares()[5], 1e-15);
  }
}
