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

import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.linalg.MatrixProduct;
import io.github.sparkrvm.statistics.CandidateScores;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.LikelihoodSlope;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.RowSample;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;

/**
 * The multinomial (softmax) Relevance Vector Machine of Zhang &amp; Malik by fast marginal likelihood maximisation
 * (Tipping &amp; Faul 2003) with the Laplace approximation. In flat coordinates — candidate c = p·M + i is basis
 * function i in class p, class-major as {@link ClassLayout} orders flat vectors — the Laplace-approximated softmax is
 * the Bernoulli case with a K times larger design: the flat design row is φ(x) placed in class p's output and the
 * negative Hessian of the log-likelihood is Φᵀ B Φ with B_pq(n) = μ_p(n)(δ_pq − μ_q(n)). So the step logic is the
 * Bernoulli solver's ({@link FastBernoulliSolver}), over {@link DesignStatistics#multinomialCandidates}: start from
 * the best single (class, basis function) at w = 0, then add, re-estimate or delete one α per (class, basis
 * function) per step, or a batch, keeping the Laplace objective from ever decreasing.
 *
 * <p>B is singular (each row's K × K block has the constant vector in its null space: adding a constant to every
 * class' score does not change μ), but nothing in the step logic inverts it: Sᵢ and Qᵢ need B itself and the
 * gradient, and the prior makes H = ΦᵀBΦ + A positive definite, so the posterior is proper.
 *
 * <p>Per pass, the driver receives the gradient and diagonal of every one of the K·M flat candidates and the
 * (K·M) × k cross products with the k active weights; each row costs O(K·M·k) (the classic solver's step holds the
 * full (K·M) × (K·M) Hessian instead). The final mode is polished with {@link DesignStatistics#multinomial}.
 *
 * <p>A class may be restricted to some of the candidates ({@code candidates[p]}, e.g. its own block of
 * class-specific features, Zhang &amp; Malik appendix A.1): the step logic then runs over the allowed pairs only,
 * numbered in class-major order, and the other pairs are never candidates (α = ∞, w = 0); each candidates pass
 * computes the terms of the allowed pairs only
 * ({@link DesignStatistics#multinomialCandidates(int, int[], double[], int[])}: with K blocks of B features, about K
 * times less than the plain softmax's).
 */
public final class FastMultinomialSolver {

  private FastMultinomialSolver() {}

  /**
   * The rows whose cross products rank the pairs at scale, where the rows are held on the driver: a quarter,
   * whose pass over every pair costs a quarter of one over every row (a quarter of the ten-class digits' time went to
   * those passes, softmax-scale.md).
   */
  public static final RowSample RANKING_SAMPLE = new RowSample(0.25, 43L);

  /**
   * How many pairs per shortlisted one the sample's ranking passes on to be scored exactly over every row
   * ({@link ShortlistRounds}): the shortlist is chosen from the exact scores of four times its size.
   */
  static final int VERIFIED_PER_SHORTLISTED = 4;

  /**
   * {@return the solver of this class over the statistics seam, for {@code numClasses} classes}
   *
   * @param numClasses the number of classes K (at least 2)
   * @param options the settings (the scale-free prior only: alphaPriorShape = alphaPriorRate = 0)
   */
  public static RelevanceSolver<MultiClassFit> of(int numClasses, SparseBayesOptions options) {
    return of(numClasses, options, FitStart.cold());
  }

  /**
   * {@return the solver of this class over the statistics seam, for {@code numClasses} classes: it fits α for the
   * labels 0 … numClasses−1, every class over every candidate or class p over its own candidates only (a restricted
   * start), or from an initial state (its (class, basis function) pairs, α and weights, from which the steps add,
   * re-estimate and delete), and returns the Laplace posterior over the kept basis of each class, with the joint
   * covariance over all kept (class, basis function) weights}
   *
   * @param numClasses the number of classes K (at least 2)
   * @param options the settings (the scale-free prior only: alphaPriorShape = alphaPriorRate = 0)
   * @param start cold, warm (one part per class) or restricted (one candidate set per class, ascending in [0, M))
   */
  public static RelevanceSolver<MultiClassFit> of(int numClasses, SparseBayesOptions options, FitStart start) {
    return (data, listener) -> fit(data, numClasses, options, start, listener);
  }

  private static MultiClassFit fit(DesignStatistics stats, int numClasses, SparseBayesOptions options,
      FitStart start, IterationListener listener) {
    if (numClasses < 2) {
      throw new IllegalArgumentException("a multinomial fit needs at least 2 classes; got " + numClasses);
    }
    int m = stats.numCandidates();
    FastLaplaceSolver.Likelihood full = flat(stats, numClasses, false);
    int[][] candidates = ClassCandidates.allowed(start, numClasses, m);
    RelevanceFit r;
    if (candidates == null) {
      r = FastLaplaceSolver.fit(full, numClasses * m, options, flatStart(start.initial(), numClasses, m), listener);
    } else {
      // the step logic over the allowed (class, basis function) pairs only, numbered class-major
      int[] flat = ClassCandidates.flat(candidates, m);
      FastLaplaceSolver.Likelihood allowed = ClassCandidates.restrict(full, flat);
      r = ClassCandidates.onFull(FastLaplaceSolver.fit(allowed, flat.length, options, listener), flat);
    }
    return byClass(r, m, numClasses);
  }

  /**
   * {@return the solver of this class at scale: the fast softmax fit in rounds over a shortlist of the K·M flat
   * (class, basis function) pairs ({@link ShortlistRounds}, the binary fit's algorithm over the flat pairs)} Each
   * round scores every pair once (one candidates pass over all K·M), then runs the step logic of {@link #of(int,
   * SparseBayesOptions, FitStart)} over the active pairs and the {@code shortlist} pairs whose adds gain most, whose
   * candidates passes compute those pairs' terms only (N·(k + L)·k flops for the cross products instead of N·K·M·k).
   * The fit ends where a pass over every pair finds no add worth a step, or where a round takes no step, so it is a
   * fixed point of the plain fit's rule over every pair. Its mode searches take chord steps
   * ({@link PosteriorMode#findByChords}): between exact evaluations they hold the step's known negative Hessian and
   * read each step's gradient from a pass without the Hessian, so that most searches form the Hessian once, in the
   * candidates pass that ends them.
   *
   * @param numClasses the number of classes K (at least 2)
   * @param options the settings (the scale-free prior only; maxIter counts every round's steps)
   * @param initial where to start: one part per class (null: a cold start from the best single pair)
   * @param shortlist L, the pairs besides the active ones a round runs over (at least 1)
   */
  public static RelevanceSolver<MultiClassFit> atScale(int numClasses, SparseBayesOptions options,
      InitialState initial, int shortlist) {
    return atScale(numClasses, options, initial, shortlist, RANKING_SAMPLE);
  }

  /**
   * {@return the solver at scale ({@link #atScale(int, SparseBayesOptions, InitialState, int)}) whose pairs are
   * ranked on the sample {@code rankingSample} of the rows held on the driver}: another sample's ranking verifies other
   * pairs, so the rounds take another path to another local optimum of the same evidence (a draw of the fit, see
   * {@code SoftmaxDraws})
   *
   * @param rankingSample the sample of the rows whose cross products rank the pairs (the default:
   *     {@link #RANKING_SAMPLE})
   */
  public static RelevanceSolver<MultiClassFit> atScale(int numClasses, SparseBayesOptions options,
      InitialState initial, int shortlist, RowSample rankingSample) {
    if (numClasses < 2) {
      throw new IllegalArgumentException("a multinomial fit needs at least 2 classes; got " + numClasses);
    }
    // the driver's products between passes on every core (the same bits)
    return (data, listener) -> MatrixProduct.onCores(true, () -> {
      int m = data.numCandidates();
      // ranked on a sample where the rows are on the driver (over the cluster a quarter of the rows need not fit it)
      FastLaplaceSolver.Likelihood ranking = data instanceof LocalStatistics local
          ? flat(local.sample(rankingSample), numClasses, false) : null;
      ShortlistRounds.RoundSteps stepwise = ShortlistRounds.RoundSteps.STEPWISE;
      return byClass(ShortlistRounds.fit(flat(data, numClasses, true), numClasses * m, options,
          flatStart(initial, numClasses, m), shortlist, stepwise, stepwise.roundMinGain(), ranking,
          ranking == null ? 0 : VERIFIED_PER_SHORTLISTED * shortlist, listener), m, numClasses);
    });
  }

  /**
   * {@return the softmax likelihood of {@code stats} in flat (class-major) coordinates: one pass per evaluation; with
   * {@code chords}, its mode searches step on a held Hessian between exact evaluations (see {@link #atScale})}
   */
  private static FastLaplaceSolver.Likelihood flat(DesignStatistics stats, int numClasses, boolean chords) {
    int m = stats.numCandidates();
    return new FastLaplaceSolver.Likelihood() {
      @Override
      public boolean slopes() {
        return chords;
      }

      @Override
      public LikelihoodSlope slope(int[] active, double[] weights) {
        int[][] byClass = byClass(active, m, numClasses);
        return stats.multinomialSlope(byClass, ClassLayout.split(weights, byClass));
      }

      @Override
      public CandidateTerms candidates(int[] active, double[] weights) {
        return stats.multinomialCandidates(numClasses, active, weights);
      }

      @Override
      public CandidateTerms candidates(int[] active, double[] weights, int[] over) {
        return stats.multinomialCandidates(numClasses, active, weights, over);
      }

      @Override
      public CandidateTerms candidates(int[] active, double[] weights, int[] over, LikelihoodTerms known) {
        return chords ? stats.multinomialCandidates(numClasses, active, weights, over, known.hessian())
            : candidates(active, weights, over);
      }

      @Override
      public CandidateTerms scores(int[] active, double[] weights) {
        return stats.multinomialScores(numClasses, active, weights);
      }

      @Override
      public double[] crossAmong(int[] active, double[] weights, int[] among) {
        return stats.multinomialCrossAmong(numClasses, active, weights, among);
      }

      @Override
      public LikelihoodTerms terms(int[] active, double[] weights) {
        int[][] byClass = byClass(active, m, numClasses);
        return stats.multinomial(byClass, ClassLayout.split(weights, byClass));
      }

      @Override
      public boolean scoresApart() {
        return stats.scoresApart();
      }

      @Override
      public CandidateScores scores(int[] active, double[] weights, double[] covariance, double[] shift) {
        return stats.multinomialScores(numClasses, active, weights, covariance, shift, null);
      }

      @Override
      public CandidateScores scores(int[] active, double[] weights, double[] covariance, double[] shift,
          int[] over) {
        return stats.multinomialScores(numClasses, active, weights, covariance, shift, over);
      }
    };
  }

  /** {@return the flat fit per class} */
  private static MultiClassFit byClass(RelevanceFit r, int m, int numClasses) {
    int[][] active = byClass(r.active(), m, numClasses);
    return new MultiClassFit(active, ClassLayout.split(r.weights(), active), ClassLayout.split(r.alpha(), active),
        r.covariance(), r.iterations(), r.converged(), r.logMarginalLikelihoods(), r.activeCounts(),
        r.likelihoodPasses());
  }

  /** {@return the initial state in flat (class-major) coordinates, null for none} */
  private static InitialState flatStart(InitialState initial, int numClasses, int m) {
    return initial == null ? null : InitialState.of(initial.flatActive(numClasses, m), initial.flatAlpha(),
        initial.flatWeights(), Double.NaN);
  }

  /**
   * {@return the per-class candidate sets of ascending flat candidates p·M + i (class-major, so the flat order is
   * that of {@link ClassLayout})}
   *
   * @param flat the flat candidates, ascending
   * @param m M, the candidates per class
   * @param numClasses K
   */
  static int[][] byClass(int[] flat, int m, int numClasses) {
    int[][] active = new int[numClasses][];
    int at = 0;
    for (int p = 0; p < numClasses; p++) {
      int from = at;
      while (at < flat.length && flat[at] / m == p) {
        at++;
      }
      active[p] = Arrays.copyOfRange(flat, from, at);
      for (int a = 0; a < active[p].length; a++) {
        active[p][a] -= p * m;
      }
    }
    if (at != flat.length) {
      throw new IllegalArgumentException("flat candidates must be ascending in [0, " + numClasses * m + ")");
    }
    return active;
  }
}
