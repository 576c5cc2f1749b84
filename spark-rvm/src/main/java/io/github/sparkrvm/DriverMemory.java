package io.github.sparkrvm;

/** Fails a fit early when the driver cannot hold its m × m matrices. */
final class DriverMemory {

  /** The m × m matrices a driver step holds at once (statistics, submatrix, factor, inverse, merge buffers). */
  static final int MATRIX_COPIES = 6;

  private DriverMemory() {}

  /** Bytes the driver needs for m basis functions. */
  static long bytesFor(long m) {
    return MATRIX_COPIES * 8L * m * m;
  }

  static void check(int m, String param) {
    long needed = bytesFor(m);
    long available = Runtime.getRuntime().maxMemory();
    if (needed > available * 6 / 10) {
      throw new IllegalArgumentException(m + " candidate basis functions need about " + (needed >> 20)
          + " MiB on the driver (" + MATRIX_COPIES + " matrices of " + m + " × " + m + " doubles), but the driver "
          + "has " + (available >> 20) + " MiB: lower " + param + " or raise spark.driver.memory");
    }
  }
}
