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

import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.util.IterationListener;

/**
 * Sparse Bayesian binary classification (Tipping 2001): the posterior over the weights is approximated by a
 * Gaussian at its mode ({@link PosteriorMode}, one pass over the data per Newton step); α is re-estimated from it
 * with α ← (γ + 2a)/(w² + 2b), pruning α above alphaMax and the basis functions the Laplace-approximated
 * marginal likelihood supports only at α = ∞. Each mode search starts from the previous mode.
 */
public final class BernoulliRelevanceSolver {

  private BernoulliRelevanceSolver() {}

  /**
   * {@return the solver of this class over the statistics seam}
   *
   * @param options the settings of the outer loop
   */
  public static RelevanceSolver<RelevanceFit> of(SparseBayesOptions options) {
    return of(options, null);
  }

  /**
   * {@return the solver of this class over the statistics seam, started from {@code initial}}
   *
   * @param options the settings of the outer loop
   * @param initial where to start (null: a cold start from every candidate)
   */
  public static RelevanceSolver<RelevanceFit> of(SparseBayesOptions options, InitialState initial) {
    return (data, listener) -> fit(data, options, initial, listener);
  }

  /**
   * Fits α and returns the Laplace posterior over the basis functions kept.
   *
   * @param stats the data, through the statistics seam
   * @param options the settings of the outer loop
   * @param listener told of every step
   * @return the fit
   */
  public static RelevanceFit fit(DesignStatistics stats, SparseBayesOptions options, IterationListener listener) {
    return fit(stats, options, null, listener);
  }

  /**
   * Fits as {@link #fit(DesignStatistics, SparseBayesOptions, IterationListener)}, from {@code initial}: its basis
   * functions and α, the first mode search starting at its weights. The classic re-estimation only prunes, so a warm
   * start keeps to the initial basis functions.
   *
   * @param stats the data, through the statistics seam
   * @param options the settings of the outer loop
   * @param initial where to start (null: a cold start from every candidate)
   * @param listener told of every step
   * @return the fit
   */
  public static RelevanceFit fit(DesignStatistics stats, SparseBayesOptions options, InitialState initial,
      IterationListener listener) {
    int m = stats.numCandidates();
    int[] active;
    double[] w;
    double[] alpha;
    int passes;
    if (initial != null) {
      active = initial.singleActive(m);
      w = initial.weights()[0].clone();
      alpha = initial.alpha()[0].clone();
      passes = 0;
    } else {
      active = Reestimation.indices(m);
      w = new double[m];
      // At w = 0 every y(1 − y) is ¼, so the first pass also gives Σ wₙ φᵢ(xₙ)² for the starting α.
      LikelihoodTerms atZero = stats.bernoulli(active, w);
      double[] gramDiagonal = new double[m];
      for (int i = 0; i < m; i++) {
        gramDiagonal[i] = 4.0 * atZero.hessian()[i * m + i];
      }
      double weightSum = -atZero.logLikelihood() / Math.log(2.0);
      alpha = Reestimation.initialAlpha(gramDiagonal, weightSum, 1.0);
      passes = 1;
    }
    double a = options.alphaPriorShape();
    double b = options.alphaPriorRate();

    PosteriorMode mode = PosteriorMode.find(stats, active, alpha, w);
    passes += mode.passes();
    FitTrace trace = new FitTrace(listener);
    double logMarginal = mode.logMarginalLikelihood(alpha) + Reestimation.hyperprior(alpha, a, b);
    trace.record(0, logMarginal, active.length, Double.NaN, Double.NaN, passes);

    boolean converged = false;
    int iteration = 0;
    while (iteration < options.maxIter()) {
      iteration++;
      double[] covariance = mode.precision().inverse();
      double[] gamma = Reestimation.wellDetermined(alpha, covariance);
      double[] next = Reestimation.mackay(gamma, mode.weights(), a, b);
      if (a == 0.0 && b == 0.0) {
        Reestimation.refineSettled(next, alpha, mode.weights(), gamma);
      }
      int[] kept = Reestimation.kept(next, options.alphaMax());
      double change = Reestimation.maxLogChange(alpha, next, kept);
      boolean pruned = kept.length < active.length;
      active = DenseMatrices.selectIndices(active, kept);
      alpha = DenseMatrices.select(next, kept);
      double[] start = DenseMatrices.select(mode.weights(), kept);
      // Unpruned, the weights and so the likelihood terms are unchanged: no pass is needed to restart from them.
      LikelihoodTerms startTerms = pruned ? null : mode.terms();

      mode = PosteriorMode.find(stats, active, alpha, start, startTerms);
      passes += mode.passes();
      logMarginal = mode.logMarginalLikelihood(alpha) + Reestimation.hyperprior(alpha, a, b);
      trace.record(iteration, logMarginal, active.length, change, Double.NaN, mode.passes());
      if (!pruned && change < options.tol()) {
        converged = true;
        break;
      }
    }
    return new RelevanceFit(active, mode.weights(), alpha, mode.precision().inverse(), Double.NaN, iteration,
        converged, trace.objective(), trace.activeCounts(), passes);
  }
}
