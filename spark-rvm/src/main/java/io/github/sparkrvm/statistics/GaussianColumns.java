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
