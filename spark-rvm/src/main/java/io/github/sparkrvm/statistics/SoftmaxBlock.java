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
 * The softmax's terms of a block of rows over active (class, basis function) pairs, class-major (pairs
 * {@code offset[p]} … {@code offset[p + 1]} − 1 in class p), each pair's basis function a column of the block's
 * basis: the classes' scores, and the negative Hessian Φ_aᵀ W B Φ_a with B_pq(n) = μ_p(n)(δ_pq − μ_q(n)). The
 * softmax's Newton terms ({@link MultinomialAccumulator}) and its candidates passes
 * ({@link MultinomialCandidateAccumulator}) take them here.
 *
 * <p>The scores are summed pair by pair over the active columns (n·k multiply-adds), not as the product of the
 * block's basis with a weight matrix over every column and class, which is mostly zeros (n·M·K, and a copy of the
 * block to pack it: 8% of a profile of the ten-class digits).
 *
 * <p>Of the Hessian only the class blocks (p, q ≥ p) are formed, about half the k × k entries: class p's rows of
 * every class q ≥ p in one {@code dgemm}, of W μ⁽ᵖ⁾ ∘ Φ_p against the columns of classes p … K−1 side by side; the
 * blocks below the diagonal are their transposes ({@link #withLowerBlocks}). One product per class, not per pair: a
 * pair's block is small (about 30 × 30 over a block of rows), and the Java BLAS runs products under 10⁶ multiply-adds
 * in a scalar loop. The rows are scaled on both sides so that the columns −μ⁽q⁾ ∘ Φ_q, the same for every class
 * p &lt; q, are scaled once a block ({@link #negativelyScaled}); only class p's own, (1 − μ⁽ᵖ⁾) ∘ Φ_p, is written
 * before its product.
 */
final class SoftmaxBlock {

  private SoftmaxBlock() {}

  /**
   * {@return the block's scores of every class (n × K, column-major): class p's is the sum of its active pairs'
   * weights times their basis functions}
   *
   * @param phi the block's basis (n rows, column-major)
   * @param n the rows
   * @param columns for each active pair, its basis function's column in {@code phi}
   * @param offset the first pair of each class (K + 1 entries, the last k)
   * @param weights each active pair's weight
   */
  static double[] scores(double[] phi, int n, int[] columns, int[] offset, double[] weights) {
    double[] out = new double[n * (offset.length - 1)];
    for (int q = 0; q + 1 < offset.length; q++) {
      for (int a = offset[q]; a < offset[q + 1]; a++) {
        int src = columns[a] * n;
        double w = weights[a];
        for (int i = 0; i < n; i++) {
          out[q * n + i] += w * phi[src + i];
        }
      }
    }
    return out;
  }

  /**
   * {@return the block's columns of the active pairs, each scaled row by row by −μ⁽q⁾ of its class q (n × k,
   * column-major)}
   *
   * @param phi the block's basis (n rows, column-major)
   * @param n the rows
   * @param columns for each active pair, its basis function's column in {@code phi}
   * @param offset the first pair of each class (K + 1 entries, the last k)
   * @param mu the block's softmax probabilities (n × K, column-major)
   */
  static double[] negativelyScaled(double[] phi, int n, int[] columns, int[] offset, double[] mu) {
    double[] out = new double[n * columns.length];
    for (int q = 0; q + 1 < offset.length; q++) {
      scale(phi, n, columns, offset, q, mu, 0.0, out);
    }
    return out;
  }

  /**
   * Adds the block's class blocks (p, q ≥ p) of Φ_aᵀ W B Φ_a to {@code hessian} (k × k, column-major; the blocks below
   * the diagonal are left as they are).
   *
   * @param phi the block's basis (n rows, column-major)
   * @param n the rows
   * @param columns for each active pair, its basis function's column in {@code phi}
   * @param offset the first pair of each class (K + 1 entries, the last k)
   * @param mu the block's softmax probabilities (n × K, column-major)
   * @param rowWeights the rows' weights
   * @param right {@link #negativelyScaled} of the same arguments, which this overwrites
   * @param hessian where the blocks are added
   */
  static void addUpperBlocks(double[] phi, int n, int[] columns, int[] offset, double[] mu, double[] rowWeights,
      double[] right, double[] hessian) {
    int classes = offset.length - 1;
    int dim = offset[classes];
    int widest = 0;
    for (int p = 0; p < classes; p++) {
      widest = Math.max(widest, offset[p + 1] - offset[p]);
    }
    double[] left = new double[n * widest];
    for (int p = 0; p < classes; p++) {
      int mp = offset[p + 1] - offset[p];
      if (mp == 0) {
        continue;
      }
      scale(phi, n, columns, offset, p, mu, 1.0, right);
      for (int a = 0; a < mp; a++) {
        int src = columns[offset[p] + a] * n;
        int dst = a * n;
        for (int i = 0; i < n; i++) {
          left[dst + i] = rowWeights[i] * mu[p * n + i] * phi[src + i];
        }
      }
      MatrixProduct.dgemm("T", "N", mp, dim - offset[p], n, 1.0, left, 0, n, right, offset[p] * n, n, 1.0, hessian,
          offset[p] * dim + offset[p], dim);
    }
  }

  /**
   * Writes class q's columns of the block's basis, each row scaled by {@code delta} − μ⁽q⁾, into {@code out} at the
   * class' columns (offset[q] …, n rows each).
   */
  private static void scale(double[] phi, int n, int[] columns, int[] offset, int q, double[] mu, double delta,
      double[] out) {
    for (int c = offset[q]; c < offset[q + 1]; c++) {
      int src = columns[c] * n;
      int dst = c * n;
      for (int i = 0; i < n; i++) {
        out[dst + i] = (delta - mu[q * n + i]) * phi[src + i];
      }
    }
  }

  /**
   * {@return a copy of {@code upper} (k × k, column-major, its class blocks (p, q ≥ p) summed) with the blocks below
   * the diagonal filled in from those above}
   *
   * @param upper the summed blocks
   * @param offset the first pair of each class (K + 1 entries, the last k)
   */
  static double[] withLowerBlocks(double[] upper, int[] offset) {
    int classes = offset.length - 1;
    int dim = offset[classes];
    double[] h = upper.clone();
    int[] classOf = new int[dim];
    for (int p = 0; p < classes; p++) {
      java.util.Arrays.fill(classOf, offset[p], offset[p + 1], p);
    }
    for (int j = 0; j < dim; j++) {
      for (int i = 0; i < dim; i++) {
        if (classOf[i] > classOf[j]) {
          h[j * dim + i] = h[i * dim + j];
        }
      }
    }
    return h;
  }
}
