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

import io.github.sparkrvm.linalg.Cholesky;
import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.GaussianColumns;
import io.github.sparkrvm.util.IterationListener;
import java.util.ArrayList;
import java.util.List;

/**
 * Sparse Bayesian regression by the classic re-estimation of Tipping (2001): from the sufficient statistics alone,
 * Σ = (A + βΦᵀΦ)⁻¹, m = βΣΦᵀt, then α ← (γ + 2a)/(m² + 2b) and β ← (Σw − Σγ)/‖t − Φm‖², pruning α above alphaMax.
 *
 * <p>Basis functions whose marginal likelihood is maximised at α = ∞ are pruned at once
 * ({@link Reestimation#refineSettled}). MacKay's fixed-point step is fast but not guaranteed to increase the marginal likelihood; a step that would
 * lower it is replaced by the EM step, which never does, so the recorded objective never decreases. With
 * {@link SparseBayesOptions#noiseFixed} β is held at the given value and only α is re-estimated.
 */
public final class GaussianRelevanceSolver {

  private static final double HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

  private final GaussianColumns stats;
  private final SparseBayesOptions options;

  private GaussianRelevanceSolver(GaussianColumns stats, SparseBayesOptions options) {
    this.stats = stats;
    this.options = options;
  }

  private static RelevanceFit fit(GaussianColumns stats, SparseBayesOptions options, InitialState initial,
      IterationListener listener) {
    double variance = stats.checkedTargetVariance();
    return new GaussianRelevanceSolver(stats, options).run(variance, new NoisePrecisionUpdate(stats, variance),
        initial, listener);
  }

  /**
   * {@return the solver over the Gaussian statistics of all candidates ({@link DesignStatistics#gaussian})}
   *
   * @param options the settings of the outer loop
   */
  public static RelevanceSolver<RelevanceFit> of(SparseBayesOptions options) {
    return of(options, null);
  }

  /**
   * {@return the solver over the Gaussian statistics of all candidates, started from {@code initial}: it fits α and
   * β (or α alone, when {@link SparseBayesOptions#noiseFixed} holds β) and returns the posterior over the basis
   * functions kept; a warm start begins from the initial basis functions, α and β (β unless options hold it)
   * instead of every candidate, and, as the classic re-estimation only prunes, keeps to them}
   *
   * @param options the settings of the outer loop
   * @param initial where to start (null: a cold start)
   */
  public static RelevanceSolver<RelevanceFit> of(SparseBayesOptions options, InitialState initial) {
    return (data, listener) -> fit(data.gaussian(), options, initial, listener);
  }

  /**
   * {@return the posterior and its objective at fixed α (over {@code active}) and β}
   *
   * @param stats the data, through the statistics seam
   * @param beta the noise precision β
   * @param options the settings of the outer loop
   * @param active the basis functions in the model
   * @param alpha their prior precisions
   */
  public static Posterior posterior(GaussianColumns stats, int[] active, double[] alpha, double beta,
      SparseBayesOptions options) {
    return new GaussianRelevanceSolver(stats, options).posterior(active, alpha, beta);
  }

  private RelevanceFit run(double targetVariance, NoisePrecisionUpdate noise, InitialState initial,
      IterationListener listener) {
    int m = stats.numBasis();
    double beta = startingBeta(options, initial, targetVariance);
    Posterior post = initial != null ? posterior(initial.singleActive(m), initial.alpha()[0], beta)
        : posterior(Reestimation.indices(m),
            Reestimation.initialAlpha(stats.gramDiagonal(), stats.weightSum(), targetVariance), beta);
    FitTrace trace = new FitTrace(listener);
    trace.record(0, post.logMarginalLikelihood(), post.active().length, Double.NaN, post.beta(), 0);
    boolean converged = false;
    int iteration = 0;
    while (iteration < options.maxIter()) {
      iteration++;
      Step step = null;
      Posterior next = null;
      for (Step proposal : proposals(post, noise)) {
        step = proposal;
        next = posterior(step.active(), step.alpha(), step.beta());
        if (next.logMarginalLikelihood() >= post.logMarginalLikelihood() - slack(post)) {
          break;
        }
      }
      post = next;
      trace.record(iteration, post.logMarginalLikelihood(), post.active().length, step.maxLogChange(), post.beta(),
          0);
      if (!step.pruned() && step.maxLogChange() < options.tol()) {
        converged = true;
        break;
      }
    }
    return new RelevanceFit(post.active(), post.mean(), post.alpha(), post.covariance(), post.beta(), iteration,
        converged, trace.objective(), trace.activeCounts(), 0);
  }

  /**
   * {@return β at the start: the held value when the options fix it, else the initial state's, else 100 / var(t) (a
   * noise deviation of a tenth of the targets')}
   *
   * @param options the settings (noisePrecision)
   * @param initial the initial state, or null
   * @param targetVariance the weighted variance of the targets
   */
  static double startingBeta(SparseBayesOptions options, InitialState initial, double targetVariance) {
    if (options.noiseFixed()) {
      return options.noisePrecision();
    }
    if (initial != null && initial.noisePrecision() > 0.0 && Double.isFinite(initial.noisePrecision())) {
      return initial.noisePrecision();
    }
    return 100.0 / targetVariance;
  }

  private static double slack(Posterior post) {
    return 1e-10 * (1.0 + Math.abs(post.logMarginalLikelihood()));
  }

  /**
   * The steps to try, in order, until one does not lower the objective: the settled refinement (when it applies),
   * MacKay's step, and the EM step, which never lowers it.
   */
  private List<Step> proposals(Posterior post, NoisePrecisionUpdate noise) {
    List<Step> steps = new ArrayList<>(3);
    double[] gamma = Reestimation.wellDetermined(post.alpha(), post.covariance());
    double[] alpha = Reestimation.mackay(gamma, post.mean(), options.alphaPriorShape(), options.alphaPriorRate());
    double beta = noise.mackay(post, gamma);
    if (options.alphaPriorShape() == 0.0 && options.alphaPriorRate() == 0.0) {
      double[] refined = alpha.clone();
      if (Reestimation.refineSettled(refined, post.alpha(), post.mean(), gamma)) {
        steps.add(prune(post, refined, beta));
      }
    }
    steps.add(prune(post, alpha, beta));
    steps.add(emStep(post, noise));
    return steps;
  }

  /** A proposed (active, α, β) and how far it moved. */
  private record Step(int[] active, double[] alpha, double beta, double maxLogChange, boolean pruned) {}

  private Step emStep(Posterior post, NoisePrecisionUpdate noise) {
    double[] alpha = Reestimation.expectationMaximisation(post.mean(), post.covariance(),
        options.alphaPriorShape(), options.alphaPriorRate());
    return prune(post, alpha, noise.expectationMaximisation(post));
  }

  /** Keeps the basis functions whose α stays at or below alphaMax; β as proposed, or as held. */
  private Step prune(Posterior post, double[] alpha, double proposedBeta) {
    double beta = options.noiseFixed() ? options.noisePrecision() : proposedBeta;
    int[] kept = Reestimation.kept(alpha, options.alphaMax());
    double change = Math.max(Reestimation.maxLogChange(post.alpha(), alpha, kept),
        Math.abs(Math.log(beta) - Math.log(post.beta())));
    int[] active = new int[kept.length];
    double[] keptAlpha = new double[kept.length];
    for (int i = 0; i < kept.length; i++) {
      active[i] = post.active()[kept[i]];
      keptAlpha[i] = alpha[kept[i]];
    }
    return new Step(active, keptAlpha, beta, change, kept.length < alpha.length);
  }

  private Posterior posterior(int[] active, double[] alpha, double beta) {
    int k = active.length;
    double[] gram = stats.gramSubmatrix(active);
    double[] projection = DenseMatrices.select(stats.projection(), active);
    double[] precision = new double[k * k];
    for (int i = 0; i < k * k; i++) {
      precision[i] = beta * gram[i];
    }
    for (int i = 0; i < k; i++) {
      precision[i * k + i] += alpha[i];
    }
    Cholesky chol = Cholesky.factorWithJitter(precision, k);
    double[] mean = chol.solve(projection);
    for (int i = 0; i < k; i++) {
      mean[i] *= beta;
    }
    double residual = Math.max(stats.targetSquares() - 2 * DenseMatrices.dot(mean, projection)
        + DenseMatrices.quadraticForm(gram, k, mean), 0.0);
    double weightPenalty = 0.0;
    for (int i = 0; i < k; i++) {
      weightPenalty += alpha[i] * mean[i] * mean[i];
    }
    double w = stats.weightSum();
    double logMarginal = 0.5 * w * Math.log(beta) - w * HALF_LOG_TWO_PI
        + 0.5 * (Reestimation.sumLog(alpha) - chol.logDeterminant() - beta * residual - weightPenalty)
        + Reestimation.hyperprior(alpha, options.alphaPriorShape(), options.alphaPriorRate());
    return new Posterior(active, alpha, beta, mean, chol.inverse(), residual, logMarginal);
  }

  /**
   * The Gaussian posterior over the weights of the active basis at fixed α and β.
   *
   * @param residualSquares the weighted ‖t − Φm‖²
   * @param logMarginalLikelihood log p(t | α, β), plus the hyperprior's log density when a or b is positive
   */
  public record Posterior(int[] active, double[] alpha, double beta, double[] mean, double[] covariance,
      double residualSquares, double logMarginalLikelihood) {}
}
