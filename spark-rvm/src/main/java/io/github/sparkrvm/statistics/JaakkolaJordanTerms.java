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
 * One pass of the variational logistic model at the current q(w), with every ξₙ set to its optimum
 * ξₙ² = φₙᵀ(Σ + μμᵀ)φₙ: {@code precision = ΦᵀWΛΦ} (Λ = diag(λ(ξₙ)), λ(ξ) = tanh(ξ/2)/(4ξ)),
 * {@code projection = ΦᵀWt̃} (t̃ = 2t − 1) and {@code logBound = Σ wₙ (log σ(ξₙ) − ξₙ/2)}, the part of the
 * Jaakkola–Jordan bound that does not involve μ.
 */
public record JaakkolaJordanTerms(int dim, double[] precision, double[] projection, double logBound) {

  /**
   * Checks the sizes.
   *
   * @param dim m, the number of active basis functions
   * @param precision ΦᵀWΛΦ (m × m, column-major)
   * @param projection ΦᵀWt̃
   * @param logBound the part of the bound free of μ
   */
  public JaakkolaJordanTerms {
    if (precision.length != dim * dim || projection.length != dim) {
      throw new IllegalArgumentException("JaakkolaJordanTerms: sizes do not match dimension " + dim);
    }
  }

  /**
   * λ(ξ) = tanh(ξ/2)/(4ξ), with its limit 1/8 at 0.
   *
   * @param xi ξ
   * @return λ(ξ)
   */
  public static double lambda(double xi) {
    return xi < 1e-6 ? 0.125 - xi * xi / 96.0 : Math.tanh(xi / 2) / (4 * xi);
  }
}
