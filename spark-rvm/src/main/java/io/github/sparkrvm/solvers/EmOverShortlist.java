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

import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The second path of the fast binary classifier on the driver: from where the fast path ended, Tipping's em (2001)
 * over a shortlist, then the fast path again from em's fixed point. The fast rule adds one basis function at a time
 * and stops at the first local maximum of the Laplace evidence it reaches; on noisy or many-featured sets that is
 * often a poorer one than em's, which starts with every candidate in and prunes (fast started from em's fixed point
 * stays there: it is a fixed point of the fast rule too). The shortlist is the fast fit's basis functions and the
 * {@value #SHORTLIST} other candidates of largest Qᵢ²/Sᵢ at its mode (the candidates nearest to being added: an add's
 * gain grows with Q²/S); em starts with all of them in at its initial α and prunes, and the fast path over every
 * candidate then adds, re-estimates and deletes from em's fixed point until its rule stops. Cost: one pass scoring
 * every candidate, em's mode searches over at most k + {@value #SHORTLIST} basis functions, and the second fast
 * path's (benchmarks/results/fast-classifier-quality.md).
 */
public final class EmOverShortlist {

  /** The candidates besides the fast fit's basis functions that em starts with. */
  public static final int SHORTLIST = 64;

  private EmOverShortlist() {}

  /**
   * {@return the second path from {@code first}: em over its shortlist, then the fast solver from em's fixed point;
   * the fit's history and steps are em's followed by the fast solver's, its passes both and the scoring pass}
   *
   * @param first the fast path's fit (at its mode)
   * @param options the settings (the scale-free prior only)
   * @param likelihood the likelihood of a row
   */
  public static RelevanceSolver<RelevanceFit> after(RelevanceFit first, SparseBayesOptions options,
      LaplaceLikelihood likelihood) {
    return (data, listener) -> {
      CandidateTerms terms = data.laplaceCandidates(likelihood, first.active(), first.weights());
      int[] over = shortlist(terms, first, SHORTLIST);
      RelevanceFit em = BernoulliRelevanceSolver.of(options, likelihood, FitStart.over(over)).fit(data, listener);
      RelevanceFit fast = FastBernoulliSolver.of(options, likelihood, FitStart.from(InitialState.of(em.active(),
          em.alpha(), em.weights(), Double.NaN))).fit(data, listener.numberedFrom(em.iterations() + 1));
      double[] history = concatenated(em.logMarginalLikelihoods(), fast.logMarginalLikelihoods());
      int[] counts = IntStream.concat(IntStream.of(em.activeCounts()),
          IntStream.of(fast.activeCounts()).skip(1)).toArray();
      return new RelevanceFit(fast.active(), fast.weights(), fast.alpha(), fast.covariance(), fast.noisePrecision(),
          em.iterations() + fast.iterations(), fast.converged(), history, counts,
          1 + em.likelihoodPasses() + fast.likelihoodPasses());
    };
  }

  /**
   * {@return the fit's basis functions and the at most {@code limit} other candidates of largest Q²/S at its mode
   * (ties in the order of the candidates), ascending}
   *
   * @param terms the candidate terms at the fit's weights
   * @param fit the fit
   * @param limit the most other candidates
   */
  static int[] shortlist(CandidateTerms terms, RelevanceFit fit, int limit) {
    double[][] sq = FastLaplaceSolver.sparsityQuality(terms, fit.covariance(), fit.weights());
    int[] active = fit.active();
    int[] others = IntStream.range(0, terms.numCandidates())
        .filter(i -> Arrays.binarySearch(active, i) < 0 && sq[0][i] > 0.0)
        .boxed()
        .sorted((a, b) -> Double.compare(sq[1][b] * sq[1][b] / sq[0][b], sq[1][a] * sq[1][a] / sq[0][a]))
        .mapToInt(Integer::intValue)
        .limit(limit)
        .toArray();
    return IntStream.concat(IntStream.of(active), IntStream.of(others)).sorted().toArray();
  }

  /** {@return a followed by b without its first entry (b's start, where a ended)} */
  private static double[] concatenated(double[] a, double[] b) {
    double[] out = Arrays.copyOf(a, a.length + b.length - 1);
    System.arraycopy(b, 1, out, a.length, b.length - 1);
    return out;
  }
}
