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

import static io.github.sparkrvm.solvers.SupportPriorAverageTest.biasOnly;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.sparkrvm.linalg.Logistic;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The binary fit's average over two support priors: the mixture's moments worked by hand, its ends, the moderated
 * probability it is scored by (MacKay's binary one), and its weight and covariance scale chosen on held-out rows
 * (known optima).
 */
class BinarySupportPriorAverageTest {

  private static RelevanceFit fit(int[] active, double[] weights, double[] covariance, int steps, double evidence) {
    double[] alpha = new double[active.length];
    Arrays.fill(alpha, 1.0);
    return new RelevanceFit(active, weights, alpha, covariance, Double.NaN, steps, true,
        new double[] {evidence}, new int[] {active.length}, 2 * steps);
  }

  /** Basis functions 0 and 2 kept. */
  private static RelevanceFit a() {
    return fit(new int[] {0, 2}, new double[] {2.0, -1.0}, new double[] {1.0, 0.5, 0.5, 2.0}, 3, -30.0);
  }

  /** Basis functions 0 and 1 kept. */
  private static RelevanceFit b() {
    return fit(new int[] {0, 1}, new double[] {4.0, 3.0}, new double[] {2.0, 0.0, 0.0, 1.0}, 5, -50.0);
  }

  private static RelevanceFit average(RelevanceFit a, RelevanceFit b, double ardWeight) {
    return BinarySupportPriorAverage.asBinary(SupportPriorAverage.average(BinarySupportPriorAverage.asSoftmax(a),
        BinarySupportPriorAverage.asSoftmax(b), ardWeight));
  }

  @Test
  void averagesTheMixtureOverTheUnionOfTheBasisFunctions() {
    RelevanceFit avg = average(a(), b(), 0.5);
    assertArrayEquals(new int[] {0, 1, 2}, avg.active());
    // mean ½(w_a + w_b), each fit's absent basis functions at 0
    assertArrayEquals(new double[] {3.0, 1.5, -0.5}, avg.weights(), 1e-12);
    // ½(Σ_a + w_a w_aᵀ) + ½(Σ_b + w_b w_bᵀ) − w̄ w̄ᵀ over (0, 1, 2), by hand: (0, 0) ½(1 + 4) + ½(2 + 16) − 9 = 2.5;
    // (0, 1) ½(12) − 4.5 = 1.5; (0, 2) ½(0.5 − 2) + 1.5 = 0.75; (1, 1) ½(1 + 9) − 2.25 = 2.75;
    // (1, 2) 0 + 0.75 = 0.75; (2, 2) ½(2 + 1) − 0.25 = 1.25
    double[] expected = {2.5, 1.5, 0.75, 1.5, 2.75, 0.75, 0.75, 0.75, 1.25};
    assertArrayEquals(expected, avg.covariance(), 1e-12);
    // α the EM update's 1/(w̄² + Σᵢᵢ)
    assertArrayEquals(new double[] {1.0 / 11.5, 1.0 / 5.0, 1.0 / 1.5}, avg.alpha(), 1e-12);
    // a binary fit again: the traces follow each other, the steps and passes add
    assertEquals(Double.NaN, avg.noisePrecision());
    assertArrayEquals(new double[] {-30.0, -50.0}, avg.logMarginalLikelihoods(), 0.0);
    assertEquals(8, avg.iterations());
    assertEquals(16, avg.likelihoodPasses());
  }

  @Test
  void theEndsAreTheFitsThemselves() {
    RelevanceFit a = a();
    RelevanceFit b = b();
    RelevanceFit first = average(a, b, 0.0);
    assertArrayEquals(a.active(), first.active());
    assertArrayEquals(a.weights(), first.weights(), 0.0);
    assertArrayEquals(a.alpha(), first.alpha(), 0.0);
    assertArrayEquals(a.covariance(), first.covariance(), 0.0);
    RelevanceFit second = average(a, b, 1.0);
    assertArrayEquals(b.active(), second.active());
    assertArrayEquals(b.weights(), second.weights(), 0.0);
    assertArrayEquals(b.covariance(), second.covariance(), 0.0);
    assertEquals(8, second.iterations());
  }

  @Test
  void onlyATwoClassSoftmaxWithAnEmptyClassZeroIsABinaryFit() {
    MultiClassFit softmax = PosteriorMixtureTest.a();
    assertThrows(IllegalArgumentException.class, () -> BinarySupportPriorAverage.asBinary(softmax));
  }

  @Test
  void theHeldOutScoreIsMacKaysModeratedProbability() {
    // the bias and one feature x: at x = 2 the latent's mean 0.5 − 1.2·2 = −1.9, its variance
    // 0.3 + 2·0.1·2 + 0.4·4 = 2.3; the two-class softmax of (0, f) moderated gives σ(m/√(1 + πv/8)) for label 1
    RelevanceFit f = fit(new int[] {0, 1}, new double[] {0.5, -1.2}, new double[] {0.3, 0.1, 0.1, 0.4}, 1, 0.0);
    double[] phi = {1.0, 1.0, 2.0, 2.0};
    LocalStatistics rows = new LocalStatistics(List.of(new LocalStatistics.ExpandedBlock(2, phi,
        new double[] {1.0, 0.0}, new double[] {1.0, 1.0})), 2);
    double z = Logistic.moderatedLogit(-1.9, 2.3);
    MultiClassFit asSoftmax = BinarySupportPriorAverage.asSoftmax(f);
    assertEquals(Math.log(Logistic.sigmoid(z)), SupportPriorAverage.logProbability(asSoftmax, rows.design(), 0),
        1e-12);
    assertEquals(Math.log(Logistic.sigmoid(-z)), SupportPriorAverage.logProbability(asSoftmax, rows.design(), 1),
        1e-12);
  }

  @Test
  void theFitUnderArdAloneIsKeptWhereItPredictsTheHeldOutRows() {
    // each "solver" returns its one fit whatever the rows, with no variance: the prior's says label 0 with
    // probability σ(3), ARD's label 1
    RelevanceFit sayZero = fit(new int[] {0}, new double[] {-3.0}, new double[] {0.0}, 1, -10.0);
    RelevanceFit sayOne = fit(new int[] {0}, new double[] {3.0}, new double[] {0.0}, 1, -20.0);
    RelevanceSolver<RelevanceFit> underPrior = (data, listener) -> sayZero;
    RelevanceSolver<RelevanceFit> ardAlone = (data, listener) -> sayOne;
    RelevanceFit kept = BinarySupportPriorAverage.of(underPrior, ardAlone).fit(biasOnly(ones(20)),
        IterationListener.none());
    assertArrayEquals(sayOne.weights(), kept.weights(), 0.0);
    kept = BinarySupportPriorAverage.of(underPrior, ardAlone).fit(biasOnly(new double[20]), IterationListener.none());
    assertArrayEquals(sayZero.weights(), kept.weights(), 0.0);
    // half the rows of each label: the even mixture (weight 0, the probability ½) is best
    double[] half = new double[20];
    for (int i = 0; i < 20; i += 2) {
      half[i] = 1.0;
    }
    kept = BinarySupportPriorAverage.of(underPrior, ardAlone).fit(biasOnly(half), IterationListener.none());
    assertArrayEquals(new double[] {0.0}, kept.weights(), 1e-12);
  }

  @Test
  void theCovarianceScaleIsTheOneWhoseModeratedProbabilityMatchesTheHeldOutShare() {
    // one fit under both priors: the bias weight 3 of variance v, the moderated probability of label 1
    // σ(3/√(1 + πcv/8)) at scale c. 15 of 20 rows of label 1: the log score is highest at p = ¾, σ⁻¹(¾) = log 3,
    // which v = 16(9/log²3 − 1)/π puts at c = ½ exactly; the fit returned has covariance v/2
    double v = 16.0 * (9.0 / (Math.log(3.0) * Math.log(3.0)) - 1.0) / Math.PI;
    RelevanceFit wide = fit(new int[] {0}, new double[] {3.0}, new double[] {v}, 1, -10.0);
    RelevanceSolver<RelevanceFit> same = (data, listener) -> wide;
    double[] labels = new double[20];
    Arrays.fill(labels, 1.0);
    for (int i = 0; i < 5; i++) {
      labels[4 * i] = 0.0;
    }
    RelevanceFit kept = BinarySupportPriorAverage.of(same, same).fit(biasOnly(labels), IterationListener.none());
    assertArrayEquals(new double[] {3.0}, kept.weights(), 1e-12);
    assertArrayEquals(new double[] {0.5 * v}, kept.covariance(), 1e-12);
    // every row of label 1: the plug-in (c = 0, probability σ(3)) predicts them best
    kept = BinarySupportPriorAverage.of(same, same).fit(biasOnly(ones(20)), IterationListener.none());
    assertArrayEquals(new double[] {0.0}, kept.covariance(), 0.0);
  }

  private static double[] ones(int n) {
    double[] x = new double[n];
    Arrays.fill(x, 1.0);
    return x;
  }
}
