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
import java.util.function.Supplier;
import java.util.stream.IntStream;

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
 *
 * <p>Inside {@link #onCores} a product of {@link #SPREAD_LIMIT} or more multiply-adds is also cut into as many panels
 * of C's columns as the JVM has processors, computed on the common pool and the calling thread: the driver's products
 * between passes and those of a pass with fewer blocks than cores (the ten-class softmax's ranking sample, one block)
 * then use every core. The packed kernel sums each entry of C over the inner dimension in the same order wherever its
 * column is (in blocks of k that depend on k alone), so the panels give the single call's bits, however many there
 * are and whichever thread computes which; each panel keeps 10⁶ or more multiply-adds, in the packed kernel. Outside
 * {@link #onCores} (an executor's task, whose cores run other tasks) a product is computed on its own thread.
 */
public final class MatrixProduct {

  /** The fewest multiply-adds that the library's {@code int} product cannot hold. */
  static final long INT_PRODUCT_LIMIT = 1L << 31;

  /**
   * The kernels' tile of rows and of columns (3 × 3; a remainder that is not a multiple of it rounds apart): panels
   * cut at a multiple of it give the bits of the whole product.
   */
  static final int TILE = 3;

  /** The fewest multiply-adds of a product that {@link #onCores} spreads over the cores (about 1 ms on one). */
  static final long SPREAD_LIMIT = 1L << 24;

  /** The library's packed kernel takes products of at least this many multiply-adds. */
  static final long PACKED_KERNEL = 1_000_000L;

  /** Whether this thread's large products are spread over the cores ({@link #onCores}). */
  private static final ThreadLocal<Boolean> SPREAD = ThreadLocal.withInitial(() -> Boolean.FALSE);

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
    int[] cuts = SPREAD.get() ? spreadCuts(m, n, k, Runtime.getRuntime().availableProcessors()) : null;
    if (cuts == null) {
      inIntPanels(transA, transB, m, n, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
      return;
    }
    spreadOver(cuts, transA, transB, m, k, alpha, a, aOffset, lda, b, bOffset, ldb, beta, c, cOffset, ldc);
  }

  /** The product in the panels of C's columns that start at {@code cuts} (the last entry n), on the common pool. */
  static void spreadOver(int[] cuts, String transA, String transB, int m, int k, double alpha, double[] a,
      int aOffset, int lda, double[] b, int bOffset, int ldb, double beta, double[] c, int cOffset, int ldc) {
    // column j of op(B) starts at column j of B ("N") or at its row j ("T")
    long bStride = "N".equalsIgnoreCase(transB) ? ldb : 1;
    IntStream.range(0, cuts.length - 1).parallel().forEach(p -> inIntPanels(transA, transB, m,
        cuts[p + 1] - cuts[p], k, alpha, a, aOffset, lda, b, Math.toIntExact(bOffset + cuts[p] * bStride), ldb, beta,
        c, Math.toIntExact(cOffset + (long) cuts[p] * ldc), ldc));
  }

  /**
   * {@return {@code action}'s result, with this thread's products of {@link #SPREAD_LIMIT} or more multiply-adds cut
   * into panels of C's columns computed on the common pool and this thread: the same bits} For work on the driver,
   * whose cores are otherwise idle; the thread's setting is restored after.
   *
   * @param spread whether to spread (false: each product on this thread, as outside)
   * @param action the work
   * @param <T> its result
   */
  public static <T> T onCores(boolean spread, Supplier<T> action) {
    Boolean before = SPREAD.get();
    SPREAD.set(spread);
    try {
      return action.get();
    } finally {
      SPREAD.set(before);
    }
  }

  /** {@return whether this thread's large products are spread over the cores ({@link #onCores})} */
  public static boolean spreading() {
    return SPREAD.get();
  }

  /**
   * {@return the first column of each panel and n after the last, where a product is spread over {@code cores}
   * (null: not spread)} As many panels as cores, fewer where a panel would fall below half of
   * {@link #SPREAD_LIMIT}, each starting at a multiple of the column tile; none below the packed kernel's size.
   */
  static int[] spreadCuts(int m, int n, int k, int cores) {
    long madds = (long) m * n * k;
    long parts = Math.min(Math.min(cores, madds / (SPREAD_LIMIT / 2)), n / (2L * TILE));
    if (parts < 2) {
      return null;
    }
    int[] cuts = new int[(int) parts + 1];
    for (int p = 1; p < parts; p++) {
      long at = n * p / parts;
      cuts[p] = (int) (at - at % TILE);
    }
    cuts[(int) parts] = n;
    for (int p = 0; p < parts; p++) {
      if ((long) m * (cuts[p + 1] - cuts[p]) * k < PACKED_KERNEL) {
        return null;
      }
    }
    return cuts;
  }

  /** One product, in panels below the library's {@code int} product where it is past it. */
  private static void inIntPanels(String transA, String transB, int m, int n, int k, double alpha, double[] a,
      int aOffset, int lda, double[] b, int bOffset, int ldb, double beta, double[] c, int cOffset, int ldc) {
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
    if (widest < TILE) {
      return (int) Math.max(1L, widest);
    }
    widest -= widest % TILE;
    long panels = (n + widest - 1) / widest;
    long even = (n + panels - 1) / panels;
    long rounded = (even + TILE - 1) / TILE * TILE;
    return (int) Math.min(widest, rounded);
  }
}
