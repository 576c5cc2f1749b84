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
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.util.IterationListener;
import io.github.sparkrvm.util.IterationReport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The fast Laplace fit in rounds over a shortlist of the candidates, for data so large that a pass scoring every
 * candidate costs far more than one over the active set (it expands every row over all M candidates and forms
 * N·M·k cross products). A round scores every candidate once at the current mode (one full pass), keeps the active
 * basis functions and the {@code L} candidates whose adds gain most, near copies of each other left off
 * ({@link #bestAdds}), and runs the fast rule over these only
 * ({@link RoundSteps}): in batches of many steps per pass on the quadratic model of the likelihood over them
 * ({@link SurrogateSteps}; each batch passes over the k + L shortlisted columns once and searches the new mode over
 * the k active ones), or step by step ({@link FastLaplaceSolver}, each candidates pass over the k + L columns). A
 * start given by its weights (a fit on a sample) is first moved to its mode over these rows, where the first full pass
 * scores it. The fit ends when a full pass finds no add that gains more than {@link SequentialAction#minGain} (the
 * re-estimates and deletes of the active set are the round's own, which had settled): the fast solver's stopping rule
 * over every candidate, so that the result is a fixed point of the same rule; or, batched, when its best add gains
 * less than {@link RoundSteps#roundMinGain} of the objective (no add worth a round); or when a round takes no step
 * (every action it tries would lower the Laplace objective, which ends the fast solver over every candidate too).
 * Given a sample's likelihood, the full passes do not form the cross products over the rows: each candidate's S is
 * estimated with the sample's ({@link SampledSparsity}), Q is the rows' own; the rounds' steps are the rows' own. The path
 * differs from the fast solver's over all candidates where a candidate outside the shortlist would have become
 * the best add within a round (the next round's full pass then finds it), and where a batch's steps on the model
 * differ from the steps the fast solver would take with a mode search between each. The candidates are those of any
 * {@link FastLaplaceSolver.Likelihood}: the binary fit's basis functions ({@link FastBernoulliSolver#atScale}), or the
 * softmax's K·M flat (class, basis function) pairs ({@link FastMultinomialSolver#atScale}).
 */
final class ShortlistRounds {

  private ShortlistRounds() {}

  /** How a round takes the steps of the fast rule over its shortlist, and how its shortlist is chosen. */
  enum RoundSteps {
    /**
     * Batches of many steps on the quadratic model of the likelihood ({@link SurrogateSteps}): the binary fit at
     * scale, started from a fit on a sample, whose rounds move little and whose model predicts a batch's objective to
     * within a few nats (10⁶ rows of the ESL mixture: 44 passes over every row instead of 169, DESIGN.md). Its
     * shortlist leaves near copies off ({@link #bestAdds}): a batch takes many adds at once, and near copies only
     * took room from adds elsewhere.
     */
    BATCHED(true, 5e-6),
    /**
     * One step per mode search ({@link FastLaplaceSolver}): the softmax at scale, whose cold rounds move far
     * (measured on the ten-class digits: batches took more time, to 50 nats more evidence and a higher test error,
     * DESIGN.md). Its shortlist is the best adds as they rank: with near copies left off, the digits' fit (split 0)
     * took longer to more pairs (412 after 628 steps, against 316 at the end of 617 steps), and was stopped.
     */
    STEPWISE(false, 0.0);

    private final boolean nearCopiesLeftOff;
    private final double roundMinGain;

    RoundSteps(boolean nearCopiesLeftOff, double roundMinGain) {
      this.nearCopiesLeftOff = nearCopiesLeftOff;
      this.roundMinGain = roundMinGain;
    }

    /**
     * {@return the fraction of |log marginal likelihood| that the best add of a full pass must gain for another round
     * to open (0: any add worth a step)} Batched: five times {@link SequentialAction#RELATIVE_MIN_GAIN}, 2.2 nats of
     * the 437,000 of 10⁶ rows of the ESL mixture. A round on every row costs a pass over every candidate and a few over
     * the shortlist; the rounds whose best add is predicted to gain less added a few nats each (13 and 2.5 of 437,000
     * in the last two rounds at 10⁶ rows, fit-scaling.md) for a quarter of the fit's time. Only the end moves: the
     * shortlists, and so the path up to the last round, are those of the plain rule.
     */
    double roundMinGain() {
      return roundMinGain;
    }

    /** {@return whether a round's shortlist leaves near copies off ({@link #bestAdds})} */
    boolean nearCopiesLeftOff() {
      return nearCopiesLeftOff;
    }
  }

  /**
   * Fits over {@code numCandidates} candidates of {@code likelihood} in rounds.
   *
   * @param likelihood the likelihood (its three-argument {@code candidates} computes a shortlist's columns only)
   * @param numCandidates M
   * @param options the settings (scale-free prior; maxIter counts the steps of every round together)
   * @param initial where to start (null: a cold start from the best single candidate)
   * @param shortlist L, the candidates besides the active ones a round runs over (at least 1)
   * @param roundSteps how a round takes its steps
   * @param listener told of every step, numbered across the rounds
   * @return the fit
   */
  static RelevanceFit fit(FastLaplaceSolver.Likelihood likelihood, int numCandidates, SparseBayesOptions options,
      InitialState initial, int shortlist, RoundSteps roundSteps, IterationListener listener) {
    return fit(likelihood, numCandidates, options, initial, shortlist, roundSteps, roundSteps.roundMinGain(), null,
        listener);
  }

  /**
   * {@link #fit(FastLaplaceSolver.Likelihood, int, SparseBayesOptions, InitialState, int, RoundSteps,
   * IterationListener)} with the least gain of a round's best add given ({@link RoundSteps#roundMinGain}; 0: the
   * rounds go on while any add is worth a step), and the candidates ranked with the cross products of a sample.
   *
   * @param roundMinGain the fraction of |log marginal likelihood| a round's best add must gain
   * @param sample the likelihood over a sample of the rows (held on the driver) whose cross products estimate each
   *     candidate's S when a round's candidates are ranked ({@link SampledSparsity}; the rows' own pass then does not
   *     form them); null: every full pass forms them over the rows
   */
  static RelevanceFit fit(FastLaplaceSolver.Likelihood likelihood, int numCandidates, SparseBayesOptions options,
      InitialState initial, int shortlist, RoundSteps roundSteps, double roundMinGain,
      FastLaplaceSolver.Likelihood sample, IterationListener listener) {
    return fit(likelihood, numCandidates, options, initial, shortlist, roundSteps, roundMinGain, sample, 0, listener);
  }

  /**
   * {@link #fit(FastLaplaceSolver.Likelihood, int, SparseBayesOptions, InitialState, int, RoundSteps, double,
   * FastLaplaceSolver.Likelihood, IterationListener)} with the sample's ranking checked on the rows: the
   * {@code verified} candidates whose sampled Q²/S is largest are scored exactly by one pass over them (a shortlist's
   * pass), the round's shortlist is chosen from those exact scores alone, and where none of them gains a pass over
   * every candidate decides the end (so the fit ends at a fixed point of the plain rule). The shortlist is the plain
   * rule's wherever its candidates are among the verified ones.
   *
   * @param verified how many candidates the sample's ranking passes on to the exact pass (0: the sample's scores rank
   *     alone, as above; more than 0 needs a sample)
   */
  static RelevanceFit fit(FastLaplaceSolver.Likelihood likelihood, int numCandidates, SparseBayesOptions options,
      InitialState initial, int shortlist, RoundSteps roundSteps, double roundMinGain,
      FastLaplaceSolver.Likelihood sample, int verified, IterationListener listener) {
    if (verified > 0 && sample == null) {
      throw new IllegalArgumentException("a ranking checked on the rows needs a sample to rank on");
    }
    if (shortlist < 1) {
      throw new IllegalArgumentException("the shortlist must hold at least one candidate; got " + shortlist);
    }
    int[] active = initial == null ? new int[0] : initial.singleActive(numCandidates).clone();
    double[] alpha = initial == null ? new double[0] : initial.alpha()[0].clone();
    double[] weights = initial == null ? new double[0] : initial.weights()[0].clone();
    Renumbered told = new Renumbered(listener);
    List<Double> objective = new ArrayList<>();
    List<Integer> counts = new ArrayList<>();
    RelevanceFit last = null;
    int passes = 0;
    int steps = 0;
    if (active.length > 0) {
      // the first shortlist is chosen at the start's mode on these rows (passes over its basis functions only)
      int[] start = active;
      PosteriorMode mode = PosteriorMode.find(w -> likelihood.terms(start, w), alpha, weights, null);
      weights = mode.weights();
      passes += mode.passes();
      told.extraPasses += mode.passes();
    }
    while (true) {
      Scored scored = Scored.at(likelihood, sample, active, alpha, weights, verified);
      passes += scored.passes();
      told.extraPasses += scored.passes();
      double reference = last == null ? scored.logLikelihood() : last.logMarginalLikelihoods()[
          last.logMarginalLikelihoods().length - 1];
      int[] adds = bestAdds(scored.sq(), scored.terms(), reference, options.alphaMax(), shortlist,
          roundSteps.nearCopiesLeftOff());
      if (adds.length == 0 && scored.exact() != null) {
        // none of the verified candidates gains: a pass over every candidate decides whether any does
        scored = Scored.at(likelihood, null, active, alpha, weights, 0);
        passes += scored.passes();
        told.extraPasses += scored.passes();
        adds = bestAdds(scored.sq(), scored.terms(), reference, options.alphaMax(), shortlist,
            roundSteps.nearCopiesLeftOff());
      }
      if (last != null && last.converged()
          && bestGain(scored.sq(), active, options.alphaMax()) < roundMinGain * Math.abs(reference)) {
        adds = new int[0]; // no add worth a round: the end of the fit
      }
      if (last != null && (adds.length == 0 || !last.converged() || steps >= options.maxIter())) {
        boolean converged = last.converged() && adds.length == 0;
        return new RelevanceFit(last.active(), last.weights(), last.alpha(), last.covariance(), Double.NaN, steps,
            converged, toDoubles(objective), toInts(counts), passes);
      }
      // a cold start where no single add gains: the fast solver over every candidate starts from the best Q²/S
      boolean batched = roundSteps == RoundSteps.BATCHED;
      int[] over = active.length == 0 && adds.length == 0 ? IntStream.range(0, numCandidates).toArray()
          : union(active, adds);
      InitialState start = active.length == 0 ? null
          : InitialState.of(CandidateTerms.positionsIn(active, over), alpha, weights, Double.NaN);
      told.round(steps, last == null);
      SparseBayesOptions remaining = options.withMaxIter(Math.max(1, options.maxIter() - steps));
      FastLaplaceSolver.Likelihood shortlisted = ClassCandidates.restrict(likelihood, over);
      // a round starts at a polished mode (the start's, or where the one before ended), which a full pass over every
      // row scored; batched, its steps are taken on the quadratic model over the shortlist (one pass over its
      // candidates a batch), unless it is over every candidate
      CandidateTerms known = active.length == 0 ? null : scored.known(over);
      RelevanceFit round = ClassCandidates.onFull(batched && over.length < numCandidates
          ? SurrogateSteps.fit(shortlisted, over.length, remaining, start, true, told)
          : FastLaplaceSolver.fit(shortlisted, over.length, remaining, start, known, told), over);
      double[] lml = round.logMarginalLikelihoods();
      int[] ks = round.activeCounts();
      for (int i = last == null ? 0 : 1; i < lml.length; i++) {
        objective.add(lml[i]);
        counts.add(ks[i]);
      }
      passes += round.likelihoodPasses();
      steps += round.iterations();
      if (last != null && round.iterations() == 0) {
        // No step from the mode the previous round ended at: every action the round tried (the best adds of every
        // candidate among them) would lower the Laplace objective, which ends the fast solver over every candidate
        // too. The state has not moved, so another full pass would find the same shortlist again (before, the rounds
        // repeated that pass for minutes on the ten-class softmax).
        return new RelevanceFit(round.active(), round.weights(), round.alpha(), round.covariance(), Double.NaN, steps,
            round.converged(), toDoubles(objective), toInts(counts), passes);
      }
      last = round;
      active = round.active();
      alpha = round.alpha();
      weights = round.weights();
    }
  }

  /**
   * The cosine above which two candidates count as near copies of each other on a shortlist: the angle between their
   * cross products with the active basis functions (their rows of Φ_aᵀBΦ from the full pass, the same for both when
   * their columns are the same). A shortlist of the best adds alone was mostly near copies: on 10⁶ rows of the ESL
   * mixture its 64 candidates were neighbouring centres of a few places, the round added one of each place and
   * ended, and the next full pass found the next places (fit-scaling.md, session 18).
   */
  static final double NEAR_COPY_COSINE = 0.99;

  /**
   * The fewest active basis functions whose cross products tell candidates apart: with fewer, the angle between two
   * candidates' cross products says little (with one, any two are parallel), and no candidate is left off as a near
   * copy.
   */
  static final int FEWEST_TO_COMPARE = 8;

  /**
   * {@return the at most {@code limit} non-active candidates whose adds gain most, of those that gain more than the
   * least gain worth a step, in ascending order} They are scored at the terms of a full pass with Σ = (H + A)⁻¹ from
   * its active terms (the IRLS form of Q, {@link FastLaplaceSolver#sparsityQuality}, holds at the mode and near it).
   * With {@code nearCopiesLeftOff}, in order of gain, a candidate is left off when its cross products with the active
   * basis functions are at a cosine above {@link #NEAR_COPY_COSINE} with those of one already taken (given at least
   * {@link #FEWEST_TO_COMPARE} active functions): it would mostly add what the other adds, and the shortlist keeps
   * room for candidates elsewhere. Only the shortlist is chosen so: the round's steps over it, and the full pass that
   * ends the fit, judge every candidate as before.
   *
   * @param full the terms of a pass over every candidate at the current weights
   * @param alpha α of the active candidates
   * @param weights their weights
   * @param objective the current objective (for the least gain worth a step)
   * @param alphaMax the largest α an add may have
   * @param limit the most candidates returned
   * @param nearCopiesLeftOff whether to leave near copies off
   */
  static int[] bestAdds(CandidateTerms full, double[] alpha, double[] weights, double objective, double alphaMax,
      int limit, boolean nearCopiesLeftOff) {
    return bestAdds(FastLaplaceSolver.sparsityQuality(full, covariance(full, alpha), weights), full, objective,
        alphaMax, limit, nearCopiesLeftOff);
  }

  /**
   * {@link #bestAdds(CandidateTerms, double[], double[], double, double, int, boolean)} from every candidate's S and Q
   * given ({@code sq}; {@code full} gives the active candidates and the cross products the cosines compare).
   */
  private static int[] bestAdds(double[][] sq, CandidateTerms full, double objective, double alphaMax, int limit,
      boolean nearCopiesLeftOff) {
    double least = SequentialAction.minGain(objective);
    int[] active = full.active();
    List<SequentialAction.Action> gaining = new ArrayList<>();
    for (int i = 0; i < full.numCandidates(); i++) {
      if (Arrays.binarySearch(active, i) >= 0) {
        continue;
      }
      SequentialAction.Action add = SequentialAction.add(i, sq[0][i], sq[1][i], alphaMax);
      if (add != null && add.gain() > least) {
        gaining.add(add);
      }
    }
    gaining.sort((x, y) -> Double.compare(y.gain(), x.gain()));
    int[] ranked = gaining.stream().mapToInt(SequentialAction.Action::index).toArray();
    return nearCopiesLeftOff && active.length >= FEWEST_TO_COMPARE ? withoutNearCopies(full, ranked, limit)
        : Arrays.stream(ranked).limit(limit).sorted().toArray();
  }

  /**
   * {@return the first at most {@code limit} of {@code ranked}, each candidate whose cross products with the active
   * functions are at a cosine above {@link #NEAR_COPY_COSINE} with those of one taken before it left off, in
   * ascending order}
   */
  private static int[] withoutNearCopies(CandidateTerms full, int[] ranked, int limit) {
    int k = full.active().length;
    int m = full.numCandidates();
    double[] cross = full.cross();
    int[] shortlist = new int[Math.min(limit, ranked.length)];
    double[][] taken = new double[shortlist.length][];
    int count = 0;
    for (int r = 0; r < ranked.length && count < shortlist.length; r++) {
      int i = ranked[r];
      double[] unit = new double[k];
      double norm = 0.0;
      for (int a = 0; a < k; a++) {
        unit[a] = cross[a * m + i];
        norm += unit[a] * unit[a];
      }
      norm = Math.sqrt(norm);
      for (int a = 0; a < k; a++) {
        unit[a] = norm > 0.0 ? unit[a] / norm : 0.0;
      }
      boolean nearCopy = false;
      for (int t = 0; t < count && !nearCopy; t++) {
        double cosine = 0.0;
        for (int a = 0; a < k; a++) {
          cosine += unit[a] * taken[t][a];
        }
        nearCopy = cosine > NEAR_COPY_COSINE;
      }
      if (!nearCopy) {
        taken[count] = unit;
        shortlist[count++] = i;
      }
    }
    return Arrays.stream(shortlist, 0, count).sorted().toArray();
  }

  /**
   * {@return the largest gain of an add of a non-active candidate at the terms of a full pass (0: none gains)}
   *
   * @param full the terms of a pass over every candidate at the current weights
   * @param alpha α of the active candidates
   * @param weights their weights
   * @param alphaMax the largest α an add may have
   */
  static double bestGain(CandidateTerms full, double[] alpha, double[] weights, double alphaMax) {
    return bestGain(FastLaplaceSolver.sparsityQuality(full, covariance(full, alpha), weights), full.active(),
        alphaMax);
  }

  private static double bestGain(double[][] sq, int[] active, double alphaMax) {
    double best = 0.0;
    for (int i = 0; i < sq[0].length; i++) {
      if (Arrays.binarySearch(active, i) < 0) {
        SequentialAction.Action add = SequentialAction.add(i, sq[0][i], sq[1][i], alphaMax);
        best = add == null ? best : Math.max(best, add.gain());
      }
    }
    return best;
  }

  /**
   * A full pass's ranking of the candidates: every candidate's S and Q ({@code sq}), the terms whose active candidates
   * and cross products the shortlist's cosines read (over every row, or over the sample), the rows' log-likelihood,
   * the passes it took, and, where the sample's ranking was checked on the rows, the exact terms over the verified
   * candidates and the active ones ({@code exact}, numbered as {@code exactOver}; only these have S and Q then).
   */
  private record Scored(double[][] sq, CandidateTerms terms, double logLikelihood, int passes, CandidateTerms exact,
      int[] exactOver, boolean sampled) {

    /**
     * {@return the candidates scored at the current state: the full terms over the rows, or the rows' scores with S
     * estimated from the sample's cross products ({@link SampledSparsity}), those of the {@code verified} most
     * promising then scored exactly}
     */
    static Scored at(FastLaplaceSolver.Likelihood likelihood, FastLaplaceSolver.Likelihood sample, int[] active,
        double[] alpha, double[] weights, int verified) {
      if (sample == null) {
        CandidateTerms full = likelihood.candidates(active, weights);
        return new Scored(FastLaplaceSolver.sparsityQuality(full, covariance(full, alpha), weights), full,
            full.logLikelihood(), 1, null, null, false);
      }
      CandidateTerms scores = likelihood.scores(active, weights);
      CandidateTerms sampled = sample.candidates(active, weights);
      double[][] estimated = SampledSparsity.of(scores, sampled, alpha);
      if (verified == 0) {
        return new Scored(estimated, sampled, scores.logLikelihood(), 1, null, null, true);
      }
      int[] over = union(active, mostPromising(estimated, active, verified));
      CandidateTerms exact = likelihood.candidates(active, weights, over);
      double[][] onOver = FastLaplaceSolver.sparsityQuality(exact, covariance(exact, alpha), weights);
      // in every candidate's numbering; one not verified has S = Q = 0, which no add takes
      int m = scores.numCandidates();
      double[][] sq = {new double[m], new double[m]};
      for (int c = 0; c < over.length; c++) {
        sq[0][over[c]] = onOver[0][c];
        sq[1][over[c]] = onOver[1][c];
      }
      return new Scored(sq, sampled, scores.logLikelihood(), 2, exact, over, true);
    }

    /**
     * {@return the terms over the candidates {@code over} (ascending, every active one among them) at the current
     * weights, where this pass computed them over the rows (null: the sample's ranking alone)}
     */
    CandidateTerms known(int[] over) {
      if (exact != null) {
        return exact.restrictedTo(CandidateTerms.positionsIn(over, exactOver));
      }
      return sampled ? null : terms.restrictedTo(over);
    }
  }

  /**
   * {@return the at most {@code count} non-active candidates whose Q²/S is largest (S &gt; 0), ascending: the adds
   * that gain most by the scores given, then those nearest to gaining}
   */
  private static int[] mostPromising(double[][] sq, int[] active, int count) {
    return IntStream.range(0, sq[0].length)
        .filter(i -> sq[0][i] > 0.0 && Arrays.binarySearch(active, i) < 0)
        .boxed()
        .sorted((x, y) -> Double.compare(sq[1][y] * sq[1][y] / sq[0][y], sq[1][x] * sq[1][x] / sq[0][x]))
        .limit(count)
        .mapToInt(Integer::intValue)
        .sorted()
        .toArray();
  }

  /** Σ = (H + A)⁻¹ over the active candidates of a full pass (empty with none). */
  private static double[] covariance(CandidateTerms full, double[] alpha) {
    int k = alpha.length;
    if (k == 0) {
      return new double[0];
    }
    double[] precision = full.activeTerms().hessian().clone();
    for (int a = 0; a < k; a++) {
      precision[a * k + a] += alpha[a];
    }
    return Cholesky.factorWithJitter(precision, k).inverse();
  }

  private static int[] union(int[] a, int[] b) {
    return IntStream.concat(IntStream.of(a), IntStream.of(b)).distinct().sorted().toArray();
  }

  private static double[] toDoubles(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static int[] toInts(List<Integer> values) {
    return values.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Tells the listener of the rounds' steps as one fit's: numbered on from the steps before the round, the start of
   * every round after the first left out (it is the state the previous round ended in), and the passes of the full
   * pass before a round counted with the round's first report.
   */
  private static final class Renumbered implements IterationListener {

    private final IterationListener listener;
    private int offset;
    private boolean first;
    private int extraPasses;

    Renumbered(IterationListener listener) {
      this.listener = listener;
    }

    void round(int stepsBefore, boolean firstRound) {
      offset = stepsBefore;
      first = firstRound;
    }

    @Override
    public void onIteration(IterationReport report) {
      if (report.iteration() == 0 && !first) {
        extraPasses += report.likelihoodPasses();
        return;
      }
      listener.onIteration(new IterationReport(offset + report.iteration(), report.logMarginalLikelihood(),
          report.activeBasis(), report.maxLogAlphaChange(), report.noisePrecision(),
          report.likelihoodPasses() + extraPasses));
      extraPasses = 0;
    }
  }
}
