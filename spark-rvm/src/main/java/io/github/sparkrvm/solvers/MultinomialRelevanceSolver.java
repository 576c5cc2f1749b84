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
import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.util.IterationListener;

/**
 * The multinomial Relevance Vector Machine of Zhang &amp; Malik (2005, appendix A): a softmax over K classes with
 * weights w⁽ᵖ⁾ for each class and one α per (class, basis function), so that a basis function can be pruned for one
 * class and kept for another. The inner loop finds the mode of the posterior ({@link PosteriorMode}: Newton with
 * the (K·M) × (K·M) Hessian ΦᵀBΦ + A, B_pq = diag(μ⁽ᵖ⁾(δ_pq − μ⁽q⁾)), one pass over the data per step); the outer
 * loop re-estimates each α with (γ + 2a)/(w² + 2b), γ = 1 − αΣ at the mode, and prunes α above alphaMax. Each mode
 * search starts from the previous mode.
 *
 * <p>With the scale-free prior (a = b = 0), once every other α has settled, the α that MacKay's step keeps raising
 * although their exact coordinate optimum is already ∞ are pruned at once ({@link Reestimation#pruneCreeping}):
 * left alone they creep toward alphaMax geometrically slowly. Unlike the Bernoulli solver, the finite coordinate
 * optima of {@link Reestimation#refineSettled} are not applied: over the (K·M)-dimensional α of a softmax, applied
 * all at once, they overshoot and the loop cycles between refined and plain steps without converging (seen on the
 * digits data).
 *
 * <p>A class may be restricted to some of the candidates ({@code candidates[p]}, e.g. its own block of
 * class-specific features, Zhang &amp; Malik appendix A.1): the other (class, basis function) pairs have α = ∞ from the
 * start, so the outer loop starts with them pruned and never computes their statistics; the starting α of class p
 * counts its own candidates only.
 */
public final class MultinomialRelevanceSolver {

  private MultinomialRelevanceSolver() {}

  /**
   * {@return the solver of this class over the statistics seam, for {@code numClasses} classes}
   *
   * @param numClasses the number of classes K
   * @param options the settings of the outer loop
   */
  public static RelevanceSolver<MultiClassFit> of(int numClasses, SparseBayesOptions options) {
    return of(numClasses, options, FitStart.cold());
  }

  /**
   * {@return the solver of this class over the statistics seam, for {@code numClasses} classes: it fits α for the
   * labels 0 … numClasses−1 over every (class, candidate) pair, or class p over its own candidates only (a
   * restricted start), and returns the Laplace posterior over the kept basis of each class; or fits from an initial
   * state: its (class, basis function) pairs and α, the first mode search starting at its weights (the classic
   * re-estimation only prunes, so a warm start keeps to the initial pairs)}
   *
   * @param numClasses the number of classes K
   * @param options the settings of the outer loop
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
    if (start instanceof FitStart.Warm warm) {
      return warm(stats, numClasses, options, warm.state(), listener);
    }
    int m = stats.numCandidates();
    int[][] restricted = ClassCandidates.allowed(start, numClasses, m);
    int[][] allowed = restricted == null ? ClassCandidates.all(numClasses, m) : restricted;
    int dim = ClassLayout.dim(allowed);
    // the flat (class-major) state: the class and candidate of each weight
    int[] classOf = new int[dim];
    int[] candidate = new int[dim];
    int at = 0;
    for (int p = 0; p < numClasses; p++) {
      for (int i : allowed[p]) {
        classOf[at] = p;
        candidate[at++] = i;
      }
    }
    int[][] active = byClass(classOf, candidate, numClasses);
    double[] w = new double[dim];
    // At w = 0 every μ is 1/K, so B_pp = (K − 1)/K² and the first pass also gives Σ wₙ φᵢ(xₙ)² for the starting α;
    // the log-likelihood there is −Σ wₙ log K.
    LikelihoodTerms atZero = stats.multinomial(active, ClassLayout.split(w, active));
    double curvature = (numClasses - 1.0) / ((double) numClasses * numClasses);
    double weightSum = -atZero.logLikelihood() / Math.log(numClasses);
    double[] alpha = new double[dim];
    int[] offsets = ClassLayout.offsets(active);
    for (int p = 0; p < numClasses; p++) {
      // the starting α of class p counts its own candidates (all M when unrestricted)
      int count = allowed[p].length;
      double[] gramDiagonal = new double[count];
      for (int a = 0; a < count; a++) {
        int j = offsets[p] + a;
        gramDiagonal[a] = atZero.hessian()[j * dim + j] / curvature;
      }
      System.arraycopy(Reestimation.initialAlpha(gramDiagonal, weightSum, 1.0), 0, alpha, offsets[p], count);
    }
    // the likelihood at w = 0 does not depend on α: the search starts from the terms already computed
    PosteriorMode mode = PosteriorMode.find(likelihood(stats, active), alpha, w, atZero);
    return iterate(stats, numClasses, options, classOf, candidate, active, alpha, mode, 1 + mode.passes(),
        listener);
  }

  /** A warm start: the initial pairs, α and weights, the first mode search from those weights. */
  private static MultiClassFit warm(DesignStatistics stats, int numClasses, SparseBayesOptions options,
      InitialState initial, IterationListener listener) {
    int m = stats.numCandidates();
    int[] flat = initial.flatActive(numClasses, m);
    int[] classOf = new int[flat.length];
    int[] candidate = new int[flat.length];
    for (int j = 0; j < flat.length; j++) {
      classOf[j] = flat[j] / m;
      candidate[j] = flat[j] % m;
    }
    int[][] active = byClass(classOf, candidate, numClasses);
    double[] alpha = initial.flatAlpha();
    PosteriorMode mode = PosteriorMode.find(likelihood(stats, active), alpha, initial.flatWeights(), null);
    return iterate(stats, numClasses, options, classOf, candidate, active, alpha, mode, mode.passes(), listener);
  }

  /** The outer loop, from the mode over the starting pairs. */
  private static MultiClassFit iterate(DesignStatistics stats, int numClasses, SparseBayesOptions options,
      int[] classOf, int[] candidate, int[][] active, double[] alpha, PosteriorMode mode, int startPasses,
      IterationListener listener) {
    double a = options.alphaPriorShape();
    double b = options.alphaPriorRate();
    int passes = startPasses;
    FitTrace trace = new FitTrace(listener);
    double logMarginal = mode.logMarginalLikelihood(alpha) + Reestimation.hyperprior(alpha, a, b);
    trace.record(0, logMarginal, classOf.length, Double.NaN, Double.NaN, passes);

    boolean converged = false;
    int iteration = 0;
    State state = new State(classOf, candidate, active, alpha, mode, logMarginal, Double.NaN, false);
    while (iteration < options.maxIter()) {
      iteration++;
      // only diag(Σ) is needed here: the (K·M) × (K·M) inverse is formed once, at the end
      double[] gamma = Reestimation.wellDeterminedFromDiagonal(state.alpha(), state.mode().precision()
          .inverseDiagonal());
      double[] next = Reestimation.mackay(gamma, state.mode().weights(), a, b);
      // Once settled, basis functions whose α creeps toward infinity are pruned at once (see below).
      if (a == 0.0 && b == 0.0) {
        Reestimation.pruneCreeping(next, state.alpha(), state.mode().weights(), gamma);
      }
      state = step(stats, state, next, options, numClasses);
      passes += state.mode().passes();
      trace.record(iteration, state.logMarginal(), state.classOf().length, state.change(), Double.NaN,
          state.mode().passes());
      if (!state.pruned() && state.change() < options.tol()) {
        converged = true;
        break;
      }
    }
    return new MultiClassFit(state.active(), ClassLayout.split(state.mode().weights(), state.active()),
        ClassLayout.split(state.alpha(), state.active()), state.mode().precision().inverse(), iteration, converged,
        trace.objective(), trace.activeCounts(), passes);
  }

  /**
   * Where the outer loop stands: the class and candidate of each kept weight (class-major), the per-class active
   * sets, α, the posterior mode and the objective there, and how the step that reached it moved α.
   */
  private record State(int[] classOf, int[] candidate, int[][] active, double[] alpha, PosteriorMode mode,
      double logMarginal, double change, boolean pruned) {}

  /** Moves α to {@code next}, prunes above alphaMax and finds the new mode from the current one. */
  private static State step(DesignStatistics stats, State from, double[] next, SparseBayesOptions options,
      int numClasses) {
    int[] kept = Reestimation.kept(next, options.alphaMax());
    double change = Reestimation.maxLogChange(from.alpha(), next, kept);
    boolean pruned = kept.length < from.classOf().length;
    int[] classOf = DenseMatrices.selectIndices(from.classOf(), kept);
    int[] candidate = DenseMatrices.selectIndices(from.candidate(), kept);
    int[][] active = byClass(classOf, candidate, numClasses);
    double[] alpha = DenseMatrices.select(next, kept);
    double[] start = DenseMatrices.select(from.mode().weights(), kept);
    // Unpruned, the weights and so the likelihood terms are unchanged: no pass is needed to restart from them.
    LikelihoodTerms startTerms = pruned ? null : from.mode().terms();
    PosteriorMode mode = PosteriorMode.find(likelihood(stats, active), alpha, start, startTerms);
    double logMarginal = mode.logMarginalLikelihood(alpha)
        + Reestimation.hyperprior(alpha, options.alphaPriorShape(), options.alphaPriorRate());
    return new State(classOf, candidate, active, alpha, mode, logMarginal, change, pruned);
  }

  /** {@return the softmax likelihood over the class-specific active sets, as a function of the flat weights} */
  static LikelihoodEvaluator likelihood(DesignStatistics stats, int[][] active) {
    return w -> stats.multinomial(active, ClassLayout.split(w, active));
  }

  /** The per-class active sets of a class-major flat state. */
  private static int[][] byClass(int[] classOf, int[] candidate, int numClasses) {
    int[] counts = new int[numClasses];
    for (int p : classOf) {
      counts[p]++;
    }
    int[][] active = new int[numClasses][];
    int at = 0;
    for (int p = 0; p < numClasses; p++) {
      active[p] = java.util.Arrays.copyOfRange(candidate, at, at + counts[p]);
      at += counts[p];
    }
    return active;
  }
}
