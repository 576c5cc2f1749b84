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
 * A variational fit: the Gaussian q(w) over every basis function, or over those kept once pruned
 * ({@code variational.Pruning}) (in {@link RelevanceFit}, whose {@code alpha} holds
 * E[precision] of each weight, {@code noisePrecision} E[γ] for regression, and {@code logMarginalLikelihoods} the
 * lower bound after each step), with E[α_i] per table row and E[β_j] per table column.
 *
 * @param posterior q(w) over every basis function, and how the fit went
 * @param rowRelevance E[α_i] per table row
 * @param columnRelevance E[β_j] per table column
 */
public record VariationalFit(RelevanceFit posterior, double[] rowRelevance, double[] columnRelevance)
    implements RelevanceResult {

  @Override
  public int iterations() {
    return posterior.iterations();
  }

  @Override
  public boolean converged() {
    return posterior.converged();
  }

  /** {@return the lower bound after each step} */
  @Override
  public double[] logMarginalLikelihoods() {
    return posterior.logMarginalLikelihoods();
  }

  @Override
  public int[] activeCounts() {
    return posterior.activeCounts();
  }

  @Override
  public int likelihoodPasses() {
    return posterior.likelihoodPasses();
  }

  /** {@return the number of basis functions q(w) covers (all candidates, or the kept ones once pruned)} */
  @Override
  public int size() {
    return posterior.size();
  }

  @Override
  public VariationalFit withLikelihoodPasses(int passes) {
    return new VariationalFit(posterior.withLikelihoodPasses(passes), rowRelevance, columnRelevance);
  }
}
