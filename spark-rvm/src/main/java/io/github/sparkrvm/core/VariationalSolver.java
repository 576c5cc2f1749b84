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

package io.github.sparkrvm.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The variational RVM (Bishop &amp; Tipping 2000) with the ARD, p-grid or s-grid prior (Kropotov et al. 2010):
 * coordinate ascent on the lower bound of log p(t), which therefore never decreases and is the convergence
 * criterion. Regression: updates (11)–(26); classification: the Jaakkola–Jordan bound.
 *
 * <p>One loop per likelihood serves two forms of q(w) ({@link WeightPosterior}): the <em>primal</em> form factors
 * the M × M precision every step (O(M³); regression from the Gaussian sufficient statistics, classification with
 * one pass over the data per step, {@link DesignStatistics#jaakkolaJordan}); the <em>dual</em> form works on the
 * expanded N × M design held in memory ({@link DesignMatrix}) through the Woodbury identity, with an N × N
 * factorisation per step (O(N²M + N³)), which is cheaper when M &gt; N, as with every training row a centre of the
 * per-dimension basis. Both compute the same μ, diag Σ, log |Σ⁻¹| and likelihood terms, so the same bound, up to
 * rounding.
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
   * Variational regression from the Gaussian sufficient statistics of all candidates, in the primal form (an M × M
   * factorisation per step).
   *
   * @param stats the data, through the statistics seam
   * @param options the settings of the outer loop
   * @param listener told of every step
   * @return the fit
   */
  public static VariationalFit fitGaussian(GaussianStatistics stats, Options options, IterationListener listener) {
    return fitGaussian(PrimalPosterior.gaussian(stats), options, listener);
  }

  /**
   * Variational regression on the expanded design held in memory, in the dual form (an N × N factorisation per
   * step, O(N²M + N³)): the same updates and the same bound as {@link #fitGaussian(GaussianStatistics, Options,
   * IterationListener)}, cheaper when M &gt; N.
   *
   * @param design Φ with its targets and row weights
   * @param options the settings of the outer loop
   * @param listener told of every step
   * @return the fit
   */
  public static VariationalFit fitGaussianDual(DesignMatrix design, Options options, IterationListener listener) {
    return fitGaussian(new DualPosterior(design), options, listener);
  }

  private static VariationalFit fitGaussian(WeightPosterior q, Options options, IterationListener listener) {
    int m = checkSize(q.size(), options);
    double variance = q.checkedTargetVariance();
    double w = q.weightSum();
    WeightPrior prior = new WeightPrior(options.structure(), options.bias(), options.rows(), options.cols(),
        options.a0(), options.b0(), Math.max(q.basisMeanSquare(), 1e-12) / variance);
    GammaFactor noise = new GammaFactor(options.a0() + 0.5 * w, (options.a0() + 0.5 * w) * variance / 100.0);
    List<Double> bounds = new ArrayList<>();
    boolean converged = false;
    int iteration = 0;
    while (iteration < options.maxIter()) {
      iteration++;
      // q(w), (15)
      q.fitGaussian(prior.meanPrecision(), noise.mean());
      double[] second = q.secondMoments();
      prior.update(second);
      // q(γ), (18): E‖t − Φw‖²
      double expectedResidual = q.expectedResidual();
      noise = new GammaFactor(options.a0() + 0.5 * w, options.b0() + 0.5 * expectedResidual);
      double bound = 0.5 * w * (noise.meanLog() - LOG_TWO_PI) - 0.5 * noise.mean() * expectedResidual
          + noise.negativeKl(options.a0(), options.b0()) + prior.bound(second)
          + gaussianEntropy(q.logDetPrecision(), m);
      if (record(bounds, bound, iteration, m, noise.mean(), 0, listener, options)) {
        converged = true;
        break;
      }
    }
    return result(prior, q, noise.mean(), iteration, converged, bounds, m);
  }

  /**
   * Variational binary classification through the Jaakkola–Jordan bound, in the primal form (one pass over the
   * data and an M × M factorisation per step); labels 0/1 in the statistics.
   *
   * @param stats the data, through the statistics seam
   * @param options the settings of the outer loop
   * @param listener told of every step
   * @return the fit
   */
  public static VariationalFit fitBernoulli(DesignStatistics stats, Options options, IterationListener listener) {
    return fitBernoulli(PrimalPosterior.bernoulli(stats), options, listener);
  }

  /**
   * Variational binary classification on the expanded design held in memory, in the dual form (no pass over the
   * data, an N × N factorisation per step): the same updates and bound as {@link #fitBernoulli(DesignStatistics,
   * Options, IterationListener)}; labels 0/1 in the design's targets.
   *
   * @param design Φ with its labels and row weights
   * @param options the settings of the outer loop
   * @param listener told of every step
   * @return the fit
   */
  public static VariationalFit fitBernoulliDual(DesignMatrix design, Options options, IterationListener listener) {
    return fitBernoulli(new DualPosterior(design), options, listener);
  }

  private static VariationalFit fitBernoulli(WeightPosterior q, Options options, IterationListener listener) {
    int m = checkSize(q.size(), options);
    WeightPrior prior = new WeightPrior(options.structure(), options.bias(), options.rows(), options.cols(),
        options.a0(), options.b0(), 1.0);
    q.startBernoulli(prior.meanPrecision());
    List<Double> bounds = new ArrayList<>();
    boolean converged = false;
    int iteration = 0;
    while (iteration < options.maxIter()) {
      iteration++;
      // ξ at its optimum for the current q(w), and the data terms (primal: one pass)
      double dataBound = q.tightenJaakkolaJordan();
      double bound = dataBound + prior.bound(q.secondMoments()) + gaussianEntropy(q.logDetPrecision(), m);
      if (record(bounds, bound, iteration, m, Double.NaN, q.passes() > 0 ? 1 : 0, listener, options)) {
        converged = true;
        break;
      }
      // q(w), (29): Σ = (diag(E λ) + 2ΦᵀΛΦ)⁻¹, μ = ½ΣΦᵀt̃
      q.fitBernoulli(prior.meanPrecision());
      prior.update(q.secondMoments());
    }
    return result(prior, q, Double.NaN, iteration, converged, bounds, m);
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

  private static VariationalFit result(WeightPrior prior, WeightPosterior q, double noise, int iterations,
      boolean converged, List<Double> bounds, int m) {
    int[] counts = new int[bounds.size()];
    java.util.Arrays.fill(counts, m);
    RelevanceFit fit = new RelevanceFit(Reestimation.indices(m), q.mean(), prior.meanPrecision(), q.covariance(),
        noise, iterations, converged, bounds.stream().mapToDouble(Double::doubleValue).toArray(), counts, q.passes());
    return new VariationalFit(fit, prior.rowRelevance(), prior.columnRelevance());
  }

  /** −E[log q(w)] for q(w) = N(μ, Σ) with log |Σ⁻¹| given. */
  private static double gaussianEntropy(double logDetPrecision, int m) {
    return 0.5 * (m * (1.0 + LOG_TWO_PI) - logDetPrecision);
  }
}
