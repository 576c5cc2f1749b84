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

import java.util.Optional;
import java.util.stream.IntStream;
import org.netlib.util.intW;

/**
 * The Cholesky factor {@code L Lᵀ = A} of a symmetric positive-definite matrix, through LAPACK
 * ({@code dpotrf}/{@code dpotrs}/{@code dpotri}). Matrices are dense, column-major {@code double[]}.
 */
public final class Cholesky {

  private static final int MAX_JITTER_ATTEMPTS = 12;

  private final int n;
  private final double[] lower;
  private final double jitter;

  private Cholesky(int n, double[] lower, double jitter) {
    this.n = n;
    this.lower = lower;
    this.jitter = jitter;
  }

  /**
   * Factors {@code a} (n × n, column-major; only the lower triangle is read), or returns empty when it is not
   * numerically positive definite or holds a non-finite value. {@code a} is not modified.
   *
   * @param a the symmetric matrix
   * @param n its order
   * @return the factor, or empty when a is not numerically positive definite
   */
  public static Optional<Cholesky> tryFactor(double[] a, int n) {
    return tryFactor(a, n, 0.0);
  }

  /**
   * Factors {@code a}; when that fails, adds a growing multiple of the mean diagonal to the diagonal and retries.
   * The jitter used is reported by {@link #jitter()}.
   *
   * @throws ArithmeticException if the matrix holds non-finite values or cannot be factored even with jitter
   * @param a the symmetric matrix
   * @param n its order
   * @return the factor
   */
  public static Cholesky factorWithJitter(double[] a, int n) {
    Optional<Cholesky> plain = tryFactor(a, n, 0.0);
    if (plain.isPresent()) {
      return plain.get();
    }
    double meanDiagonal = 0.0;
    for (int i = 0; i < n; i++) {
      meanDiagonal += Math.abs(a[i * n + i]);
    }
    meanDiagonal = n == 0 ? 1.0 : Math.max(meanDiagonal / n, Double.MIN_NORMAL);
    if (!Double.isFinite(meanDiagonal)) {
      throw new ArithmeticException("Cholesky: the matrix holds non-finite values");
    }
    double jitter = 1e-10 * meanDiagonal;
    for (int attempt = 0; attempt < MAX_JITTER_ATTEMPTS; attempt++, jitter *= 10.0) {
      Optional<Cholesky> factor = tryFactor(a, n, jitter);
      if (factor.isPresent()) {
        return factor.get();
      }
    }
    throw new ArithmeticException(
        "Cholesky: the " + n + " × " + n + " matrix is not positive definite even with jitter " + jitter);
  }

  private static Optional<Cholesky> tryFactor(double[] a, int n, double jitter) {
    if (a.length < n * n) {
      throw new IllegalArgumentException("Cholesky: expected " + n * n + " entries, got " + a.length);
    }
    double[] l = new double[n * n];
    for (int j = 0; j < n; j++) {
      for (int i = j; i < n; i++) {
        double v = a[j * n + i];
        if (!Double.isFinite(v)) {
          return Optional.empty();
        }
        l[j * n + i] = i == j ? v + jitter : v;
      }
    }
    if (n == 0) {
      return Optional.of(new Cholesky(0, l, jitter));
    }
    if (!factorInPlace(l, n)) {
      return Optional.empty();
    }
    for (int j = 0; j < n; j++) {
      for (int i = 0; i < j; i++) {
        l[j * n + i] = 0.0;
      }
    }
    return Optional.of(new Cholesky(n, l, jitter));
  }

  /**
   * The order of the panels of a factor of more than one block: LAPACK's {@code dpotrf} with its block size (64, from
   * {@code ilaenv}), whose products over the columns before a panel run on the fit's BLAS instead of F2J's.
   */
  static final int BLOCK = 64;

  /**
   * Overwrites the lower triangle of {@code l} (n × n, column-major) with its Cholesky factor, and returns whether it
   * is positive definite. Up to {@link #BLOCK} rows, LAPACK's {@code dpotrf}. Beyond, its blocked algorithm (lower,
   * left-looking) with the products of the panels, most of the n³/3 multiply-adds, in {@link MatrixProduct}: F2J's
   * LAPACK runs them in F2J's scalar BLAS, about a tenth of the fit's speed (the ten-class softmax's k × k factors,
   * k ≈ 300, took 5% of its samples). Per panel of columns j … j + b: the diagonal block less the columns before it
   * ({@code dgemm}, the whole block, where LAPACK has {@code dsyrk}; the upper triangle is not read), its unblocked
   * factor ({@code dpotf2}), the rows below it less the columns before it ({@code dgemm}), then solved against the
   * diagonal block's factor ({@code dtrsm}). The upper triangle is left as it is. Inside
   * {@link MatrixProduct#onCores} the rows below a panel are cut among the cores ({@link #rowCuts}: the same bits).
   */
  private static boolean factorInPlace(double[] l, int n) {
    intW info = new intW(0);
    if (n <= BLOCK) {
      Backend.lapack().dpotrf("L", n, l, n, info);
      return info.val == 0;
    }
    for (int j = 0; j < n; j += BLOCK) {
      int jb = Math.min(BLOCK, n - j);
      int below = n - j - jb;
      if (j > 0) {
        MatrixProduct.dgemm("N", "T", jb, jb, j, -1.0, l, j, n, l, j, n, 1.0, l, j + j * n, n);
      }
      Backend.lapack().dpotf2("L", jb, l, j + j * n, n, info);
      if (info.val != 0) {
        return false;
      }
      if (below > 0) {
        int[] cuts = MatrixProduct.spreading() ? rowCuts(below, jb, j, Runtime.getRuntime().availableProcessors())
            : new int[] {0, below};
        int panel = j;
        IntStream.range(0, cuts.length - 1).parallel().forEach(p -> rowsBelow(l, n, panel, jb,
            panel + jb + cuts[p], cuts[p + 1] - cuts[p]));
      }
    }
    return true;
  }

  /** The fewest rows below a panel that {@link #rowCuts} gives a core of its own. */
  static final int SPREAD_ROWS = 32;

  /**
   * {@return where the {@code below} rows under a panel of {@code jb} columns after {@code before} columns are cut
   * among {@code cores} (the first row of each part, then below)} Each row is solved alone ({@code dtrsm} from the
   * right runs along a row), and each entry of the product sums over the columns before in the same order wherever
   * its row is, so the parts give the single call's bits; a product in the library's packed kernel is cut only into
   * parts that stay in it (its scalar loop sums the same terms, but rounds β C apart for k past its block of 500).
   */
  static int[] rowCuts(int below, int jb, int before, int cores) {
    int parts = Math.max(1, Math.min(cores, below / SPREAD_ROWS));
    long madds = (long) below * jb * before;
    while (parts > 1 && madds >= MatrixProduct.PACKED_KERNEL
        && (long) (below / parts) * jb * before < MatrixProduct.PACKED_KERNEL) {
      parts--;
    }
    int[] cuts = new int[parts + 1];
    for (int p = 1; p < parts; p++) {
      int at = (int) ((long) below * p / parts);
      cuts[p] = at - at % MatrixProduct.TILE;
    }
    cuts[parts] = below;
    return cuts;
  }

  /**
   * Rows {@code first} … {@code first + rows − 1} under the panel of columns j … j + jb: less the columns before the
   * panel (the product), then solved against the panel's diagonal block.
   */
  private static void rowsBelow(double[] l, int n, int j, int jb, int first, int rows) {
    if (j > 0) {
      MatrixProduct.dgemm("N", "T", rows, jb, j, -1.0, l, first, n, l, j, n, 1.0, l, first + j * n, n);
    }
    Backend.blas().dtrsm("R", "L", "T", "N", rows, jb, 1.0, l, j + j * n, n, l, first + j * n, n);
  }

  /** {@return a copy of the lower-triangular factor L (n × n, column-major, zero above the diagonal)} */
  public double[] lower() {
    return lower.clone();
  }

  /** {@return the order of the matrix} */
  public int n() {
    return n;
  }

  /**
   * {@return the multiple of the identity that was added to the diagonal before the factorisation succeeded (0 if
   * none)}
   */
  public double jitter() {
    return jitter;
  }

  /**
   * Solves {@code A x = b}; returns x (b is not modified).
   *
   * @param b the right-hand side, of length n
   * @return x
   */
  public double[] solve(double[] b) {
    double[] x = b.clone();
    if (n == 0) {
      return x;
    }
    intW info = new intW(0);
    Backend.lapack().dpotrs("L", n, 1, lower, n, x, n, info);
    if (info.val != 0) {
      throw new ArithmeticException("dpotrs failed with info " + info.val);
    }
    return x;
  }

  /** {@return the full symmetric inverse {@code A⁻¹}, column-major} */
  public double[] inverse() {
    double[] inv = lower.clone();
    if (n == 0) {
      return inv;
    }
    intW info = new intW(0);
    Backend.lapack().dpotri("L", n, inv, n, info);
    if (info.val != 0) {
      throw new ArithmeticException("dpotri failed with info " + info.val);
    }
    for (int j = 0; j < n; j++) {
      for (int i = j + 1; i < n; i++) {
        inv[i * n + j] = inv[j * n + i];
      }
    }
    return inv;
  }

  /**
   * {@return the diagonal of {@code A⁻¹} alone, from the triangular inverse ({@code dtrtri}): with A = LLᵀ, (A⁻¹)ᵢᵢ =
   * Σⱼ (L⁻¹)ⱼᵢ²} About half the work of {@link #inverse()}.
   */
  public double[] inverseDiagonal() {
    double[] diagonal = new double[n];
    if (n == 0) {
      return diagonal;
    }
    double[] inv = lower.clone();
    intW info = new intW(0);
    Backend.lapack().dtrtri("L", "N", n, inv, n, info);
    if (info.val != 0) {
      throw new ArithmeticException("dtrtri failed with info " + info.val);
    }
    for (int i = 0; i < n; i++) {
      double s = 0.0;
      for (int j = i; j < n; j++) {
        double v = inv[i * n + j];
        s += v * v;
      }
      diagonal[i] = s;
    }
    return diagonal;
  }

  /** {@return {@code log |A|}} */
  public double logDeterminant() {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      s += Math.log(lower[i * n + i]);
    }
    return 2.0 * s;
  }
}
