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
package io.github.sparkrvm.solvers;

import io.github.sparkrvm.statistics.GaussianColumns;

/**
 * The two re-estimates of the noise precision β that the Gaussian solvers ({@link GaussianRelevanceSolver},
 * {@link FastGaussianSolver}) try in turn: MacKay's fixed point β ← (Σw − Σγ)/‖t − Φm‖² and the EM step
 * β ← Σw/(‖t − Φm‖² + tr(ΦᵀΦΣ)), both at most {@link #MAX_PRECISION_TIMES_VARIANCE}/var(t).
 *
 * <p>Why the ceiling: a kernel narrow enough that the basis functions interpolate the training targets drives the
 * residual towards 0 and β without bound, and the next posterior's A + βΦᵀΦ overflows (on diabetes, standardised, a
 * fast fit at γ = 0.8 met non-finite values in its Cholesky factor and failed). Tipping's SparseBayes (version 2)
 * caps β at the same 10⁶/var(t): a noise deviation of a thousandth of the targets'. A fit held at the ceiling has all
 * but interpolated its targets, which its noise precision then says.
 */
final class NoisePrecisionUpdate {

  /** The ceiling on β · var(t). */
  static final double MAX_PRECISION_TIMES_VARIANCE = 1e6;

  private final GaussianColumns stats;
  private final double ceiling;

  /**
   * @param stats the data, through the statistics seam
   * @param targetVariance the weighted variance of the targets (positive)
   */
  NoisePrecisionUpdate(GaussianColumns stats, double targetVariance) {
    this.stats = stats;
    this.ceiling = MAX_PRECISION_TIMES_VARIANCE / targetVariance;
  }

  /** {@return the largest β a fit takes: 10⁶ / var(t)} */
  double ceiling() {
    return ceiling;
  }

  /**
   * {@return MacKay's β ← (Σw − Σγ)/‖t − Φm‖², at most the ceiling}
   *
   * @param post the current posterior
   * @param wellDetermined γᵢ = 1 − αᵢΣᵢᵢ of its basis functions
   */
  double mackay(GaussianRelevanceSolver.Posterior post, double[] wellDetermined) {
    double effective = 0.0;
    for (double g : wellDetermined) {
      effective += g;
    }
    double dof = Math.max(stats.weightSum() - effective, 1e-6 * stats.weightSum());
    return Math.min(ceiling, dof / Math.max(post.residualSquares(), Double.MIN_NORMAL));
  }

  /**
   * {@return the EM step's β ← Σw/(‖t − Φm‖² + tr(ΦᵀΦΣ)), at most the ceiling}
   *
   * @param post the current posterior
   */
  double expectationMaximisation(GaussianRelevanceSolver.Posterior post) {
    int k = post.active().length;
    double[] gram = stats.gramSubmatrix(post.active());
    double trace = 0.0;
    for (int i = 0; i < k * k; i++) {
      trace += gram[i] * post.covariance()[i];
    }
    return Math.min(ceiling, stats.weightSum() / Math.max(post.residualSquares() + trace, Double.MIN_NORMAL));
  }
}
