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

/**
 * {@link SquaringExponentials}, called directly (package-private), so it runs whatever way the test JVM's
 * {@link Exponentials} takes.
 */
class SquaringExponentialsTest {

  /** The relative error bound of the class' comment: 2¹² roundings of 2⁻⁵³. */
  private static final double BOUND = 4096 * 0x1p-53;

  /**
   * Within {@link #BOUND} (4.5·10⁻¹³) of {@link StrictMath#exp} relative wherever e^x is a normal double: 10⁶ random
   * arguments of the RBF's kind (−γ‖x − c‖² in [−40, 0]), 10⁶ over [−708, 709.7], and a grid of 7,085 points over
   * [−708, 709.7] at steps of 0.2 and their neighbours one ulp apart. Where it is subnormal (−745.13 to −708.4), within
   * the bound and one step of the subnormal grid ({@link Double#MIN_VALUE}) of it: the last squaring rounds to that
   * grid (half a step), and {@link StrictMath#exp} is within one step of e^x there.
   */
  @Test
  void withinTheBoundOfStrictMath() {
    Random random = new Random(21);
    double worst = 0.0;
    for (int i = 0; i < 1_000_000; i++) {
      for (double x : new double[] {-40 * random.nextDouble(), -708 + 1417.7 * random.nextDouble()}) {
        worst = Math.max(worst, relativeError(x));
      }
    }
    for (double x = -708; x <= 709.7; x += 0.2) {
      worst = Math.max(worst, Math.max(relativeError(x), Math.max(relativeError(Math.nextUp(x)),
          relativeError(Math.nextDown(x)))));
    }
    assertTrue(worst <= BOUND, "worst relative error " + worst + " against the bound " + BOUND);
    assertTrue(worst > BOUND / 4, "the bound is of the right size: measured " + worst);
    for (int i = 0; i < 100_000; i++) {
      double x = -745.13 + (745.13 - 708.4) * random.nextDouble();
      double exact = StrictMath.exp(x);
      double got = SquaringExponentials.exp(x);
      assertTrue(Math.abs(got - exact) <= BOUND * exact + 2 * Double.MIN_VALUE,
          () -> "exp(" + x + "): " + got + " against " + exact);
    }
  }

  private static double relativeError(double x) {
    double exact = StrictMath.exp(x);
    return Math.abs(SquaringExponentials.exp(x) - exact) / exact;
  }

  /** The ends and the special values: exact 1 at 0, 0 and infinity past the range, NaN for NaN. */
  @Test
  void theEndsAndTheSpecialValues() {
    assertEquals(1.0, SquaringExponentials.exp(0.0));
    assertEquals(1.0, SquaringExponentials.exp(-0.0));
    assertEquals(1.0, SquaringExponentials.exp(1e-300));
    assertEquals(1.0, SquaringExponentials.exp(-1e-300));
    assertEquals(1.0, SquaringExponentials.exp(Double.MIN_VALUE));
    assertEquals(Double.MIN_VALUE, SquaringExponentials.exp(-745.1));
    assertEquals(0.0, SquaringExponentials.exp(-745.2));
    assertEquals(0.0, SquaringExponentials.exp(-746.0));
    assertEquals(0.0, SquaringExponentials.exp(-1e6));
    assertEquals(0.0, SquaringExponentials.exp(Double.NEGATIVE_INFINITY));
    assertEquals(Double.POSITIVE_INFINITY, SquaringExponentials.exp(709.79));
    assertEquals(Double.POSITIVE_INFINITY, SquaringExponentials.exp(710.0));
    assertEquals(Double.POSITIVE_INFINITY, SquaringExponentials.exp(1e6));
    assertEquals(Double.POSITIVE_INFINITY, SquaringExponentials.exp(Double.POSITIVE_INFINITY));
    assertTrue(Double.isNaN(SquaringExponentials.exp(Double.NaN)));
    assertEquals(Math.E, SquaringExponentials.exp(1.0), BOUND * Math.E);
    assertEquals(StrictMath.exp(709.7), SquaringExponentials.exp(709.7), BOUND * StrictMath.exp(709.7));
  }

  /**
   * The loop gives the bits of {@link SquaringExponentials#exp} one value at a time, before and after C2 compiles and
   * vectorises it: runs of every length from 0 to 40 at several offsets, then the same 10,000 values (NaN and the
   * infinities among them) 300 times over, compared bit for bit each time.
   */
  @Test
  void theLoopGivesTheScalarBitsCompiledOrNot() {
    ScaledRuns.giveTheScalarBitsCompiledOrNot(SquaringExponentials::scaledInPlace, SquaringExponentials::exp,
        22);
  }
}
