package io.github.sparkrvm.core;

/**
 * The likelihood of a model at given weights: w ↦ its log-likelihood, gradient and negative Hessian (one pass over
 * the data). {@link PosteriorMode} searches any such likelihood; the Bernoulli and multinomial solvers bind it to
 * their {@link DesignStatistics} call and active basis.
 */
@FunctionalInterface
public interface LikelihoodEvaluator {

  /**
   * {@return the likelihood terms at {@code weights}}
   *
   * @param weights the weights of the active basis functions
   */
  LikelihoodTerms at(double[] weights);
}
