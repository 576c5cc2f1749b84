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

import io.github.sparkrvm.linalg.Cholesky;
import io.github.sparkrvm.linalg.MatrixProduct;

/**
 * The matrix products of block scoring: the variances φᵢᵀΣφᵢ of a block's rows through a factor Σ = LLᵀ computed
 * once per model, as the rowwise squared norms of Φ_B L (one product per block, over L's nonzero lower triangle in
 * column panels), or through Σ itself (Φ_B Σ, then rowwise dot products with Φ_B) when Σ is not numerically
 * positive definite.
 */
final class BlockAlgebra {

  /** Columns of L per panel of the triangular product. */
  private static final int PANEL = 256;

  private BlockAlgebra() {}

  /**
   * {@return the lower Cholesky factor of the k × k covariance (column-major), or null when it is not numerically
   * positive definite (the variances then come from Σ itself, never from a jittered factor)}
   */
  static double[] factor(double[] covariance, int k) {
    return Cholesky.tryFactor(covariance, k).map(Cholesky::lower).orElse(null);
  }

  /**
   * Z = Φ L for the n × k column-major Φ and the k × k lower-triangular L: the columns c0 … c1 of Z need only the
   * rows c0 … k of L, so each panel of columns is one dgemm over them (about half the flops of a full product).
   *
   * @param phi Φ, n × k column-major (leading dimension n)
   * @param n rows
   * @param k columns of Φ (rows of L used)
   * @param l L, k × k column-major
   * @param z Z, n × k column-major, written
   */
  static void timesLower(double[] phi, int n, int k, double[] l, double[] z) {
    for (int c0 = 0; c0 < k; c0 += PANEL) {
      int c1 = Math.min(k, c0 + PANEL);
      MatrixProduct.dgemm("N", "N", n, c1 - c0, k - c0, 1.0, phi, c0 * n, n, l, c0 * k + c0, k, 0.0, z, c0 * n, n);
    }
  }

  /**
   * {@return the rowwise Σ_j a_ij b_ij of two n × k column-major matrices (offsets in both), each clamped below at 0}
   */
  static double[] rowwiseDots(double[] a, int aOffset, double[] b, int bOffset, int n, int k) {
    double[] out = new double[n];
    for (int j = 0; j < k; j++) {
      int ca = aOffset + j * n;
      int cb = bOffset + j * n;
      for (int i = 0; i < n; i++) {
        out[i] += a[ca + i] * b[cb + i];
      }
    }
    return out;
  }

  /**
   * {@return diag(Φ Σ Φᵀ) for the n × k column-major Φ: through the factor L when there is one (rowwise ‖Φ L‖²), else
   * through Σ (rowwise Φ ∘ ΦΣ); clamped below at 0}
   */
  static double[] variances(double[] phi, int n, int k, double[] covariance, double[] factor) {
    double[] z = new double[n * k];
    double[] v;
    if (factor != null) {
      timesLower(phi, n, k, factor, z);
      v = rowwiseDots(z, 0, z, 0, n, k);
    } else {
      MatrixProduct.dgemm("N", "N", n, k, k, 1.0, phi, n, covariance, k, 0.0, z, n);
      v = rowwiseDots(z, 0, phi, 0, n, k);
    }
    for (int i = 0; i < n; i++) {
      v[i] = Math.max(v[i], 0.0);
    }
    return v;
  }
}
