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

/**
 * The Gaussian factor q(w) = N(μ, Σ) of the variational RVM, Σ = (diag(a) + ΦᵀDΦ)⁻¹ and μ = ΣΦᵀr, with the
 * likelihood's terms around it: the step of {@link VariationalSolver} that depends on how Σ is represented. Two
 * forms compute the same quantities: {@link PrimalPosterior} factors the M × M precision (O(M³) a step, from the
 * sufficient statistics or one pass over the data), {@link DualPosterior} works with the N × N matrix
 * I + D^½ΦA⁻¹ΦᵀD^½ of the Woodbury identity (O(N²M + N³) a step, on the expanded design held in memory). The
 * solver reads only μ, the diagonal of Σ, log |Σ⁻¹| and the likelihood terms below; the full Σ is formed once,
 * at the end.
 *
 * <p>Gaussian likelihood: D = E[γ] W and r = E[γ] W t (W the row weights). Bernoulli (Jaakkola–Jordan): D = 2WΛ
 * with Λ = diag(λ(ξₙ)), and r = ½ W t̃, t̃ = 2t − 1.
 */
interface WeightPosterior {

  /** {@return M, the number of weights} */
  int size();

  /**
   * Gaussian likelihood: q(w) for the prior precisions {@code precision} and the noise precision E[γ].
   *
   * @param precision E[prior precision] of every weight
   * @param noisePrecision E[γ]
   */
  void fitGaussian(double[] precision, double noisePrecision);

  /** {@return Gaussian likelihood: E‖t − Φw‖² under q(w), weighted by the rows' weights} */
  double expectedResidual();

  /** {@return Gaussian likelihood: Σ wₙ} */
  double weightSum();

  /** {@return Gaussian likelihood: the weighted variance of the targets, checked to be positive} */
  double checkedTargetVariance();

  /** {@return Gaussian likelihood: Σᵢ (ΦᵀWΦ)ᵢᵢ / Σ wₙ, the mean square of the basis functions summed over them} */
  double basisMeanSquare();

  /**
   * Bernoulli likelihood: q(w) = the prior N(0, diag(1/a)), before any data term.
   *
   * @param precision E[prior precision] a of every weight
   */
  void startBernoulli(double[] precision);

  /**
   * Bernoulli likelihood: sets every ξₙ to its optimum ξₙ² = φₙᵀ(Σ + μμᵀ)φₙ for the current q(w) and returns the
   * data part of the Jaakkola–Jordan bound there, Σ wₙ (log σ(ξₙ) − ξₙ/2) + ½ μᵀΦᵀWt̃.
   *
   * @return the data part of the bound
   */
  double tightenJaakkolaJordan();

  /**
   * Bernoulli likelihood: q(w) at the ξ of the last {@link #tightenJaakkolaJordan()} for the prior precisions.
   *
   * @param precision E[prior precision] of every weight
   */
  void fitBernoulli(double[] precision);

  /** {@return μ} */
  double[] mean();

  /** {@return the diagonal of Σ} */
  double[] varianceDiagonal();

  /** {@return log |Σ⁻¹|} */
  double logDetPrecision();

  /** {@return the full Σ (M × M, column-major); formed on demand} */
  double[] covariance();

  /** {@return the passes over the data made so far (beyond the statistics the posterior was built from)} */
  int passes();

  /** {@return E[w²] of every weight: Σᵢᵢ + μᵢ²} */
  default double[] secondMoments() {
    double[] mean = mean();
    double[] variance = varianceDiagonal();
    double[] s = new double[mean.length];
    for (int i = 0; i < s.length; i++) {
      s[i] = variance[i] + mean[i] * mean[i];
    }
    return s;
  }
}
