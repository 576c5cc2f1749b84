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

package io.github.sparkrvm.statistics;

/**
 * The predictive log density of a gaussian sparse Bayesian fit, summed over rows it was not fitted on:
 * row i of basis values φᵢ over the kept basis, target tᵢ and weight wᵢ is predicted with mean yᵢ = φᵢᵀμ and variance
 * 1/(β wᵢ) + φᵢᵀΣφᵢ (Tipping 2001, eq. 22), and adds wᵢ log N(tᵢ; yᵢ, that variance).
 */
public final class HeldOutDensity extends KeptDensity<HeldOutDensity> {

  /**
   * {@return the pass of the held-out log density of the fit over the kept basis {@code active}}
   *
   * @param active the kept candidates, ascending
   * @param weights the posterior mean of their weights
   * @param covariance their posterior covariance Σ (k × k, column-major)
   * @param noisePrecision the noise precision β of a row of unit weight
   */
  public static Pass<HeldOutDensity> pass(int[] active, double[] weights, double[] covariance,
      double noisePrecision) {
    double[] mean = weights.clone();
    double[] sigma = covariance.clone();
    return Pass.of("held-out log density over " + active.length + " basis functions", active.clone(),
        () -> new HeldOutDensity(mean, sigma, noisePrecision), HeldOutDensity::add, HeldOutDensity::merge);
  }

  /**
   * {@return log N(target; mean, 1/noisePrecision + latentVariance)}
   *
   * @param target the row's target tᵢ
   * @param mean the fit's mean at the row, yᵢ = φᵢᵀμ
   * @param latentVariance the variance of that mean, φᵢᵀΣφᵢ
   * @param noisePrecision the row's noise precision (β times its weight), positive
   */
  public static double ofRow(double target, double mean, double latentVariance, double noisePrecision) {
    double variance = 1.0 / noisePrecision + latentVariance;
    double residual = target - mean;
    return -0.5 * (Math.log(2.0 * Math.PI * variance) + residual * residual / variance);
  }

  /**
   * An empty accumulator.
   *
   * @param mean the posterior mean of the kept weights
   * @param covariance their posterior covariance (k × k, column-major)
   * @param noisePrecision the noise precision β of a row of unit weight, positive and finite
   */
  public HeldOutDensity(double[] mean, double[] covariance, double noisePrecision) {
    super(mean, covariance, noisePrecision);
  }

  @Override
  double rowDensity(double target, double predicted, double latentVariance, double rowPrecision) {
    return ofRow(target, predicted, latentVariance, rowPrecision);
  }
}
