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

import io.github.sparkrvm.statistics.CandidateScores;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.statistics.RowCollection;
import io.github.sparkrvm.statistics.RowSample;
import io.github.sparkrvm.util.IterationListener;

/**
 * Sparse Bayesian binary classification by fast marginal likelihood maximisation (Tipping &amp; Faul 2003) with the
 * Laplace approximation; the same over any {@link LaplaceLikelihood} (Poisson counts with the log link: y below is
 * then the mean eᶠ and B = diag(y)). It starts from one basis function; at the posterior mode of the current active
 * set, with B = diag(y(1 − y)) and Σ = (Φ_aᵀBΦ_a + A)⁻¹, every candidate gets Sᵢ = φᵢᵀBφᵢ − φᵢᵀBΦ_a Σ Φ_aᵀBφᵢ and
 * Qᵢ = φᵢᵀB t̂ − φᵢᵀBΦ_a Σ Φ_aᵀB t̂ with the IRLS working target t̂ = Φ_a w + B⁻¹(t − y); at the mode (where
 * Φ_aᵀ(t − y) = Aw) this is exactly the gradient Qᵢ = φᵢᵀ(t − y). The step applies the add, re-estimate
 * (α = s²/(q² − s)) or delete with the largest gain of the Gaussian-approximated log marginal likelihood, then
 * moves the mode by warm-started Newton.
 *
 * <p>Passes over the data: every likelihood evaluation is one pass. The Newton steps pass over the active basis
 * only ({@link DesignStatistics#bernoulli}); the evaluation Newton expects to end a mode search is a
 * {@link DesignStatistics#bernoulliCandidates} pass, which returns the same Newton terms and the statistics of every
 * candidate at once, so that it also scores the next step. After an add or a re-estimate the terms at the warm
 * start are assembled from the previous pass (the new weight starts at 0, so the scores do not move): a step then
 * costs its Newton steps only, usually one or two passes. A delete moves the scores and costs one more.
 *
 * <p>Steps are batched: every re-estimate, the best delete and up to maxAddsPerStep adds of the same statistics are
 * applied together and the mode is found once. Of the adds, those are kept that still gain given the ones before them
 * in order of gain, judged in the IRLS surrogate of the Laplace approximation from one pass over the active set and the
 * proposed adds only (a near copy of a kept candidate no longer gains); that pass is also the warm start of the Newton
 * steps. The Laplace objective is recorded after every step and never decreases: a batch after which it would (the
 * gains are those of the Gaussian approximation at the old mode, and they do not simply add) is undone, with no pass,
 * and the single actions are tried in order of gain (up to four per step); the fit stops when none of them gains, or
 * when no add or delete gains and no re-estimate moves log α by tol. The mode of the final active set is then polished
 * to the classic solver's Newton tolerance (one or two passes).
 */
public final class FastBernoulliSolver {

  private FastBernoulliSolver() {}

  /**
   * {@return the solver of this class over the statistics seam}
   *
   * @param options the settings (the scale-free prior only: alphaPriorShape = alphaPriorRate = 0)
   */
  public static RelevanceSolver<RelevanceFit> of(SparseBayesOptions options) {
    return of(options, LaplaceLikelihood.BERNOULLI, FitStart.cold());
  }

  /**
   * {@return the solver of this class over the statistics seam, for {@code likelihood}: it fits α over every
   * candidate, or over some of them only (a restricted start, e.g. one class' block of class-specific features in a
   * one-vs-rest fit: the others are never added; the step logic runs over the allowed candidates, and each candidates
   * pass computes their terms only), or from an initial state (its basis functions, α and weights, from which the
   * steps add, re-estimate and delete as from a cold start), and returns the Laplace posterior over the basis
   * functions kept (the step logic is {@code FastLaplaceSolver}'s, over {@link DesignStatistics#laplaceCandidates})}
   *
   * @param options the settings (the scale-free prior only: alphaPriorShape = alphaPriorRate = 0)
   * @param likelihood the likelihood of a row (Bernoulli or Poisson)
   * @param start cold (from the best single candidate), warm or restricted (one candidate set)
   */
  public static RelevanceSolver<RelevanceFit> of(SparseBayesOptions options, LaplaceLikelihood likelihood,
      FitStart start) {
    return (data, listener) -> fit(data, likelihood, options, start, listener);
  }

  /**
   * {@return the solver of this class cold over every candidate on two paths, for a fit on the driver: the fast path,
   * then em over a shortlist from where it ended and the fast path again from em's fixed point
   * ({@link EmOverShortlist}); the fit of the higher final log marginal likelihood is kept ({@link BetterOfTwo})} On
   * noisy or many-featured sets the one path stops at a poorer local maximum of the evidence than em's
   * (benchmarks/results/fast-classifier-quality.md). A warm start follows its one path: it continues from the
   * initial model, and on the same data stops at once at the same model. A first path that ends at maxIter is the fit:
   * maxIter bounds a fit's steps, and the second path would take as many again.
   *
   * @param options the settings (the scale-free prior only)
   * @param likelihood the likelihood of a row
   */
  public static RelevanceSolver<RelevanceFit> twoPaths(SparseBayesOptions options, LaplaceLikelihood likelihood) {
    RelevanceSolver<RelevanceFit> one = of(options, likelihood, FitStart.cold());
    return (data, listener) -> {
      RelevanceFit first = one.fit(data, listener);
      if (!first.converged()) {
        return first;
      }
      // under a support prior both paths end with its steps, and are compared as they climbed: less its cost a feature
      return BetterOfTwo.following((same, heard) -> first, fit -> EmOverShortlist.after(fit, options, likelihood),
          fit -> options.supportPrior().penalised(BetterOfTwo.last(fit), fit.active().length)).fit(data, listener);
    };
  }

  /**
   * How the fast solver runs at scale (over the cluster, or on large data on the driver), where a candidates pass
   * over all M candidates costs N·M kernel values (over the cluster) and N·M·k flops.
   *
   * @param pilot the sample of the rows a pilot fit runs on, held on the driver, whose basis functions, α and weights
   *     start the fit on every row; null: no pilot (a cold start, or the initial state given)
   * @param pilotAdds the adds per step of the pilot fit
   * @param shortlist L: each round runs over the active basis functions and the L candidates whose adds gain most
   *     (near copies of each other left off; {@link ShortlistRounds})
   * @param onDriver the largest fraction of the rows whose sample's fit runs on the driver: the ladder collects such a
   *     sample once ({@link RowCollection#local}) and makes no passes over it; a larger sample's passes go over
   *     the data (0: only the pilot's)
   * @param rankOnSample whether the rounds after the pilot (the ladder's and every row's) rank the candidates with
   *     the cross products of the pilot's rows, held on the driver ({@link SampledSparsity}): their passes over every
   *     candidate then do not form the N·M·k products (for rows over the cluster, where such a pass costs far more
   *     than the pilot's product on the driver)
   */
  public record AtScale(RowSample pilot, int pilotAdds, int shortlist, double onDriver, boolean rankOnSample) {

    /**
     * The rounds on every row ranking the candidates on the rows' own cross products.
     *
     * @param pilot the sample of the rows a pilot fit runs on, or null
     * @param pilotAdds the adds per step of the pilot fit (at least 1)
     * @param shortlist L (at least 1)
     * @param onDriver the largest fraction of the rows fitted on the driver, in [0, 1]
     */
    public AtScale(RowSample pilot, int pilotAdds, int shortlist, double onDriver) {
      this(pilot, pilotAdds, shortlist, onDriver, false);
    }

    /**
     * Checks the shortlist and the fraction.
     *
     * @param pilot the sample of the rows a pilot fit runs on, or null
     * @param pilotAdds the adds per step of the pilot fit (at least 1)
     * @param shortlist L (at least 1)
     * @param onDriver the largest fraction of the rows fitted on the driver, in [0, 1]
     */
    public AtScale {
      if (pilotAdds < 1) {
        throw new IllegalArgumentException("the pilot fit must add at least one basis function per step; got "
            + pilotAdds);
      }
      if (shortlist < 1) {
        throw new IllegalArgumentException("the shortlist must hold at least one candidate; got " + shortlist);
      }
      if (!(onDriver >= 0.0 && onDriver <= 1.0)) {
        throw new IllegalArgumentException("the fraction of the rows fitted on the driver must be in [0, 1]; got "
            + onDriver);
      }
    }
  }

  /**
   * {@return the solver of this class at scale, for {@code likelihood}: unless {@code initial} is given, a pilot fit
   * ({@code scale.pilotAdds()} adds per step) on the sample {@code scale.pilot()} collected to the driver, then fits
   * in rounds over a shortlist ({@link ShortlistRounds}) on samples of {@link #LADDER} times as many rows each (the
   * same seed, so each sample holds the one before), each started from the fit before; then, from that or the initial
   * state, rounds over a shortlist on every row, which end when no add is worth a round
   * ({@link ShortlistRounds.RoundSteps#roundMinGain})} A sample of at most {@code scale.onDriver()} of the rows is
   * collected to the driver and fitted there; a larger one's passes skip the rows it does not keep. With
   * {@code scale.rankOnSample()} the rounds after the pilot rank the candidates on the pilot's cross products.
   *
   * @param options the settings (the scale-free prior only)
   * @param likelihood the likelihood of a row (Bernoulli or Poisson)
   * @param initial where to start (null: from the pilot, or cold without one)
   * @param scale the pilot's sample and the shortlist's size
   */
  public static RelevanceSolver<RelevanceFit> atScale(SparseBayesOptions options, LaplaceLikelihood likelihood,
      InitialState initial, AtScale scale) {
    return (data, listener) -> {
      int m = data.numCandidates();
      InitialState start = initial;
      RowSample pilot = scale.pilot();
      FastLaplaceSolver.Likelihood ranking = null; // the pilot's rows, whose cross products rank the rounds'
      if (start == null && pilot != null) {
        RowCollection rows = RowCollection.of(data, "a pilot fit at scale");
        FastLaplaceSolver.Likelihood onPilot = over(rows.sample(pilot).local(), likelihood);
        ranking = scale.rankOnSample() ? onPilot : null;
        start = startOf(FastLaplaceSolver.fit(onPilot, m,
            options.withMaxAddsPerStep(scale.pilotAdds()), null, listener.forSample(pilot.fraction())));
        for (double f = pilot.fraction() * LADDER; f < 1.0; f *= LADDER) {
          RowCollection sampled = rows.sample(new RowSample(f, pilot.seed()));
          DesignStatistics sample = f <= scale.onDriver() ? sampled.local() : sampled;
          // the fits on samples run to the plain rule's end (no least gain of a round): their rounds are cheap, and
          // the fit on every row starts from a fixed point of the rule on the sample
          start = startOf(ShortlistRounds.fit(over(sample, likelihood), m, options, start, scale.shortlist(),
              ShortlistRounds.RoundSteps.BATCHED, 0.0, ranking, listener.forSample(f)));
        }
      }
      ShortlistRounds.RoundSteps batched = ShortlistRounds.RoundSteps.BATCHED;
      return ShortlistRounds.fit(over(data, likelihood), m, options, start, scale.shortlist(), batched,
          batched.roundMinGain(), ranking, listener);
    };
  }

  private static RelevanceFit fit(DesignStatistics stats, LaplaceLikelihood likelihood, SparseBayesOptions options,
      FitStart start, IterationListener listener) {
    FastLaplaceSolver.Likelihood full = over(stats, likelihood);
    int[][] candidates = ClassCandidates.allowed(start, 1, stats.numCandidates());
    if (candidates == null) {
      return FastLaplaceSolver.fit(full, stats.numCandidates(), options, start.initial(), listener);
    }
    int[] allowed = candidates[0];
    return ClassCandidates.onFull(FastLaplaceSolver.fit(ClassCandidates.restrict(full, allowed), allowed.length,
        options, null, listener), allowed);
  }

  /**
   * The ratio of the rows of two fits of the ladder at scale: the pilot's sample, then samples of {@value} times as
   * many rows, each started from the fit before, until every row. With a pilot of 32,768 rows, 10⁶ rows are fitted
   * after one intermediate fit on about 262,000; 256,000 rows after none.
   */
  public static final double LADDER = 8.0;

  private static InitialState startOf(RelevanceFit fit) {
    return InitialState.of(fit.active(), fit.alpha(), fit.weights(), Double.NaN);
  }

  /** {@return {@code likelihood} over the data of {@code stats}: one pass per evaluation} */
  private static FastLaplaceSolver.Likelihood over(DesignStatistics stats, LaplaceLikelihood likelihood) {
    return new FastLaplaceSolver.Likelihood() {
      @Override
      public CandidateTerms candidates(int[] active, double[] weights) {
        return stats.laplaceCandidates(likelihood, active, weights);
      }

      @Override
      public CandidateTerms candidates(int[] active, double[] weights, int[] over) {
        return stats.laplaceCandidates(likelihood, active, weights, over);
      }

      @Override
      public CandidateTerms scores(int[] active, double[] weights) {
        return stats.laplaceScores(likelihood, active, weights);
      }

      @Override
      public LikelihoodTerms terms(int[] active, double[] weights) {
        return stats.laplace(likelihood, active, weights);
      }

      @Override
      public boolean scoresApart() {
        return stats.scoresApart();
      }

      @Override
      public CandidateScores scores(int[] active, double[] weights, double[] covariance, double[] shift) {
        return stats.laplaceScores(likelihood, active, weights, covariance, shift, null);
      }

      @Override
      public CandidateScores scores(int[] active, double[] weights, double[] covariance, double[] shift,
          int[] over) {
        return stats.laplaceScores(likelihood, active, weights, covariance, shift, over);
      }
    };
  }
}
