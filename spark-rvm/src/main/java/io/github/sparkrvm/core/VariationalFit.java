package io.github.sparkrvm.core;

/**
 * A variational fit: the Gaussian q(w) over every basis function (in {@link RelevanceFit}, whose {@code alpha} holds
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

  /** {@return the number of basis functions q(w) covers (all candidates: the pruning is the model's)} */
  @Override
  public int size() {
    return posterior.size();
  }
}
