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

/**
 * {@link Exponentials}' way where the JVM has no vector module but the processor a fused multiply-add: e^x by scaling
 * and squaring, in plain Java that HotSpot's C2 compiles to vector instructions by itself.
 *
 * <p>The method: x is clamped to [−746, 710] (e^−746 rounds to 0, e^710 overflows), r = x / 2¹¹ (exact: a power of
 * two), the degree-14 Taylor polynomial of e^r by Horner's rule in fused multiply-adds, then squared eleven times:
 * (e^r)^(2¹¹) = e^x. There is no integer work on the bits (no {@code Double.longBitsToDouble}), which C2 does not
 * vectorise: the loop of {@link #scaledInPlace} is clamps, fused multiply-adds and multiplies alone, and on JDK 17
 * and 25 C2 compiles it to whole vectors (the same loop with {@code p * r + c} for the fused multiply-adds stays
 * scalar on JDK 17). Measured on this project's AMD EPYC (AVX-512), 4096 arguments: 1.5–1.7 ns an exponential
 * against 4.6–4.9 for {@link Math#exp} one by one; one value at a time ({@link #exp}, e.g. {@code Kernel.value}) it
 * takes about 8.5 ns against 4.8.
 *
 * <p>The error: |r| ≤ 746 / 2048 &lt; 0.365, where the polynomial's truncation (r¹⁵/15!) is below 2·10⁻¹⁹, so e^r is
 * within about one rounding (1.1·10⁻¹⁶) of itself; each squaring doubles the relative error and adds a rounding, so
 * after eleven the bound is about 2¹¹ · 2 · 1.1·10⁻¹⁶ ≈ 4.5·10⁻¹³ relative (measured against {@link StrictMath#exp}
 * over [−708, 709.7]: 4.1·10⁻¹³, {@code SquaringExponentialsTest}). Below about −708.4 the result is subnormal and
 * its last squaring rounds it to the subnormal grid, as any exponential's does. Why 2¹¹: fewer squarings need a
 * longer polynomial for the same truncation (at 2⁸, |r| &lt; 2.9 needs degree 25), more amplify the rounding further;
 * eleven keeps the loop at 25 operations an argument. The RBF basis values the fit takes (e^−γ‖x−c‖², in (0, 1])
 * are thereby within 4.5·10⁻¹³ of the exact ones, far inside what the fit's sums round away; their last bits differ
 * from the lanes' and from {@link Math#exp}'s, as the products' do between BLAS back ends.
 *
 * <p>Every operation is one that IEEE 754 rounds exactly (min, max, fused multiply-add, multiply), so the loop gives
 * the bits of {@link #exp} one value at a time, interpreted, compiled or vectorised. Without a hardware fused
 * multiply-add (HotSpot's {@code UseFMA} false) {@link Math#fma} is a slow software routine, and {@link Exponentials}
 * keeps {@link Math#exp}.
 */
final class SquaringExponentials {

  /** How many times e^r is squared: x = r · 2^SQUARINGS. */
  static final int SQUARINGS = 11;
  /** 2^−SQUARINGS. */
  private static final double REDUCTION = 1.0 / (1 << SQUARINGS);
  /** 1/k!, k = 0..14, as {@link Exponentials#TAYLOR} one degree further. */
  private static final double[] TAYLOR = Exponentials.taylor(14);
  /** The same, one constant each so that the JIT sees the loop as straight code. */
  private static final double C0 = TAYLOR[0];
  private static final double C1 = TAYLOR[1];
  private static final double C2 = TAYLOR[2];
  private static final double C3 = TAYLOR[3];
  private static final double C4 = TAYLOR[4];
  private static final double C5 = TAYLOR[5];
  private static final double C6 = TAYLOR[6];
  private static final double C7 = TAYLOR[7];
  private static final double C8 = TAYLOR[8];
  private static final double C9 = TAYLOR[9];
  private static final double C10 = TAYLOR[10];
  private static final double C11 = TAYLOR[11];
  private static final double C12 = TAYLOR[12];
  private static final double C13 = TAYLOR[13];
  private static final double C14 = TAYLOR[14];

  private SquaringExponentials() {}

  /**
   * e^x by scaling and squaring (the class' comment): within about 4.5·10⁻¹³ relative.
   *
   * @param x the argument
   * @return e^x; 0 below about −745.13, infinity above about 709.78, NaN for NaN
   */
  static double exp(double x) {
    double r = Math.min(Math.max(x, Exponentials.LOWEST), Exponentials.HIGHEST) * REDUCTION;
    double p = Math.fma(C14, r, C13);
    p = Math.fma(p, r, C12);
    p = Math.fma(p, r, C11);
    p = Math.fma(p, r, C10);
    p = Math.fma(p, r, C9);
    p = Math.fma(p, r, C8);
    p = Math.fma(p, r, C7);
    p = Math.fma(p, r, C6);
    p = Math.fma(p, r, C5);
    p = Math.fma(p, r, C4);
    p = Math.fma(p, r, C3);
    p = Math.fma(p, r, C2);
    p = Math.fma(p, r, C1);
    p = Math.fma(p, r, C0);
    // eleven squarings written out (SQUARINGS): C2 vectorises straight code, not an inner loop
    p *= p;
    p *= p;
    p *= p;
    p *= p;
    p *= p;
    p *= p;
    p *= p;
    p *= p;
    p *= p;
    p *= p;
    p *= p;
    return p;
  }

  /**
   * Sets {@code values[i] = exp(scale · values[i])} for {@code from ≤ i < to}, with the bits of {@link #exp}: C2
   * inlines it and compiles the loop to whole vectors.
   *
   * @param values the array
   * @param from the first index
   * @param to one past the last index
   * @param scale the factor applied before the exponential
   */
  static void scaledInPlace(double[] values, int from, int to, double scale) {
    for (int i = from; i < to; i++) {
      values[i] = exp(scale * values[i]);
    }
  }
}
