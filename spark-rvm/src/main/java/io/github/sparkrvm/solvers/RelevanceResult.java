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

/**
 * What a sparse Bayesian fit ends with: one posterior over the kept basis ({@link RelevanceFit}), one per class
 * ({@link MultiClassFit}), or the variational q(w) with its grid relevances ({@link VariationalFit}); and, for all
 * three, how the fit went.
 */
public sealed interface RelevanceResult permits RelevanceFit, MultiClassFit, VariationalFit {

  /** {@return the re-estimation steps taken (one-vs-rest: summed over the classes)} */
  int iterations();

  /** {@return whether the tolerance was met before maxIter (one-vs-rest: by every class)} */
  boolean converged();

  /** {@return the objective after each step, the first entry the starting point} */
  double[] logMarginalLikelihoods();

  /** {@return the number of kept basis functions (multi-class: (class, basis function) pairs) after each step} */
  int[] activeCounts();

  /** {@return the passes over the data the fit made after the first} */
  int likelihoodPasses();

  /** {@return the number of kept basis functions (multi-class: (class, basis function) pairs)} */
  int size();

  /**
   * {@return this fit with another count of passes (a fit of the same kind)}
   *
   * @param passes the passes over the data the fit made after the first
   */
  RelevanceResult withLikelihoodPasses(int passes);

  /**
   * {@return the fit's final evidence: the last entry of {@link #logMarginalLikelihoods} (−∞ when there is none or
   * it is not finite); a one-vs-rest fit's is the sum of its binary fits' (the evidence of the K independent models)}
   */
  default double evidence() {
    double[] history = logMarginalLikelihoods();
    double last = history.length == 0 ? Double.NEGATIVE_INFINITY : history[history.length - 1];
    return Double.isFinite(last) ? last : Double.NEGATIVE_INFINITY;
  }
}
