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

import io.github.sparkrvm.linalg.Cholesky;
import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.solvers.SequentialAction.Action;
import io.github.sparkrvm.solvers.SequentialAction.Kind;
import io.github.sparkrvm.statistics.CandidateScores;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.LikelihoodSlope;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.util.IterationListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * The step logic of fast marginal likelihood maximisation (Tipping &amp; Faul 2003) with the Laplace approximation,
 * over any likelihood that returns {@link CandidateTerms} — the logistic one ({@link FastBernoulliSolver}) or the
 * softmax one in flat coordinates ({@link FastMultinomialSolver}). It starts from one candidate; at the posterior
 * mode of the current active set, with B the negative Hessian weights of the likelihood and Σ = (Φ_aᵀBΦ_a + A)⁻¹,
 * every candidate gets Sᵢ = φᵢᵀBφᵢ − φᵢᵀBΦ_a Σ Φ_aᵀBφᵢ and, at the mode (where Φ_aᵀ(t − y) = Aw),
 * Qᵢ = φᵢᵀ(t − y), the gradient. The step applies the add, re-estimate (α = s²/(q² − s)) or delete with the largest
 * gain of the Gaussian-approximated log marginal likelihood ({@link SequentialAction}, the rule the Gaussian solver
 * uses too), then moves the mode by warm-started Newton.
 *
 * <p>Passes over the data: every likelihood evaluation is one pass. The Newton steps of a mode search evaluate the
 * likelihood over the k active basis functions only ({@link Likelihood#terms}); the step that Newton's quadratic
 * convergence predicts to be the last evaluates {@link Likelihood#candidates} instead, which returns the same
 * Newton terms and the statistics of every candidate at once (M candidates: on large data that pass costs far more,
 * since every block is expanded over all M and the cross products cost N·M·k), so the evaluation that ends a mode
 * search usually scores the next step too; when it did not, one more candidates pass does. The single actions tried
 * after a refused batch (below) search with active-set passes only, and the one accepted is scored with one
 * candidates pass. After an add or a
 * re-estimate the terms at the warm start are assembled from the previous pass (the new weight starts at 0, so the
 * scores do not move): a step then costs its Newton steps only, usually one or two passes. A delete moves the
 * scores and costs one more.
 *
 * <p>Steps are batched: every re-estimate, the best delete and up to maxAddsPerStep adds of the same statistics are
 * applied together and the mode is found once. Of the adds, those are kept that still gain given the ones before them
 * in order of gain, judged in the IRLS surrogate of the Laplace approximation from one pass over the active set and the
 * proposed adds only (a near copy of a kept candidate no longer gains); that pass is also the warm start of the Newton
 * steps. The pass screens the active set and at most maxAddsPerStep candidates, far fewer than the M of a candidates
 * pass. The Laplace objective is recorded after every step and never decreases: a batch after which it would (the gains
 * are those of the Gaussian approximation at the old mode, and they do not simply add) is undone, with no pass, and the
 * single actions are tried in order of gain (up to four per step); the fit stops when none of them gains, when no
 * action is predicted to gain more than 1e-6 of |objective|, or when no add or delete gains and no re-estimate moves
 * log α by tol. The mode of the final active set is then polished to the
 * classic solver's Newton tolerance (one or two passes of {@link Likelihood#terms}).
 */
final class FastLaplaceSolver {

  /**
   * The Newton decrement ½gᵀH⁻¹g (relative to 1 + |Ψ|) at which a mode search between steps stops: the objective is
   * then within about that of its value at the exact mode. Looser than the classic solver's 1e-12, it saves about a
   * quarter of the passes on Ripley (250 rows) and half on a 1000-row mixture; the final mode is polished to 1e-12.
   */
  static final double NEWTON_TOLERANCE = 1e-5;

  /**
   * The Newton decrement (nats) at which a mode search between steps stops in any case. On large data the relative
   * tolerance alone leaves the objective uncertain by more than the gains of the later steps (1e-5 of the
   * log-likelihood of 10⁶ rows is several nats), and those steps are then refused: on 10⁶ rows × 100 features the
   * fit stopped after one step with 15 of the features instead of about 40.
   */
  static final double NEWTON_ABSOLUTE_TOLERANCE = 1e-2;

  /** The most actions tried in one step when the best ones would lower the Laplace objective. */
  private static final int MAX_TRIES = 4;

  /** The likelihood the solver climbs: one pass over the data per call. */
  interface Likelihood {

    /**
     * The log-likelihood and the candidate terms of every candidate at {@code weights} over {@code active}.
     *
     * @param active the active candidates, ascending (may be empty: w = 0)
     * @param weights their weights
     * @return the terms
     */
    CandidateTerms candidates(int[] active, double[] weights);

    /**
     * The terms of {@link #candidates(int[], double[])} over the candidates {@code over} only, numbered in their
     * order (as {@link CandidateTerms#restrictedTo} numbers them). By default every candidate's terms are computed
     * and these kept; a likelihood over data computes these columns only.
     *
     * @param active the active candidates, ascending, each among {@code over}
     * @param weights their weights
     * @param over the candidates whose terms are wanted, ascending
     * @return the terms over {@code over}
     */
    default CandidateTerms candidates(int[] active, double[] weights, int[] over) {
      return candidates(active, weights).restrictedTo(over);
    }

    /**
     * The terms of {@link #candidates(int[], double[])} at weights whose terms over the active set are {@code known}
     * (exact, from a pass over the active set at the same weights). Where the likelihood has a pass that then leaves
     * out the Hessian among the active candidates (the softmax at scale), it takes those entries from {@code known};
     * by default every term is computed.
     *
     * @param active the active candidates, ascending
     * @param weights their weights
     * @param known the exact terms over {@code active} at {@code weights}
     * @return the terms
     */
    default CandidateTerms candidates(int[] active, double[] weights, LikelihoodTerms known) {
      return candidates(active, weights);
    }

    /**
     * The terms of {@link #candidates(int[], double[], LikelihoodTerms)} over the candidates {@code over} only,
     * numbered in their order. By default every term of {@link #candidates(int[], double[], int[])}.
     *
     * @param active the active candidates, ascending, each among {@code over}
     * @param weights their weights
     * @param over the candidates whose terms are wanted, ascending
     * @param known the exact terms over {@code active} at {@code weights}
     * @return the terms over {@code over}
     */
    default CandidateTerms candidates(int[] active, double[] weights, int[] over, LikelihoodTerms known) {
      return candidates(active, weights, over);
    }

    /**
     * The log-likelihood, gradient and weighted square of {@link #candidates(int[], double[])}; the cross products
     * may be left at 0 (a likelihood over data computes these in a pass that does not form them). By default the
     * full terms.
     *
     * @param active the active candidates, ascending
     * @param weights their weights
     * @return the terms, their cross products unspecified
     */
    default CandidateTerms scores(int[] active, double[] weights) {
      return candidates(active, weights);
    }

    /**
     * The negative Hessian entries among {@code among} (candidates outside the active set, ascending; s × s,
     * column-major) at {@code weights} over {@code active}, from a pass that forms no more than these (the entries
     * between the adds of a batch, which the candidates pass at the mode does not hold), or null where the likelihood
     * has no such pass: a batch is then screened with one pass over the active set and its adds.
     *
     * @param active the active candidates, ascending
     * @param weights their weights
     * @param among the candidates whose entries are wanted, ascending, none of them active
     * @return the entries, or null
     */
    default double[] crossAmong(int[] active, double[] weights, int[] among) {
      return null;
    }

    /**
     * Whether {@link #slope} has a pass without the Hessian, on which mode searches take chord steps
     * ({@link PosteriorMode#findByChords}). False by default.
     *
     * @return whether the likelihood has a slope pass
     */
    default boolean slopes() {
      return false;
    }

    /**
     * The log-likelihood and gradient of {@link #terms} without the Hessian, from a pass that forms no product of
     * the basis with itself (only where {@link #slopes}).
     *
     * @param active the active candidates, ascending
     * @param weights their weights
     * @return the log-likelihood and gradient
     */
    default LikelihoodSlope slope(int[] active, double[] weights) {
      throw new UnsupportedOperationException("this likelihood has no pass without the Hessian");
    }

    /**
     * The likelihood terms over the active set only: the Newton steps that Newton does not expect to end a mode
     * search, and the final polish of the mode, need no candidate.
     *
     * @param active the active candidates, ascending
     * @param weights their weights
     * @return the terms
     */
    LikelihoodTerms terms(int[] active, double[] weights);

    /**
     * Whether steps are scored with {@link #scores} (the active terms at the mode first, then a pass that sums and
     * scores each candidate's cross products apart, never holding the M × k of them in one place) rather than from
     * {@link #candidates}. False by default.
     *
     * @return whether candidates are scored apart
     */
    default boolean scoresApart() {
      return false;
    }

    /**
     * S and Q of every candidate at {@code weights} over {@code active}, whose posterior covariance is
     * {@code covariance} and IRLS shift {@code shift} ({@link CandidateScores}). By default from
     * {@link #candidates(int[], double[])}.
     *
     * @param active the active candidates, ascending
     * @param weights their weights
     * @param covariance Σ (k × k)
     * @param shift δ (length k)
     * @return S and Q of every candidate
     */
    default CandidateScores scores(int[] active, double[] weights, double[] covariance, double[] shift) {
      CandidateTerms t = candidates(active, weights);
      return CandidateScores.of(t.numCandidates(), active.length, t.gradient(), t.diagonal(), t.cross(), covariance,
          shift, null);
    }

    /**
     * The scores of {@link #scores(int[], double[], double[], double[])} over the candidates {@code over} only,
     * numbered in their order. By default from {@link #candidates(int[], double[], int[])}.
     *
     * @param active the active candidates, ascending, each among {@code over}
     * @param weights their weights
     * @param covariance Σ (k × k)
     * @param shift δ (length k)
     * @param over the candidates scored, ascending
     * @return S and Q of the candidates of {@code over}
     */
    default CandidateScores scores(int[] active, double[] weights, double[] covariance, double[] shift, int[] over) {
      CandidateTerms t = candidates(active, weights, over);
      return CandidateScores.of(t.numCandidates(), active.length, t.gradient(), t.diagonal(), t.cross(), covariance,
          shift, null);
    }
  }

  private final Likelihood likelihood;
  private final SparseBayesOptions options;
  private final int m;
  private final InitialState initial;
  private final CandidateTerms known;
  /**
   * Whether steps are scored with {@link Likelihood#scores}: where the likelihood scores apart, and under a support
   * prior, whose adds are bounded by the candidates' reach.
   */
  private final boolean apart;
  /**
   * Whether a step's candidate terms are computed once it is accepted, beside the exact terms over the active set
   * that its mode search ended with (where the mode searches take chord steps, {@link Likelihood#slopes}): every
   * exact evaluation of a search is then over the active set, and a refused step costs no candidate's terms.
   * Elsewhere the evaluation that Newton expects to end a search computes them.
   */
  private final boolean scoredOnceAccepted;
  private int passes;

  private FastLaplaceSolver(Likelihood likelihood, int numCandidates, SparseBayesOptions options,
      InitialState initial, CandidateTerms known) {
    this.likelihood = likelihood;
    this.options = options;
    this.m = numCandidates;
    this.initial = initial;
    this.known = known;
    this.apart = likelihood.scoresApart() || options.supportPrior().any();
    this.scoredOnceAccepted = likelihood.slopes();
  }

  /**
   * Fits α over {@code numCandidates} candidates of {@code likelihood} with the scale-free prior.
   *
   * @param likelihood the likelihood
   * @param numCandidates the number of candidates
   * @param options the settings (alphaPriorShape = alphaPriorRate = 0)
   * @param listener told of every step
   * @return the fit (no noise precision: NaN)
   */
  static RelevanceFit fit(Likelihood likelihood, int numCandidates, SparseBayesOptions options,
      IterationListener listener) {
    return fit(likelihood, numCandidates, options, null, listener);
  }

  /**
   * Fits as {@link #fit(Likelihood, int, SparseBayesOptions, IterationListener)}, from {@code initial} (a single
   * part over the candidates, flat for the softmax): its candidates, α and weights, whose mode is found first.
   *
   * @param likelihood the likelihood
   * @param numCandidates the number of candidates
   * @param options the settings (alphaPriorShape = alphaPriorRate = 0)
   * @param initial where to start (null: a cold start from the best single candidate)
   * @param listener told of every step
   * @return the fit (no noise precision: NaN)
   */
  static RelevanceFit fit(Likelihood likelihood, int numCandidates, SparseBayesOptions options, InitialState initial,
      IterationListener listener) {
    return fit(likelihood, numCandidates, options, initial, null, listener);
  }

  /**
   * Fits as {@link #fit(Likelihood, int, SparseBayesOptions, InitialState, IterationListener)}, from {@code initial}
   * whose weights are the mode for its α and whose candidate terms there are {@code known} when given: the fit then
   * starts with no pass (rounds over a shortlist start where the round before ended, scored by the full pass that
   * chose the shortlist).
   *
   * @param likelihood the likelihood
   * @param numCandidates the number of candidates
   * @param options the settings (alphaPriorShape = alphaPriorRate = 0)
   * @param initial where to start (null: a cold start from the best single candidate)
   * @param known the candidate terms at the initial weights, the initial weights being the mode for the initial α
   *     (null: the mode is searched for and the terms computed)
   * @param listener told of every step
   * @return the fit (no noise precision: NaN)
   */
  static RelevanceFit fit(Likelihood likelihood, int numCandidates, SparseBayesOptions options, InitialState initial,
      CandidateTerms known, IterationListener listener) {
    if (options.alphaPriorShape() != 0.0 || options.alphaPriorRate() != 0.0) {
      throw new IllegalArgumentException("the fast solver supports the scale-free prior only "
          + "(alphaPriorShape = alphaPriorRate = 0); use solver em for a Gamma hyperprior");
    }
    return new FastLaplaceSolver(likelihood, numCandidates, options, initial, known).run(listener);
  }

  /**
   * The state at a mode: active set, α, the mode, and the candidate terms there or (scored apart) their S and Q
   * (both null: not yet scored).
   */
  private record State(int[] active, double[] alpha, PosteriorMode mode, CandidateTerms terms,
      CandidateScores scores, double objective) {

    State(int[] active, double[] alpha, PosteriorMode mode, CandidateTerms terms, double objective) {
      this(active, alpha, mode, terms, null, objective);
    }

    boolean isScored() {
      return terms != null || scores != null;
    }
  }

  private RelevanceFit run(IterationListener listener) {
    State state;
    if (initial != null && initial.size() > 0) {
      state = warmStart();
    } else {
      passes = 1;
      if (apart) {
        CandidateScores empty = likelihood.scores(new int[0], new double[0], new double[0], new double[0]);
        state = start(empty.sparsity(), empty.quality(), empty.reach(),
            new State(new int[0], new double[0], null, null, empty, Double.NEGATIVE_INFINITY));
      } else {
        CandidateTerms empty = likelihood.candidates(new int[0], new double[0]);
        state = start(empty.diagonal(), empty.gradient(), null,
            new State(new int[0], new double[0], null, empty, Double.NEGATIVE_INFINITY));
      }
    }
    FitTrace trace = new FitTrace(listener);
    trace.record(0, state.objective(), state.active().length, Double.NaN, Double.NaN, passes);
    boolean converged = false;
    int step = 0;
    while (step < options.maxIter()) {
      step++;
      int before = passes;
      List<Action> ranked = rankedActions(state);
      if (ranked.isEmpty() || settled(state, ranked)) {
        converged = true;
        step--;
        break;
      }
      double slack = 1e-10 * (1.0 + Math.abs(state.objective()));
      State next = null;
      double change = 0.0;
      List<Action> batch = SequentialAction.batch(ranked, options.maxAddsPerStep());
      if (batch.size() > 1) {
        Screened screened = screened(state, batch);
        State candidate = moveTo(state, screened.actions(), !scoredOnceAccepted, screened.startTerms(),
            screened.held());
        if (posterior(candidate) >= posterior(state) - slack) {
          next = scored(candidate);
          change = maxLogChange(state, screened.actions());
        }
      }
      Set<Integer> tried = new HashSet<>();
      for (Action action : next == null ? ranked : List.<Action>of()) {
        if (tried.size() == MAX_TRIES) {
          break;
        }
        if (!tried.add(action.index())) {
          continue;
        }
        // A single try after a failed batch is often refused too: its mode search makes active-set passes only, and
        // the candidates pass is made once it is accepted.
        State candidate = moveTo(state, List.of(action), false, null, null);
        if (posterior(candidate) >= posterior(state) - slack) {
          next = scored(candidate);
          change = maxLogChange(state, List.of(action));
          break;
        }
      }
      if (next == null) {
        converged = true; // no action raises the Laplace objective any more
        step--;
        break;
      }
      state = next;
      trace.record(step, state.objective(), state.active().length, change, Double.NaN, passes - before);
    }
    int[] finalActive = state.active().clone();
    PosteriorMode mode = PosteriorMode.find(w -> likelihood.terms(finalActive, w), state.alpha(),
        state.mode().weights(), state.mode().terms());
    passes += mode.passes();
    return new RelevanceFit(state.active(), mode.weights(), state.alpha(), mode.precision().inverse(), Double.NaN,
        step, converged, trace.objective(), trace.activeCounts(), passes);
  }

  /**
   * The first basis function: the best add at w = 0 (else the largest Q²/S, with a large α), from S and Q there (the
   * B-weighted squares and the gradients) and, under a support prior, the reach that bounds each add's gain.
   */
  private State start(double[] bigS, double[] bigQ, double[] reach, State empty) {
    Action best = null;
    int fallback = -1;
    double ratio = -1.0;
    for (int i = 0; i < m; i++) {
      double s = bigS[i];
      double q = bigQ[i];
      if (!(s > 0.0)) {
        continue;
      }
      Action add = SequentialAction.bounded(SequentialAction.add(i, s, q, options.alphaMax()), reach);
      if (add != null && (best == null || add.gain() > best.gain())) {
        best = add;
      }
      if (q * q / s > ratio) {
        ratio = q * q / s;
        fallback = i;
      }
    }
    if (fallback < 0) {
      throw new IllegalArgumentException("every candidate basis function is zero on the training data");
    }
    if (best == null) {
      double s = bigS[fallback];
      best = new Action(Kind.ADD, fallback, Math.min(options.alphaMax(), s * s / Math.max(1e-6 * s, 1e-300)), 0.0);
    }
    return moveTo(empty, List.of(best), true, null, null);
  }

  /**
   * The initial state's candidates and α, at the mode found from its weights, scored; with the known terms, at its
   * weights (no pass).
   */
  private State warmStart() {
    int[] active = initial.singleActive(m).clone();
    double[] alpha = initial.alpha()[0].clone();
    if (known != null) {
      if (known.numCandidates() != m || !Arrays.equals(known.active(), active)) {
        throw new IllegalArgumentException("the known candidate terms are not over the initial state's candidates");
      }
      PosteriorMode at = PosteriorMode.at(initial.weights()[0], known.activeTerms(), alpha);
      return new State(active, alpha, at, known, at.logMarginalLikelihood(alpha));
    }
    PosteriorMode mode = PosteriorMode.find(w -> likelihood.terms(active, w), alpha, initial.weights()[0], null);
    passes += mode.passes();
    return scored(new State(active, alpha, mode, null, mode.logMarginalLikelihood(alpha)));
  }

  /**
   * {@return the objective a step must not lower: the Laplace log marginal likelihood, less the support prior's
   * cost of each active candidate ({@link SupportPrior}; with none, the log marginal likelihood itself)}
   */
  private double posterior(State state) {
    return options.supportPrior().penalised(state.objective(), state.active().length);
  }

  private static double alphaOf(State state, int candidate) {
    int pos = Arrays.binarySearch(state.active(), candidate);
    return pos >= 0 ? state.alpha()[pos] : Double.POSITIVE_INFINITY;
  }

  /** Converged when no add or delete gains and no re-estimate moves log α by tol or more. */
  private boolean settled(State state, List<Action> ranked) {
    for (Action a : ranked) {
      if (a.kind() != Kind.REESTIMATE) {
        return false;
      }
      if (Math.abs(Math.log(a.alpha()) - Math.log(alphaOf(state, a.index()))) >= options.tol()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Sᵢ and Qᵢ of every candidate at the mode {@code weights} whose candidate terms are {@code terms} and whose
   * covariance is Σ = {@code covariance} (k × k): Sᵢ = φᵢᵀBφᵢ − φᵢᵀBΦ_a Σ Φ_aᵀBφᵢ (one dgemm for all candidates) and
   * Qᵢ in the IRLS form φᵢᵀBt̂ − φᵢᵀBΦ_a Σ Φ_aᵀBt̂, t̂ = Φ_a w + B⁻¹(t − y), which is
   * Qᵢ = gᵢ + cᵢᵀ(w − Σ(Hw + g_a)) with g the gradient, cᵢ = Φ_aᵀBφᵢ and H = Φ_aᵀBΦ_a. At the exact mode
   * Σ(Hw + g_a) = w and Qᵢ is the gradient gᵢ; the mode searches stop at a Newton decrement of about 1e-2 nats,
   * which can leave a gradient residual of order 0.1 on a weight whose α is large, and the IRLS form does not
   * depend on that residual. (Reading the gradient alone there predicted a gain of 44 nats for a re-estimate that
   * lowered the objective by 2.)
   *
   * @return {S, Q}, each of length M
   */
  static double[][] sparsityQuality(CandidateTerms terms, double[] covariance, double[] weights) {
    int k = terms.active().length;
    CandidateScores scores = CandidateScores.of(terms.numCandidates(), k, terms.gradient(), terms.diagonal(),
        terms.cross(), covariance, shift(terms.activeTerms(), covariance, weights), null);
    return new double[][] {scores.sparsity(), scores.quality()};
  }

  /** {@return δ = w − Σ(Hw + g_a) of the IRLS form of Q at {@code weights}, from the active terms there} */
  static double[] shift(LikelihoodTerms active, double[] covariance, double[] weights) {
    int k = weights.length;
    double[] target = active.gradient().clone();
    for (int c = 0; c < k; c++) {
      for (int a = 0; a < k; a++) {
        target[a] += active.hessian()[c * k + a] * weights[c];
      }
    }
    double[] shift = weights.clone();
    for (int c = 0; c < k; c++) {
      for (int a = 0; a < k; a++) {
        shift[a] -= covariance[c * k + a] * target[c];
      }
    }
    return shift;
  }

  /** Every candidate's action that gains more than {@link SequentialAction#minGain}, largest gain first. */
  private List<Action> rankedActions(State state) {
    double[][] sq = state.scores() != null
        ? new double[][] {state.scores().sparsity(), state.scores().quality()}
        : sparsityQuality(state.terms(), state.mode().precision().inverse(), state.mode().weights());
    return SequentialAction.ranked(state.active(), state.alpha(), sq[0], sq[1], state.objective(),
        options.alphaMax(), options.supportPrior(), state.scores() == null ? null : reach(state.scores()));
  }

  /**
   * A batch's actions and the likelihood terms at its warm start (null: assembled from the state's pass), or, where
   * the batch deletes and its surrogate was linearised at the state's mode, the negative Hessian there over the
   * batch's active set for its mode search's chord steps (else null).
   */
  private record Screened(List<Action> actions, LikelihoodTerms startTerms, double[] held) {

    Screened(List<Action> actions, LikelihoodTerms startTerms) {
      this(actions, startTerms, null);
    }
  }

  /**
   * Keeps the adds of a batch that gain given each other. With more than one add, one pass over the active set and
   * every proposed add (not over all M candidates) gives the negative Hessian H and the gradient g over that union U
   * at the warm start w; the IRLS surrogate of the Laplace approximation is the Gaussian problem with ΦᵀBΦ = H and
   * ΦᵀBt̂ = Hw + g, in which Tipping &amp; Faul's Sⱼ = Hⱼⱼ − HⱼₛΣₛHₛⱼ and Qⱼ = (Hw + g)ⱼ − HⱼₛΣₛ(Hw + g)ₛ are exact
   * for any kept set s. The adds are taken in order of their gain and kept, at the surrogate's α = S²/(Q² − S),
   * while they still gain given the ones kept before them: a near copy of a kept candidate no longer does. The same
   * pass gives the warm start's terms. Where the state's candidates pass and {@link Likelihood#crossAmong} give H and
   * g at the state's mode, the surrogate is assembled from them with no pass over the active set; a batch that also
   * deletes is then screened, where the likelihood's mode searches take chord steps ({@link Likelihood#slopes}), in
   * the surrogate linearised at the state's mode (the deleted candidates in U, outside the kept set, so that ΦᵀBt̂ is
   * the mode's), and its mode search holds that H ({@link Screened#held}) instead of a pass at the warm start.
   */
  private Screened screened(State state, List<Action> batch) {
    List<Action> adds = batch.stream().filter(a -> a.kind() == Kind.ADD).toList();
    if (adds.size() <= 1) {
      return new Screened(batch, null);
    }
    Proposal union = proposal(state, batch);
    int[] members = union.active();
    int[] deleted = batch.stream().filter(a -> a.kind() == Kind.DELETE).mapToInt(Action::index).sorted().toArray();
    // linearised at the state's mode where its pass holds the terms (the deleted candidates among U), else at the
    // warm start from a pass over the active set and the adds
    int[] around = IntStream.concat(Arrays.stream(members), Arrays.stream(deleted)).sorted().toArray();
    LikelihoodTerms terms = deleted.length > 0 && !likelihood.slopes() ? null : fromScoredState(state, around);
    double[] at;
    if (terms != null) {
      at = new double[around.length];
      for (int p = 0; p < around.length; p++) {
        int pos = Arrays.binarySearch(state.active(), around[p]);
        at[p] = pos >= 0 ? state.mode().weights()[pos] : 0.0;
      }
    } else {
      around = members;
      at = union.start();
      terms = likelihood.terms(members, at);
    }
    passes++;
    int u = around.length;
    double[] h = terms.hessian();
    double[] target = terms.gradient().clone();
    for (int c = 0; c < u; c++) {
      double wc = at[c];
      for (int a = 0; a < u; a++) {
        target[a] += h[c * u + a] * wc;
      }
    }
    List<Integer> kept = new ArrayList<>();
    List<Action> out = new ArrayList<>();
    for (int p = 0; p < u; p++) {
      if (Arrays.binarySearch(state.active(), around[p]) >= 0 && Arrays.binarySearch(deleted, around[p]) < 0) {
        kept.add(p);
      }
    }
    for (Action a : batch) {
      if (a.kind() != Kind.ADD) {
        out.add(a);
      }
    }
    double[] alpha = new double[u];
    for (int p = 0; p < u; p++) {
      int pos = Arrays.binarySearch(members, around[p]);
      alpha[p] = pos >= 0 ? union.alpha()[pos] : Double.NaN; // a deleted candidate is never kept
    }
    for (Action add : adds) {
      int p = Arrays.binarySearch(around, add.index());
      double[] sq = surrogateSparsityQuality(h, target, u, kept, alpha, p);
      Action again = SequentialAction.bounded(SequentialAction.add(add.index(), sq[0], sq[1], options.alphaMax()),
          state.scores() == null ? null : reach(state.scores()));
      if (again != null && again.gain() - options.supportPrior().addCost(kept.size()) > SequentialAction.MIN_GAIN) {
        out.add(again);
        kept.add(p);
        alpha[p] = again.alpha();
      }
    }
    if (out.isEmpty()) {
      // only adds were proposed and, to rounding, not even the best one gains in the surrogate: try it alone
      return new Screened(List.of(adds.get(0)), null);
    }
    LikelihoodTerms over = restricted(terms, around, proposal(state, out).active());
    return deleted.length == 0 || around == members ? new Screened(out, over) : new Screened(out, null, over.hessian());
  }

  /**
   * {@return the likelihood terms over {@code members} (the state's active candidates and some adds) at the state's
   * mode, the adds' weights 0, from the state's candidates pass and the entries among the adds
   * ({@link Likelihood#crossAmong}: a pass that forms only those), or null where the state has no candidate terms or
   * the likelihood no such pass}
   */
  private LikelihoodTerms fromScoredState(State state, int[] members) {
    if (state.terms() == null) {
      return null;
    }
    int[] adds = Arrays.stream(members).filter(c -> Arrays.binarySearch(state.active(), c) < 0).toArray();
    double[] among = likelihood.crossAmong(state.active(), state.mode().weights(), adds);
    return among == null ? null : termsOver(state.terms(), members, adds, among);
  }

  /** Sⱼ and Qⱼ of position j of the surrogate given the kept positions at their α (see {@link #screened}). */
  private static double[] surrogateSparsityQuality(double[] h, double[] target, int u, List<Integer> kept,
      double[] alpha, int j) {
    int k = kept.size();
    double[] precision = new double[k * k];
    double[] cross = new double[k];
    double[] keptTarget = new double[k];
    for (int a = 0; a < k; a++) {
      int pa = kept.get(a);
      for (int c = 0; c < k; c++) {
        precision[c * k + a] = h[kept.get(c) * u + pa];
      }
      precision[a * k + a] += alpha[pa];
      cross[a] = h[j * u + pa];
      keptTarget[a] = target[pa];
    }
    double[] solved = k == 0 ? new double[0] : Cholesky.factorWithJitter(precision, k).solve(cross);
    return new double[] {h[j * u + j] - DenseMatrices.dot(cross, solved),
        target[j] - DenseMatrices.dot(keptTarget, solved)};
  }

  /** The terms over {@code to} (a subset of {@code from}, both ascending) taken from terms over {@code from}. */
  private static LikelihoodTerms restricted(LikelihoodTerms terms, int[] from, int[] to) {
    int n = from.length;
    int k = to.length;
    int[] at = new int[k];
    for (int a = 0; a < k; a++) {
      at[a] = Arrays.binarySearch(from, to[a]);
    }
    double[] g = new double[k];
    double[] h = new double[k * k];
    for (int a = 0; a < k; a++) {
      g[a] = terms.gradient()[at[a]];
      for (int c = 0; c < k; c++) {
        h[c * k + a] = terms.hessian()[at[c] * n + at[a]];
      }
    }
    return new LikelihoodTerms(k, terms.logLikelihood(), g, h);
  }

  private static double maxLogChange(State state, List<Action> actions) {
    double change = 0.0;
    for (Action a : actions) {
      double before = alphaOf(state, a.index());
      change = Math.max(change, a.kind() == Kind.REESTIMATE
          ? Math.abs(Math.log(a.alpha()) - Math.log(before)) : Double.POSITIVE_INFINITY);
    }
    return change;
  }

  /** {@return the state with the candidate terms at its mode, computed with one pass if it has none yet} */
  private State scored(State state) {
    if (state.isScored()) {
      return state;
    }
    passes++;
    if (apart) {
      return new State(state.active(), state.alpha(), state.mode(), null,
          scoresAt(state.active(), state.mode()), state.objective());
    }
    return new State(state.active(), state.alpha(), state.mode(),
        likelihood.candidates(state.active(), state.mode().weights(), state.mode().terms()), state.objective());
  }

  /** {@return the reach that bounds the adds' gains: under a support prior only (null: no bound)} */
  private double[] reach(CandidateScores scores) {
    return options.supportPrior().any() ? scores.reach() : null;
  }

  /** {@return S and Q of every candidate at {@code mode} over {@code active}, scored apart (one pass)} */
  private CandidateScores scoresAt(int[] active, PosteriorMode mode) {
    double[] covariance = mode.precision().inverse();
    return likelihood.scores(active, mode.weights(), covariance, shift(mode.terms(), covariance, mode.weights()));
  }

  /**
   * A step's new active set (ascending), its α and the warm start (the kept weights; added ones start at 0).
   *
   * @param adds how many of the actions are adds
   * @param deleted whether one of them is a delete
   */
  private record Proposal(int[] active, double[] alpha, double[] start, int adds, boolean deleted) {}

  /** {@return the state after {@code actions} (on distinct candidates), before the mode is searched} */
  private static Proposal proposal(State state, List<Action> actions) {
    int[] active = state.active();
    double[] alpha = state.alpha().clone();
    double[] weights = state.mode() == null ? new double[0] : state.mode().weights();
    TreeMap<Integer, Double> added = new TreeMap<>();
    boolean deleted = false;
    for (Action action : actions) {
      int pos = Arrays.binarySearch(active, action.index());
      switch (action.kind()) {
        case ADD -> added.put(action.index(), action.alpha());
        case REESTIMATE -> alpha[pos] = action.alpha();
        case DELETE -> {
          alpha[pos] = Double.NaN;
          deleted = true;
        }
        default -> throw new IllegalStateException();
      }
    }
    int kept = 0;
    for (double a : alpha) {
      kept += Double.isNaN(a) ? 0 : 1;
    }
    int k = kept + added.size();
    int[] nextActive = new int[k];
    double[] nextAlpha = new double[k];
    double[] start = new double[k];
    int j = 0;
    int a = 0;
    for (Map.Entry<Integer, Double> add : added.entrySet()) {
      for (; a < active.length && active[a] < add.getKey(); a++) {
        if (!Double.isNaN(alpha[a])) {
          nextActive[j] = active[a];
          nextAlpha[j] = alpha[a];
          start[j++] = weights[a];
        }
      }
      nextActive[j] = add.getKey();
      nextAlpha[j++] = add.getValue();
    }
    for (; a < active.length; a++) {
      if (!Double.isNaN(alpha[a])) {
        nextActive[j] = active[a];
        nextAlpha[j] = alpha[a];
        start[j++] = weights[a];
      }
    }
    return new Proposal(nextActive, nextAlpha, start, added.size(), deleted);
  }

  /**
   * Applies {@code actions} (on distinct candidates) to the state and finds the new mode, warm-started from
   * {@code startTerms} when given; otherwise, with at most one add and no delete, the start's terms come from the
   * state's pass (the added weight starts at 0), and else from one pass over the new active set. With
   * {@code score}, the evaluation Newton expects to be the last is a candidates pass, so that the new state comes
   * scored; without, every pass is over the active set and the state has no candidate terms ({@link #scored}).
   */
  private State moveTo(State state, List<Action> actions, boolean score, LikelihoodTerms startTerms,
      double[] heldHessian) {
    Proposal next = proposal(state, actions);
    int[] nextActive = next.active();
    double[] nextAlpha = next.alpha();
    LikelihoodTerms known = startTerms != null ? startTerms
        : next.deleted() || next.adds() > 1 || state.terms() == null ? null : termsOver(state.terms(), nextActive);
    Map<LikelihoodTerms, CandidateTerms> seen = new IdentityHashMap<>();
    Map<LikelihoodTerms, CandidateScores> scoredApart = new IdentityHashMap<>();
    LikelihoodEvaluator evaluator = new LikelihoodEvaluator() {
      @Override
      public LikelihoodTerms at(double[] w) {
        return likelihood.terms(nextActive, w); // over the active basis only: k basis functions, not M
      }

      @Override
      public LikelihoodSlope slope(double[] w) {
        return likelihood.slope(nextActive, w);
      }

      @Override
      public LikelihoodTerms at(double[] w, boolean nearMode) {
        if (!nearMode || !score || scoredOnceAccepted) {
          return at(w);
        }
        if (apart) {
          // the active terms first (Σ and δ at w), then the candidates scored apart: one more pass
          LikelihoodTerms lt = at(w);
          scoredApart.put(lt, scoresAt(nextActive, PosteriorMode.at(w, lt, nextAlpha)));
          passes++;
          return lt;
        }
        CandidateTerms ct = likelihood.candidates(nextActive, w);
        LikelihoodTerms lt = ct.activeTerms();
        seen.put(lt, ct);
        return lt;
      }
    };
    double[] held = known != null || !likelihood.slopes() ? null
        : heldHessian != null ? heldHessian : heldHessian(state, nextActive);
    PosteriorMode mode = likelihood.slopes() && (known != null || held != null)
        ? PosteriorMode.findByChords(evaluator, nextAlpha, next.start(), known, held, NEWTON_TOLERANCE,
            NEWTON_ABSOLUTE_TOLERANCE)
        : PosteriorMode.find(evaluator, nextAlpha, next.start(), known, NEWTON_TOLERANCE, NEWTON_ABSOLUTE_TOLERANCE);
    passes += mode.passes();
    CandidateTerms atMode = seen.get(mode.terms());
    CandidateScores scoresAtMode = scoredApart.get(mode.terms());
    State reached = new State(nextActive, nextAlpha, mode, atMode, scoresAtMode,
        mode.logMarginalLikelihood(nextAlpha));
    // the search stopped at its start, or at a point it did not expect to be the mode
    return score ? scored(reached) : reached;
  }

  /**
   * {@return the negative Hessian at the state's mode over {@code active}, when every one of them is active there (a
   * step that deletes or re-estimates only): the chord steps' held Hessian, the deleted weights' rows and columns
   * left out; else null}
   */
  private static double[] heldHessian(State state, int[] active) {
    if (state.mode() == null) {
      return null;
    }
    for (int c : active) {
      if (Arrays.binarySearch(state.active(), c) < 0) {
        return null;
      }
    }
    return restricted(state.mode().terms(), state.active(), active).hessian();
  }

  /** The likelihood terms over {@code active} from candidate terms whose active set differs by one added index. */
  private static LikelihoodTerms termsOver(CandidateTerms terms, int[] active) {
    return termsOver(terms, active, new int[0], new double[0]);
  }

  /**
   * The likelihood terms over {@code active} from candidate terms at the same weights, whose active set lacks the
   * candidates {@code among} (ascending) alone, and the Hessian entries among those ({@code amongCross}, s × s).
   */
  private static LikelihoodTerms termsOver(CandidateTerms terms, int[] active, int[] among, double[] amongCross) {
    int k = active.length;
    int m = terms.numCandidates();
    int s = among.length;
    int[] old = terms.active();
    // each one's position among the old active candidates, else among the others
    int[] inOld = new int[k];
    int[] inAmong = new int[k];
    for (int a = 0; a < k; a++) {
      inOld[a] = Arrays.binarySearch(old, active[a]);
      inAmong[a] = inOld[a] >= 0 ? -1 : Arrays.binarySearch(among, active[a]);
    }
    double[] g = new double[k];
    double[] h = new double[k * k];
    for (int a = 0; a < k; a++) {
      g[a] = terms.gradient()[active[a]];
      for (int c = 0; c < k; c++) {
        int ia = active[a];
        int ic = active[c];
        double v;
        if (ia == ic) {
          v = terms.diagonal()[ia];
        } else if (inOld[c] >= 0) {
          v = terms.cross()[inOld[c] * m + ia];
        } else if (inOld[a] >= 0) {
          v = terms.cross()[inOld[a] * m + ic];
        } else {
          v = amongCross[inAmong[c] * s + inAmong[a]];
        }
        h[c * k + a] = v;
      }
    }
    return new LikelihoodTerms(k, terms.logLikelihood(), g, h);
  }
}
