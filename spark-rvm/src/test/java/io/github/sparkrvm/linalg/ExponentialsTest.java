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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Exponentials} against fdlibm's {@link StrictMath#exp}: each within 1 ulp of the exact value. */
class ExponentialsTest {

  /** Arguments over the whole range of a double's exponential, the underflow to 0 and subnormals included. */
  private static double[] arguments(int n, long seed) {
    Random random = new Random(seed);
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = switch (i % 4) {
        case 0 -> -8.0 * random.nextDouble(); // an RBF's usual range
        case 1 -> -800.0 * random.nextDouble(); // far tails, underflow
        case 2 -> 700.0 * random.nextDouble(); // large results
        default -> 1e-3 * random.nextGaussian(); // near 1
      };
    }
    a[0] = 0.0;
    a[1] = -745.2; // below the least subnormal: 0
    return a;
  }

  /** At most 2 ulps apart: each of the two is within 1 ulp of the exact value. */
  private static void assertClose(double expected, double actual, String where) {
    double ulp = Math.max(Math.ulp(expected), Double.MIN_VALUE);
    assertTrue(Math.abs(expected - actual) <= 2 * ulp, where + ": exp " + expected + " against " + actual);
  }

  @Test
  void everyValueOfARunIsItsExponentialAndNothingOutsideTheRunChanges() {
    int n = 1003; // not a multiple of any vector length: the scalar tail runs too
    double[] a = arguments(n, 7);
    double scale = -0.75;
    double[] values = new double[n + 10];
    for (int i = 0; i < n; i++) {
      values[5 + i] = a[i] / scale;
    }
    values[0] = 3.0;
    values[n + 9] = 4.0;
    Exponentials.scaledInPlace(values, 5, 5 + n, scale);
    for (int i = 0; i < n; i++) {
      assertClose(StrictMath.exp(scale * (a[i] / scale)), values[5 + i], "argument " + a[i]);
    }
    assertEquals(3.0, values[0]);
    assertEquals(0.0, values[4]);
    assertEquals(0.0, values[5 + n]);
    assertEquals(4.0, values[n + 9]);
  }

  @Test
  void theVectorWayMatchesTheScalarOneWhereItIsTaken() {
    boolean x86 = System.getProperty("os.arch").toLowerCase(Locale.ROOT).matches("amd64|x86_64");
    boolean module = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    // the test JVM adds the module (pom.xml's spark.jvm.flags): on x86-64 with SIMD the vector way is the one taken
    boolean vector = x86 && module && VectorExponentials.lanes() >= 4;
    assertEquals(vector ? "vector" : "scalar", Exponentials.implementation());
    if (module) {
      double[] a = arguments(517, 11);
      double[] values = a.clone();
      VectorExponentials.scaledInPlace(values, 0, a.length, 1.0);
      for (int i = 0; i < a.length; i++) {
        assertClose(StrictMath.exp(a[i]), values[i], "argument " + a[i]);
      }
    }
  }
}
