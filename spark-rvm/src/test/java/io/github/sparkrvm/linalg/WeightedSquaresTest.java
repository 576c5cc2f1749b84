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
package io.github.sparkrvm.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WeightedSquaresTest {

  /** A block of n × m values in [−1, 1] (every fourth zero, as an RBF's far tail rounds) and weights in [0, 1/4]. */
  private static double[][] block(int n, int m, long seed) {
    Random random = new Random(seed);
    double[] phi = new double[n * m];
    for (int i = 0; i < phi.length; i++) {
      phi[i] = i % 4 == 3 ? 0.0 : 2 * random.nextDouble() - 1;
    }
    double[] b = new double[n];
    for (int i = 0; i < n; i++) {
      b[i] = 0.25 * random.nextDouble();
    }
    return new double[][] {phi, b};
  }

  /**
   * Every sum within the rounding of eight lanes of the exact sum of its terms (BigDecimal), over row counts with
   * and without rows past the last group of eight (1 to 7 of them), and a block of one row: no row left out or
   * weighted by another row's weight.
   */
  @Test
  void sumsEveryRowWithItsWeight() {
    for (int n : new int[] {1, 7, 8, 9, 15, 2048, 2053}) {
      int m = 5;
      double[][] data = block(n, m, 31 + n);
      double[] phi = data[0];
      double[] b = data[1];
      double[] out = {1.0, 2.0, 3.0, 4.0, 5.0, -1.0};
      WeightedSquares.addTo(phi, n, m, b, out);
      for (int j = 0; j < m; j++) {
        BigDecimal exact = BigDecimal.ZERO;
        double absolute = 0.0;
        for (int i = 0; i < n; i++) {
          double v = phi[j * n + i];
          double term = v * b[i] * v;
          exact = exact.add(new BigDecimal(term));
          absolute += term;
        }
        double expected = exact.round(MathContext.DECIMAL64).doubleValue();
        // eight lanes of n / 8 terms, then three pairwise levels: at most (n / 8 + 3) roundings of a partial sum
        double bound = (n / 8.0 + 3) * Math.ulp(1.0) * absolute;
        assertEquals(expected, out[j] - (j + 1), bound + Math.ulp(out[j]), "n " + n + ", column " + j);
      }
      assertEquals(-1.0, out[m], "a sum past the block's columns is left alone");
    }
  }

  /**
   * The lanes' order is the documented one: a weight of 2⁵³ in row 0 (lane 0) and 1 in rows 1 to 7 (lanes 1 to 7)
   * sum to ((2⁵³ + 1) + 2) + (2 + 2) = 2⁵³ + 6 (2⁵³ + 1 rounds to even, 2⁵³), where one running sum gives 2⁵³ and the
   * exact sum is 2⁵³ + 7.
   */
  @Test
  void addsTheLanesPairwise() {
    double big = 0x1p53;
    for (int n : new int[] {8, 16, 17}) {
      double[] phi = new double[n];
      Arrays.fill(phi, 1.0);
      double[] b = new double[n];
      b[0] = big;
      for (int i = 1; i < 8; i++) {
        b[i] = 1.0;
      }
      double[] out = new double[1];
      WeightedSquares.addTo(phi, n, 1, b, out);
      assertEquals(big + 6, out[0], "n " + n);
      double[] lanes = new double[WeightedSquares.LANES];
      WeightedSquares.addScalar(phi, 0, 0, n, b, lanes);
      assertEquals(big + 6, WeightedSquares.sumOfLanes(lanes), "scalar, n " + n);
    }
  }

  /**
   * The rows after the last whole group of eight go to their own lanes too: in 15 rows, 2⁵³ in row 8 (lane 0) and 1
   * in rows 9 to 14 (lanes 1 to 6) sum to ((2⁵³ + 1) + 2) + (2 + 1) = 2⁵³ + 5, which rounds to even, 2⁵³ + 4; the same
   * terms in one lane would give 2⁵³.
   */
  @Test
  void addsTheLastRowsToTheirOwnLanes() {
    double big = 0x1p53;
    int n = 15;
    double[] phi = new double[n];
    Arrays.fill(phi, 1.0);
    double[] b = new double[n];
    b[8] = big;
    for (int i = 9; i < n; i++) {
      b[i] = 1.0;
    }
    double[] out = new double[1];
    WeightedSquares.addTo(phi, n, 1, b, out);
    assertEquals(big + 4, out[0]);
  }

  /**
   * The vector lanes compute the scalar lanes' bits, in the whole groups of eight and in the tail (skipped where this
   * JVM has no vector lanes: then there is one way only).
   */
  @Test
  void vectorLanesHaveTheScalarBits() {
    assumeTrue("vector".equals(WeightedSquares.implementation()), "no vector lanes in this JVM");
    for (int n : new int[] {8, 13, 2048, 2051}) {
      int m = 9;
      double[][] data = block(n, m, 7 * n);
      double[] phi = data[0];
      double[] b = data[1];
      double[] vector = new double[m];
      WeightedSquares.addTo(phi, n, m, b, vector);
      double[] scalar = new double[m];
      for (int j = 0; j < m; j++) {
        double[] lanes = new double[WeightedSquares.LANES];
        WeightedSquares.addScalar(phi, j * n, 0, n, b, lanes);
        scalar[j] = WeightedSquares.sumOfLanes(lanes);
      }
      assertArrayEquals(scalar, vector, "n " + n);
      assertTrue(scalar[0] > 0.0);
    }
  }

  @Test
  void rejectsABlockShorterThanItsShape() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> WeightedSquares.addTo(new double[10], 4, 3, new double[4], new double[3]));
    assertTrue(e.getMessage().contains("4 × 3"), e.getMessage());
  }
}
