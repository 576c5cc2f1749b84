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

package io.github.sparkrvm;

/** Fails a fit early when the driver cannot hold its m × m matrices. */
final class DriverMemory {

  /** The m × m matrices a driver step holds at once (statistics, submatrix, factor, inverse, merge buffers). */
  static final int MATRIX_COPIES = 6;

  private DriverMemory() {}

  /** Bytes the driver needs for m basis functions (or weights, for the multinomial softmax). */
  static long bytesFor(long m) {
    return MATRIX_COPIES * 8L * m * m;
  }

  /** The share of the driver's heap the matrices may take. */
  private static boolean fits(long bytes, long available) {
    return bytes <= available / 10 * 6;
  }

  /**
   * Refuses m candidate basis functions whose matrices do not fit the driver, naming {@code param} to lower; for
   * kernel linear, whose m is the number of features, the advice says so.
   */
  static void check(int m, String param, boolean linear) {
    checkBasis(m, param, linear, Runtime.getRuntime().maxMemory());
  }

  static void checkBasis(int m, String param, boolean linear, long available) {
    long needed = bytesFor(m);
    if (linear && !fits(needed, available)) {
      throw new IllegalArgumentException("kernel 'linear' has one basis function per input feature: " + m
          + " candidate basis functions (the features and the bias) need about " + (needed >> 20) + " MiB on the "
          + "driver for this solver (" + MATRIX_COPIES + " matrices of " + m + " × " + m + " doubles), but the "
          + "driver has " + (available >> 20) + " MiB. Set solver 'fast' (param solver; the job's --solver fast), "
          + "which never forms the " + m + " × " + m + " matrices: it holds each feature's terms against the active "
          + "ones only and keeps sparse rows sparse. maxBasis does not apply to the linear kernel: otherwise use "
          + "fewer features (select them first), or raise spark.driver.memory");
    }
    if (!fits(needed, available)) {
      throw new IllegalArgumentException(m + " candidate basis functions need about " + (needed >> 20)
          + " MiB on the driver (" + MATRIX_COPIES + " matrices of " + m + " × " + m + " doubles), but the driver "
          + "has " + (available >> 20) + " MiB: lower " + param + " or raise spark.driver.memory");
    }
  }

  /**
   * The vectors of M doubles the driver holds at once in a step of the fast solver on sparse rows, whose candidates
   * are scored apart over the cluster ({@code SparseStatistics#laplaceScores}, the gaussian solver's
   * {@code sparsityQuality}): S and Q as the ranges of candidates return them and as the solver reads them, the
   * ranking of their actions, the gaussian fit's projection and Gram diagonal or the first pass's gradient and
   * diagonal with the partitions' results it merges, a Gram column being computed; besides the k × k posterior (and
   * the gaussian fit's Gram entries among the candidates it asked for).
   */
  static final int SCORE_VECTORS = 16;

  /** The fewest active features the sparse layout must have room for, or the fit is refused before it starts. */
  static final int SPARSE_MIN_ACTIVE = 16;

  /** Bytes the driver holds in a step of the fast solver on sparse rows over m candidates with k active: O(M + k²). */
  static long sparseBytesFor(long m, long k) {
    return SCORE_VECTORS * 8L * m + bytesFor(k);
  }

  /** {@return the most active features a fast fit on sparse rows over m candidates has room for in this heap} */
  static long sparseActiveRoom(long m, long available) {
    long k = (long) Math.sqrt(Math.max(0.0, (available / 10 * 6 - SCORE_VECTORS * 8.0 * m) / (MATRIX_COPIES * 8.0)));
    while (k > 0 && !fits(sparseBytesFor(m, k), available)) {
      k--;
    }
    return k;
  }

  /**
   * {@return the room for active features of a fast fit on sparse rows over m candidates (what the driver holds:
   * O(M + k²), the candidates scored apart; never M × M, nor M × k)}, refusing the fit when fewer than
   * {@link #SPARSE_MIN_ACTIVE} fit
   */
  static long checkSparse(int m, long available) {
    long room = sparseActiveRoom(m, available);
    if (room < Math.min(SPARSE_MIN_ACTIVE, m)) {
      throw new IllegalArgumentException("kernel 'linear' with solver 'fast' on sparse rows over " + m + " candidate "
          + "basis functions holds " + SCORE_VECTORS + " vectors of " + m + " doubles (each candidate's scores) and "
          + "the k × k posterior, but a driver of " + (available >> 20) + " MiB has room "
          + "for only " + room + " active features: use fewer features (e.g. HashingTF or FeatureHasher with a "
          + "smaller numFeatures, or the largest LibSVM index), or raise spark.driver.memory");
    }
    return room;
  }

  /**
   * {@return the room for active (class, feature) pairs of the fast softmax on sparse rows over {@code classes} ×
   * {@code m} pairs, whose steps score the pairs apart over the cluster: the driver holds {@link #SCORE_VECTORS}
   * vectors of K·M doubles and the k × k posterior of the k active pairs (O(K·M + k²), never K·M × k)}, refusing the
   * fit when fewer than {@link #SPARSE_MIN_ACTIVE} fit
   *
   * @param classes K
   * @param m M, the candidates of one class (the features and the bias)
   * @param available the driver's heap, in bytes
   */
  static long checkSparseSoftmax(int classes, int m, long available) {
    long pairs = (long) classes * m;
    long room = sparseActiveRoom(pairs, available);
    if (room < Math.min(SPARSE_MIN_ACTIVE, pairs)) {
      throw new IllegalArgumentException("family 'multinomial' with multiClassStrategy 'softmax', kernel 'linear' and "
          + "solver 'fast' on sparse rows scores " + classes + " classes × " + m + " candidate basis functions = "
          + pairs + " (class, feature) pairs: " + SCORE_VECTORS + " vectors of " + pairs + " doubles and the k × k "
          + "posterior of the k active pairs, but a driver of " + (available >> 20) + " MiB has room for only " + room
          + " active pairs: use fewer features (e.g. HashingTF or FeatureHasher with a smaller numFeatures, or the "
          + "largest LibSVM index), multiClassStrategy 'ovr' (" + classes + " binary fits over " + m + " candidates "
          + "each), or raise spark.driver.memory");
    }
    return room;
  }

  /**
   * Bytes the dual form of the variational solver holds for n rows and m basis functions: the design Φ and two
   * n × m work copies, a few n × n matrices, and at the end Σ over all m weights with the model's copy of its kept
   * block.
   */
  static long dualBytesFor(long n, long m) {
    return 8L * (3 * n * m + 4 * n * n + 2 * m * m);
  }

  /** {@return whether the dual form's matrices fit in the driver's share of the heap} */
  static boolean dualFits(long n, long m) {
    return dualFits(n, m, Runtime.getRuntime().maxMemory());
  }

  static boolean dualFits(long n, long m, long available) {
    return fits(dualBytesFor(n, m), available);
  }

  /**
   * Bytes a fit on the driver holds for its n × m expanded design: the design twice (the variational dual form
   * copies it into one matrix) beside the m × m matrices of a step.
   */
  static long driverDesignBytesFor(long n, long m) {
    return 2 * 8L * n * m + bytesFor(m);
  }

  /**
   * {@return whether an n × m design and a step's matrices fit a heap of this size, and the collected rows (n × d
   * features, a label and a weight each, expanded on the driver) fit spark.driver.maxResultSize (0: no limit)}
   *
   * @param n rows
   * @param m candidate basis functions
   * @param d features
   * @param available the driver's heap, in bytes
   * @param maxResultSize spark.driver.maxResultSize, in bytes
   */
  static boolean driverDesignFits(long n, long m, long d, long available, long maxResultSize) {
    return fits(driverDesignBytesFor(n, m), available) && (maxResultSize <= 0 || 8L * n * (d + 2) <= maxResultSize);
  }

  /** {@return whether the primal form's (and the classic solver's) m × m matrices fit a heap of this size} */
  static boolean primalFits(long m, long available) {
    return fits(bytesFor(m), available);
  }

  /** The dual form asked for by variationalForm must fit. */
  static void checkDual(long n, int m) {
    checkDual(n, m, Runtime.getRuntime().maxMemory());
  }

  static void checkDual(long n, int m, long available) {
    long needed = dualBytesFor(n, m);
    if (!fits(needed, available)) {
      throw new IllegalArgumentException("variationalForm 'dual' over " + n + " rows and " + m + " candidate basis "
          + "functions needs about " + (needed >> 20) + " MiB on the driver (the " + n + " × " + m + " design and "
          + "two work copies, and the " + m + " × " + m + " posterior covariance at the end), but the driver has "
          + (available >> 20) + " MiB: set variationalForm to auto or primal, lower maxBasis, or raise "
          + "spark.driver.memory");
    }
  }

  /** One-vs-rest holds the m × m matrices of each binary fit running at once. */
  static void checkOneVsRest(int concurrent, int m) {
    long needed = concurrent * bytesFor(m);
    long available = Runtime.getRuntime().maxMemory();
    if (!fits(needed, available)) {
      throw new IllegalArgumentException(concurrent + " one-vs-rest fits at once over " + m + " candidate basis "
          + "functions need about " + (needed >> 20) + " MiB on the driver (" + MATRIX_COPIES + " matrices of " + m
          + " × " + m + " doubles each), but the driver has " + (available >> 20) + " MiB: lower parallelism or "
          + "maxBasis, or raise spark.driver.memory");
    }
  }

  /**
   * The multinomial softmax solves one system over every (class, basis function) pair: (K·m)² doubles per matrix.
   * One-vs-rest needs only m² for each of its binary fits.
   */
  static void checkSoftmax(int classes, int m, boolean linear) {
    check(classes, m, linear, Runtime.getRuntime().maxMemory());
  }

  static void check(int classes, int m, boolean linear, long available) {
    long weights = (long) classes * m;
    long needed = bytesFor(weights);
    if (!fits(needed, available)) {
      long largest = largestBasis(classes, available);
      throw new IllegalArgumentException("family 'multinomial' with multiClassStrategy 'softmax' fits " + classes
          + " classes × " + m + " candidate basis functions = " + weights + " weights jointly: about "
          + (needed >> 20) + " MiB on the driver (" + MATRIX_COPIES + " matrices of " + weights + " × " + weights
          + " doubles), but the driver has " + (available >> 20) + " MiB. "
          + (linear ? "Use fewer features (kernel 'linear' has one basis function per feature)"
              : "Lower maxBasis (to at most " + largest + " here)")
          + ", use multiClassStrategy 'ovr' (" + classes + " binary fits of " + m + " × " + m + " each), or "
          + "raise spark.driver.memory");
    }
  }

  /**
   * The fast softmax solver never forms the (K·m) × (K·m) Hessian: a step holds, for each of the K·m flat (class,
   * basis function) candidates, its cross products with the k active weights (K·m × k doubles per copy) and the
   * k × k precision. k is not known before the fit; the check reserves room for k up to m (as many active weights
   * as there are candidates per class), K times less than the classic solver's (K·m)².
   */
  static void checkFastSoftmax(int classes, int m, boolean linear) {
    checkFast(classes, m, linear, Runtime.getRuntime().maxMemory());
  }

  static void checkFast(int classes, int m, boolean linear, long available) {
    long weights = (long) classes * m;
    long needed = fastBytesFor(classes, m);
    if (!fits(needed, available)) {
      long largest = largestFastBasis(classes, available);
      throw new IllegalArgumentException("family 'multinomial' with multiClassStrategy 'softmax' and solver 'fast' "
          + "scores " + classes + " classes × " + m + " candidate basis functions = " + weights + " weights against "
          + "up to " + m + " active ones: about " + (needed >> 20) + " MiB on the driver (" + MATRIX_COPIES
          + " matrices of " + weights + " × " + m + " doubles), but the driver has " + (available >> 20) + " MiB. "
          + (linear ? "Use fewer features (kernel 'linear' has one basis function per feature)"
              : "Lower maxBasis (to at most " + largest + " here)")
          + ", use multiClassStrategy 'ovr' (" + classes + " binary fits of " + m + " × " + m + " each), or "
          + "raise spark.driver.memory");
    }
  }

  /** {@return whether the dense fast softmax's matrices over {@code classes} × m pairs fit a heap of this size} */
  static boolean fastSoftmaxFits(int classes, long m, long available) {
    return fits(fastBytesFor(classes, m), available);
  }

  /** Bytes the fast softmax needs for K·m candidates scored against up to m active weights, and the m × m ones. */
  static long fastBytesFor(int classes, long m) {
    return MATRIX_COPIES * 8L * (classes + 1L) * m * m;
  }

  /** {@return the largest number of candidates (bias included) the fast softmax over {@code classes} fits in} */
  static long largestFastBasis(int classes, long available) {
    long m = (long) Math.floor(Math.sqrt(available / 10.0 * 6.0 / (MATRIX_COPIES * 8.0 * (classes + 1.0))));
    while (m > 0 && !fits(fastBytesFor(classes, m), available)) {
      m--;
    }
    return Math.max(0, m - 1);
  }

  /** {@return the largest number of candidates (bias included) a softmax over {@code classes} classes fits in} */
  static long largestBasis(int classes, long available) {
    long weights = (long) Math.floor(Math.sqrt(available / 10.0 * 6.0 / (MATRIX_COPIES * 8.0)));
    return Math.max(0, weights / classes - 1);
  }
}
