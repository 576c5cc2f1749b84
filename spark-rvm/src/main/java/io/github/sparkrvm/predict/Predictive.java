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

package io.github.sparkrvm.predict;

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.linalg.DenseMatrices;
import java.io.Serializable;

/**
 * The posterior predictive of a fitted sparse Bayesian model at a point already on the basis' scale: the latent
 * mean φᵀm and variance φᵀΣφ over the kept basis functions.
 */
public final class Predictive implements Serializable {

  private final BasisFunctions basis;
  private final int[] active;
  private final double[] weights;
  private final double[] covariance;

  /**
   * The predictive of a fit.
   *
   * @param basis the candidate basis functions
   * @param active the indices of the kept ones
   * @param weights their posterior-mode weights
   * @param covariance their posterior covariance (column-major)
   */
  public Predictive(BasisFunctions basis, int[] active, double[] weights, double[] covariance) {
    if (weights.length != active.length || covariance.length != active.length * active.length) {
      throw new IllegalArgumentException("Predictive: sizes do not match " + active.length + " basis functions");
    }
    this.basis = basis;
    this.active = active.clone();
    this.weights = weights.clone();
    this.covariance = covariance.clone();
  }

  /**
   * {@return the latent mean and variance at x}
   *
   * @param x a point, on the basis' scale
   */
  public Latent at(double[] x) {
    int k = active.length;
    double[] phi = new double[k];
    double mean = 0.0;
    for (int a = 0; a < k; a++) {
      phi[a] = basis.value(active[a], x);
      mean += phi[a] * weights[a];
    }
    return new Latent(mean, Math.max(DenseMatrices.quadraticForm(covariance, k, phi), 0.0));
  }

  /**
   * {@return the latent mean φᵀm at x alone} O(k) for k kept basis functions, where {@link #at} also forms the
   * variance φᵀΣφ, O(k²).
   *
   * @param x a point, on the basis' scale
   */
  public double mean(double[] x) {
    double mean = 0.0;
    for (int a = 0; a < active.length; a++) {
      mean += basis.value(active[a], x) * weights[a];
    }
    return mean;
  }

  /**
   * The latent function's posterior mean and variance at a point.
   *
   * @param mean the latent mean m = φᵀμ
   * @param variance the latent variance v = φᵀΣφ
   */
  public record Latent(double mean, double variance) {

    /** {@return m / √(1 + πv/8): the logit of MacKay's approximation to the predictive probability of class 1} */
    public double moderatedLogit() {
      return mean / Math.sqrt(1.0 + Math.PI * variance / 8.0);
    }

    /**
     * {@return the predictive mean count of a Poisson model (log link), E[y] = E[eᶠ] = exp(m + v/2): the mean of the
     * lognormal eᶠ with f ~ N(m, v), the Gaussian (Laplace) posterior of the latent score} Infinity when it exceeds
     * the largest double.
     */
    public double poissonMean() {
      return Math.exp(mean + 0.5 * variance);
    }

    /**
     * {@return the predictive variance of a Poisson model's count, by the law of total variance:
     * Var y = E[Var(y | f)] + Var(E[y | f]) = E[eᶠ] + Var(eᶠ) = exp(m + v/2) + (eᵛ − 1)·exp(2m + v)}
     */
    public double poissonVariance() {
      return poissonMean() + Math.expm1(variance) * Math.exp(2.0 * mean + variance);
    }
  }
}
