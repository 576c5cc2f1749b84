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

import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;

class SpecialFunctionsTest {

  @Test
  void knownValues() {
    double eulerGamma = 0.5772156649015329;
    assertEquals(-eulerGamma, SpecialFunctions.digamma(1.0), 1e-13);
    assertEquals(-eulerGamma - 2 * Math.log(2), SpecialFunctions.digamma(0.5), 1e-13);
    assertEquals(0.5 * Math.log(Math.PI), SpecialFunctions.logGamma(0.5), 1e-14);
    assertEquals(Math.log(120), SpecialFunctions.logGamma(6.0), 1e-13);
  }

  @Test
  void tinyArgumentsFollowTheSeries() {
    // ψ(x) = −1/x − γ + (π²/6)x + O(x²); commons-math drops the linear term up to 1e-5
    for (double x : new double[] {1e-9, 3e-7, 2.89e-6}) {
      double series = -1.0 / x - 0.5772156649015329 + Math.PI * Math.PI / 6 * x;
      assertEquals(series, SpecialFunctions.digamma(x), 1e-15 / x + 1e-9);
    }
  }

  @Test
  void digammaMatchesAHighPrecisionValueAndItsRecurrence() {
    // reference: recurrence to 40 and the asymptotic series, in 50-digit decimal arithmetic (commons-math's
    // digamma is off by 3e-9 here, so it is not the oracle)
    assertEquals(-248.58722618964911875, SpecialFunctions.digamma(0.004031987800898), 1e-12);
    for (double x = 1e-4; x < 1e6; x *= 1.7) {
      double step = SpecialFunctions.digamma(x + 1) - SpecialFunctions.digamma(x);
      assertEquals(1.0 / x, step, 1e-12 * Math.max(1.0, Math.abs(SpecialFunctions.digamma(x))) + 1e-13 / x,
          "psi(x + 1) - psi(x) at " + x);
    }
  }

  @Test
  void logGammaAgreesWithCommonsMathAcrossTheRange() {
    for (double x = 1e-6; x < 1e6; x *= 1.7) {
      assertEquals(Gamma.logGamma(x), SpecialFunctions.logGamma(x),
          1e-12 * Math.max(1.0, Math.abs(Gamma.logGamma(x))), "logGamma(" + x + ")");
    }
  }
}
