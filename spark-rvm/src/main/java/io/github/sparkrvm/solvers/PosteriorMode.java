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
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LikelihoodSlope;
import io.github.sparkrvm.statistics.LikelihoodTerms;

/**
 * The mode of the posterior over the weights at fixed α for a logistic (Bernoulli), Poisson (log link) or softmax
 * (multinomial) likelihood — the Laplace approximation's centre — by Newton/IRLS on Ψ(w) = −log p(t | w) + ½ wᵀAw
 * with step halving. The likelihood is any {@link LikelihoodEvaluator}; each evaluation is one pass over the data, and an
 * accepted step reuses the gradient and Hessian its evaluation returned.
 *
 * @param weights the mode w
 * @param terms the likelihood terms at the mode
 * @param precision the Cholesky factor of H = ΦᵀBΦ + A at the mode (Σ = H⁻¹)
 * @param passes the passes over the data the search made
 */
record PosteriorMode(double[] weights, LikelihoodTerms terms, Cholesky precision, int passes) {

  /** The most Newton steps per search; a warm start usually needs two or three. */
  public static final int MAX_NEWTON_STEPS = 25;
  private static final int MAX_HALVINGS = 30;
  /** Stop when the Newton decrement ½gᵀH⁻¹g falls below this, relative to 1 + |Ψ|. */
  private static final double DECREMENT_TOLERANCE = 1e-12;

  /**
   * Searches from {@code start} for the Bernoulli mode at prior precisions {@code alpha} over {@code active}.
   *
   * @param stats the data
   * @param active the basis functions in the model
   * @param alpha their prior precisions
   * @param start the starting weights
   * @return the mode
   */
  public static PosteriorMode find(DesignStatistics stats, int[] active, double[] alpha, double[] start) {
    return find(stats, active, alpha, start, null);
  }

  /**
   * {@return the Bernoulli mode over {@code active}, from {@code start} with its terms when known (see below)}
   *
   * @param stats the data
   * @param active the basis functions in the model
   * @param alpha their prior precisions
   * @param start the starting weights
   * @param startTerms the likelihood terms at start
   */
  public static PosteriorMode find(DesignStatistics stats, int[] active, double[] alpha, double[] start,
      LikelihoodTerms startTerms) {
    return find(stats, LaplaceLikelihood.BERNOULLI, active, alpha, start, startTerms);
  }

  /**
   * {@return the mode of a {@link LaplaceLikelihood} over {@code active}, from {@code start} with its terms when
   * known (see below)}
   *
   * @param stats the data
   * @param likelihood the likelihood of a row
   * @param active the basis functions in the model
   * @param alpha their prior precisions
   * @param start the starting weights
   * @param startTerms the likelihood terms at start (null: evaluated there)
   */
  public static PosteriorMode find(DesignStatistics stats, LaplaceLikelihood likelihood, int[] active, double[] alpha,
      double[] start, LikelihoodTerms startTerms) {
    int[] act = active.clone();
    return find(w -> stats.laplace(likelihood, act, w), alpha, start, startTerms);
  }

  /**
   * Searches from {@code start}, whose likelihood terms are {@code startTerms} when known (null: one pass computes
   * them). A warm start after α changed always takes at least one Newton step: its decrement can be below the
   * tolerance while the weights of large-α basis functions, which α re-estimation reads, are still stale.
   *
   * @param likelihood the likelihood terms at any weights
   * @param alpha the prior precisions
   * @param start the starting weights
   * @param startTerms the likelihood terms at start
   * @return the mode
   */
  public static PosteriorMode find(LikelihoodEvaluator likelihood, double[] alpha, double[] start,
      LikelihoodTerms startTerms) {
    return find(likelihood, alpha, start, startTerms, DECREMENT_TOLERANCE, Double.POSITIVE_INFINITY);
  }

  /**
   * As above, stopping when the Newton decrement falls below {@code relativeTolerance} relative to 1 + |Ψ| or below
   * {@code absoluteTolerance}, whichever is smaller (the fast solver, whose steps move α by a lot, accepts a looser
   * mode between steps to save passes, but one whose objective still resolves the gains of its steps).
   *
   * @param likelihood the likelihood terms at any weights
   * @param alpha the prior precisions
   * @param start the starting weights
   * @param startTerms the likelihood terms at start (null: evaluated there)
   * @param relativeTolerance the Newton decrement, relative to 1 + |Ψ|, at which the search stops
   * @param absoluteTolerance the Newton decrement (nats) at which the search stops in any case
   * @return the mode
   */
  public static PosteriorMode find(LikelihoodEvaluator likelihood, double[] alpha, double[] start,
      LikelihoodTerms startTerms, double relativeTolerance, double absoluteTolerance) {
    int k = start.length;
    if (alpha.length != k) {
      throw new IllegalArgumentException("PosteriorMode: " + alpha.length + " alphas for " + k + " weights");
    }
    double[] w = start.clone();
    LikelihoodTerms terms = startTerms != null ? startTerms : likelihood.at(w);
    return newton(likelihood, alpha, w, terms, startTerms != null ? 0 : 1, startTerms != null, relativeTolerance,
        absoluteTolerance);
  }

  /**
   * The Newton search from {@code w}, whose terms are {@code terms}, after {@code passes} passes; a {@code warm}
   * start takes at least one step.
   */
  private static PosteriorMode newton(LikelihoodEvaluator likelihood, double[] alpha, double[] w,
      LikelihoodTerms terms, int passes, boolean warm, double relativeTolerance, double absoluteTolerance) {
    int k = w.length;
    double psi = objective(terms, alpha, w);
    for (int step = 0; ; step++) {
      double[] gradient = new double[k];
      for (int i = 0; i < k; i++) {
        gradient[i] = terms.gradient()[i] - alpha[i] * w[i];
      }
      Cholesky chol = Cholesky.factorWithJitter(DenseMatrices.plusDiagonal(terms.hessian(), k, alpha), k);
      double[] direction = chol.solve(gradient);
      double decrement = 0.5 * DenseMatrices.dot(gradient, direction);
      double limit = Math.min(relativeTolerance * (1.0 + Math.abs(psi)), absoluteTolerance);
      double tolerance = warm && step == 0 ? 0.0 : limit;
      if (step == MAX_NEWTON_STEPS || !(decrement > tolerance)) {
        return new PosteriorMode(w, terms, chol, passes);
      }
      // Near the mode Newton converges quadratically, the next decrement about c·decrement² (c between 0.05 and 0.4
      // on the fast solvers' searches, measured): a full step from here is expected to end the search when
      // decrement² is within 100 tolerances (wrong either way in about one search in 40 there).
      boolean nearMode = decrement * decrement <= 100.0 * limit;
      double scale = 1.0;
      boolean accepted = false;
      for (int halving = 0; halving <= MAX_HALVINGS && !accepted; halving++, scale *= 0.5) {
        double[] trial = new double[k];
        for (int i = 0; i < k; i++) {
          trial[i] = w[i] + scale * direction[i];
        }
        LikelihoodTerms trialTerms = likelihood.at(trial, nearMode && halving == 0);
        passes++;
        double trialPsi = objective(trialTerms, alpha, trial);
        if (trialPsi <= psi) {
          w = trial;
          terms = trialTerms;
          psi = trialPsi;
          accepted = true;
        }
      }
      if (!accepted) {
        // No step lowers Ψ any more: w is the mode to rounding.
        return new PosteriorMode(w, terms, chol, passes);
      }
    }
  }

  /** The most chord steps of {@link #findByChords} before its exact evaluation. */
  static final int MAX_CHORD_STEPS = 30;

  /** The chord decrement, as a fraction of the search's tolerance, at which the chord steps hand over. */
  static final double CHORD_TOLERANCE = 1.0 / 64;

  /** The chord steps hand over to Newton when a step shrinks the decrement by less than this factor. */
  static final double CHORD_RATE = 0.5;

  /**
   * {@return the mode as {@link #find(LikelihoodEvaluator, double[], double[], LikelihoodTerms, double, double)}
   * finds it, to the same tolerances, with most steps on a fixed Hessian} Chord steps: Newton's direction with the
   * negative Hessian of the start ({@code startTerms}' own, else {@code chordHessian}, e.g. that of a mode nearby)
   * held, each step's gradient and objective from {@link LikelihoodEvaluator#slope} (a pass that forms no Hessian:
   * for the softmax at k pairs about n·K·u multiply-adds against n·k²/2), halved while the objective would rise. The
   * chord steps converge linearly at the rate at which the held Hessian differs from the one along the way; they
   * hand over when their decrement (½gᵀ(H₀ + A)⁻¹g) falls to {@link #CHORD_TOLERANCE} of the tolerance, shrinks by
   * less than {@link #CHORD_RATE} a step, or after {@link #MAX_CHORD_STEPS}. From there the search is Newton's with
   * exact terms ({@link LikelihoodEvaluator#at(double[], boolean)}), which stops at once when the exact decrement is
   * within the tolerance: the mode returned is as converged as Newton's, and its terms and Σ are exact there. Near
   * the mode one exact evaluation instead of Newton's two or three, each of which forms the Hessian.
   *
   * @param likelihood the likelihood, with a pass without the Hessian
   * @param alpha the prior precisions
   * @param start the starting weights
   * @param startTerms the exact terms at start (null: a slope pass there, and {@code chordHessian} held)
   * @param chordHessian the negative Hessian held when {@code startTerms} is null (k × k, column-major)
   * @param relativeTolerance the Newton decrement, relative to 1 + |Ψ|, at which the search stops
   * @param absoluteTolerance the Newton decrement (nats) at which the search stops in any case
   */
  static PosteriorMode findByChords(LikelihoodEvaluator likelihood, double[] alpha, double[] start,
      LikelihoodTerms startTerms, double[] chordHessian, double relativeTolerance, double absoluteTolerance) {
    int k = start.length;
    if (alpha.length != k) {
      throw new IllegalArgumentException("PosteriorMode: " + alpha.length + " alphas for " + k + " weights");
    }
    double[] w = start.clone();
    int passes = 0;
    double logLikelihood;
    double[] g;
    double[] held;
    if (startTerms != null) {
      logLikelihood = startTerms.logLikelihood();
      g = startTerms.gradient();
      held = startTerms.hessian();
    } else {
      LikelihoodSlope at = likelihood.slope(w);
      passes++;
      logLikelihood = at.logLikelihood();
      g = at.gradient();
      held = chordHessian;
    }
    double psi = objective(logLikelihood, alpha, w);
    Cholesky chol = Cholesky.factorWithJitter(DenseMatrices.plusDiagonal(held, k, alpha), k);
    double previous = Double.POSITIVE_INFINITY;
    double decrement = Double.POSITIVE_INFINITY;
    for (int step = 0; step <= MAX_CHORD_STEPS; step++) {
      double[] gradient = new double[k];
      for (int i = 0; i < k; i++) {
        gradient[i] = g[i] - alpha[i] * w[i];
      }
      double[] direction = chol.solve(gradient);
      decrement = 0.5 * DenseMatrices.dot(gradient, direction);
      double limit = Math.min(relativeTolerance * (1.0 + Math.abs(psi)), absoluteTolerance);
      // a step after α changed is always taken (the weights of large-α functions may be stale, as in Newton's)
      if (step == MAX_CHORD_STEPS || step > 0 && (decrement <= CHORD_TOLERANCE * limit
          || decrement > CHORD_RATE * previous)) {
        break;
      }
      previous = decrement;
      boolean accepted = false;
      double scale = 1.0;
      for (int halving = 0; halving <= MAX_HALVINGS && !accepted; halving++, scale *= 0.5) {
        double[] trial = new double[k];
        for (int i = 0; i < k; i++) {
          trial[i] = w[i] + scale * direction[i];
        }
        LikelihoodSlope at = likelihood.slope(trial);
        passes++;
        double trialPsi = objective(at.logLikelihood(), alpha, trial);
        if (trialPsi <= psi) {
          w = trial;
          g = at.gradient();
          psi = trialPsi;
          accepted = true;
        }
      }
      if (!accepted) {
        break;
      }
    }
    double limit = Math.min(relativeTolerance * (1.0 + Math.abs(psi)), absoluteTolerance);
    LikelihoodTerms exact = likelihood.at(w, decrement * decrement <= 100.0 * limit);
    return newton(likelihood, alpha, w, exact, passes + 1, false, relativeTolerance, absoluteTolerance);
  }

  /**
   * {@return the mode known to be at {@code weights}, whose likelihood terms are {@code terms}: a search for the same α
   * ended there (no pass)}
   *
   * @param weights the weights at the mode
   * @param terms the likelihood terms there
   * @param alpha the prior precisions of the search that found it
   */
  static PosteriorMode at(double[] weights, LikelihoodTerms terms, double[] alpha) {
    int k = weights.length;
    if (alpha.length != k || terms.dim() != k) {
      throw new IllegalArgumentException("PosteriorMode: " + alpha.length + " alphas and terms over " + terms.dim()
          + " basis functions for " + k + " weights");
    }
    return new PosteriorMode(weights.clone(), terms,
        Cholesky.factorWithJitter(DenseMatrices.plusDiagonal(terms.hessian(), k, alpha), k), 0);
  }

  /** Ψ(w) = −log p(t | w) + ½ Σ αᵢ wᵢ². */
  static double objective(LikelihoodTerms terms, double[] alpha, double[] w) {
    return objective(terms.logLikelihood(), alpha, w);
  }

  /** Ψ(w) = −{@code logLikelihood} + ½ Σ αᵢ wᵢ². */
  private static double objective(double logLikelihood, double[] alpha, double[] w) {
    double penalty = 0.0;
    for (int i = 0; i < w.length; i++) {
      penalty += alpha[i] * w[i] * w[i];
    }
    double psi = -logLikelihood + 0.5 * penalty;
    return Double.isNaN(psi) ? Double.POSITIVE_INFINITY : psi;
  }

  /**
   * {@return the Laplace approximation to log p(t | α): log p(t | w) − ½wᵀAw + ½ Σ log α − ½ log |H|}
   *
   * @param alpha the prior precisions the mode was found at
   */
  public double logMarginalLikelihood(double[] alpha) {
    return -objective(terms, alpha, weights) + 0.5 * (Reestimation.sumLog(alpha) - precision.logDeterminant());
  }
}
