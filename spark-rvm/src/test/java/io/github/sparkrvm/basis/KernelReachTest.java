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

package io.github.sparkrvm.basis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The largest γ the search tries: where a radial basis function is as wide as its centre's nearest neighbour. */
class KernelReachTest {

  /** One-feature rows at {@code values}, in one block. */
  private static List<RowBlock> rows(double... values) {
    return List.of(RowBlock.unweighted(values.length, 1, values.clone(), new double[values.length]));
  }

  @Test
  void aRowEveryUnitGivesOneHalf() {
    // rows 0, 1, ..., 9: every centre's nearest other row is 1 away, so γ ≤ 1 / (2 · 1²)
    double[] x = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    assertEquals(0.5, KernelReach.largestGamma("rbf", rows(x), new double[] {0, 3, 9}, 1), 1e-15);
  }

  @Test
  void theMedianCentreDecidesAndDuplicatesDoNotCount() {
    // nearest other points: centre 0 → 0.5 (0.25), centre 10 → 2 (4), centre 20 → 3 (9); 0 is in the rows twice
    double[] x = {0, 0, 0.5, 10, 12, 20, 23};
    assertEquals(1.0 / 8, KernelReach.largestGamma("rbf", rows(x), new double[] {0, 10, 20}, 1), 1e-15);
  }

  @Test
  void overEveryFeatureForRbfAndPerFeatureForRbfPerDimension() {
    // two features: rows (0, 0), (3, 4), (6, 8): the nearest other row is 5 away (25); per feature 3 (9) and 4 (16)
    List<RowBlock> rows = List.of(RowBlock.unweighted(3, 2, new double[] {0, 0, 3, 4, 6, 8}, new double[3]));
    double[] centres = {0, 0, 3, 4, 6, 8};
    assertEquals(1.0 / 50, KernelReach.largestGamma("rbf", rows, centres, 2), 1e-15);
    // per dimension: the median of {9, 9, 9, 16, 16, 16} (upper middle) is 16
    assertEquals(1.0 / 32, KernelReach.largestGamma("rbf-per-dimension", rows, centres, 2), 1e-15);
  }

  @Test
  void noLimitForPolyOrRowsAtOnePoint() {
    assertEquals(Double.POSITIVE_INFINITY, KernelReach.largestGamma("poly", rows(0, 1, 2), new double[] {0}, 1));
    assertEquals(Double.POSITIVE_INFINITY, KernelReach.largestGamma("rbf", rows(2, 2, 2), new double[] {2}, 1));
  }
}
