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
 * The posterior a sparse Bayesian fit ends with, over the basis functions it kept.
 *
 * @param active the kept candidate indices, ascending
 * @param weights the posterior mean (or mode) of their weights
 * @param alpha their prior precisions
 * @param covariance the posterior covariance Σ (k × k, column-major)
 * @param noisePrecision β for a Gaussian likelihood, NaN otherwise
 * @param iterations the α re-estimation steps taken
 * @param converged whether the tolerance was met before maxIter
 * @param logMarginalLikelihoods the objective after each step (the first entry is the starting point)
 * @param activeCounts the number of kept basis functions after each step
 * @param likelihoodPasses the passes over the data the fit made after the first (Gaussian: none)
 */
public record RelevanceFit(int[] active, double[] weights, double[] alpha, double[] covariance,
    double noisePrecision, int iterations, boolean converged, double[] logMarginalLikelihoods,
    int[] activeCounts, int likelihoodPasses) implements RelevanceResult {

  /** {@return the number of basis functions kept} */
  @Override
  public int size() {
    return active.length;
  }

  @Override
  public RelevanceFit withLikelihoodPasses(int passes) {
    return new RelevanceFit(active, weights, alpha, covariance, noisePrecision, iterations, converged,
        logMarginalLikelihoods, activeCounts, passes);
  }
}
