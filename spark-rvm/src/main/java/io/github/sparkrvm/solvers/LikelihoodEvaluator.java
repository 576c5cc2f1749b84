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

import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.LikelihoodSlope;
import io.github.sparkrvm.statistics.LikelihoodTerms;

/**
 * The likelihood of a model at given weights: w ↦ its log-likelihood, gradient and negative Hessian (one pass over
 * the data). {@link PosteriorMode} searches any such likelihood; the Bernoulli and multinomial solvers bind it to
 * their {@link DesignStatistics} call and active basis.
 */
@FunctionalInterface
interface LikelihoodEvaluator {

  /**
   * {@return the likelihood terms at {@code weights}}
   *
   * @param weights the weights of the active basis functions
   */
  LikelihoodTerms at(double[] weights);

  /**
   * {@return the likelihood terms at {@code weights}, told whether the search expects this to be its last
   * evaluation} A search that expects its mode calls this, so that an evaluator whose caller needs more at the mode
   * (the fast solvers: every candidate's statistics) can compute it in the same pass, and the cheaper terms
   * elsewhere. By default the same as {@link #at(double[])}.
   *
   * @param weights the weights of the active basis functions
   * @param nearMode whether the Newton step that led here predicts the mode to within the search's tolerance
   */
  default LikelihoodTerms at(double[] weights, boolean nearMode) {
    return at(weights);
  }

  /**
   * {@return the log-likelihood and gradient at {@code weights} from a pass that forms no Hessian} Only
   * {@link PosteriorMode#findByChords} calls it; by default there is no such pass.
   *
   * @param weights the weights of the active basis functions
   */
  default LikelihoodSlope slope(double[] weights) {
    throw new UnsupportedOperationException("this likelihood has no pass without the Hessian");
  }
}
