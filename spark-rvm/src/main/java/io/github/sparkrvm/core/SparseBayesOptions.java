package io.github.sparkrvm.core;

/**
 * The settings of the sparse Bayesian outer loop.
 *
 * @param maxIter the largest number of α re-estimation steps
 * @param tol convergence: the largest change of log α (and log β) in a step, with no basis function pruned
 * @param alphaMax a basis function whose α exceeds this is pruned (its weight is effectively zero)
 * @param alphaPriorShape a of the Gamma(a, b) hyperprior on each α (0: the improper, scale-free prior)
 * @param alphaPriorRate b of the Gamma(a, b) hyperprior on each α
 */
public record SparseBayesOptions(
    int maxIter, double tol, double alphaMax, double alphaPriorShape, double alphaPriorRate) {

  /**
   * Checks the settings.
   *
   * @param maxIter the largest number of α re-estimation steps
   * @param tol convergence: the largest change of log α (and log β) in a step, with no basis function pruned
   * @param alphaMax a basis function whose α exceeds this is pruned (its weight is effectively zero)
   * @param alphaPriorShape a of the Gamma(a, b) hyperprior on each α (0: the improper, scale-free prior)
   * @param alphaPriorRate b of the Gamma(a, b) hyperprior on each α
   */
  public SparseBayesOptions {
    if (maxIter < 1) {
      throw new IllegalArgumentException("maxIter must be at least 1; got " + maxIter);
    }
    if (!(tol > 0.0)) {
      throw new IllegalArgumentException("tol must be positive; got " + tol);
    }
    if (!(alphaMax > 0.0)) {
      throw new IllegalArgumentException("alphaMax must be positive; got " + alphaMax);
    }
    if (!(alphaPriorShape >= 0.0) || !(alphaPriorRate >= 0.0)
        || Double.isInfinite(alphaPriorShape) || Double.isInfinite(alphaPriorRate)) {
      throw new IllegalArgumentException("alphaPriorShape and alphaPriorRate must be finite and non-negative");
    }
  }

  /** {@return the defaults of the estimator} */
  public static SparseBayesOptions defaults() {
    return new SparseBayesOptions(1000, 1e-3, 1e9, 0.0, 0.0);
  }
}
