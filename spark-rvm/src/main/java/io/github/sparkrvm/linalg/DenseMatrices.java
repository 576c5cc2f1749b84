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

/** Small helpers for dense column-major matrices held in {@code double[]}. */
public final class DenseMatrices {

  private DenseMatrices() {}

  /**
   * Adds {@code Φᵀ diag(s²) Φ} to the m × m matrix {@code gram}, for the n × m column-major Φ and row scales s:
   * the rows are scaled into a copy, then one dgemm (faster than dsyrk with the Java BLAS).
   */
  public static void addRowScaledGram(double[] phi, int n, int m, double[] rowScale, double[] gram) {
    if (n == 0 || m == 0) {
      return;
    }
    double[] scaled = new double[n * m];
    for (int j = 0; j < m; j++) {
      int col = j * n;
      for (int i = 0; i < n; i++) {
        scaled[col + i] = phi[col + i] * rowScale[i];
      }
    }
    MatrixProduct.dgemm("T", "N", m, m, n, 1.0, scaled, n, scaled, n, 1.0, gram, m);
  }

  /** {@return the rows and columns {@code idx} of the m × m matrix {@code a}, as a k × k matrix} */
  public static double[] submatrix(double[] a, int m, int[] idx) {
    int k = idx.length;
    double[] out = new double[k * k];
    for (int j = 0; j < k; j++) {
      int src = idx[j] * m;
      for (int i = 0; i < k; i++) {
        out[j * k + i] = a[src + idx[i]];
      }
    }
    return out;
  }

  /** {@return the entries {@code idx} of {@code v}} */
  public static double[] select(double[] v, int[] idx) {
    double[] out = new double[idx.length];
    for (int i = 0; i < idx.length; i++) {
      out[i] = v[idx[i]];
    }
    return out;
  }

  /** {@return the entries {@code idx} of {@code v}} */
  public static int[] selectIndices(int[] v, int[] idx) {
    int[] out = new int[idx.length];
    for (int i = 0; i < idx.length; i++) {
      out[i] = v[idx[i]];
    }
    return out;
  }

  /** {@code a x} for the k × k matrix a. */
  public static double[] multiply(double[] a, int k, double[] x) {
    double[] y = new double[k];
    for (int j = 0; j < k; j++) {
      double xj = x[j];
      if (xj == 0.0) {
        continue;
      }
      int col = j * k;
      for (int i = 0; i < k; i++) {
        y[i] += a[col + i] * xj;
      }
    }
    return y;
  }

  public static double dot(double[] x, double[] y) {
    double s = 0.0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * y[i];
    }
    return s;
  }

  /** {@code xᵀ a x} for the k × k matrix a. */
  public static double quadraticForm(double[] a, int k, double[] x) {
    return dot(x, multiply(a, k, x));
  }

  /** {@code a + diag(d)} as a new matrix. */
  public static double[] plusDiagonal(double[] a, int k, double[] d) {
    double[] out = a.clone();
    for (int i = 0; i < k; i++) {
      out[i * k + i] += d[i];
    }
    return out;
  }
}
