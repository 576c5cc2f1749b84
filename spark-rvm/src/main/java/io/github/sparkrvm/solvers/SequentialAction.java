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

import java.util.ArrayList;
import java.util.List;

/**
 * The action rule of fast marginal likelihood maximisation (Tipping &amp; Faul 2003), shared by the fast solvers of
 * every family ({@link FastGaussianSolver}; {@link FastLaplaceSolver} for {@link FastBernoulliSolver} and
 * {@link FastMultinomialSolver}): from each candidate's sparsity Sᵢ and quality Qᵢ (computed with the current
 * active set, Sᵢ = φᵢᵀC⁻¹φᵢ and Qᵢ = φᵢᵀC⁻¹t̂ with C = B⁻¹ + Φ_a A⁻¹ Φ_aᵀ), its one action (add, re-estimate or
 * delete) and that action's exact gain in the (Gaussian or Gaussian-approximated) log marginal likelihood; the
 * ranking of the candidates' actions, and the actions of a batched step. How the statistics are computed, how an
 * action is applied and when a fit stops stay with the solvers.
 *
 * <p>In Tipping &amp; Faul's notation, sᵢ = φᵢᵀC₋ᵢ⁻¹φᵢ and qᵢ = φᵢᵀC₋ᵢ⁻¹t̂ leave candidate i out of C; for an
 * inactive candidate they are Sᵢ and Qᵢ, for an active one sᵢ = αᵢSᵢ/(αᵢ − Sᵢ) and qᵢ = αᵢQᵢ/(αᵢ − Sᵢ). The log
 * marginal likelihood as a function of αᵢ alone, ℓ(αᵢ) = ½(log αᵢ − log(αᵢ + sᵢ) + qᵢ²/(αᵢ + sᵢ)), is largest at
 * αᵢ = sᵢ²/(qᵢ² − sᵢ) when qᵢ² &gt; sᵢ and at αᵢ = ∞ (the candidate out of the model) otherwise.
 *
 * <p>Since sᵢ &gt; 0, Sᵢ = αᵢsᵢ/(αᵢ + sᵢ) is below αᵢ: αᵢ − Sᵢ = αᵢ²Σᵢᵢ. An active candidate whose computed Sᵢ is
 * not below its αᵢ therefore has statistics that rounding has spoilt (Sᵢ is a difference of two nearly equal terms
 * when αᵢ ≪ sᵢ, a weight the data determine well, and on a near-singular Σ), and it gets no action in that step:
 * with αᵢ − Sᵢ ≤ 0 the formulas give sᵢ ≤ 0, for which ℓ has no maximum (a re-estimate to an arbitrary α), or
 * divide by zero (a delete with an infinite gain).
 */
final class SequentialAction {

  /** Actions that would raise the objective by less than this (nats) are not worth a step. */
  static final double MIN_GAIN = 1e-6;

  /**
   * Actions that would raise the objective by less than this fraction of |objective| are not worth a step either:
   * on large data the objective grows with the rows, and without it the later steps of the Bernoulli solver gain a
   * few hundredths of a nat each at a pass over all M candidates every time (benchmarks/results/fit-scaling.md); and
   * correlated basis functions can trade α back and forth for thousands of steps of a few micro-nats each.
   */
  static final double RELATIVE_MIN_GAIN = 1e-6;

  private SequentialAction() {}

  /** What an action does to its candidate. */
  enum Kind { ADD, REESTIMATE, DELETE }

  /**
   * An action on candidate {@code index} to α (∞: delete) with its predicted gain.
   *
   * @param kind add, re-estimate or delete
   * @param index the candidate
   * @param alpha its α after the action (∞ for a delete)
   * @param gain the gain in log marginal likelihood (nats)
   */
  record Action(Kind kind, int index, double alpha, double gain) {}

  /** {@return the least gain worth a step at this objective: MIN_GAIN, or RELATIVE_MIN_GAIN of |objective|} */
  static double minGain(double objective) {
    return Math.max(MIN_GAIN, RELATIVE_MIN_GAIN * Math.abs(objective));
  }

  /**
   * Adding inactive candidate i at α = S²/(Q² − S), when Q² &gt; S; its gain is ½((Q² − S)/S + log(S/Q²)).
   *
   * @param i the candidate
   * @param bigS its sparsity S
   * @param bigQ its quality Q
   * @param alphaMax the largest α an add may have
   * @return the add, or null when the candidate does not gain (or would enter above alphaMax, or at an α that rounds
   *     to 0: an infinite prior variance, which no posterior can hold; only an S at rounding level, a candidate the
   *     active ones already span, gives it, as in a kernel so narrow that it interpolates the targets)
   */
  static Action add(int i, double bigS, double bigQ, double alphaMax) {
    double theta = bigQ * bigQ - bigS;
    if (!(theta > 0.0) || !(bigS > 0.0)) {
      return null;
    }
    double alpha = bigS * bigS / theta;
    if (!(alpha > 0.0) || alpha > alphaMax) {
      return null;
    }
    double gain = 0.5 * ((bigQ * bigQ - bigS) / bigS + Math.log(bigS / (bigQ * bigQ)));
    return new Action(Kind.ADD, i, alpha, gain);
  }

  /**
   * {@return {@code add} with its gain at most the candidate's reach, the most the log-likelihood of the rows where it
   * is nonzero can gain (the marginal likelihood of an add gains no more than its best fit of those rows does, while
   * the Gaussian approximation at the current mode, ½(x − 1 − log x) for x = Q²/S, grows without bound: a feature seen
   * in one badly fitted row of score η, label 1, has x ≈ e^(−η) and a gain of about e^(−η)/2 nats, where its best fit
   * gains −log σ(η) ≈ −η)} Null stays null, and with no reach (null) the add is as it was.
   *
   * @param add an add, or null
   * @param reach each candidate's reach ({@link io.github.sparkrvm.statistics.CandidateScores}), or null
   */
  static Action bounded(Action add, double[] reach) {
    if (add == null || reach == null || add.gain() <= reach[add.index()]) {
      return add;
    }
    return new Action(Kind.ADD, add.index(), add.alpha(), reach[add.index()]);
  }

  /**
   * Re-estimating active candidate i from α to α' = s²/(q² − s), when q² &gt; s (and α' ≤ alphaMax), with gain
   * ½(Q²/(S + 1/(1/α' − 1/α)) − log(1 + S(1/α' − 1/α))); else deleting it, with gain ½(Q²/(S − α) − log(1 − S/α)),
   * unless it is the last one.
   *
   * @param i the candidate
   * @param alpha its current α
   * @param bigS its sparsity S (with it in the model)
   * @param bigQ its quality Q (with it in the model)
   * @param k the number of active candidates
   * @param alphaMax the largest α a re-estimate may give
   * @return the action, or null when the candidate is the last one and would be deleted, when its S is not below
   *     its α (see the class comment), or when its re-estimate rounds to α = 0 (see {@link #add})
   */
  static Action reestimateOrDelete(int i, double alpha, double bigS, double bigQ, int k, double alphaMax) {
    double denominator = alpha - bigS;
    if (!(denominator > 0.0)) {
      return null;
    }
    double s = alpha * bigS / denominator;
    double q = alpha * bigQ / denominator;
    double theta = q * q - s;
    double next = s * s / theta;
    if (theta > 0.0 && !(next > 0.0)) {
      return null; // an α that rounds to 0, as for an add: neither it nor a delete
    }
    if (theta > 0.0 && next <= alphaMax) {
      double delta = 1.0 / next - 1.0 / alpha;
      double gain = 0.5 * (bigQ * bigQ / (bigS + 1.0 / delta) - Math.log1p(bigS * delta));
      return new Action(Kind.REESTIMATE, i, next, gain);
    }
    if (k == 1) {
      return null; // keep one basis function
    }
    double gain = 0.5 * (bigQ * bigQ / (bigS - alpha) - Math.log1p(-bigS / alpha));
    return new Action(Kind.DELETE, i, Double.POSITIVE_INFINITY, gain);
  }

  /**
   * Every candidate's action that gains more than {@link #minGain} at {@code objective}, largest gain first (equal
   * gains in the order of the candidates). With a {@link SupportPrior}, the gains are those of the log posterior of
   * the active set: an add gains its cost less than the marginal likelihood does, a delete its saving more.
   *
   * @param active the active candidates, ascending
   * @param alpha their α
   * @param bigS every candidate's S (length M; NaN: the candidate is skipped)
   * @param bigQ every candidate's Q
   * @param objective the current log marginal likelihood
   * @param alphaMax the largest α an action may give
   * @param prior the prior on which candidates are relevant ({@link SupportPrior#NONE}: ARD alone)
   * @param reach the most each candidate's add can gain ({@link #bounded}; null: no bound)
   * @return the ranked actions
   */
  static List<Action> ranked(int[] active, double[] alpha, double[] bigS, double[] bigQ, double objective,
      double alphaMax, SupportPrior prior, double[] reach) {
    int k = active.length;
    double addCost = prior.addCost(k);
    double deleteSaving = prior.deleteSaving(k);
    double least = minGain(objective);
    List<Action> actions = new ArrayList<>();
    int next = 0; // the position in active of the first active candidate ≥ i
    for (int i = 0; i < bigS.length; i++) {
      while (next < k && active[next] < i) {
        next++;
      }
      Action action = next < k && active[next] == i
          ? reestimateOrDelete(i, alpha[next], bigS[i], bigQ[i], k, alphaMax)
          : bounded(add(i, bigS[i], bigQ[i], alphaMax), reach);
      if (action != null && prior.any() && action.kind() != Kind.REESTIMATE) {
        action = new Action(action.kind(), i, action.alpha(),
            action.gain() + (action.kind() == Kind.ADD ? -addCost : deleteSaving));
      }
      if (action != null && action.gain() > least) {
        actions.add(action);
      }
    }
    actions.sort((x, y) -> Double.compare(y.gain(), x.gain()));
    return actions;
  }

  /**
   * The actions of one batched step: every re-estimate, the best delete and the {@code maxAdds} best adds, in the
   * order of {@code ranked}. (Their gains, each computed as if it were the only action, do not simply add: the
   * caller checks what the batch gains.)
   *
   * @param ranked the ranked actions of a step, one per candidate
   * @param maxAdds the most adds in the batch
   * @return the batch
   */
  static List<Action> batch(List<Action> ranked, int maxAdds) {
    List<Action> out = new ArrayList<>();
    int adds = 0;
    boolean delete = false;
    for (Action a : ranked) {
      if (a.kind() == Kind.REESTIMATE) {
        out.add(a);
      } else if (a.kind() == Kind.ADD && adds < maxAdds) {
        out.add(a);
        adds++;
      } else if (a.kind() == Kind.DELETE && !delete) {
        out.add(a);
        delete = true;
      }
    }
    return out;
  }
}
