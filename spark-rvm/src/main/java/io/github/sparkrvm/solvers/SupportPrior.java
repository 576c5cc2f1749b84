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

/**
 * A prior on which candidates are relevant, besides ARD's scale-free prior on each α: every candidate is in the
 * model independently with probability π, so that each one in the model costs {@link #cost} = log((1 − π)/π) nats of
 * log posterior. The fast solvers then maximise the log marginal likelihood minus {@code cost} per active candidate:
 * an add must gain more than the cost, a delete gains the cost besides what the marginal likelihood gains
 * ({@link SequentialAction}).
 *
 * <p>Why: without it a candidate unrelated to the targets enters whenever its qᵢ² &gt; sᵢ; qᵢ²/sᵢ is then about
 * χ²₁, which exceeds 1 about a third of the time, and the gain of the add is ½(x − 1 − log x) at x = qᵢ²/sᵢ. Over
 * many features (a linear kernel over hashed or one-hot features) a third of the noise features enter. With
 * π = 1/(M + 1) (a priori about one relevant feature among M: {@link #candidates}) the cost is log M, the risk
 * inflation criterion of Foster &amp; George (1994) (a penalty of 2 log M on the deviance per variable): a noise
 * feature enters only when ½(x − 1 − log x) &gt; log M, x &gt; about 2 log M + log(2 log M) + 1 (29 at M = 2¹⁸, where
 * P(χ²₁ &gt; 29) M ≈ 0.02), and a relevant one whose evidence is many nats stays.
 *
 * @param cost log((1 − π)/π), the nats of log posterior each candidate in the model costs (0: no prior on which
 *     candidates are relevant, ARD alone)
 */
public record SupportPrior(double cost) {

  /** ARD alone: every candidate's add is judged by its gain in marginal likelihood only. */
  public static final SupportPrior NONE = new SupportPrior(0.0);

  /**
   * Checks the cost.
   *
   * @param cost the nats each candidate in the model costs (finite, not negative)
   */
  public SupportPrior {
    if (!(cost >= 0.0) || Double.isInfinite(cost)) {
      throw new IllegalArgumentException("the cost of a candidate in the model must be finite and non-negative; got "
          + cost);
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
    return new SupportPrior(Math.log(candidates));
  }

  /** {@return the log posterior of an active set of {@code k} candidates whose log marginal likelihood is evidence} */
  double penalised(double evidence, int k) {
    return evidence - cost * k;
  }

  /** {@return how this prior reads, for the log} */
  public String describe() {
    return cost == 0.0 ? "no prior on which candidates are relevant (ARD alone)"
        : String.format(java.util.Locale.ROOT, "each candidate is relevant a priori with probability 1/(M + 1): an "
            + "add must raise the log marginal likelihood by more than %.3g nats (log M, the risk inflation "
            + "criterion)", cost);
  }
}
