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
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.linalg.Backend;
import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.linalg.Logistic;
import java.io.Serializable;

/**
 * The posterior predictive of a fitted sparse Bayesian model at a point already on the basis' scale: the latent
 * mean φᵀm and variance φᵀΣφ over the kept basis functions.
 *
 * <p>{@link #at} evaluates one point (the reference); {@link #block} a block of points with matrix products: the
 * block's basis Φ_B by {@link BasisFunctions#expand}, the means Φ_B m by one dgemv and the variances diag(Φ_B Σ Φ_Bᵀ)
 * as the rowwise squared norms of Φ_B L, for the Cholesky factor Σ = LLᵀ computed once per predictive.
 */
public final class Predictive implements Serializable {

  /** The largest basis matrix (rows × functions) {@link #block} forms at once for the means alone (256 KiB). */
  private static final int MEAN_CHUNK_ENTRIES = 1 << 15;

  private final BasisFunctions basis;
  private final int[] active;
  private final double[] weights;
  private final double[] covariance;
  /** Σ = LLᵀ's factor for {@link #block}, computed once on first use; null until then, or when Σ has none. */
  private double[] factor;
  private boolean factored;

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
   * Computes the factor of Σ that {@link #block} uses for the variances, if not done yet: call it once before the
   * predictive is shipped to many tasks, so that they share it rather than each factoring Σ (O(k³)).
   *
   * @return this predictive
   */
  public synchronized Predictive prepareVariance() {
    if (!factored) {
      factor = BlockAlgebra.factor(covariance, active.length);
      factored = true;
    }
    return this;
  }

  /**
   * {@return the latent means and, when {@code withVariance}, variances of a block of points} The same values as
   * {@link #at} row by row, up to rounding (the order of the sums differs): O(k) per row for the mean and O(k²)
   * for the variance as with {@link #at}, but as matrix products over the block.
   *
   * @param rows the points, row-major (n × dim), on the basis' scale
   * @param n the number of points
   * @param withVariance whether to compute the variances (else {@link Block#variance} is null)
   */
  public Block block(double[] rows, int n, boolean withVariance) {
    int k = active.length;
    int chunk = Math.max(8, MEAN_CHUNK_ENTRIES / Math.max(k, 1));
    if (!withVariance && n > chunk) {
      // the means alone: the basis in chunks of rows that stay in cache (the exponentials, not the product, bound it)
      int dim = basis.dim();
      double[] mean = new double[n];
      for (int r0 = 0; r0 < n; r0 += chunk) {
        int r1 = Math.min(n, r0 + chunk);
        double[] part = block(java.util.Arrays.copyOfRange(rows, r0 * dim, r1 * dim), r1 - r0, false).mean();
        System.arraycopy(part, 0, mean, r0, r1 - r0);
      }
      return new Block(mean, null);
    }
    double[] phi = basis.expand(RowBlock.unweighted(n, basis.dim(), rows, new double[n]), active);
    double[] mean = new double[n];
    if (n > 0 && k > 0) {
      Backend.blas().dgemv("N", n, k, 1.0, phi, n, weights, 1, 0.0, mean, 1);
    }
    if (!withVariance) {
      return new Block(mean, null);
    }
    prepareVariance();
    return new Block(mean, BlockAlgebra.variances(phi, n, k, covariance, factor));
  }

  /**
   * The latent means and variances of a block of points.
   *
   * @param mean the latent means, one per point
   * @param variance the latent variances, one per point; null when not computed
   */
  public record Block(double[] mean, double[] variance) {

    /**
     * {@return point i's latent mean and variance (NaN when the variances were not computed)}
     *
     * @param i a point of the block
     */
    public Latent latent(int i) {
      return new Latent(mean[i], variance == null ? Double.NaN : variance[i]);
    }
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
      return Logistic.moderatedLogit(mean, variance);
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
