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

package io.github.sparkrvm.statistics;

import io.github.sparkrvm.linalg.Logistic;
import io.github.sparkrvm.linalg.SpecialFunctions;

/**
 * The likelihood of one row given its latent score f = φ(x)ᵀw, for the families fitted with the Laplace
 * approximation: what the accumulators need per row (the log-likelihood, the mean, whose difference from the label
 * gives the gradient Φᵀ W (t − μ), and the weight B of the negative Hessian Φᵀ W B Φ). The em and fast Laplace
 * solvers, the posterior mode search and the statistics passes are written once over it.
 *
 * <ul>
 *   <li>{@link #BERNOULLI}: labels 0 and 1, logistic link: μ = σ(f), log p = t f − log(1 + eᶠ), B = μ(1 − μ).
 *   <li>{@link #POISSON}: counts 0, 1, 2, …, log link: μ = eᶠ, log p = t f − eᶠ − log t!, B = μ (Tipping's
 *       SparseBayes has the same likelihood).
 * </ul>
 */
public enum LaplaceLikelihood {

  /** Binary labels, logistic link. */
  BERNOULLI("Bernoulli") {
    @Override
    public double mean(double f) {
      return Logistic.sigmoid(f);
    }

    @Override
    public double weightedCurvature(double rowWeight, double mean) {
      return rowWeight * mean * (1.0 - mean);
    }

    @Override
    public double logLikelihood(double label, double f) {
      return Logistic.logLikelihood(label, f);
    }

    /** Every row's log-likelihood at f = 0 is −w log 2: the weight sum is −ℓ(0) / log 2, exactly. */
    @Override
    public double weightSumAtZero(double logLikelihoodAtZero, double[] gramDiagonal) {
      return -logLikelihoodAtZero / Math.log(2.0);
    }

    @Override
    public double saturatedLogLikelihood(double label) {
      return xLogX(label) + xLogX(1.0 - label);
    }
  },

  /** Counts, log link. */
  POISSON("Poisson") {
    @Override
    public double mean(double f) {
      return Math.exp(Math.min(f, MAX_LOG_MEAN));
    }

    @Override
    public double weightedCurvature(double rowWeight, double mean) {
      return rowWeight * mean;
    }

    @Override
    public double logLikelihood(double label, double f) {
      return label * f - mean(f) - SpecialFunctions.logGamma(label + 1.0);
    }

    /**
     * The log-likelihood at f = 0, Σ w(−1 − log t!), does not give the weight sum; the largest Σ wφᵢ² stands for it:
     * the bias's is the weight sum itself, and a basis function bounded by 1 (an RBF) or a standardised feature has
     * one of about that size.
     */
    @Override
    public double weightSumAtZero(double logLikelihoodAtZero, double[] gramDiagonal) {
      double largest = 0.0;
      for (double g : gramDiagonal) {
        largest = Math.max(largest, g);
      }
      return largest > 0.0 ? largest : 1.0;
    }

    @Override
    public double saturatedLogLikelihood(double label) {
      return xLogX(label) - label - SpecialFunctions.logGamma(label + 1.0);
    }
  };

  private static double xLogX(double x) {
    return x > 0.0 ? x * Math.log(x) : 0.0;
  }

  /**
   * {@return the log-likelihood of {@code label} at the mean that fits it exactly (the saturated model): 0 for a 0/1
   * label of the Bernoulli likelihood}
   *
   * @param label the label
   */
  public abstract double saturatedLogLikelihood(double label);

  /**
   * {@return how much more likely {@code label} could be than at score {@code f}: the saturated log-likelihood less
   * the log-likelihood at f (half the unit deviance), never negative} The most that any change of the scores of a
   * row can gain it.
   *
   * @param label the label
   * @param f the score
   */
  public double shortfall(double label, double f) {
    return Math.max(0.0, saturatedLogLikelihood(label) - logLikelihood(label, f));
  }

  /**
   * The largest latent score f the Poisson mean eᶠ is computed at: e⁷⁰⁰ ≈ 1e304 stays below the largest double, so
   * that the mean, the log-likelihood and (for bounded basis values) the gradient stay finite where eᶠ would
   * overflow. A Newton step that reaches such a score has a log-likelihood near −1e304 and is halved; a fitted model
   * never sits there. Scores above it are scored as if at it.
   */
  public static final double MAX_LOG_MEAN = 700.0;

  private final String title;

  LaplaceLikelihood(String title) {
    this.title = title;
  }

  /**
   * {@return the mean μ(f) of a row's label at latent score f (σ(f); Poisson: e^min(f, 700))}
   *
   * @param f the latent score φ(x)ᵀw
   */
  public abstract double mean(double f);

  /**
   * {@return w·B, the row weight times the negative second derivative of the row's log-likelihood in f, from the
   * mean μ (μ(1 − μ); Poisson: μ)}
   *
   * @param rowWeight the row weight w
   * @param mean μ(f)
   */
  public abstract double weightedCurvature(double rowWeight, double mean);

  /**
   * {@return log p(label | f), the row's log-likelihood at latent score f}
   *
   * @param label the label (0/1; a count)
   * @param f the latent score
   */
  public abstract double logLikelihood(double label, double f);

  /**
   * {@return the sum of the row weights, for the em solver's starting α, from what its first pass at w = 0 gives:
   * the log-likelihood there and Σ wφᵢ² of every candidate}
   *
   * @param logLikelihoodAtZero the log-likelihood at w = 0
   * @param gramDiagonal Σ wₙ φᵢ(xₙ)² of every candidate
   */
  public abstract double weightSumAtZero(double logLikelihoodAtZero, double[] gramDiagonal);

  /** {@return B at f = 0 per unit weight: ¼ (Bernoulli) or 1 (Poisson)} */
  public double curvatureAtZero() {
    return weightedCurvature(1.0, mean(0.0));
  }

  /** {@return the name used in messages and Spark job descriptions: Bernoulli or Poisson} */
  public String title() {
    return title;
  }
}
