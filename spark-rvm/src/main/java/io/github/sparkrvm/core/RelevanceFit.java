package io.github.sparkrvm.core;

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
}
