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

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.function.DoubleUnaryOperator;

/** The check that a loop of exponentials gives its scalar form's bits, before and after the JIT compiles it. */
final class ScaledRuns {

  /** A loop setting {@code values[i] = exp(scale · values[i])} for {@code from ≤ i < to}. */
  interface Run {
    void scaledInPlace(double[] values, int from, int to, double scale);
  }

  private ScaledRuns() {}

  /**
   * Runs of every length from 0 to 40 at several offsets (the tail past the last whole vector), then the same 10,000
   * values (NaN and the infinities among them) 300 times over (long enough for C2 to compile the loop on the way),
   * compared bit for bit with {@code scalar} each time.
   */
  static void giveTheScalarBitsCompiledOrNot(Run run, DoubleUnaryOperator scalar, long seed) {
    Random random = new Random(seed);
    double scale = -0.7;
    for (int length = 0; length <= 40; length++) {
      for (int from : new int[] {0, 1, 3}) {
        double[] values = random.doubles(from + length + 2, 0, 60).toArray();
        double[] expected = values.clone();
        for (int i = from; i < from + length; i++) {
          expected[i] = scalar.applyAsDouble(scale * values[i]);
        }
        run.scaledInPlace(values, from, from + length, scale);
        for (int i = 0; i < values.length; i++) {
          assertEquals(Double.doubleToRawLongBits(expected[i]), Double.doubleToRawLongBits(values[i]),
              "length " + length + ", from " + from + ", index " + i);
        }
      }
    }
    double[] source = new double[10_000];
    for (int i = 0; i < source.length; i++) {
      source[i] = i % 7 == 0 ? -1100 + 2200 * random.nextDouble() : 80 * random.nextDouble();
    }
    source[5] = Double.NaN;
    source[6] = Double.NEGATIVE_INFINITY;
    source[9] = Double.POSITIVE_INFINITY;
    long[] expected = new long[source.length];
    for (int i = 0; i < source.length; i++) {
      expected[i] = Double.doubleToRawLongBits(scalar.applyAsDouble(scale * source[i]));
    }
    for (int round = 0; round < 300; round++) {
      double[] values = source.clone();
      run.scaledInPlace(values, 0, values.length, scale);
      for (int i = 0; i < values.length; i++) {
        if (Double.doubleToRawLongBits(values[i]) != expected[i]) {
          assertEquals(expected[i], Double.doubleToRawLongBits(values[i]), "round " + round + ", index " + i);
        }
      }
    }
  }
}
