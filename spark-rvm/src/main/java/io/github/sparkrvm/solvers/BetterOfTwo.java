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

import java.util.function.Function;

/**
 * Two greedy paths over the same data, and the fit of the one that ends with the higher log marginal likelihood (the
 * first on a tie): the listener hears both, the second's steps numbered on from the first's; the kept fit's passes
 * count both paths'. The fast gaussian solver follows β held and annealed this way; the plan, the small softmax's one
 * and two adds per step; the binary classifier on the driver, its path and a second one from where it ended
 * ({@link EmOverShortlist}).
 */
public final class BetterOfTwo {

  private BetterOfTwo() {}

  /**
   * {@return the solver that runs {@code first}, then {@code second}, and keeps the better fit}
   *
   * @param first the first path
   * @param second the second path
   * @param <R> the kind of fit
   */
  public static <R extends RelevanceResult> RelevanceSolver<R> of(RelevanceSolver<R> first,
      RelevanceSolver<R> second) {
    return following(first, a -> second);
  }

  /**
   * {@return the solver that runs {@code first}, then the solver {@code second} makes of its fit, and keeps the better
   * fit}
   *
   * @param first the first path
   * @param second the second path, from the first's fit
   * @param <R> the kind of fit
   */
  public static <R extends RelevanceResult> RelevanceSolver<R> following(RelevanceSolver<R> first,
      Function<R, RelevanceSolver<R>> second) {
    return following(first, second, BetterOfTwo::last);
  }

  /**
   * {@return as {@link #following(RelevanceSolver, Function)}, the fit of the higher {@code score} kept (e.g. the log
   * marginal likelihood less a {@link SupportPrior}'s cost of each basis function kept)}
   *
   * @param first the first fit
   * @param second the second fit, given the first's result
   * @param score what the two fits are compared by
   * @param <R> the result type
   */
  static <R extends RelevanceResult> RelevanceSolver<R> following(RelevanceSolver<R> first,
      Function<R, RelevanceSolver<R>> second, java.util.function.ToDoubleFunction<R> score) {
    return (data, listener) -> {
      R a = first.fit(data, listener);
      R b = second.apply(a).fit(data, listener.numberedFrom(a.iterations() + 1));
      R kept = score.applyAsDouble(b) > score.applyAsDouble(a) ? b : a;
      @SuppressWarnings("unchecked") // each fit's withLikelihoodPasses returns its own kind
      R counted = (R) kept.withLikelihoodPasses(a.likelihoodPasses() + b.likelihoodPasses());
      return counted;
    };
  }

  /** {@return the final log marginal likelihood of {@code fit}} */
  static double last(RelevanceResult fit) {
    double[] history = fit.logMarginalLikelihoods();
    return history[history.length - 1];
  }
}
