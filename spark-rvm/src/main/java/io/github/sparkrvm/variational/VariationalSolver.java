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

package io.github.sparkrvm.variational;

import io.github.sparkrvm.solvers.FitTrace;
import io.github.sparkrvm.solvers.Reestimation;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.RelevanceSolver;
import io.github.sparkrvm.solvers.SparseBayesOptions;
import io.github.sparkrvm.solvers.VariationalFit;
import io.github.sparkrvm.statistics.DesignMatrix;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.statistics.RowCollection;
import io.github.sparkrvm.util.IterationListener;

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

  private VariationalSolver() {}

  /**
   * {@return the solver of {@code family} (gaussian or bernoulli) in the given form: the primal one over the
   * statistics seam ({@link DesignStatistics#gaussian}; bernoulli: {@link DesignStatistics#jaakkolaJordan}, one pass
   * per step), or the dual one over the design the seam holds or collects ({@link RowCollection#design})}
   *
   * @param family gaussian or bernoulli
   * @param dual whether to run in the dual form
   * @param options maxIter; tol (converged when a step raises the bound by less than
   *     {@code tol × 1e-3 × (1 + |bound|)}); alphaPriorShape and alphaPriorRate, the shape a₀ and rate b₀ (both
   *     &gt; 0) of the Gamma hyperprior of every precision and of the noise precision
   * @param table the table the prior is laid over
   */
  public static RelevanceSolver<VariationalFit> of(Family family, boolean dual, SparseBayesOptions options,
      PriorTable table) {
    return switch (family) {
      case GAUSSIAN -> (data, listener) -> fitGaussian(dual ? dual(data)
          : PrimalPosterior.gaussian(data.gaussian()), options, table, listener);
      case BERNOULLI -> (data, listener) -> fitBernoulli(dual ? dual(data)
          : PrimalPosterior.bernoulli(data), options, table, listener);
      default -> throw new IllegalArgumentException("the variational solver fits family gaussian or bernoulli, not "
          + family);
    };
  }

  /** {@return q(w) in the dual form, over the design the statistics hold or collect} */
  private static WeightPosterior dual(DesignStatistics data) {
    return new DualPosterior(RowCollection.of(data, "the dual form of solver variational").design());
  }

  private static VariationalFit fitGaussian(WeightPosterior q, SparseBayesOptions options, PriorTable table,
      IterationListener listener) {
    int m = checkSize(q.size(), table);
    double a0 = options.alphaPriorShape();
    double b0 = options.alphaPriorRate();
    double variance = q.checkedTargetVariance();
    double w = q.weightSum();
    WeightPrior prior = new WeightPrior(table.structure(), table.bias(), table.rows(), table.cols(), a0, b0,
        Math.max(q.basisMeanSquare(), 1e-12) / variance);
    GammaFactor noise = new GammaFactor(a0 + 0.5 * w, (a0 + 0.5 * w) * variance / 100.0);
    FitTrace trace = new FitTrace(listener);
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
      noise = new GammaFactor(a0 + 0.5 * w, b0 + 0.5 * expectedResidual);
      double bound = 0.5 * w * (noise.meanLog() - LOG_TWO_PI) - 0.5 * noise.mean() * expectedResidual
          + noise.negativeKl(a0, b0) + prior.bound(second)
          + gaussianEntropy(q.logDetPrecision(), m);
      if (record(trace, bound, iteration, m, noise.mean(), 0, options)) {
        converged = true;
        break;
      }
    }
    return result(prior, q, noise.mean(), iteration, converged, trace, m);
  }

  private static VariationalFit fitBernoulli(WeightPosterior q, SparseBayesOptions options, PriorTable table,
      IterationListener listener) {
    int m = checkSize(q.size(), table);
    double a0 = options.alphaPriorShape();
    double b0 = options.alphaPriorRate();
    WeightPrior prior = new WeightPrior(table.structure(), table.bias(), table.rows(), table.cols(), a0, b0, 1.0);
    q.startBernoulli(prior.meanPrecision());
    FitTrace trace = new FitTrace(listener);
    boolean converged = false;
    int iteration = 0;
    while (iteration < options.maxIter()) {
      iteration++;
      // ξ at its optimum for the current q(w), and the data terms (primal: one pass)
      double dataBound = q.tightenJaakkolaJordan();
      double bound = dataBound + prior.bound(q.secondMoments()) + gaussianEntropy(q.logDetPrecision(), m);
      if (record(trace, bound, iteration, m, Double.NaN, q.passes() > 0 ? 1 : 0, options)) {
        converged = true;
        break;
      }
      // q(w), (29): Σ = (diag(E λ) + 2ΦᵀΛΦ)⁻¹, μ = ½ΣΦᵀt̃
      q.fitBernoulli(prior.meanPrecision());
      prior.update(q.secondMoments());
    }
    return result(prior, q, Double.NaN, iteration, converged, trace, m);
  }

  private static int checkSize(int candidates, PriorTable table) {
    if (candidates != table.size()) {
      throw new IllegalArgumentException("the basis has " + candidates + " functions but the prior's table is "
          + (table.bias() ? "1 + " : "") + table.rows() + " × " + table.cols());
    }
    return candidates;
  }

  /**
   * Records a step; returns true when converged: the step raised the bound by less than
   * {@code tol × 1e-3 × (1 + |bound|)}.
   */
  private static boolean record(FitTrace trace, double bound, int iteration, int m, double noise, int passes,
      SparseBayesOptions options) {
    double before = trace.last();
    trace.record(iteration, bound, m, Double.NaN, noise, passes);
    return trace.size() > 1 && bound - before < options.tol() * 1e-3 * (1.0 + Math.abs(bound));
  }

  private static VariationalFit result(WeightPrior prior, WeightPosterior q, double noise, int iterations,
      boolean converged, FitTrace trace, int m) {
    RelevanceFit fit = new RelevanceFit(Reestimation.indices(m), q.mean(), prior.meanPrecision(), q.covariance(),
        noise, iterations, converged, trace.objective(), trace.activeCounts(), q.passes());
    return new VariationalFit(fit, prior.rowRelevance(), prior.columnRelevance());
  }

  /** −E[log q(w)] for q(w) = N(μ, Σ) with log |Σ⁻¹| given. */
  private static double gaussianEntropy(double logDetPrecision, int m) {
    return 0.5 * (m * (1.0 + LOG_TWO_PI) - logDetPrecision);
  }
}
