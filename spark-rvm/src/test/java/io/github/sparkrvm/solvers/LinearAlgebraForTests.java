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

import java.util.Arrays;

/** Independent dense linear algebra for known-answer checks (Gaussian elimination, no LAPACK). */
final class LinearAlgebraForTests {

  private LinearAlgebraForTests() {}

  /** Solves a x = b with partial pivoting; also returns log|det a| through {@code logAbsDet[0]}. */
  static double[] solve(double[][] a, double[] b, double[] logAbsDet) {
    int n = b.length;
    double[][] m = new double[n][];
    for (int i = 0; i < n; i++) {
      m[i] = Arrays.copyOf(a[i], n + 1);
      m[i][n] = b[i];
    }
    double logDet = 0.0;
    for (int c = 0; c < n; c++) {
      int p = c;
      for (int r = c + 1; r < n; r++) {
        if (Math.abs(m[r][c]) > Math.abs(m[p][c])) {
          p = r;
        }
      }
      double[] tmp = m[c];
      m[c] = m[p];
      m[p] = tmp;
      logDet += Math.log(Math.abs(m[c][c]));
      for (int r = c + 1; r < n; r++) {
        double f = m[r][c] / m[c][c];
        for (int k = c; k <= n; k++) {
          m[r][k] -= f * m[c][k];
        }
      }
    }
    double[] x = new double[n];
    for (int i = n - 1; i >= 0; i--) {
      double s = m[i][n];
      for (int k = i + 1; k < n; k++) {
        s -= m[i][k] * x[k];
      }
      x[i] = s / m[i][i];
    }
    if (logAbsDet != null) {
      logAbsDet[0] = logDet;
    }
    return x;
  }
}
