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

import org.junit.jupiter.api.Test;

class CholeskyTest {

  // A = [[4, 2, 0.4], [2, 5, 1], [0.4, 1, 3]]
  private static final double[] A = {4, 2, 0.4, 2, 5, 1, 0.4, 1, 3};

  @Test
  void solvesInvertsAndGivesTheDeterminant() {
    Cholesky chol = Cholesky.tryFactor(A, 3).orElseThrow();
    double[] x = chol.solve(new double[] {1, 2, 3});
    assertArrayEquals(new double[] {1, 2, 3}, DenseMatrices.multiply(A, 3, x), 1e-12);
    double[] inverse = chol.inverse();
    double[] product = new double[9];
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        for (int k = 0; k < 3; k++) {
          product[j * 3 + i] += A[k * 3 + i] * inverse[j * 3 + k];
        }
      }
    }
    assertArrayEquals(new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}, product, 1e-12);
    // det by cofactors: 4(15 − 1) − 2(6 − 0.4) + 0.4(2 − 2) = 44.8
    assertEquals(Math.log(44.8), chol.logDeterminant(), 1e-12);
    assertEquals(0.0, chol.jitter());
  }

  /**
   * Past one block of {@value Cholesky#BLOCK} rows the factor is LAPACK's blocked algorithm with its panels' products on
   * the fit's BLAS: the same factor as F2J's {@code dpotrf} to 1e-12 (301 rows: four full panels and one of 45), and
   * a matrix that is not positive definite past the first panel refused.
   */
  @Test
  void theBlockedFactorIsLapacksFactor() {
    int n = 301;
    java.util.SplittableRandom random = new java.util.SplittableRandom(7);
    double[] x = random.doubles((long) n * n, -1.0, 1.0).toArray();
    double[] a = new double[n * n];
    MatrixProduct.dgemm("T", "N", n, n, n, 1.0 / n, x, n, x, n, 0.0, a, n);
    for (int i = 0; i < n; i++) {
      a[i * n + i] += 0.1;
    }
    double[] expected = a.clone();
    org.netlib.util.intW info = new org.netlib.util.intW(0);
    Backend.lapack().dpotrf("L", n, expected, n, info);
    assertEquals(0, info.val);
    double[] lower = Cholesky.tryFactor(a, n).orElseThrow().lower();
    double scale = java.util.Arrays.stream(expected).map(Math::abs).max().orElseThrow();
    for (int j = 0; j < n; j++) {
      for (int i = 0; i < n; i++) {
        assertEquals(i >= j ? expected[j * n + i] : 0.0, lower[j * n + i], 1e-12 * scale, i + ", " + j);
      }
    }
    double[] indefinite = a.clone();
    indefinite[200 * n + 200] = -1.0;
    assertTrue(Cholesky.tryFactor(indefinite, n).isEmpty());
  }

  /**
   * Inside {@link MatrixProduct#onCores} the rows below each panel are cut among the cores: the same factor bit for bit
   * as on one thread, at 301 rows (every product in the library's scalar loop) and at 700 (products past 10⁶
   * multiply-adds, over more than one of its blocks of 500 columns); a cut never takes a product out of the packed
   * kernel.
   */
  @Test
  void theFactorOnTheCoresIsTheFactorOnOneThread() {
    for (int n : new int[] {301, 700}) {
      java.util.SplittableRandom random = new java.util.SplittableRandom(n);
      double[] x = random.doubles((long) n * n, -1.0, 1.0).toArray();
      double[] a = new double[n * n];
      MatrixProduct.dgemm("T", "N", n, n, n, 1.0 / n, x, n, x, n, 0.0, a, n);
      for (int i = 0; i < n; i++) {
        a[i * n + i] += 0.1;
      }
      double[] alone = Cholesky.tryFactor(a, n).orElseThrow().lower();
      double[] spread = MatrixProduct.onCores(true, () -> Cholesky.tryFactor(a, n).orElseThrow().lower());
      for (int i = 0; i < alone.length; i++) {
        assertEquals(Double.doubleToLongBits(alone[i]), Double.doubleToLongBits(spread[i]), n + " rows, entry " + i);
      }
    }
    assertArrayEquals(new int[] {0, 117, 236}, Cholesky.rowCuts(236, 64, 64, 2));
    assertArrayEquals(new int[] {0, 78, 156, 236}, Cholesky.rowCuts(236, 64, 64, 3));
    assertArrayEquals(new int[] {0, 40}, Cholesky.rowCuts(40, 64, 64, 2));
    assertArrayEquals(new int[] {0, 64}, Cholesky.rowCuts(64, 64, 300, 2));
    assertArrayEquals(new int[] {0, 60}, Cholesky.rowCuts(60, 64, 576, 1));
    assertArrayEquals(new int[] {0, 30, 64}, Cholesky.rowCuts(64, 64, 576, 2));
  }

  @Test
  void singularMatrixIsATypedFailureThenJitterRecovers() {
    double[] singular = {1, 1, 1, 1}; // [[1, 1], [1, 1]]
    assertTrue(Cholesky.tryFactor(singular, 2).isEmpty());
    Cholesky chol = Cholesky.factorWithJitter(singular, 2);
    assertTrue(chol.jitter() > 0.0);
    for (double v : chol.solve(new double[] {1, 1})) {
      assertTrue(Double.isFinite(v));
    }
  }

  @Test
  void nonFiniteEntriesNeverProduceNaN() {
    double[] bad = {1, Double.NaN, Double.NaN, 1};
    assertTrue(Cholesky.tryFactor(bad, 2).isEmpty());
    assertThrows(ArithmeticException.class, () -> Cholesky.factorWithJitter(bad, 2));
  }
}
