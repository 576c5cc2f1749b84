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

  static void check(int m, String param) {
    long needed = bytesFor(m);
    long available = Runtime.getRuntime().maxMemory();
    if (!fits(needed, available)) {
      throw new IllegalArgumentException(m + " candidate basis functions need about " + (needed >> 20)
          + " MiB on the driver (" + MATRIX_COPIES + " matrices of " + m + " × " + m + " doubles), but the driver "
          + "has " + (available >> 20) + " MiB: lower " + param + " or raise spark.driver.memory");
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

  /** {@return the largest number of candidates (bias included) a softmax over {@code classes} classes fits in} */
  static long largestBasis(int classes, long available) {
    long weights = (long) Math.floor(Math.sqrt(available / 10.0 * 6.0 / (MATRIX_COPIES * 8.0)));
    return Math.max(0, weights / classes - 1);
  }
}
