package io.github.sparkrvm.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The step logic of fast marginal likelihood maximisation (Tipping &amp; Faul 2003) with the Laplace approximation,
 * over any likelihood that returns {@link CandidateTerms} — the logistic one ({@link FastBernoulliSolver}) or the
 * softmax one in flat coordinates ({@link FastMultinomialSolver}). It starts from one candidate; at the posterior
 * mode of the current active set, with B the negative Hessian weights of the likelihood and Σ = (Φ_aᵀBΦ_a + A)⁻¹,
 * every candidate gets Sᵢ = φᵢᵀBφᵢ − φᵢᵀBΦ_a Σ Φ_aᵀBφᵢ and, at the mode (where Φ_aᵀ(t − y) = Aw),
 * Qᵢ = φᵢᵀ(t − y), the gradient. The step applies the add, re-estimate (α = s²/(q² − s)) or delete with the largest
 * gain of the Gaussian-approximated log marginal likelihood, then moves the mode by warm-started Newton.
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
 * <p>Steps are batched: every re-estimate, the best add and the best delete of the same statistics are applied
 * together and the mode is found once. The Laplace objective is recorded after every step and never decreases: a
 * batch after which it would (the gains are those of the Gaussian approximation at the old mode, and they do not
 * simply add) is undone, with no pass, and the single actions are tried in order of gain (up to four per step); the
 * fit stops when none of them gains, or when no add or delete gains and no re-estimate moves log α by tol. The
 * mode of the final active set is then polished to the classic solver's Newton tolerance (one or two passes of
 * {@link Likelihood#terms}).
 */
final class FastLaplaceSolver {

  /** Actions that would raise the objective by less than this (nats) are not worth a step. */
  private static final double MIN_GAIN = 1e-6;

  /**
   * The Newton decrement ½gᵀH⁻¹g (relative to 1 + |Ψ|) at which a mode search between steps stops: the objective is
   * then within about that of its value at the exact mode. Looser than the classic solver's 1e-12, it saves about a
   * quarter of the passes on Ripley (250 rows) and half on a 1000-row mixture; the final mode is polished to 1e-12.
   */
  static final double NEWTON_TOLERANCE = 1e-5;

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
     * The likelihood terms over the active set only: the Newton steps that Newton does not expect to end a mode
     * search, and the final polish of the mode, need no candidate.
     *
     * @param active the active candidates, ascending
     * @param weights their weights
     * @return the terms
     */
    LikelihoodTerms terms(int[] active, double[] weights);
  }

  /**
   * What a fit ends with: the active candidates, the polished mode, α and Σ over them, and the history.
   *
   * @param active the active candidates, ascending
   * @param weights the posterior mode of their weights
   * @param alpha their prior precisions
   * @param covariance Σ = H⁻¹ at the mode (k × k, column-major)
   * @param iterations the steps taken
   * @param converged whether the fit stopped before maxIter
   * @param objective the Laplace objective after each step (the first entry is the starting point)
   * @param counts the active set's size after each step
   * @param passes the passes over the data the fit made
   */
  record Result(int[] active, double[] weights, double[] alpha, double[] covariance, int iterations,
      boolean converged, double[] objective, int[] counts, int passes) {}

  private final Likelihood likelihood;
  private final SparseBayesOptions options;
  private final int m;
  private int passes;

  private FastLaplaceSolver(Likelihood likelihood, int numCandidates, SparseBayesOptions options) {
    this.likelihood = likelihood;
    this.options = options;
    this.m = numCandidates;
  }

  /**
   * Fits α over {@code numCandidates} candidates of {@code likelihood} with the scale-free prior.
   *
   * @param likelihood the likelihood
   * @param numCandidates the number of candidates
   * @param options the settings (alphaPriorShape = alphaPriorRate = 0)
   * @param listener told of every step
   * @return the fit
   */
  static Result fit(Likelihood likelihood, int numCandidates, SparseBayesOptions options,
      IterationListener listener) {
    if (options.alphaPriorShape() != 0.0 || options.alphaPriorRate() != 0.0) {
      throw new IllegalArgumentException("the fast solver supports the scale-free prior only "
          + "(alphaPriorShape = alphaPriorRate = 0); use solver em for a Gamma hyperprior");
    }
    return new FastLaplaceSolver(likelihood, numCandidates, options).run(listener);
  }

  /** The state at a mode: active set, α, the mode and the candidate terms there (null: not yet computed). */
  private record State(int[] active, double[] alpha, PosteriorMode mode, CandidateTerms terms, double objective) {}

  enum Kind { ADD, REESTIMATE, DELETE }

  /** An action on candidate {@code index} to α (∞: delete) with its predicted gain. */
  record Action(Kind kind, int index, double alpha, double gain) {}

  private Result run(IterationListener listener) {
    CandidateTerms empty = likelihood.candidates(new int[0], new double[0]);
    passes = 1;
    State state = start(empty);
    List<Double> objective = new ArrayList<>(List.of(state.objective()));
    List<Integer> counts = new ArrayList<>(List.of(1));
    listener.onIteration(new IterationReport(0, state.objective(), 1, Double.NaN, Double.NaN, passes));
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
      List<Action> batch = batch(ranked);
      if (batch.size() > 1) {
        State candidate = moveTo(state, batch, true);
        if (candidate.objective() >= state.objective() - slack) {
          next = candidate;
          change = maxLogChange(state, batch);
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
        State candidate = moveTo(state, List.of(action), false);
        if (candidate.objective() >= state.objective() - slack) {
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
      objective.add(state.objective());
      counts.add(state.active().length);
      listener.onIteration(new IterationReport(step, state.objective(), state.active().length,
          change, Double.NaN, passes - before));
    }
    int[] finalActive = state.active().clone();
    PosteriorMode mode = PosteriorMode.find(w -> likelihood.terms(finalActive, w), state.alpha(),
        state.mode().weights(), state.mode().terms());
    passes += mode.passes();
    return new Result(state.active(), mode.weights(), state.alpha(), mode.precision().inverse(), step, converged,
        objective.stream().mapToDouble(Double::doubleValue).toArray(),
        counts.stream().mapToInt(Integer::intValue).toArray(), passes);
  }

  /** The first basis function: the best add at w = 0 (else the largest Q²/S, with a large α). */
  private State start(CandidateTerms empty) {
    Action best = null;
    int fallback = -1;
    double ratio = -1.0;
    for (int i = 0; i < m; i++) {
      double s = empty.diagonal()[i];
      double q = empty.gradient()[i];
      if (!(s > 0.0)) {
        continue;
      }
      Action add = addAction(i, s, q, options.alphaMax());
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
      double s = empty.diagonal()[fallback];
      best = new Action(Kind.ADD, fallback, Math.min(options.alphaMax(), s * s / Math.max(1e-6 * s, 1e-300)), 0.0);
    }
    return moveTo(new State(new int[0], new double[0], null, empty, Double.NEGATIVE_INFINITY), List.of(best), true);
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
   * Sᵢ and Qᵢ of every candidate at the mode whose candidate terms are {@code terms} and whose covariance is
   * Σ = {@code covariance} (k × k): Sᵢ = φᵢᵀBφᵢ − φᵢᵀBΦ_a Σ Φ_aᵀBφᵢ (one dgemm for all candidates) and
   * Qᵢ = φᵢᵀ(t − y).
   *
   * @return {S, Q}, each of length M
   */
  static double[][] sparsityQuality(CandidateTerms terms, double[] covariance) {
    int m = terms.numCandidates();
    int k = terms.active().length;
    double[] cross = terms.cross();
    double[] times = new double[m * k];
    if (k > 0) {
      dev.ludovic.netlib.blas.BLAS.getInstance().dgemm("N", "N", m, k, k, 1.0, cross, m, covariance, k, 0.0, times,
          m);
    }
    double[] bigS = new double[m];
    for (int i = 0; i < m; i++) {
      double quad = 0.0;
      for (int a = 0; a < k; a++) {
        quad += times[a * m + i] * cross[a * m + i];
      }
      bigS[i] = terms.diagonal()[i] - quad;
    }
    return new double[][] {bigS, terms.gradient().clone()};
  }

  /** Every candidate's best action that gains more than MIN_GAIN, largest gain first. */
  private List<Action> rankedActions(State state) {
    int[] active = state.active();
    int k = active.length;
    double[][] sq = sparsityQuality(state.terms(), state.mode().precision().inverse());
    List<Action> actions = new ArrayList<>();
    for (int i = 0; i < m; i++) {
      double bigS = sq[0][i];
      double bigQ = sq[1][i];
      int pos = Arrays.binarySearch(active, i);
      Action action = pos >= 0 ? activeAction(i, state.alpha()[pos], bigS, bigQ, k, options.alphaMax())
          : addAction(i, bigS, bigQ, options.alphaMax());
      if (action != null && action.gain() > MIN_GAIN) {
        actions.add(action);
      }
    }
    actions.sort((x, y) -> Double.compare(y.gain(), x.gain()));
    return actions;
  }

  /** Adding candidate i at α = S²/(Q² − S), when Q² &gt; S. */
  static Action addAction(int i, double bigS, double bigQ, double alphaMax) {
    double theta = bigQ * bigQ - bigS;
    if (!(theta > 0.0) || !(bigS > 0.0)) {
      return null;
    }
    double alpha = bigS * bigS / theta;
    if (alpha > alphaMax) {
      return null;
    }
    double gain = 0.5 * ((bigQ * bigQ - bigS) / bigS + Math.log(bigS / (bigQ * bigQ)));
    return new Action(Kind.ADD, i, alpha, gain);
  }

  /** Re-estimating an active α to s²/(q² − s), or deleting it when q² ≤ s (unless it is the last one). */
  static Action activeAction(int i, double alpha, double bigS, double bigQ, int k, double alphaMax) {
    double denominator = alpha - bigS;
    if (!(denominator > 0.0)) {
      return null;
    }
    double s = alpha * bigS / denominator;
    double q = alpha * bigQ / denominator;
    double theta = q * q - s;
    if (theta > 0.0 && s * s / theta <= alphaMax) {
      double next = s * s / theta;
      double delta = 1.0 / next - 1.0 / alpha;
      double gain = 0.5 * (bigQ * bigQ / (bigS + 1.0 / delta) - Math.log1p(bigS * delta));
      return new Action(Kind.REESTIMATE, i, next, gain);
    }
    if (k == 1) {
      return null;
    }
    double gain = 0.5 * (bigQ * bigQ / (bigS - alpha) - Math.log1p(-bigS / alpha));
    return new Action(Kind.DELETE, i, Double.POSITIVE_INFINITY, gain);
  }

  /**
   * The actions of one batched step: every re-estimate, the best add and the best delete (the Gaussian
   * approximation's gains are not additive, so the caller checks the Laplace objective and falls back to one
   * action).
   */
  private static List<Action> batch(List<Action> ranked) {
    List<Action> out = new ArrayList<>();
    boolean add = false;
    boolean delete = false;
    for (Action a : ranked) {
      if (a.kind() == Kind.REESTIMATE) {
        out.add(a);
      } else if (a.kind() == Kind.ADD && !add) {
        out.add(a);
        add = true;
      } else if (a.kind() == Kind.DELETE && !delete) {
        out.add(a);
        delete = true;
      }
    }
    return out;
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
    if (state.terms() != null) {
      return state;
    }
    passes++;
    return new State(state.active(), state.alpha(), state.mode(),
        likelihood.candidates(state.active(), state.mode().weights()), state.objective());
  }

  /**
   * Applies {@code actions} (on distinct candidates, at most one add) to the state and finds the new mode,
   * warm-started: the added weight starts at 0, so without a delete the start's terms come from the state's pass.
   * With {@code score}, the evaluation Newton expects to be the last is a candidates pass, so that the new state comes
   * scored; without, every pass is over the active set and the state has no candidate terms ({@link #scored}).
   */
  private State moveTo(State state, List<Action> actions, boolean score) {
    int[] active = state.active();
    double[] alpha = state.alpha().clone();
    double[] weights = state.mode() == null ? new double[0] : state.mode().weights();
    boolean deleted = false;
    List<Integer> keep = new ArrayList<>();
    int added = -1;
    double addedAlpha = 0.0;
    for (Action action : actions) {
      int pos = Arrays.binarySearch(active, action.index());
      switch (action.kind()) {
        case ADD -> {
          added = action.index();
          addedAlpha = action.alpha();
        }
        case REESTIMATE -> alpha[pos] = action.alpha();
        case DELETE -> {
          alpha[pos] = Double.NaN;
          deleted = true;
        }
        default -> throw new IllegalStateException();
      }
    }
    for (int a = 0; a < active.length; a++) {
      if (!Double.isNaN(alpha[a])) {
        keep.add(a);
      }
    }
    int k = keep.size() + (added >= 0 ? 1 : 0);
    int[] nextActive = new int[k];
    double[] nextAlpha = new double[k];
    double[] start = new double[k];
    int j = 0;
    for (int a : keep) {
      if (added >= 0 && added < active[a] && (j == 0 || nextActive[j - 1] < added)) {
        nextActive[j] = added;
        nextAlpha[j++] = addedAlpha;
      }
      nextActive[j] = active[a];
      nextAlpha[j] = alpha[a];
      start[j++] = weights[a];
    }
    if (added >= 0 && j < k) {
      nextActive[j] = added;
      nextAlpha[j] = addedAlpha;
    }
    LikelihoodTerms startTerms = deleted ? null : termsOver(state.terms(), nextActive);
    Map<LikelihoodTerms, CandidateTerms> seen = new IdentityHashMap<>();
    PosteriorMode mode = PosteriorMode.find(new LikelihoodEvaluator() {
      @Override
      public LikelihoodTerms at(double[] w) {
        return likelihood.terms(nextActive, w); // over the active basis only: k basis functions, not M
      }

      @Override
      public LikelihoodTerms at(double[] w, boolean nearMode) {
        if (!nearMode || !score) {
          return at(w);
        }
        CandidateTerms ct = likelihood.candidates(nextActive, w);
        LikelihoodTerms lt = ct.activeTerms();
        seen.put(lt, ct);
        return lt;
      }
    }, nextAlpha, start, startTerms, NEWTON_TOLERANCE);
    passes += mode.passes();
    CandidateTerms atMode = seen.get(mode.terms());
    if (atMode == null && score) {
      // the search stopped at its start, or at a point it did not expect to be the mode
      atMode = likelihood.candidates(nextActive, mode.weights());
      passes++;
    }
    return new State(nextActive, nextAlpha, mode, atMode, mode.logMarginalLikelihood(nextAlpha));
  }

  /** The likelihood terms over {@code active} from candidate terms whose active set differs by one added index. */
  private static LikelihoodTerms termsOver(CandidateTerms terms, int[] active) {
    int k = active.length;
    int m = terms.numCandidates();
    int[] old = terms.active();
    double[] g = new double[k];
    double[] h = new double[k * k];
    for (int a = 0; a < k; a++) {
      g[a] = terms.gradient()[active[a]];
      for (int c = 0; c < k; c++) {
        int ia = active[a];
        int ic = active[c];
        int pc = Arrays.binarySearch(old, ic);
        int pa = Arrays.binarySearch(old, ia);
        double v;
        if (ia == ic) {
          v = terms.diagonal()[ia];
        } else if (pc >= 0) {
          v = terms.cross()[pc * m + ia];
        } else {
          v = terms.cross()[pa * m + ic];
        }
        h[c * k + a] = v;
      }
    }
    return new LikelihoodTerms(k, terms.logLikelihood(), g, h);
  }
}
