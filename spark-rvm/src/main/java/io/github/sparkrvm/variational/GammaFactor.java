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

package io.github.sparkrvm.variational;

import io.github.sparkrvm.linalg.SpecialFunctions;

/**
 * A Gamma(shape, rate) variational factor q over a precision, with the expectations the variational bound needs.
 */
record GammaFactor(double shape, double rate) {

  /** {@return E[x] = shape / rate} */
  public double mean() {
    return shape / rate;
  }

  /** {@return E[log x] = ψ(shape) − log rate} */
  public double meanLog() {
    return SpecialFunctions.digamma(shape) - Math.log(rate);
  }

  /** {@return the entropy −E[log q]} */
  public double entropy() {
    return shape - Math.log(rate) + SpecialFunctions.logGamma(shape) + (1.0 - shape) * SpecialFunctions.digamma(shape);
  }

  /**
   * E_q[log p(x)] under the Gamma(a0, b0) prior p.
   *
   * @param a0 the prior's shape
   * @param b0 the prior's rate
   * @return E_q[log p(x)]
   */
  public double expectedLogPrior(double a0, double b0) {
    return a0 * Math.log(b0) - SpecialFunctions.logGamma(a0) + (a0 - 1.0) * meanLog() - b0 * mean();
  }

  /**
   * −KL(q ‖ prior) = E_q[log p] + entropy.
   *
   * @param a0 the prior's shape
   * @param b0 the prior's rate
   * @return −KL(q ‖ prior)
   */
  public double negativeKl(double a0, double b0) {
    return expectedLogPrior(a0, b0) + entropy();
  }
}
