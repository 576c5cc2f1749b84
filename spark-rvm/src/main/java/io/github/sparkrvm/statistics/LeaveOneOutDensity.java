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
 * The leave-one-out predictive log density of a Gaussian sparse Bayesian fit at its hyperparameters (the α of the
 * kept basis functions and the noise precision β held fixed), in closed form from the fit's own posterior, block by
 * block: Rasmussen and Williams, Gaussian Processes for Machine Learning (2006), §5.4.2, eqs. 5.10 to 5.12, for the
 * RVM's covariance β⁻¹I + Φ A⁻¹ Φᵀ over the kept basis.
 *
 * <p>With Σ the posterior covariance and μ the posterior mean of the kept weights, row i of basis values φᵢ, target
 * tᵢ and noise precision βᵢ = β·wᵢ (its row weight): yᵢ = φᵢᵀμ, sᵢ² = φᵢᵀΣφᵢ and hᵢ = βᵢ sᵢ² (its leverage, below 1).
 * Leaving the row out removes βᵢφᵢφᵢᵀ from Σ⁻¹ and βᵢtᵢφᵢ from Σ⁻¹μ; by Sherman and Morrison the posterior without it
 * predicts tᵢ with mean tᵢ − (tᵢ − yᵢ)/(1 − hᵢ) and variance σᵢ² = 1/βᵢ + sᵢ²/(1 − hᵢ) = 1/(βᵢ(1 − hᵢ)). The score
 * is Σᵢ wᵢ [−½ log(2πσᵢ²) − rᵢ²/(2σᵢ²)] with rᵢ = (tᵢ − yᵢ)/(1 − hᵢ): with unit weights, the sum of the log densities
 * of each row under the model fitted to the others. It costs O(N·k²) for k kept basis functions.
 *
 * <p>α and β stay those chosen on every row, the one left out included: the density sees the noise a row's own
 * basis function absorbs (its leverage), not the choice of the basis and its α (on the regression sets of
 * benchmarks/results/model-quality.md it alone prefers the narrowest kernels tried).
 */
public final class LeaveOneOutDensity extends KeptDensity<LeaveOneOutDensity> {

  /**
   * {@return the pass of the leave-one-out log density of the fit over the kept basis {@code active}}
   *
   * @param active the kept candidates, ascending
   * @param weights the posterior mean of their weights
   * @param covariance their posterior covariance Σ (k × k, column-major)
   * @param noisePrecision the noise precision β of a row of unit weight
   */
  public static Pass<LeaveOneOutDensity> pass(int[] active, double[] weights, double[] covariance,
      double noisePrecision) {
    double[] mean = weights.clone();
    double[] sigma = covariance.clone();
    return Pass.of("leave-one-out log density over " + active.length + " basis functions", active.clone(),
        () -> new LeaveOneOutDensity(mean, sigma, noisePrecision), LeaveOneOutDensity::add,
        LeaveOneOutDensity::merge);
  }

  /**
   * {@return the log density of target {@code target} under the fit without its row, from the fit's prediction of
   * the row: −∞ when the leverage is not below 1 (the row alone decides a weight)}
   *
   * @param target the row's target tᵢ
   * @param mean the fit's mean at the row, yᵢ = φᵢᵀμ
   * @param latentVariance the variance of that mean, sᵢ² = φᵢᵀΣφᵢ
   * @param noisePrecision the row's noise precision βᵢ (β times its weight), positive
   */
  public static double ofRow(double target, double mean, double latentVariance, double noisePrecision) {
    double free = 1.0 - noisePrecision * latentVariance;
    if (!(free > 0.0)) {
      return Double.NEGATIVE_INFINITY;
    }
    double residual = target - mean;
    // log N(r; 0, σ²) with r = (t − y)/(1 − h) and σ² = 1/(β(1 − h)): r²/σ² = β (t − y)²/(1 − h)
    return 0.5 * (Math.log(noisePrecision * free / (2.0 * Math.PI)) - noisePrecision * residual * residual / free);
  }

  /**
   * An empty accumulator.
   *
   * @param mean the posterior mean of the kept weights
   * @param covariance their posterior covariance (k × k, column-major)
   * @param noisePrecision the noise precision β of a row of unit weight
   */
  public LeaveOneOutDensity(double[] mean, double[] covariance, double noisePrecision) {
    super(mean, covariance, noisePrecision);
  }

  @Override
  double rowDensity(double target, double predicted, double latentVariance, double rowPrecision) {
    return ofRow(target, predicted, latentVariance, rowPrecision);
  }

  /** {@return the leave-one-out log density summed so far (−∞ when a row's leverage reached 1)} */
  @Override
  public double logDensity() {
    return super.logDensity();
  }
}
