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

import io.github.sparkrvm.linalg.SpecialFunctions;

/**
 * A prior on which candidates are relevant, besides ARD's scale-free prior on each α. The fast solvers maximise the
 * log marginal likelihood plus the log prior of the active set: an add must gain more than its {@link #addCost}, a
 * delete gains its {@link #deleteSaving} besides what the marginal likelihood gains ({@link SequentialAction}).
 *
 * <p>Why: without it a candidate unrelated to the targets enters whenever its qᵢ² &gt; sᵢ; qᵢ²/sᵢ is then about
 * χ²₁, which exceeds 1 about a third of the time, and the gain of the add is ½(x − 1 − log x) at x = qᵢ²/sᵢ. Over
 * many features (a linear kernel over hashed or one-hot features) a third of the noise features enter.
 *
 * <p>Two priors:
 * <ul>
 *   <li>{@link #candidates}: every one of M candidates is in the model independently with probability π = 1/(M + 1)
 *       (a priori about one relevant feature among M), so each one in the model costs log((1 − π)/π) = log M nats:
 *       the risk inflation criterion of Foster &amp; George (1994), a penalty of 2 log M on the deviance per variable.
 *       A noise feature enters only when ½(x − 1 − log x) &gt; log M, x &gt; about 2 log M + log(2 log M) + 1 (29 at
 *       M = 2¹⁸, where P(χ²₁ &gt; 29) M ≈ 0.02), and a relevant one whose evidence is many nats stays.</li>
 *   <li>{@link #multiplicity}: π itself uniform on [0, 1] and integrated out (Scott &amp; Berger 2010, "Bayes and
 *       empirical-Bayes multiplicity adjustment in the variable-selection problem"): a set of k of the M candidates
 *       has prior probability 1/((M + 1)·C(M, k)), so the (k + 1)-th candidate costs log((M − k)/(k + 1)) nats: log M
 *       for the first, less as the data show more of them relevant. It lets the data say how sparse the model
 *       is, where the fixed π of the first presumes one relevant candidate among M.</li>
 * </ul>
 *
 * @param cost the nats each candidate in the model costs under a fixed π (0: none)
 * @param multiplicityCandidates M of the multiplicity prior (0: none)
 */
public record SupportPrior(double cost, int multiplicityCandidates) {

  /** ARD alone: every candidate's add is judged by its gain in marginal likelihood only. */
  public static final SupportPrior NONE = new SupportPrior(0.0, 0);

  /**
   * Checks the cost and the candidates.
   *
   * @param cost the nats each candidate in the model costs (finite, not negative)
   * @param multiplicityCandidates M of the multiplicity prior (not negative; 0: none); not with a cost
   */
  public SupportPrior {
    if (!(cost >= 0.0) || Double.isInfinite(cost)) {
      throw new IllegalArgumentException("the cost of a candidate in the model must be finite and non-negative; got "
          + cost);
    }
    if (multiplicityCandidates < 0 || multiplicityCandidates > 0 && cost > 0.0) {
      throw new IllegalArgumentException("a support prior has a fixed cost or a multiplicity prior over M "
          + "candidates, not both; got cost " + cost + " and M " + multiplicityCandidates);
    }
  }

  /**
   * {@return the prior under which each of {@code candidates} candidates is relevant with probability
   * 1/(candidates + 1): its cost is log(candidates)}
   *
   * @param candidates M (at least 1)
   */
  public static SupportPrior candidates(int candidates) {
    if (candidates < 1) {
      throw new IllegalArgumentException("a support prior needs at least one candidate; got " + candidates);
    }
    return new SupportPrior(Math.log(candidates), 0);
  }

  /**
   * {@return the multiplicity prior over {@code candidates} candidates: the probability π that a candidate is relevant
   * uniform and integrated out, so that a set of k has prior 1/((M + 1)·C(M, k))}
   *
   * @param candidates M (at least 1)
   */
  public static SupportPrior multiplicity(int candidates) {
    if (candidates < 1) {
      throw new IllegalArgumentException("a support prior needs at least one candidate; got " + candidates);
    }
    return new SupportPrior(0.0, candidates);
  }

  /** {@return whether this prior judges the active set at all (not ARD alone)} */
  public boolean any() {
    return cost > 0.0 || multiplicityCandidates > 0;
  }

  /** {@return the nats of log prior an add to an active set of {@code k} candidates costs} */
  double addCost(int k) {
    if (multiplicityCandidates == 0) {
      return cost;
    }
    return Math.log(Math.max(multiplicityCandidates - k, 1)) - Math.log(k + 1.0);
  }

  /** {@return the nats of log prior a delete from an active set of {@code k} candidates gains} */
  double deleteSaving(int k) {
    return multiplicityCandidates == 0 ? cost : addCost(Math.max(k - 1, 0));
  }

  /** {@return the log posterior of an active set of {@code k} candidates whose log marginal likelihood is evidence} */
  double penalised(double evidence, int k) {
    if (multiplicityCandidates == 0) {
      return evidence - cost * k;
    }
    int m = Math.max(multiplicityCandidates, k);
    // −log C(M, k), the log prior up to the constant −log(M + 1)
    return evidence - (SpecialFunctions.logGamma(m + 1.0) - SpecialFunctions.logGamma(k + 1.0)
        - SpecialFunctions.logGamma(m - k + 1.0));
  }

  /** {@return how this prior reads, for the log} */
  public String describe() {
    return multiplicityCandidates > 0
        ? String.format(java.util.Locale.ROOT, "the share of the %d candidates that are relevant is uniform a "
            + "priori (the multiplicity prior of Scott and Berger): the (k + 1)-th add must raise the log marginal "
            + "likelihood by more than log((M - k)/(k + 1)) nats, %.3g for the first", multiplicityCandidates,
            addCost(0))
        : cost == 0.0 ? "no prior on which candidates are relevant (ARD alone)"
        : String.format(java.util.Locale.ROOT, "each candidate is relevant a priori with probability 1/(M + 1): an "
            + "add must raise the log marginal likelihood by more than %.3g nats (log M, the risk inflation "
            + "criterion)", cost);
  }
}
