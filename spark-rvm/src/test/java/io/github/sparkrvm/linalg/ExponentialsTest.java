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

import java.util.Random;
import org.junit.jupiter.api.Test;

class ExponentialsTest {

  /** Whole ulps between two doubles of the same sign (and 0 for two zeros or two NaNs). */
  private static long ulps(double a, double b) {
    if (Double.isNaN(a) && Double.isNaN(b)) {
      return 0;
    }
    return Math.abs(Double.doubleToLongBits(a) - Double.doubleToLongBits(b));
  }

  /**
   * Within 1 ulp of {@link StrictMath#exp} (fdlibm, itself within 1 ulp of e^x) over the whole range: 10⁶ random
   * arguments of the RBF's kind (−γ‖x − c‖² in [−40, 0]), 10⁶ over [−750, 720] (subnormal results below −708.4,
   * zero below −745.2, overflow above 709.8), and the boundaries.
   */
  @Test
  void withinOneUlpOfStrictMathEverywhere() {
    Random random = new Random(11);
    for (int i = 0; i < 1_000_000; i++) {
      double rbf = -40 * random.nextDouble();
      double wide = -750 + 1470 * random.nextDouble();
      for (double x : new double[] {rbf, wide}) {
        long off = ulps(StrictMath.exp(x), Exponentials.polynomial(x));
        assertTrue(off <= 1, () -> "exp(" + x + "): " + Exponentials.polynomial(x) + " against " + StrictMath.exp(x));
      }
    }
    double[] edges = {0.0, -0.0, 1e-300, -1e-300, Double.MIN_VALUE, 1.0, -1.0, Math.log(2) / 2, -Math.log(2) / 2,
        -708.39, -708.4, -745.1, -745.13, -745.14, -746.0, -1e6, 709.78, 709.79, 710.0, 1e6};
    for (double x : edges) {
      assertTrue(ulps(StrictMath.exp(x), Exponentials.polynomial(x)) <= 1,
          () -> "exp(" + x + "): " + Exponentials.polynomial(x) + " against " + StrictMath.exp(x));
    }
    assertEquals(1.0, Exponentials.polynomial(0.0));
    assertEquals(Math.E, Exponentials.polynomial(1.0), Math.ulp(Math.E));
    assertEquals(Double.MIN_VALUE, Exponentials.polynomial(-745.1));
    assertEquals(0.0, Exponentials.polynomial(-745.2));
    assertEquals(0.0, Exponentials.polynomial(Double.NEGATIVE_INFINITY));
    assertEquals(Double.POSITIVE_INFINITY, Exponentials.polynomial(709.79));
    assertEquals(Double.POSITIVE_INFINITY, Exponentials.polynomial(Double.POSITIVE_INFINITY));
    assertTrue(Double.isNaN(Exponentials.polynomial(Double.NaN)));
  }

  /**
   * The lanes give {@link Exponentials#polynomial}'s bits, before and after the JIT compiles their loop: runs of every
   * length from 0 to 40 at several offsets (the tail past the last whole vector), then the same 10,000 values 300
   * times over (long enough for C2 to compile the loop on the way), compared bit for bit each time. Session 15's
   * vector exponential (the JDK's own) gave other bits once compiled, and a fit's path moved with the JIT's timing.
   */
  @Test
  void lanesGiveTheScalarBitsCompiledOrNot() {
    ScaledRuns.giveTheScalarBitsCompiledOrNot(VectorExponentials::scaledInPlace, Exponentials::polynomial, 12);
  }

  /**
   * The RBF values of one centre in lanes give the scalar bits of {@link Exponentials#squaredDistance} then
   * {@link Exponentials#polynomial}, compiled or not: 1 to 8 features, every row count from 0 to 40 (the tail past
   * the last whole vector) at two offsets, then 4096 rows over 1001 centres 30 times over (long enough for C2 to
   * compile the loop on the way), compared bit for bit each time.
   */
  @Test
  void distanceLanesGiveTheScalarBitsCompiledOrNot() {
    Random random = new Random(13);
    double scale = -1.3;
    for (int dim = 1; dim <= 8; dim++) {
      double[] centres = random.doubles(3L * dim, -3, 3).toArray();
      for (int n = 0; n <= 40; n++) {
        double[] byFeature = random.doubles((long) n * dim, -3, 3).toArray();
        for (int offset : new int[] {0, 5}) {
          double[] out = new double[offset + n + 1];
          VectorExponentials.ofScaledSquaredDistances(byFeature, n, dim, centres, 2 * dim, scale, out, offset);
          for (int i = 0; i < n; i++) {
            double expected = Exponentials.polynomial(scale
                * Exponentials.squaredDistance(byFeature, n, dim, i, centres, 2 * dim));
            assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(out[offset + i]),
                "dim " + dim + ", n " + n + ", offset " + offset + ", row " + i);
          }
          assertEquals(0.0, out[offset + n], "past the rows");
        }
      }
    }
    int n = 4096;
    int dim = 2;
    double[] byFeature = random.doubles((long) n * dim, -4, 4).toArray();
    double[] centres = random.doubles(1001L * dim, -4, 4).toArray();
    long[] expected = new long[n * 1001];
    for (int c = 0; c < 1001; c++) {
      for (int i = 0; i < n; i++) {
        expected[c * n + i] = Double.doubleToRawLongBits(Exponentials.polynomial(scale
            * Exponentials.squaredDistance(byFeature, n, dim, i, centres, c * dim)));
      }
    }
    for (int round = 0; round < 30; round++) {
      double[] out = new double[n * 1001];
      for (int c = 0; c < 1001; c++) {
        VectorExponentials.ofScaledSquaredDistances(byFeature, n, dim, centres, c * dim, scale, out, c * n);
      }
      for (int i = 0; i < out.length; i++) {
        if (Double.doubleToRawLongBits(out[i]) != expected[i]) {
          assertEquals(expected[i], Double.doubleToRawLongBits(out[i]), "round " + round + ", index " + i);
        }
      }
    }
  }

  /**
   * The distances summed one feature at a time over contiguous rows (the loop of a JVM without the lanes) give the
   * bits of {@link Exponentials#squaredDistance}, row by row over the features: 1 to 9 features, 0 to 40 rows at two
   * offsets, then 4096 rows over 1001 centres 30 times over (long enough for C2 to compile the loop on the way).
   */
  @Test
  void theDistancesOverTheRowsGiveTheRowByRowBits() {
    Random random = new Random(14);
    for (int dim = 1; dim <= 9; dim++) {
      double[] centres = random.doubles(3L * dim, -3, 3).toArray();
      for (int n = 0; n <= 40; n++) {
        double[] byFeature = random.doubles((long) n * dim, -3, 3).toArray();
        for (int offset : new int[] {0, 5}) {
          double[] out = new double[offset + n + 1];
          Exponentials.squaredDistances(byFeature, n, dim, centres, 2 * dim, out, offset);
          for (int i = 0; i < n; i++) {
            assertEquals(Double.doubleToRawLongBits(Exponentials.squaredDistance(byFeature, n, dim, i, centres,
                2 * dim)), Double.doubleToRawLongBits(out[offset + i]),
                "dim " + dim + ", n " + n + ", offset " + offset + ", row " + i);
          }
          assertEquals(0.0, out[offset + n], "past the rows");
        }
      }
    }
    int n = 4096;
    int dim = 5;
    double[] byFeature = random.doubles((long) n * dim, -4, 4).toArray();
    double[] centres = random.doubles(1001L * dim, -4, 4).toArray();
    long[] expected = new long[n * 1001];
    for (int c = 0; c < 1001; c++) {
      for (int i = 0; i < n; i++) {
        expected[c * n + i] = Double.doubleToRawLongBits(Exponentials.squaredDistance(byFeature, n, dim, i, centres,
            c * dim));
      }
    }
    for (int round = 0; round < 30; round++) {
      double[] out = new double[n * 1001];
      for (int c = 0; c < 1001; c++) {
        Exponentials.squaredDistances(byFeature, n, dim, centres, c * dim, out, c * n);
      }
      for (int i = 0; i < out.length; i++) {
        if (Double.doubleToRawLongBits(out[i]) != expected[i]) {
          assertEquals(expected[i], Double.doubleToRawLongBits(out[i]), "round " + round + ", index " + i);
        }
      }
    }
  }

  /**
   * The lanes take netlib's {@code VectorBLAS} species, {@code SPECIES_MAX}: with {@code SPECIES_PREFERRED} (as many
   * lanes, another class) both hot in one JVM, the JIT could not compile the lanes' store or VectorBLAS' {@code dgemv}
   * to vector instructions, and a 10⁶-row fit boxed 120 GB of vectors (DESIGN.md, "One vector species").
   */
  @Test
  void theLanesTakeTheSpeciesOfNetlibsVectorBlas() {
    assertEquals(jdk.incubator.vector.DoubleVector.SPECIES_MAX, VectorExponentials.species());
  }

  /**
   * The test JVMs load the vector API (the project's JVM flags, as Spark's launcher's), so the fits take the lanes
   * wherever the machine has four double lanes. Asked of {@link Exponentials} first: its initialisation starts
   * {@link VectorExponentials}', which reads its constants (a fit initialises it that way).
   */
  @Test
  void theTestJvmTakesTheLanes() {
    String way = Exponentials.implementation();
    assertTrue(way.equals("vector") || VectorExponentials.lanes() < 4,
        "implementation " + way + " with " + VectorExponentials.lanes() + " lanes");
  }
}
