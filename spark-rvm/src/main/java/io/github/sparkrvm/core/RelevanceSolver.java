package io.github.sparkrvm.core;

/**
 * A sparse Bayesian solver with its settings bound: it fits the data seen through the statistics seam. Every solver
 * is reached through this contract (e.g. {@link GaussianRelevanceSolver#of}, {@link FastMultinomialSolver#of},
 * {@link VariationalSolver#of}, and {@link OneVsRestSolver#of}, which wraps a binary one).
 *
 * @param <R> the shape of its result
 */
@FunctionalInterface
public interface RelevanceSolver<R extends RelevanceResult> {

  /**
   * Fits the data.
   *
   * @param data the data, through the statistics seam
   * @param listener told of every step
   * @return the fit
   */
  R fit(DesignStatistics data, IterationListener listener);
}
