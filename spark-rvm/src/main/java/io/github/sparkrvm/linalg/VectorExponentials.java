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

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Exponentials}' lanes: {@link Exponentials#polynomial}'s operations, in the same order, on the widest vector
 * of doubles, so the same bits. Loaded only when the JVM has the module {@code jdk.incubator.vector}.
 *
 * <p>The species is {@link DoubleVector#SPECIES_MAX}, the one netlib's {@code VectorBLAS} takes, not
 * {@code SPECIES_PREFERRED}: on AVX-512 both have eight lanes, but each has its own class, and the two share
 * {@link DoubleVector}'s methods. With both in one JVM, the JIT saw two classes at those methods' type profiles and
 * could not compile this loop's store (or VectorBLAS' {@code dgemv}) to vector instructions: every vector was boxed
 * and stored lane by lane. In a 10⁶-row fit that allocated about 120 GB and took a quarter of the CPU time; with one
 * species the same fit took 103.6 s instead of 136.8 (one run each), to the same bits (DESIGN.md, "One vector
 * species").
 */
final class VectorExponentials {

  private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_MAX;
  /** 1/k!, as in {@link Exponentials#TAYLOR}, one constant each so that the JIT sees the loop as straight code. */
  private static final double C0 = Exponentials.TAYLOR[0];
  private static final double C1 = Exponentials.TAYLOR[1];
  private static final double C2 = Exponentials.TAYLOR[2];
  private static final double C3 = Exponentials.TAYLOR[3];
  private static final double C4 = Exponentials.TAYLOR[4];
  private static final double C5 = Exponentials.TAYLOR[5];
  private static final double C6 = Exponentials.TAYLOR[6];
  private static final double C7 = Exponentials.TAYLOR[7];
  private static final double C8 = Exponentials.TAYLOR[8];
  private static final double C9 = Exponentials.TAYLOR[9];
  private static final double C10 = Exponentials.TAYLOR[10];
  private static final double C11 = Exponentials.TAYLOR[11];
  private static final double C12 = Exponentials.TAYLOR[12];
  private static final double C13 = Exponentials.TAYLOR[13];

  private VectorExponentials() {}

  private static DoubleVector constant(double value) {
    return DoubleVector.broadcast(SPECIES, value);
  }

  /** {@return the vector species of the lanes} */
  static VectorSpecies<Double> species() {
    return SPECIES;
  }

  /** {@return the lanes of the widest vector of doubles} */
  static int lanes() {
    return SPECIES.length();
  }

  /** {@link Exponentials#scaledInPlace} with the bits of {@link Exponentials#polynomial}. */
  static void scaledInPlace(double[] values, int from, int to, double scale) {
    int i = from;
    for (int end = from + SPECIES.loopBound(to - from); i < end; i += SPECIES.length()) {
      DoubleVector x = DoubleVector.fromArray(SPECIES, values, i).mul(scale)
          .max(Exponentials.LOWEST).min(Exponentials.HIGHEST);
      DoubleVector shifted = x.fma(Exponentials.LOG2_E, Exponentials.SHIFTER);
      DoubleVector n = shifted.sub(Exponentials.SHIFTER);
      DoubleVector r = n.fma(constant(-Exponentials.LN2_HI), x);
      r = n.fma(constant(-Exponentials.LN2_LO), r);
      DoubleVector p = constant(C13).fma(r, constant(C12));
      p = p.fma(r, constant(C11));
      p = p.fma(r, constant(C10));
      p = p.fma(r, constant(C9));
      p = p.fma(r, constant(C8));
      p = p.fma(r, constant(C7));
      p = p.fma(r, constant(C6));
      p = p.fma(r, constant(C5));
      p = p.fma(r, constant(C4));
      p = p.fma(r, constant(C3));
      p = p.fma(r, constant(C2));
      p = p.fma(r, constant(C1));
      p = p.fma(r, constant(C0));
      LongVector twoPower = shifted.reinterpretAsLongs().sub(Exponentials.SHIFTER_BITS);
      LongVector half = twoPower.lanewise(VectorOperators.ASHR, 1);
      DoubleVector first = half.add(1023).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
      DoubleVector second = twoPower.sub(half).add(1023).lanewise(VectorOperators.LSHL, 52).reinterpretAsDoubles();
      p.mul(first).mul(second).intoArray(values, i);
    }
    for (; i < to; i++) {
      values[i] = Exponentials.polynomial(scale * values[i]);
    }
  }

  /**
   * {@link Exponentials#ofScaledSquaredDistances} with its bits: the squared differences summed in lanes, one feature
   * at a time over the rows (each difference, square and sum rounded, no fused multiply-add), then
   * {@link #scaledInPlace} over the same rows, still in the cache.
   */
  static void ofScaledSquaredDistances(double[] byFeature, int n, int dim, double[] centres, int centre,
      double scale, double[] out, int offset) {
    int whole = SPECIES.loopBound(n);
    double c0 = centres[centre];
    for (int i = 0; i < whole; i += SPECIES.length()) {
      DoubleVector diff = DoubleVector.fromArray(SPECIES, byFeature, i).sub(c0);
      diff.mul(diff).intoArray(out, offset + i);
    }
    for (int f = 1; f < dim; f++) {
      double cf = centres[centre + f];
      int row = f * n;
      for (int i = 0; i < whole; i += SPECIES.length()) {
        DoubleVector diff = DoubleVector.fromArray(SPECIES, byFeature, row + i).sub(cf);
        DoubleVector.fromArray(SPECIES, out, offset + i).add(diff.mul(diff)).intoArray(out, offset + i);
      }
    }
    for (int i = whole; i < n; i++) {
      out[offset + i] = Exponentials.squaredDistance(byFeature, n, dim, i, centres, centre);
    }
    scaledInPlace(out, offset, offset + n, scale);
  }
}
