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

import dev.ludovic.netlib.blas.BLAS;

/**
 * {@code C = α op(A) op(B) + β C} through the BLAS {@code dgemm}, in panels of C's columns when the product has
 * 2³¹ or more multiply-adds.
 *
 * <p>Why the panels: {@code dev.ludovic.netlib}'s Java BLAS (3.0.4) chooses its kernel from {@code m * n * k} computed
 * in {@code int}: below 10⁶ a plain scalar loop, above it the packed, vectorised kernel. From 2³¹ on the product wraps,
 * and where it wraps to a negative number the whole product runs in the scalar loop, about three times slower (the
 * ten-class softmax's cross products, 1001 × 3600 × 1823 for 360 active pairs: 1.5 to 1.8 s instead of 0.53). Each
 * panel here stays below 2³¹, its width a multiple of three, the kernel's column tile; the packed kernel then gives the
 * bits of the whole product in one call, and every product below 2³¹ is the library's single call, unchanged.
 */
public final class MatrixProduct {

  /** The fewest multiply-adds that the library's {@code int} product cannot hold. */
  static final long INT_PRODUCT_LIMIT = 1L << 31;

  /** The packed kernel's column tile: panels of a multiple of it give the bits of the whole product. */
  private static final int COLUMN_TILE = 3;

  private MatrixProduct() {}

  /**
   * {@code C = α op(A) op(B) + β C}, every matrix column-major from offset 0.
   *
   * @param transA "N" or "T": op(A) is m × k
   * @param transB "N" or "T": op(B) is k × n
   * @param m rows of C
   * @param n columns of C
   * @param k the inner dimension
   * @param alpha α
   * @param a A
   * @param lda A's leading dimension
   * @param b B
   * @param ldb B's leading dimension
   * @param beta β
   * @param c C, written
   * @param ldc C's leading dimension
   */
  public static void dgemm(String transA, String transB, int m, int n, int k, double alpha, double[] a, int lda,
      double[] b, int ldb, double beta, double[] c, int ldc) {
    dgemm(transA, transB, m, n, k, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, ldc);
  }

  /**
   * {@code C = α op(A) op(B) + β C}, every matrix column-major from its offset.
   *
   * @param transA "N" or "T": op(A) is m × k
   * @param transB "N" or "T": op(B) is k × n
   * @param m rows of C
   * @param n columns of C
   * @param k the inner dimension
   * @param alpha α
   * @param a A
   * @param aOffset where A starts in {@code a}
   * @param lda A's leading dimension
   * @param b B
   * @param bOffset where B starts in {@code b}
   * @param ldb B's leading dimension
   * @param beta β
   * @param c C, written
   * @param cOffset where C starts in {@code c}
   * @param ldc C's leading dimension
   */
  public static void dgemm(String transA, String transB, int m, int n, int k, double alpha, double[] a, int aOffset,
      int lda, double[] b, int bOffset, int ldb, double beta, double[] c, int cOffset, int ldc) {
    BLAS blas = Backend.blas();
    int width = panelWidth(m, n, k);
    if (width == n) {
      blas.dgemm(transA, transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
      return;
    }
    // column j of op(B) starts at column j of B ("N") or at its row j ("T")
    long bStride = "N".equalsIgnoreCase(transB) ? ldb : 1;
    for (int j = 0; j < n; j += width) {
      int w = Math.min(width, n - j);
      blas.dgemm(transA, transB, m, w, k, alpha, a, aOffset, lda, b, Math.toIntExact(bOffset + j * bStride), ldb,
          beta, c, Math.toIntExact(cOffset + (long) j * ldc), ldc);
    }
  }

  /**
   * {@return the width of the panels of C's n columns: n itself when m · n · k is below 2³¹, else panels of equal
   * width (a multiple of three where the product allows) that each stay below it}
   */
  static int panelWidth(int m, int n, int k) {
    long perColumn = Math.max(1L, (long) m * k);
    if (perColumn * n < INT_PRODUCT_LIMIT) {
      return n;
    }
    long widest = (INT_PRODUCT_LIMIT - 1) / perColumn;
    if (widest < COLUMN_TILE) {
      return (int) Math.max(1L, widest);
    }
    widest -= widest % COLUMN_TILE;
    long panels = (n + widest - 1) / widest;
    long even = (n + panels - 1) / panels;
    long rounded = (even + COLUMN_TILE - 1) / COLUMN_TILE * COLUMN_TILE;
    return (int) Math.min(widest, rounded);
  }
}
