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

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The exponential of the kernel expansions (an RBF basis block is one exponential per row and basis function: 4
 * million of them for 4096 rows over 1001 candidates), decided once per JVM: {@link #exp} for one value and
 * {@link #scaledInPlace} for a run, with the same bits. Three ways, each {@link #implementation}'s name:
 *
 * <ul>
 *   <li>"vector": where the JDK's vector API is loaded ({@code --add-modules jdk.incubator.vector}, which Spark's
 *       launcher adds to the driver and executors it starts, as this project's JVM flags do), with at least four
 *       double lanes and a fused multiply-add instruction (HotSpot's {@code UseFMA}), both are {@link #polynomial}, a
 *       run taken several lanes at a time ({@link VectorExponentials}): on this project's benchmark machine
 *       (AVX-512) 4.1·10⁶ exponentials take 7 ms against 23 for {@link Math#exp} one by one. Within 1 ulp.
 *   <li>"squaring": without the module but with a fused multiply-add instruction, both are
 *       {@link SquaringExponentials}: scaling and squaring in plain Java, which C2 compiles to vector instructions by
 *       itself (1.5–1.7 ns an exponential against 4.6–4.9 for {@link Math#exp}), within 4.5·10⁻¹³ relative.
 *   <li>"Math.exp": elsewhere (no fused multiply-add in hardware, where {@link Math#fma} is a slow software routine).
 * </ul>
 *
 * <p>The three round their last bits differently ({@link Math#exp} and the polynomial differ for about 6% of
 * arguments, the squaring by up to 4.5·10⁻¹³ relative), so a fit's last bits depend on the way its JVM took, as they
 * do on the BLAS back end. (The polynomial one value at a time is slower than {@link Math#exp}, 35 ms for the run
 * above, and its bit moves do not vectorise without the module, so it is not the fallback.)
 */
public final class Exponentials {

  /** 1 / ln 2. */
  static final double LOG2_E = 1.4426950408889634;
  /** 1.5 · 2⁵²: adding it rounds a double of magnitude below 2⁵¹ to an integer held in the low bits. */
  static final double SHIFTER = 0x1.8p52;
  static final long SHIFTER_BITS = Double.doubleToRawLongBits(SHIFTER);
  /** ln 2 in two parts (fdlibm's): the first has 32 significant bits, so that n · LN2_HI is exact for |n| < 2²¹. */
  static final double LN2_HI = 6.93147180369123816490e-01;
  static final double LN2_LO = 1.90821492927058770002e-10;
  /** The arguments are clamped to [LOWEST, HIGHEST]: e^LOWEST rounds to 0, e^HIGHEST overflows to infinity. */
  static final double LOWEST = -746.0;
  static final double HIGHEST = 710.0;
  /** The Taylor coefficients 1/k!, k = 0..13. */
  static final double[] TAYLOR = taylor(13);

  /**
   * The way this JVM takes the exponentials, decided last: {@link VectorExponentials}' initialisation, which
   * {@link #chosenWay} may start, reads the fields above.
   */
  private static final Way WAY = chosenWay();

  /** The ways, with their names for reports. */
  enum Way {
    /** {@link #polynomial} in {@link VectorExponentials}' lanes. */
    VECTOR("vector"),
    /** {@link SquaringExponentials}. */
    SQUARING("squaring"),
    /** {@link Math#exp}. */
    MATH_EXP("Math.exp");

    private final String label;

    Way(String label) {
      this.label = label;
    }
  }

  private Exponentials() {}

  /** {@return "vector", "squaring" or "Math.exp": the way this JVM takes the exponentials, for reports} */
  public static String implementation() {
    return WAY.label;
  }

  /**
   * {@return e^x: {@link #polynomial} where this JVM takes the lanes, {@link SquaringExponentials#exp} where it
   * squares, else {@link Math#exp}}
   *
   * @param x the argument
   */
  public static double exp(double x) {
    return switch (WAY) {
      case VECTOR -> polynomial(x);
      case SQUARING -> SquaringExponentials.exp(x);
      case MATH_EXP -> Math.exp(x);
    };
  }

  /**
   * Sets {@code values[i] = exp(scale · values[i])} for {@code from ≤ i < to}, with the bits of {@link #exp}.
   *
   * @param values the array
   * @param from the first index
   * @param to one past the last index
   * @param scale the factor applied before the exponential
   */
  public static void scaledInPlace(double[] values, int from, int to, double scale) {
    switch (WAY) {
      case VECTOR -> VectorExponentials.scaledInPlace(values, from, to, scale);
      case SQUARING -> SquaringExponentials.scaledInPlace(values, from, to, scale);
      case MATH_EXP -> {
        for (int i = from; i < to; i++) {
          values[i] = Math.exp(scale * values[i]);
        }
      }
    }
  }

  /**
   * Sets {@code out[offset + i] = exp(scale · ‖x_i − c‖²)} for {@code 0 ≤ i < n}: the RBF values of one centre over a
   * block's rows, with the bits of {@link #squaredDistance} then {@link #exp}: the distances, then their
   * exponentials ({@link #scaledInPlace}), the column still in the cache. The distances are summed one feature at a
   * time over the rows: in the lanes where this JVM takes them ({@link VectorExponentials}), else in plain loops over
   * contiguous rows ({@link #squaredDistances}); summed row by row over the features (at stride n) they took about a
   * third of a 4096-row block's expansion over 1001 candidates.
   *
   * @param byFeature the rows feature by feature: feature f of row i at {@code f · n + i}
   * @param n the number of rows
   * @param dim the number of features
   * @param centres the centres, row-major
   * @param centre the offset of the centre's first feature in {@code centres}
   * @param scale the factor applied to the squared distance before the exponential (−γ)
   * @param out the output
   * @param offset where the first row's value goes in {@code out}
   */
  public static void ofScaledSquaredDistances(double[] byFeature, int n, int dim, double[] centres, int centre,
      double scale, double[] out, int offset) {
    if (WAY == Way.VECTOR) {
      VectorExponentials.ofScaledSquaredDistances(byFeature, n, dim, centres, centre, scale, out, offset);
      return;
    }
    squaredDistances(byFeature, n, dim, centres, centre, out, offset);
    scaledInPlace(out, offset, offset + n, scale);
  }

  /**
   * Sets {@code out[offset + i] = ‖x_i − c‖²} for {@code 0 ≤ i < n} with the bits of {@link #squaredDistance}: the
   * first feature's squares, then each further feature's added over all rows, so each row's sum takes the same
   * additions in the same order. The inner loops run over contiguous rows: with eight features and the squaring
   * exponentials a 4096-row block over 1001 centres took 18.7 ms against 48.7 for the row-by-row sums and
   * {@link Math#exp} (one core). C2 on JDK 17 leaves these loops scalar (they read and write two arrays at different
   * offsets, which it cannot prove apart), where it vectorises {@link #scaledInPlace}'s, which works in place.
   *
   * @param byFeature the rows feature by feature: feature f of row i at {@code f · n + i}
   * @param n the number of rows
   * @param dim the number of features
   * @param centres the centres, row-major
   * @param centre the offset of the centre's first feature in {@code centres}
   * @param out the output
   * @param offset where the first row's value goes in {@code out}
   */
  static void squaredDistances(double[] byFeature, int n, int dim, double[] centres, int centre, double[] out,
      int offset) {
    double c0 = centres[centre];
    for (int i = 0; i < n; i++) {
      double diff = byFeature[i] - c0;
      out[offset + i] = diff * diff;
    }
    for (int f = 1; f < dim; f++) {
      double cf = centres[centre + f];
      int row = f * n;
      for (int i = 0; i < n; i++) {
        double diff = byFeature[row + i] - cf;
        out[offset + i] += diff * diff;
      }
    }
  }

  /**
   * {@return ‖x_i − c‖², the squared differences summed feature by feature, each difference, square and sum rounded}
   *
   * @param byFeature the rows feature by feature: feature f of row i at {@code f · n + i}
   * @param n the number of rows
   * @param dim the number of features
   * @param i the row
   * @param centres the centres, row-major
   * @param centre the offset of the centre's first feature in {@code centres}
   */
  static double squaredDistance(double[] byFeature, int n, int dim, int i, double[] centres, int centre) {
    double diff = byFeature[i] - centres[centre];
    double sum = diff * diff;
    for (int f = 1; f < dim; f++) {
      diff = byFeature[f * n + i] - centres[centre + f];
      sum += diff * diff;
    }
    return sum;
  }

  /**
   * e^x as Cody and Waite's reduction x = n ln 2 + r, |r| ≤ ln 2 / 2, the degree-13 Taylor polynomial of e^r by
   * Horner's rule in fused multiply-adds (its truncation error below 10⁻¹⁷), and the scaling by 2ⁿ as two exact
   * powers of two (so that results below the normal range round once, as subnormals). It uses only operations that
   * IEEE 754 rounds exactly (fused multiply-add, add, multiply, min, max and integer work on the bits), so
   * {@link VectorExponentials}' lanes compute the same bits, whether the JIT has compiled their loop or not. Measured
   * against {@link StrictMath#exp} over 2·10⁶ arguments in [−750, 720]: within 1 ulp everywhere, as {@link Math#exp}
   * is ({@code ExponentialsTest}).
   *
   * @param x the argument
   * @return e^x; 0 below about −745.13, infinity above about 709.78, NaN for NaN
   */
  static double polynomial(double x) {
    double clamped = Math.min(Math.max(x, LOWEST), HIGHEST);
    double shifted = Math.fma(clamped, LOG2_E, SHIFTER);
    double n = shifted - SHIFTER;
    double r = Math.fma(n, -LN2_HI, clamped);
    r = Math.fma(n, -LN2_LO, r);
    double p = TAYLOR[13];
    for (int k = 12; k >= 0; k--) {
      p = Math.fma(p, r, TAYLOR[k]);
    }
    long twoPower = Double.doubleToRawLongBits(shifted) - SHIFTER_BITS;
    long half = twoPower >> 1;
    return p * Double.longBitsToDouble((half + 1023) << 52) * Double.longBitsToDouble((twoPower - half + 1023) << 52);
  }

  /** {@return 1/k! for k = 0..degree, each k! exact (below 2⁵³ up to degree 18)} */
  static double[] taylor(int degree) {
    double[] c = new double[degree + 1];
    double factorial = 1.0;
    for (int k = 0; k <= degree; k++) {
      factorial *= Math.max(k, 1);
      c[k] = 1.0 / factorial;
    }
    return c;
  }

  private static Way chosenWay() {
    if (!fusedMultiplyAddInHardware()) {
      return Way.MATH_EXP;
    }
    return lanesAvailable() ? Way.VECTOR : Way.SQUARING;
  }

  private static boolean lanesAvailable() {
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      return false;
    }
    try {
      return VectorExponentials.lanes() >= 4;
    } catch (LinkageError e) {
      return false;
    }
  }

  /** HotSpot's {@code UseFMA}; true where it cannot be read (another JVM, which computes {@link Math#fma} its way). */
  private static boolean fusedMultiplyAddInHardware() {
    try {
      Class<?> bean = Class.forName("com.sun.management.HotSpotDiagnosticMXBean");
      @SuppressWarnings({"unchecked", "rawtypes"})
      Object diagnostics = ManagementFactory.getPlatformMXBean((Class) bean);
      Object option = bean.getMethod("getVMOption", String.class).invoke(diagnostics, "UseFMA");
      Object value = option.getClass().getMethod("getValue").invoke(option);
      return !"false".equals(String.valueOf(value).toLowerCase(Locale.ROOT));
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return true;
    }
  }
}
