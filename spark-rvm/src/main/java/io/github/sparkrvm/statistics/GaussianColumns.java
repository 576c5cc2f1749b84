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

import io.github.sparkrvm.linalg.MatrixProduct;

/**
 * The sufficient statistics of a Gaussian likelihood as the relevance solvers read them, with row weights w: the
 * projection ΦᵀWt, the Gram matrix ΦᵀWΦ by its diagonal, single columns and submatrices, and the targets' moments.
 * {@link GaussianStatistics} holds the whole Gram matrix; {@link LazyGram} computes a column when the solver first
 * asks for it, so the fast solver, which reads only the columns of the basis functions it has added, never forms
 * the M × M matrix.
 */
public interface GaussianColumns {

  /** {@return M, the number of candidate basis functions} */
  int numBasis();

  /** {@return ΦᵀWt (length M; not to be changed)} */
  double[] projection();

  /** {@return the diagonal of ΦᵀWΦ, ‖φᵢ‖² weighted (length M; not to be changed)} */
  double[] gramDiagonal();

  /**
   * {@return column j of ΦᵀWΦ, ΦᵀWφⱼ (length M; not to be changed)}
   *
   * @param j a candidate
   */
  double[] gramColumn(int j);

  /**
   * {@return the symmetric submatrix of ΦᵀWΦ over the given candidates (k × k, column-major)}
   *
   * @param active the candidates
   */
  default double[] gramSubmatrix(int[] active) {
    int k = active.length;
    double[] out = new double[k * k];
    for (int b = 0; b < k; b++) {
      double[] column = gramColumn(active[b]);
      for (int a = 0; a < k; a++) {
        out[b * k + a] = column[active[a]];
      }
    }
    for (int b = 0; b < k; b++) { // columns computed apart may differ in the last bit: average the two triangles
      for (int a = b + 1; a < k; a++) {
        double mean = 0.5 * (out[b * k + a] + out[a * k + b]);
        out[b * k + a] = mean;
        out[a * k + b] = mean;
      }
    }
    return out;
  }

  /**
   * {@return the sparsity and quality factors {S, Q} of every candidate at the posterior over {@code active} (mean μ,
   * covariance Σ) at noise precision β: Sᵢ = βGᵢᵢ − β²cᵢᵀΣcᵢ and Qᵢ = β(ΦᵀWt)ᵢ − βcᵢᵀμ with cᵢ = G[i, active] (S is
   * NaN for a candidate that is zero on the data)} By default from the Gram columns of the active candidates (M × k
   * doubles, one dgemm); statistics that keep sparse rows over a cluster score each candidate where its Gram entries
   * are summed, the driver receiving S and Q only.
   *
   * @param active the candidates in the model, ascending
   * @param covariance Σ (k × k)
   * @param mean μ (length k)
   * @param beta β
   */
  default double[][] sparsityQuality(int[] active, double[] covariance, double[] mean, double beta) {
    int m = numBasis();
    int k = active.length;
    double[] diagonal = gramDiagonal();
    double[] p = projection();
    // ΦᵀΦ_A Σ for every candidate row: (M × k) · (k × k)
    double[] gramActive = new double[m * k];
    for (int a = 0; a < k; a++) {
      System.arraycopy(gramColumn(active[a]), 0, gramActive, a * m, m); // column a = G[:, active[a]]
    }
    double[] times = new double[m * k];
    MatrixProduct.dgemm("N", "N", m, k, k, 1.0, gramActive, m, covariance, k, 0.0, times, m);
    double[] bigS = new double[m];
    double[] bigQ = new double[m];
    for (int i = 0; i < m; i++) {
      double gii = diagonal[i];
      if (!(gii > 0.0)) {
        bigS[i] = Double.NaN; // a basis function that is zero on the data: no action
        continue;
      }
      double quad = 0.0;
      double fit = 0.0;
      for (int a = 0; a < k; a++) {
        quad += times[a * m + i] * gramActive[a * m + i];
        fit += gramActive[a * m + i] * mean[a];
      }
      bigS[i] = beta * gii - beta * beta * quad;
      bigQ[i] = beta * p[i] - beta * fit;
    }
    return new double[][] {bigS, bigQ};
  }

  /** {@return tᵀWt} */
  double targetSquares();

  /** {@return Σwt} */
  double targetSum();

  /** {@return Σw} */
  double weightSum();

  /** {@return the number of rows} */
  long count();

  /**
   * {@return the weighted variance of the targets, checked: there must be weight, and the targets must vary}
   *
   * @throws IllegalArgumentException otherwise
   */
  default double checkedTargetVariance() {
    if (!(weightSum() > 0.0)) {
      throw new IllegalArgumentException("no training rows with positive weight");
    }
    double variance = targetVariance();
    if (!(variance > 0.0)) {
      throw new IllegalArgumentException("the targets are constant: there is nothing to learn");
    }
    return variance;
  }

  /** {@return the weighted variance of the targets} */
  default double targetVariance() {
    double mean = targetSum() / weightSum();
    return Math.max(targetSquares() / weightSum() - mean * mean, 0.0);
  }
}
