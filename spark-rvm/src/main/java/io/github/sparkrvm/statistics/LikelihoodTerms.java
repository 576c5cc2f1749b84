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
 * What one pass over the data returns for a non-Gaussian likelihood at weights w over the active basis (m of them):
 * the log-likelihood, its gradient {@code Φᵀ W (t − y)} and the negative of its Hessian {@code Φᵀ W B Φ}
 * (m × m, column-major), with W the row weights.
 */
public record LikelihoodTerms(int dim, double logLikelihood, double[] gradient, double[] hessian) {

  /**
   * Checks the sizes.
   *
   * @param dim m, the number of active basis functions
   * @param logLikelihood the log-likelihood
   * @param gradient its gradient Φᵀ W (t − y)
   * @param hessian the negative Hessian Φᵀ W B Φ (m × m, column-major)
   */
  public LikelihoodTerms {
    if (gradient.length != dim || hessian.length != dim * dim) {
      throw new IllegalArgumentException("LikelihoodTerms: sizes do not match dimension " + dim);
    }
  }
}
