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

package io.github.sparkrvm.predict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.sparkrvm.basis.BasisFunctions;
import org.junit.jupiter.api.Test;

/** The mixture of softmax predictives: the share-weighted sum of the components' probabilities, worked by hand. */
class MultiClassMixtureTest {

  /** The bias and one feature: candidate 0 the bias, 1 the feature. */
  private static final BasisFunctions BASIS = BasisFunctions.linear(true, 1);

  private static double sigmoid(double z) {
    return 1.0 / (1.0 + Math.exp(-z));
  }

  /** Class 0's score is the feature times 1, exactly (no variance): P(0) at x = 2 is σ(2). */
  private static MultiClassPredictive sure() {
    return new MultiClassPredictive(BASIS, new int[] {1}, new int[][] {{0}, {}}, new double[][] {{1.0}, {}},
        new double[] {0.0});
  }

  /** Class 1's score is the bias, weight 1 of variance 8/π: the contrast −1 ± 8/π, P(0) = σ(−1/√2). */
  private static MultiClassPredictive unsure() {
    return new MultiClassPredictive(BASIS, new int[] {0}, new int[][] {{}, {0}}, new double[][] {{}, {1.0}},
        new double[] {8.0 / Math.PI});
  }

  @Test
  void theProbabilityIsTheShareWeightedSumOfTheComponents() {
    MultiClassMixture mixture = new MultiClassMixture(new MultiClassPredictive[] {sure(), unsure()},
        new double[] {0.25, 0.75});
    double p0 = 0.25 * sigmoid(2.0) + 0.75 * sigmoid(-1.0 / Math.sqrt(2.0));
    assertArrayEquals(new double[] {p0, 1.0 - p0}, mixture.probability(new double[] {2.0}), 1e-15);
    // at x = 0 the first is ½ ½, the second as before
    double q0 = 0.25 * 0.5 + 0.75 * sigmoid(-1.0 / Math.sqrt(2.0));
    assertArrayEquals(new double[] {q0, 1.0 - q0}, mixture.probability(new double[] {0.0}), 1e-15);
    // the block, row by row the same
    double[][] block = mixture.prepareCovariance().block(new double[] {2.0, 0.0}, 2);
    assertArrayEquals(new double[] {p0, 1.0 - p0}, block[0], 1e-15);
    assertArrayEquals(new double[] {q0, 1.0 - q0}, block[1], 1e-15);
  }

  @Test
  void oneComponentIsItsOwnModeratedSoftmax() {
    MultiClassMixture one = new MultiClassMixture(new MultiClassPredictive[] {unsure()}, new double[] {1.0});
    for (double x : new double[] {-3.0, 0.0, 1.5}) {
      assertArrayEquals(ClassScores.softmax(unsure().at(new double[] {x}), true).probability(),
          one.probability(new double[] {x}), 0.0);
    }
    assertEquals(2, one.numClasses());
  }

  @Test
  void refusesComponentsOfOtherClassCountsOrMissingShares() {
    MultiClassPredictive three = new MultiClassPredictive(BASIS, new int[] {0}, new int[][] {{0}, {}, {}},
        new double[][] {{1.0}, {}, {}}, new double[] {1.0});
    assertThrows(IllegalArgumentException.class,
        () -> new MultiClassMixture(new MultiClassPredictive[] {sure(), three}, new double[] {0.5, 0.5}));
    assertThrows(IllegalArgumentException.class,
        () -> new MultiClassMixture(new MultiClassPredictive[] {sure(), unsure()}, new double[] {1.0}));
  }
}
