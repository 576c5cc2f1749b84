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
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.util.IterationListener;

/**
 * Sparse Bayesian binary classification (Tipping 2001), and count regression, with the same algorithm over any
 * {@link LaplaceLikelihood} (logistic by default; Poisson with the log link): the posterior over the weights is
 * approximated by a Gaussian at its mode ({@link PosteriorMode}, one pass over the data per Newton step); α is
 * re-estimated from it with α ← (γ + 2a)/(w² + 2b), pruning α above alphaMax and the basis functions the
 * Laplace-approximated marginal likelihood supports only at α = ∞. Each mode search starts from the previous mode.
 *
 * <p>With the scale-free prior (a = b = 0), a settled step takes the exact coordinate optima
 * ({@link Reestimation#refineSettled}). A step that stalls (nothing pruned, the marginal likelihood unchanged to
 * {@link #STALLED} of itself) while an α creeps toward infinity (its exact coordinate optimum already ∞) is followed
 * by a step that prunes it, as soon as every other α has settled ({@link Reestimation#pruneCreeping}). Without that,
 * em over the fast path's shortlist ran to maxIter on 1,500 and 24,000 rows of ESL's mixture: an α near 3·10⁷, whose
 * weight (3·10⁻⁹) the mode search no longer moved, alternated between two values 0.22 apart in log at the same
 * marginal likelihood to the last bit, and the settled step never came. Only stalled fits change: the rule is not
 * applied on every step (which halves em's iterations but moves the models of {@code ModelEquivalenceTest}'s em
 * fixtures within em's tolerance, and one-vs-rest's digits from 7 to 5 vectors).
 */
public final class BernoulliRelevanceSolver {

  /**
   * A step that prunes nothing and moves the marginal likelihood by at most this much relative to it has stalled:
   * the next step prunes the α creeping toward infinity ({@link Reestimation#pruneCreeping}).
   */
  static final double STALLED = 1e-13;

  private BernoulliRelevanceSolver() {}

  /**
   * {@return the solver of this class over the statistics seam}
   *
   * @param options the settings of the outer loop
   */
  public static RelevanceSolver<RelevanceFit> of(SparseBayesOptions options) {
    return of(options, LaplaceLikelihood.BERNOULLI, FitStart.cold());
  }

  /**
   * {@return the solver of this class over the statistics seam, for {@code likelihood}: it fits α over every
   * candidate, or over some of them only (a restricted start, e.g. one class' block of class-specific features in a
   * one-vs-rest fit: the others start pruned, at α = ∞), or from an initial state (its basis functions and α, the
   * first mode search starting at its weights; the classic re-estimation only prunes, so a warm start keeps to the
   * initial basis functions), and returns the Laplace posterior over the basis functions kept}
   *
   * @param options the settings of the outer loop
   * @param likelihood the likelihood of a row (Bernoulli or Poisson)
   * @param start cold, warm or restricted (one candidate set)
   */
  public static RelevanceSolver<RelevanceFit> of(SparseBayesOptions options, LaplaceLikelihood likelihood,
      FitStart start) {
    return (data, listener) -> fit(data, likelihood, options, start, listener);
  }

  private static RelevanceFit fit(DesignStatistics stats, LaplaceLikelihood likelihood, SparseBayesOptions options,
      FitStart from, IterationListener listener) {
    InitialState initial = from.initial();
    int[][] candidates = ClassCandidates.allowed(from, 1, stats.numCandidates());
    int[] active;
    double[] w;
    double[] alpha;
    int passes;
    if (initial != null) {
      active = initial.singleActive(stats.numCandidates());
      w = initial.weights()[0].clone();
      alpha = initial.alpha()[0].clone();
      passes = 0;
    } else {
      active = candidates == null ? Reestimation.indices(stats.numCandidates()) : candidates[0];
      int m = active.length;
      w = new double[m];
      // At w = 0 every B is the same (¼ for Bernoulli, 1 for Poisson), so the first pass also gives Σ wₙ φᵢ(xₙ)² for
      // the starting α.
      LikelihoodTerms atZero = stats.laplace(likelihood, active, w);
      double curvature = likelihood.curvatureAtZero();
      double[] gramDiagonal = new double[m];
      for (int i = 0; i < m; i++) {
        gramDiagonal[i] = atZero.hessian()[i * m + i] / curvature;
      }
      double weightSum = likelihood.weightSumAtZero(atZero.logLikelihood(), gramDiagonal);
      alpha = Reestimation.initialAlpha(gramDiagonal, weightSum, 1.0);
      passes = 1;
    }
    double a = options.alphaPriorShape();
    double b = options.alphaPriorRate();

    PosteriorMode mode = PosteriorMode.find(stats, likelihood, active, alpha, w, null);
    passes += mode.passes();
    FitTrace trace = new FitTrace(listener);
    double logMarginal = mode.logMarginalLikelihood(alpha) + Reestimation.hyperprior(alpha, a, b);
    trace.record(0, logMarginal, active.length, Double.NaN, Double.NaN, passes);

    boolean converged = false;
    boolean stalled = false;
    int iteration = 0;
    while (iteration < options.maxIter()) {
      iteration++;
      double[] covariance = mode.precision().inverse();
      double[] gamma = Reestimation.wellDetermined(alpha, covariance);
      double[] next = Reestimation.mackay(gamma, mode.weights(), a, b);
      // scale-free prior: a settled step takes the exact coordinate optima; a stalled one prunes the creeping α
      if (a == 0.0 && b == 0.0 && !Reestimation.refineSettled(next, alpha, mode.weights(), gamma) && stalled) {
        Reestimation.pruneCreeping(next, alpha, mode.weights(), gamma);
      }
      int[] kept = Reestimation.kept(next, options.alphaMax());
      double change = Reestimation.maxLogChange(alpha, next, kept);
      boolean pruned = kept.length < active.length;
      active = DenseMatrices.selectIndices(active, kept);
      alpha = DenseMatrices.select(next, kept);
      double[] start = DenseMatrices.select(mode.weights(), kept);
      // Unpruned, the weights and so the likelihood terms are unchanged: no pass is needed to restart from them.
      LikelihoodTerms startTerms = pruned ? null : mode.terms();

      mode = PosteriorMode.find(stats, likelihood, active, alpha, start, startTerms);
      passes += mode.passes();
      double before = logMarginal;
      logMarginal = mode.logMarginalLikelihood(alpha) + Reestimation.hyperprior(alpha, a, b);
      stalled = !pruned && Math.abs(logMarginal - before) <= STALLED * Math.max(1.0, Math.abs(logMarginal));
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
