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
 * The log-likelihood and its gradient {@code Φᵀ W (t − y)} at weights w over the active basis (m of them), without
 * the negative Hessian: what a pass returns that forms no product of the basis with itself (for the softmax at k
 * active pairs about n·K·u multiply-adds a pass, u the basis functions in use, against n·k²/2 for the Hessian).
 *
 * @param dim m, the number of active basis functions
 * @param logLikelihood the log-likelihood
 * @param gradient its gradient
 */
public record LikelihoodSlope(int dim, double logLikelihood, double[] gradient) {

  /** Checks the sizes. */
  public LikelihoodSlope {
    if (gradient.length != dim) {
      throw new IllegalArgumentException("LikelihoodSlope: a gradient of " + gradient.length + " for dimension " + dim);
    }
  }
}
