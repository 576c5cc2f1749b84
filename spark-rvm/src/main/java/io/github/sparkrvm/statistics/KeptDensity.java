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

import io.github.sparkrvm.linalg.Backend;
import io.github.sparkrvm.linalg.MatrixProduct;
import java.io.Serializable;

/**
 * A sum over rows of a log density of each row's target under a gaussian fit over its kept basis, block by block:
 * row i of basis values φᵢ is predicted with mean yᵢ = φᵢᵀμ and latent variance sᵢ² = φᵢᵀΣφᵢ, and adds wᵢ times
 * the subclass' density of tᵢ given those and its noise precision β wᵢ (the leave-one-out density:
 * {@link LeaveOneOutDensity}; on rows the fit never saw: {@link HeldOutDensity}).
 *
 * @param <S> the subclass, which {@link #add} and {@link #merge} return
 */
public abstract class KeptDensity<S extends KeptDensity<S>> implements Serializable {

  private final double[] mean;
  private final double[] covariance;
  private final double noisePrecision;
  private double logDensity;

  /**
   * An empty sum.
   *
   * @param mean the posterior mean μ of the kept weights
   * @param covariance their posterior covariance Σ (k × k, column-major)
   * @param noisePrecision the noise precision β of a row of unit weight, positive and finite
   */
  KeptDensity(double[] mean, double[] covariance, double noisePrecision) {
    if (covariance.length != mean.length * mean.length) {
      throw new IllegalArgumentException("expected a " + mean.length + " × " + mean.length + " covariance, got "
          + covariance.length + " entries");
    }
    if (!(noisePrecision > 0.0) || Double.isInfinite(noisePrecision)) {
      throw new IllegalArgumentException("the noise precision must be positive and finite; got " + noisePrecision);
    }
    this.mean = mean.clone();
    this.covariance = covariance.clone();
    this.noisePrecision = noisePrecision;
  }

  /**
   * {@return the row's log density}
   *
   * @param target tᵢ
   * @param predicted yᵢ = φᵢᵀμ
   * @param latentVariance sᵢ² = φᵢᵀΣφᵢ
   * @param rowPrecision β wᵢ
   */
  abstract double rowDensity(double target, double predicted, double latentVariance, double rowPrecision);

  /**
   * Adds a block of rows.
   *
   * @param phi the block's basis values over the kept candidates (n × k, column-major)
   * @param n the number of rows in the block
   * @param targets the targets of the rows
   * @param rowWeights the row weights (a row of weight 0 adds nothing)
   * @return this accumulator
   */
  public final S add(double[] phi, int n, double[] targets, double[] rowWeights) {
    int k = mean.length;
    if (phi.length != n * k) {
      throw new IllegalArgumentException("expected a " + n + " × " + k + " basis block, got " + phi.length);
    }
    if (n == 0) {
      return self();
    }
    double[] y = new double[n];
    double[] s2 = new double[n];
    if (k > 0) {
      double[] phiSigma = new double[n * k];
      Backend.blas().dgemv("N", n, k, 1.0, phi, n, mean, 1, 0.0, y, 1);
      MatrixProduct.dgemm("N", "N", n, k, k, 1.0, phi, n, covariance, k, 0.0, phiSigma, n);
      for (int j = 0; j < k; j++) {
        int col = j * n;
        for (int i = 0; i < n; i++) {
          s2[i] += phiSigma[col + i] * phi[col + i];
        }
      }
    }
    for (int i = 0; i < n; i++) {
      double w = rowWeights[i];
      if (w > 0.0) {
        logDensity += w * rowDensity(targets[i], y[i], s2[i], noisePrecision * w);
      }
    }
    return self();
  }

  /**
   * Adds another accumulator's sum into this one.
   *
   * @param other an accumulator of the same fit
   * @return this accumulator
   */
  public final S merge(S other) {
    KeptDensity<S> that = other;
    if (that.mean.length != mean.length) {
      throw new IllegalArgumentException("cannot merge densities over " + that.mean.length + " and " + mean.length
          + " basis functions");
    }
    logDensity += that.logDensity;
    return self();
  }

  @SuppressWarnings("unchecked")
  private S self() {
    return (S) this;
  }

  /** {@return the log density summed so far} */
  public double logDensity() {
    return logDensity;
  }
}
