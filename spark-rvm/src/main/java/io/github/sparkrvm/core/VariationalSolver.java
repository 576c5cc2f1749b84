package io.github.sparkrvm.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The variational RVM (Bishop &amp; Tipping 2000) with the ARD, p-grid or s-grid prior (Kropotov et al. 2010):
 * coordinate ascent on the lower bound of log p(t), which therefore never decreases and is the convergence
 * criterion. Regression uses the Gaussian sufficient statistics (updates (11)–(26)); classification the
 * Jaakkola–Jordan bound, one pass over the data per step ({@link DesignStatistics#jaakkolaJordan}).
 */
public final class VariationalSolver {

  private static final double LOG_TWO_PI = Math.log(2 * Math.PI);

  /**
   * @param maxIter the most steps
   * @param tol converged when a step raises the bound by less than {@code tol × 1e-3 × (1 + |bound|)}
   * @param a0 shape of the Gamma hyperprior of every precision (and of the noise precision), &gt; 0
   * @param b0 rate of that hyperprior, &gt; 0
   * @param structure how the table's precisions combine
   * @param rows table rows (M1)
   * @param cols table columns (M2); the basis is [bias] + rows × cols, row-major
   * @param bias whether candidate 0 is a bias with a precision of its own
   */
  public record Options(int maxIter, double tol, double a0, double b0, WeightPrior.Structure structure, int rows,
      int cols, boolean bias) {

    /**
     * Checks the settings.
     *
     * @param maxIter the most steps
     * @param tol converged when a step raises the bound by less than {@code tol × 1e-3 × (1 + |bound|)}
     * @param a0 shape of the Gamma hyperprior of every precision (and of the noise precision), &gt; 0
     * @param b0 rate of that hyperprior, &gt; 0
     * @param structure how the table's precisions combine
     * @param rows table rows (M1)
     * @param cols table columns (M2); the basis is [bias] + rows × cols, row-major
     * @param bias whether candidate 0 is a bias with a precision of its own
     */
    public Options {
      if (maxIter < 1 || !(tol > 0.0)) {
        throw new IllegalArgumentException("maxIter must be at least 1 and tol positive");
      }
    }

    int size() {
      return (bias ? 1 : 0) + rows * cols;
    }

    boolean converged(double before, double after) {
      return after - before < tol * 1e-3 * (1.0 + Math.abs(after));
    }
  }

  private VariationalSolver() {}

  /**
   * Variational regression from the Gaussian sufficient statistics of all candidates.
   *
   * @param stats the data, through the statistics seam
   * @param options the settings of the outer loop
   * @param listener told of every step
   * @return the fit
   */
  public static VariationalFit fitGaussian(GaussianStatistics stats, Options options, IterationListener listener) {
    int m = checkSize(stats.numBasis(), options);
    double variance = stats.checkedTargetVariance();
    double w = stats.weightSum();
    WeightPrior prior = new WeightPrior(options.structure(), options.bias(), options.rows(), options.cols(),
        options.a0(), options.b0(), initialPrecision(stats.gram(), m, w, variance));
    GammaFactor noise = new GammaFactor(options.a0() + 0.5 * w, (options.a0() + 0.5 * w) * variance / 100.0);
    List<Double> bounds = new ArrayList<>();
    double[] mean = new double[m];
    double[] covariance = new double[m * m];
    boolean converged = false;
    int iteration = 0;
    while (iteration < options.maxIter()) {
      iteration++;
      // q(w), (15)
      double[] precision = new double[m * m];
      for (int i = 0; i < m * m; i++) {
        precision[i] = noise.mean() * stats.gram()[i];
      }
      Cholesky chol = Cholesky.factorWithJitter(DenseMatrices.plusDiagonal(precision, m, prior.meanPrecision()), m);
      covariance = chol.inverse();
      mean = chol.solve(stats.projection());
      for (int i = 0; i < m; i++) {
        mean[i] *= noise.mean();
      }
      double[] second = secondMoments(mean, covariance);
      prior.update(second);
      // q(γ), (18): E‖t − Φw‖² = tᵀt − 2μᵀΦᵀt + μᵀΦᵀΦμ + tr(ΦᵀΦΣ)
      double trace = 0.0;
      for (int i = 0; i < m * m; i++) {
        trace += stats.gram()[i] * covariance[i];
      }
      double expectedResidual = Math.max(stats.targetSquares() - 2 * DenseMatrices.dot(mean, stats.projection())
          + DenseMatrices.quadraticForm(stats.gram(), m, mean), 0.0) + trace;
      noise = new GammaFactor(options.a0() + 0.5 * w, options.b0() + 0.5 * expectedResidual);
      double bound = 0.5 * w * (noise.meanLog() - LOG_TWO_PI) - 0.5 * noise.mean() * expectedResidual
          + noise.negativeKl(options.a0(), options.b0()) + prior.bound(second)
          + gaussianEntropy(chol.logDeterminant(), m);
      if (record(bounds, bound, iteration, m, noise.mean(), 0, listener, options)) {
        converged = true;
        break;
      }
    }
    return result(prior, mean, covariance, noise.mean(), iteration, converged, bounds, m, 0);
  }

  /**
   * Variational binary classification through the Jaakkola–Jordan bound; labels 0/1 in the statistics.
   *
   * @param stats the data, through the statistics seam
   * @param options the settings of the outer loop
   * @param listener told of every step
   * @return the fit
   */
  public static VariationalFit fitBernoulli(DesignStatistics stats, Options options, IterationListener listener) {
    int m = checkSize(stats.numCandidates(), options);
    int[] all = Reestimation.indices(m);
    WeightPrior prior = new WeightPrior(options.structure(), options.bias(), options.rows(), options.cols(),
        options.a0(), options.b0(), 1.0);
    double[] mean = new double[m];
    double[] covariance = new double[m * m];
    double[] meanPrecision = prior.meanPrecision();
    for (int i = 0; i < m; i++) {
      covariance[i * m + i] = 1.0 / meanPrecision[i];
    }
    double logDetPrecision = -Reestimation.sumLog(DenseMatrices.select(covariance, diagonalIndices(m)));
    List<Double> bounds = new ArrayList<>();
    boolean converged = false;
    int iteration = 0;
    int passes = 0;
    while (iteration < options.maxIter()) {
      iteration++;
      // ξ at its optimum for the current q(w), and the data terms: one pass
      JaakkolaJordanTerms terms = stats.jaakkolaJordan(all, plusOuter(covariance, mean));
      passes++;
      double[] second = secondMoments(mean, covariance);
      double bound = terms.logBound() + 0.5 * DenseMatrices.dot(mean, terms.projection()) + prior.bound(second)
          + gaussianEntropy(logDetPrecision, m);
      if (record(bounds, bound, iteration, m, Double.NaN, 1, listener, options)) {
        converged = true;
        break;
      }
      // q(w), (29): Σ = (diag(E λ) + 2ΦᵀΛΦ)⁻¹, μ = ½ΣΦᵀt̃
      double[] precision = new double[m * m];
      for (int i = 0; i < m * m; i++) {
        precision[i] = 2.0 * terms.precision()[i];
      }
      Cholesky chol = Cholesky.factorWithJitter(DenseMatrices.plusDiagonal(precision, m, prior.meanPrecision()), m);
      covariance = chol.inverse();
      mean = chol.solve(terms.projection());
      for (int i = 0; i < m; i++) {
        mean[i] *= 0.5;
      }
      logDetPrecision = chol.logDeterminant();
      prior.update(secondMoments(mean, covariance));
    }
    return result(prior, mean, covariance, Double.NaN, iteration, converged, bounds, m, passes);
  }

  private static int checkSize(int candidates, Options options) {
    if (candidates != options.size()) {
      throw new IllegalArgumentException("the basis has " + candidates + " functions but the prior's table is "
          + (options.bias() ? "1 + " : "") + options.rows() + " × " + options.cols());
    }
    return candidates;
  }

  /** Returns true when converged. */
  private static boolean record(List<Double> bounds, double bound, int iteration, int m, double noise, int passes,
      IterationListener listener, Options options) {
    double before = bounds.isEmpty() ? Double.NEGATIVE_INFINITY : bounds.get(bounds.size() - 1);
    bounds.add(bound);
    listener.onIteration(new IterationReport(iteration, bound, m, Double.NaN, noise, passes));
    return bounds.size() > 1 && options.converged(before, bound);
  }

  private static VariationalFit result(WeightPrior prior, double[] mean, double[] covariance, double noise,
      int iterations, boolean converged, List<Double> bounds, int m, int passes) {
    int[] counts = new int[bounds.size()];
    java.util.Arrays.fill(counts, m);
    RelevanceFit fit = new RelevanceFit(Reestimation.indices(m), mean, prior.meanPrecision(), covariance, noise,
        iterations, converged, bounds.stream().mapToDouble(Double::doubleValue).toArray(), counts, passes);
    return new VariationalFit(fit, prior.rowRelevance(), prior.columnRelevance());
  }

  /** The initial precision: the prior variance of the function spread evenly over the basis functions. */
  private static double initialPrecision(double[] gram, int m, double weightSum, double variance) {
    double meanSquare = 0.0;
    for (int i = 0; i < m; i++) {
      meanSquare += gram[i * m + i] / weightSum;
    }
    return Math.max(meanSquare, 1e-12) / variance;
  }

  /** E[w²] = Σᵢᵢ + μᵢ². */
  private static double[] secondMoments(double[] mean, double[] covariance) {
    int m = mean.length;
    double[] s = new double[m];
    for (int i = 0; i < m; i++) {
      s[i] = covariance[i * m + i] + mean[i] * mean[i];
    }
    return s;
  }

  private static double[] plusOuter(double[] covariance, double[] mean) {
    int m = mean.length;
    double[] s = covariance.clone();
    for (int j = 0; j < m; j++) {
      for (int i = 0; i < m; i++) {
        s[j * m + i] += mean[i] * mean[j];
      }
    }
    return s;
  }

  private static int[] diagonalIndices(int m) {
    int[] idx = new int[m];
    for (int i = 0; i < m; i++) {
      idx[i] = i * m + i;
    }
    return idx;
  }

  /** −E[log q(w)] for q(w) = N(μ, Σ) with log |Σ⁻¹| given. */
  private static double gaussianEntropy(double logDetPrecision, int m) {
    return 0.5 * (m * (1.0 + LOG_TWO_PI) - logDetPrecision);
  }
}
