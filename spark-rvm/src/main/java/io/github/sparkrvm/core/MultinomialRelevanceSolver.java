package io.github.sparkrvm.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The multinomial Relevance Vector Machine of Zhang &amp; Malik (2005, appendix A): a softmax over K classes with
 * weights w⁽ᵖ⁾ for each class and one α per (class, basis function), so that a basis function can be pruned for one
 * class and kept for another. The inner loop finds the mode of the posterior ({@link PosteriorMode}: Newton with
 * the (K·M) × (K·M) Hessian ΦᵀBΦ + A, B_pq = diag(μ⁽ᵖ⁾(δ_pq − μ⁽q⁾)), one pass over the data per step); the outer
 * loop re-estimates each α with (γ + 2a)/(w² + 2b), γ = 1 − αΣ at the mode, refined once settled as for the
 * Bernoulli RVM ({@link Reestimation#refineSettled}), and prunes α above alphaMax. Each mode search starts from the
 * previous mode.
 */
public final class MultinomialRelevanceSolver {

  private MultinomialRelevanceSolver() {}

  /** Fits α for the labels 0 … numClasses−1 and returns the Laplace posterior over the kept basis of each class. */
  public static MultiClassFit fit(DesignStatistics stats, int numClasses, SparseBayesOptions options,
      IterationListener listener) {
    if (numClasses < 2) {
      throw new IllegalArgumentException("a multinomial fit needs at least 2 classes; got " + numClasses);
    }
    int m = stats.numCandidates();
    int dim = numClasses * m;
    // the flat (class-major) state: the class and candidate of each weight
    int[] classOf = new int[dim];
    int[] candidate = new int[dim];
    for (int p = 0; p < numClasses; p++) {
      for (int i = 0; i < m; i++) {
        classOf[p * m + i] = p;
        candidate[p * m + i] = i;
      }
    }
    int[][] active = byClass(classOf, candidate, numClasses);
    double[] w = new double[dim];
    // At w = 0 every μ is 1/K, so B_pp = (K − 1)/K² and the first pass also gives Σ wₙ φᵢ(xₙ)² for the starting α;
    // the log-likelihood there is −Σ wₙ log K.
    LikelihoodTerms atZero = stats.multinomial(active, ClassLayout.split(w, active));
    double curvature = (numClasses - 1.0) / ((double) numClasses * numClasses);
    double[] gramDiagonal = new double[m];
    for (int i = 0; i < m; i++) {
      gramDiagonal[i] = atZero.hessian()[i * dim + i] / curvature;
    }
    double weightSum = -atZero.logLikelihood() / Math.log(numClasses);
    double[] perClass = Reestimation.initialAlpha(gramDiagonal, weightSum, 1.0);
    double[] alpha = new double[dim];
    for (int p = 0; p < numClasses; p++) {
      System.arraycopy(perClass, 0, alpha, p * m, m);
    }
    double a = options.alphaPriorShape();
    double b = options.alphaPriorRate();

    // the likelihood at w = 0 does not depend on α: the search starts from the terms already computed
    PosteriorMode mode = PosteriorMode.find(likelihood(stats, active), alpha, w, atZero);
    int passes = 1 + mode.passes();
    List<Double> objective = new ArrayList<>();
    List<Integer> counts = new ArrayList<>();
    double logMarginal = mode.logMarginalLikelihood(alpha) + Reestimation.hyperprior(alpha, a, b);
    objective.add(logMarginal);
    counts.add(classOf.length);
    listener.onIteration(new IterationReport(0, logMarginal, classOf.length, Double.NaN, Double.NaN, passes));

    boolean converged = false;
    int iteration = 0;
    while (iteration < options.maxIter()) {
      iteration++;
      double[] gamma = Reestimation.wellDetermined(alpha, mode.precision().inverse());
      double[] next = Reestimation.mackay(gamma, mode.weights(), a, b);
      if (a == 0.0 && b == 0.0) {
        Reestimation.refineSettled(next, alpha, mode.weights(), gamma);
      }
      int[] kept = Reestimation.kept(next, options.alphaMax());
      double change = Reestimation.maxLogChange(alpha, next, kept);
      boolean pruned = kept.length < classOf.length;
      classOf = DenseMatrices.selectIndices(classOf, kept);
      candidate = DenseMatrices.selectIndices(candidate, kept);
      active = byClass(classOf, candidate, numClasses);
      alpha = DenseMatrices.select(next, kept);
      double[] start = DenseMatrices.select(mode.weights(), kept);
      // Unpruned, the weights and so the likelihood terms are unchanged: no pass is needed to restart from them.
      LikelihoodTerms startTerms = pruned ? null : mode.terms();

      mode = PosteriorMode.find(likelihood(stats, active), alpha, start, startTerms);
      passes += mode.passes();
      logMarginal = mode.logMarginalLikelihood(alpha) + Reestimation.hyperprior(alpha, a, b);
      objective.add(logMarginal);
      counts.add(classOf.length);
      listener.onIteration(new IterationReport(iteration, logMarginal, classOf.length, change, Double.NaN,
          mode.passes()));
      if (!pruned && change < options.tol()) {
        converged = true;
        break;
      }
    }
    double[] covariance = mode.precision().inverse();
    double[][] blocks = new double[numClasses][];
    for (int p = 0; p < numClasses; p++) {
      blocks[p] = ClassLayout.diagonalBlock(covariance, active, p);
    }
    return new MultiClassFit(active, ClassLayout.split(mode.weights(), active), ClassLayout.split(alpha, active),
        blocks, iteration, converged, objective.stream().mapToDouble(Double::doubleValue).toArray(),
        counts.stream().mapToInt(Integer::intValue).toArray(), passes);
  }

  /** The softmax likelihood over the class-specific active sets, as a function of the flat weights. */
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
