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

package io.github.sparkrvm.statistics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The held-out log density of a gaussian fit against its known answer: each row's w log N(t; φᵀμ, 1/(βw) + φᵀΣφ),
 * written out by hand for two kept basis functions.
 */
class HeldOutDensityTest {

  // 3 rows over 4 candidates (column-major), the fit keeps candidates 1 and 3
  private static final double[] PHI = {
      0.1, 0.4, -0.3,
      1.0, 0.5, -1.5,
      7.0, 7.0, 7.0,
      0.2, -0.8, 0.6};
  private static final int[] ACTIVE = {1, 3};
  private static final double[] MU = {2.0, -1.0};
  private static final double[] SIGMA = {0.3, 0.1, 0.1, 0.2};
  private static final double BETA = 4.0;
  private static final double[] T = {1.9, 1.5, -2.8};
  private static final double[] W = {1.0, 2.0, 0.0};

  /** {@return w log N(t; y, 1/(βw) + s²) of row {@code i}, by hand} */
  private static double byHand(int i) {
    double a = PHI[3 + i];
    double b = PHI[9 + i];
    double y = a * MU[0] + b * MU[1];
    double s2 = a * a * SIGMA[0] + 2 * a * b * SIGMA[1] + b * b * SIGMA[3];
    double v = 1.0 / (BETA * W[i]) + s2;
    double r = T[i] - y;
    return W[i] * (-0.5 * Math.log(2 * Math.PI * v) - r * r / (2 * v));
  }

  @Test
  void sumsEachRowsPredictiveLogDensity() {
    InMemoryStatistics data = new InMemoryStatistics(PHI, 3, 4, T, W);
    HeldOutDensity d = data.pass(HeldOutDensity.pass(ACTIVE, MU, SIGMA, BETA));
    assertEquals(byHand(0) + byHand(1), d.logDensity(), 1e-12, "the row of weight 0 adds nothing");
    // row 0 alone: t = 1.9, y = 2·1.0 − 1·0.2 = 1.8, s² = 0.3 + 2·0.1·0.2 + 0.04·0.2 = 0.348, v = 0.25 + 0.348
    assertEquals(-0.5 * Math.log(2 * Math.PI * 0.598) - 0.01 / (2 * 0.598), byHand(0), 1e-12);
  }

  @Test
  void blocksMergeToTheWholeSum() {
    HeldOutDensity whole = new HeldOutDensity(MU, SIGMA, BETA).add(new double[] {1.0, 0.5, 0.2, -0.8}, 2,
        Arrays.copyOf(T, 2), Arrays.copyOf(W, 2));
    HeldOutDensity first = new HeldOutDensity(MU, SIGMA, BETA).add(new double[] {1.0, 0.2}, 1, new double[] {T[0]},
        new double[] {W[0]});
    HeldOutDensity second = new HeldOutDensity(MU, SIGMA, BETA).add(new double[] {0.5, -0.8}, 1,
        new double[] {T[1]}, new double[] {W[1]});
    first.merge(second);
    assertEquals(whole.logDensity(), first.logDensity(), 1e-12);
    assertThrows(IllegalArgumentException.class, () -> new HeldOutDensity(MU, SIGMA, 0.0));
  }
}
