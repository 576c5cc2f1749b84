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

/** The digamma function ψ and log Γ for positive arguments, to double precision. */
public final class SpecialFunctions {

  private static final double[] LANCZOS = {0.99999999999980993, 676.5203681218851, -1259.1392167224028,
      771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
      1.5056327351493116e-7};

  private SpecialFunctions() {}

  /**
   * ψ(x) = d/dx log Γ(x), x &gt; 0: the recurrence ψ(x) = ψ(x + 1) − 1/x up to x ≥ 10, then the asymptotic series.
   *
   * @param x the argument, &gt; 0
   * @return ψ(x)
   */
  public static double digamma(double x) {
    if (!(x > 0.0)) {
      throw new IllegalArgumentException("digamma needs a positive argument; got " + x);
    }
    double result = 0.0;
    while (x < 10.0) {
      result -= 1.0 / x;
      x += 1.0;
    }
    double inv = 1.0 / x;
    double inv2 = inv * inv;
    return result + Math.log(x) - 0.5 * inv
        - inv2 * (1.0 / 12 - inv2 * (1.0 / 120 - inv2 * (1.0 / 252 - inv2 * (1.0 / 240 - inv2 / 132))));
  }

  /**
   * {@return log Γ(x), x &gt; 0 (Lanczos, g = 7)}
   *
   * @param x the argument, &gt; 0
   */
  public static double logGamma(double x) {
    if (!(x > 0.0)) {
      throw new IllegalArgumentException("logGamma needs a positive argument; got " + x);
    }
    if (x < 0.5) {
      // reflection: Γ(x)Γ(1 − x) = π / sin(πx)
      return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1.0 - x);
    }
    x -= 1.0;
    double sum = LANCZOS[0];
    double t = x + 7.5;
    for (int i = 1; i < LANCZOS.length; i++) {
      sum += LANCZOS[i] / (x + i);
    }
    return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
  }
}
