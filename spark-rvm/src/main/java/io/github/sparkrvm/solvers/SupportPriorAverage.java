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

import io.github.sparkrvm.predict.ClassScores;
import io.github.sparkrvm.predict.MultiClassPredictive;
import io.github.sparkrvm.statistics.DesignMatrix;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.RowCollection;
import io.github.sparkrvm.util.IterationListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The softmax's posterior averaged over two priors on its support: the fit under the multiplicity prior
 * ({@link SupportPrior#multiplicity}) and the fit under ARD alone ({@link SupportPrior#NONE}), weighted 1 − λ and λ
 * with λ chosen on held-out rows, as one Gaussian over the weights: the mean and covariance of the mixture of the two
 * Laplace posteriors (moment matching). A pair one fit does not keep has α = ∞ there, a posterior that is the point
 * 0, so over the union of the kept pairs the mixture's mean is w̄ = (1 − λ)w_a + λw_b and its covariance
 * (1 − λ)(Σ_a + w_a w_aᵀ) + λ(Σ_b + w_b w_bᵀ) − w̄ w̄ᵀ, each fit's vectors and matrices padded with zeros
 * ({@link PosteriorMixture}). That covariance is then scaled by a factor c, chosen with λ: the moderated softmax of
 * the model is that of the weights' Gaussian with covariance cΣ.
 *
 * <p>λ and c are stacking weights (Yao, Vehtari, Simpson &amp; Gelman 2018, "Using stacking to average Bayesian
 * predictive distributions"): of λ in 0, 0.1, …, 1 and c in {@link #COVARIANCE_SCALES}, the pair whose average
 * predicts held-out rows best, by {@value #FOLDS}-fold cross-fitting on the training rows (row i in fold i mod
 * {@value #FOLDS}, in the design's order, as {@link HeldOutVarianceScale}): each fold's rows are predicted, with the
 * moderated softmax, by the two fits on the other rows, and (λ, c) maximises the summed log probability of their
 * labels (the lower λ, then the scale nearer 1, among ties). λ = 0 and 1 give the one fit itself; c = 1 the
 * Laplace covariance, c = 0 the plug-in softmax at the posterior mean.
 *
 * <p>Why λ (benchmarks/results/dna-softmax.md): neither prior is right for every set. On dna the multiplicity prior
 * keeps 22 to 27 of the 543 (class, feature) pairs and ARD alone 91 to 106; ARD alone overfits (training log-loss
 * 0.04 to 0.06) and the multiplicity prior keeps too few, and their average tests better than either. On soybean (19
 * classes, a few rows of some) ARD alone tests far better than the multiplicity prior. The held-out rows see this;
 * the evidence does not (ARD's is higher on dna too), and neither does the approximate leave-one-out predictive at
 * the fitted α: on dna it falls along the whole of ARD's path (the α were chosen with every row), so it always
 * prefers the denser fit.
 *
 * <p>Why c (benchmarks/results/categorical-one-hot.md): where classes are nearly separable, as soybean's 19 diseases
 * of a few rows each over one-hot features, the softmax's curvature vanishes along the directions that make the
 * probabilities saturate, so the Laplace covariance is wide there, and the mean-field moderated softmax (which
 * overstates the moderation of a wide posterior over many classes; a Monte Carlo average of the softmax tested
 * 0.269 where it tested 0.324) pulls every probability toward the uniform: the plug-in softmax tested 0.197. On dna
 * the moderation helps, at about half the Laplace covariance. The held-out rows choose; the evidence cannot (it
 * sees the covariance only through the fit).
 *
 * <p>The model reports that one Gaussian (its weights, covariance and kept pairs), but its moderated probabilities
 * are those of a mixture ({@link PredictiveMixture}): the predictive distributions of the 12 fits, the full fit and
 * the {@value #FOLDS} folds' fits under each prior, each with its covariance scaled by c, the prior's weight 1 − λ or
 * λ shared equally among its 6 fits. Moment matching these unlike fits into one Gaussian widens it, and the
 * moderation then flattens the probabilities; mixing their predictives does not (on dna's six splits 0.1292 against
 * the average's 0.1328, on Soybean's four 0.1886 against 0.1902; benchmarks/results/dna-softmax.md).
 * The binary fit's average ({@link BinarySupportPriorAverage}) keeps the one Gaussian and leaves the mixture out.
 *
 * <p>Each kept pair's α is the one the classic (EM) update takes from the averaged posterior before the scale,
 * 1/(w̄ᵢ² + Σᵢᵢ). The two fits' traces follow each other, the prior's first, and their steps and passes add (the
 * folds' fits run on the driver's copy of the rows and are not counted).
 */
public final class SupportPriorAverage {

  /** The folds of the cross-fitting. */
  static final int FOLDS = HeldOutVarianceScale.FOLDS;

  /** The weights λ tried: 0, 1/STEPS, …, 1. */
  static final int STEPS = 10;

  /** The scales c of the average's covariance tried, 1 (the Laplace covariance) first. */
  static final double[] COVARIANCE_SCALES = {1.0, 0.75, 1.5, 0.5, 2.0, 0.25, 0.125, 0.0};

  private static final Logger LOG = LoggerFactory.getLogger(SupportPriorAverage.class);

  private SupportPriorAverage() {}

  /**
   * The choice made on the held-out rows.
   *
   * @param ardWeight λ, the weight of the fit under ARD alone
   * @param covarianceScale c, the factor of the average's covariance
   */
  record Choice(double ardWeight, double covarianceScale) {}

  /**
   * {@return the solver that fits {@code underPrior} and {@code ardAlone} on the data, chooses λ and c by
   * cross-fitting both, and returns their average with its covariance scaled by c}
   *
   * @param underPrior the softmax under the multiplicity prior
   * @param ardAlone the same softmax under ARD alone
   */
  public static RelevanceSolver<MultiClassFit> of(RelevanceSolver<MultiClassFit> underPrior,
      RelevanceSolver<MultiClassFit> ardAlone) {
    return (data, listener) -> {
      MultiClassFit a = underPrior.fit(data, listener);
      MultiClassFit b = ardAlone.fit(data, listener.numberedFrom(a.iterations() + 1));
      LocalStatistics rows = RowCollection.of(data, "the average of the softmax over two support priors").local();
      FoldFits folds = FoldFits.of(rows, underPrior, ardAlone);
      Choice choice = choose(rows, folds);
      MultiClassFit averaged = scaled(average(a, b, choice.ardWeight()), choice.covarianceScale());
      LOG.info("fit averaged over two support priors (a softmax, or a binary fit read as the two-class softmax whose "
          + "class 0 scores 0): weight {} on the fit under ARD alone ({} (class, basis function) pairs kept) and {} "
          + "on the fit under the support prior ({} pairs), its covariance scaled by {}, chosen of 0, 0.1, ..., 1 "
          + "and of {} by {}-fold cross-fitting on the training rows; the average keeps {} pairs",
          choice.ardWeight(), b.size(), 1.0 - choice.ardWeight(), a.size(), choice.covarianceScale(),
          Arrays.toString(COVARIANCE_SCALES), FOLDS, averaged.size());
      return averaged.withPredictive(mixture(a, b, folds, choice));
    };
  }

  /**
   * The fits of the cross-fitting: fold f's under each prior on the rows of the other folds.
   *
   * @param underPrior per fold, the fit under the multiplicity prior
   * @param ardAlone per fold, the fit under ARD alone
   */
  record FoldFits(List<MultiClassFit> underPrior, List<MultiClassFit> ardAlone) {

    /** {@return the {@value SupportPriorAverage#FOLDS} folds' fits of the two solvers on {@code data}} */
    static FoldFits of(LocalStatistics data, RelevanceSolver<MultiClassFit> underPrior,
        RelevanceSolver<MultiClassFit> ardAlone) {
      List<MultiClassFit> a = new ArrayList<>();
      List<MultiClassFit> b = new ArrayList<>();
      for (int fold = 0; fold < FOLDS; fold++) {
        int held = fold;
        LocalStatistics others = data.rowsWhere(i -> i % FOLDS != held);
        a.add(underPrior.fit(others, IterationListener.none()));
        b.add(ardAlone.fit(others, IterationListener.none()));
      }
      return new FoldFits(a, b);
    }
  }

  /**
   * {@return the predictive mixture of the model's probabilities: the full fit and the {@value #FOLDS} folds' fits of
   * each prior, each with its covariance scaled by c, the prior's weight (1 − λ or λ) shared equally by its
   * {@value #FOLDS} + 1 fits (a prior of weight 0 left out)} Moment matching these unlike fits into one Gaussian
   * widens it, and the moderation then flattens the probabilities; the mixture of their predictive distributions
   * does not (benchmarks/results/dna-softmax.md).
   *
   * @param a the full fit under the multiplicity prior
   * @param b the full fit under ARD alone
   * @param folds the folds' fits
   * @param choice λ and c
   */
  static PredictiveMixture mixture(MultiClassFit a, MultiClassFit b, FoldFits folds, Choice choice) {
    List<MultiClassFit> fits = new ArrayList<>();
    List<Double> shares = new ArrayList<>();
    double[] priorWeight = {1.0 - choice.ardWeight(), choice.ardWeight()};
    List<List<MultiClassFit>> byPrior = List.of(withFull(a, folds.underPrior()), withFull(b, folds.ardAlone()));
    for (int prior = 0; prior < 2; prior++) {
      if (priorWeight[prior] == 0.0) {
        continue;
      }
      for (MultiClassFit f : byPrior.get(prior)) {
        fits.add(scaled(f, choice.covarianceScale()));
        shares.add(priorWeight[prior] / byPrior.get(prior).size());
      }
    }
    return new PredictiveMixture(fits, shares.stream().mapToDouble(Double::doubleValue).toArray());
  }

  private static List<MultiClassFit> withFull(MultiClassFit full, List<MultiClassFit> folds) {
    List<MultiClassFit> all = new ArrayList<>(List.of(full));
    all.addAll(folds);
    return all;
  }

  /**
   * {@return λ, the weight of the fit under ARD alone, and c, the scale of the covariance, whose average with the fit
   * under the prior predicts the rows of each fold best from the other folds' fits}
   *
   * @param data the training rows, on the driver
   * @param underPrior the softmax under the multiplicity prior
   * @param ardAlone the same softmax under ARD alone
   */
  static Choice choose(LocalStatistics data, RelevanceSolver<MultiClassFit> underPrior,
      RelevanceSolver<MultiClassFit> ardAlone) {
    return choose(data, FoldFits.of(data, underPrior, ardAlone));
  }

  /** {@return λ and c as {@link #choose(LocalStatistics, RelevanceSolver, RelevanceSolver)}, from the folds' fits} */
  static Choice choose(LocalStatistics data, FoldFits folds) {
    DesignMatrix design = data.design();
    int n = design.rows();
    int scales = COVARIANCE_SCALES.length;
    double[][] logScore = new double[STEPS + 1][scales];
    for (int fold = 0; fold < FOLDS; fold++) {
      MultiClassFit a = folds.underPrior().get(fold);
      MultiClassFit b = folds.ardAlone().get(fold);
      for (int s = 0; s <= STEPS; s++) {
        MultiClassFit averaged = average(a, b, (double) s / STEPS);
        for (int i = fold; i < n; i += FOLDS) {
          double w = design.rowWeights()[i];
          if (w > 0.0) {
            MultiClassPredictive.Latents latents = latents(averaged, design, i);
            for (int c = 0; c < scales; c++) {
              logScore[s][c] += w * logProbability(latents, COVARIANCE_SCALES[c], (int) design.targets()[i]);
            }
          }
        }
      }
    }
    int bestStep = 0;
    int bestScale = 0;
    for (int s = 0; s <= STEPS; s++) {
      for (int c = 0; c < scales; c++) {
        if (logScore[s][c] > logScore[bestStep][bestScale]) {
          bestStep = s;
          bestScale = c;
        }
      }
    }
    return new Choice((double) bestStep / STEPS, COVARIANCE_SCALES[bestScale]);
  }

  /** {@return the log of the moderated softmax probability of row {@code i}'s label under {@code fit}} */
  static double logProbability(MultiClassFit fit, DesignMatrix design, int i) {
    return logProbability(latents(fit, design, i), 1.0, (int) design.targets()[i]);
  }

  /** {@return the log of the moderated softmax probability of {@code label} with the latents' covariance × scale} */
  private static double logProbability(MultiClassPredictive.Latents latents, double scale, int label) {
    double[] covariance = latents.covariance().clone();
    for (int c = 0; c < covariance.length; c++) {
      covariance[c] *= scale;
    }
    double p = ClassScores.softmax(new MultiClassPredictive.Latents(latents.mean(), covariance), true)
        .probability()[label];
    return Math.log(Math.max(p, Double.MIN_NORMAL));
  }

  /** {@return the class scores' means and covariance at row {@code i} under {@code fit}} */
  private static MultiClassPredictive.Latents latents(MultiClassFit fit, DesignMatrix design, int i) {
    int classes = fit.numClasses();
    int k = fit.size();
    double[] mean = new double[classes];
    double[] phi = new double[k];
    int[] owner = new int[k];
    int at = 0;
    for (int p = 0; p < classes; p++) {
      for (int a = 0; a < fit.active()[p].length; a++) {
        phi[at] = design.phi()[fit.active()[p][a] * design.rows() + i];
        owner[at] = p;
        mean[p] += phi[at] * fit.weights()[p][a];
        at++;
      }
    }
    double[] covariance = new double[classes * classes];
    for (int c = 0; c < k; c++) {
      if (phi[c] == 0.0) {
        continue;
      }
      for (int r = 0; r < k; r++) {
        covariance[owner[c] * classes + owner[r]] += phi[r] * fit.covariance()[c * k + r] * phi[c];
      }
    }
    return new MultiClassPredictive.Latents(mean, covariance);
  }

  /**
   * {@return the Gaussian with the mean and covariance of the mixture of the two fits' posteriors, weighted 1 − λ and
   * λ, over the union of their kept pairs class by class: {@code a} itself at λ = 0, {@code b} at 1 (their traces,
   * steps and passes joined)}
   *
   * @param a one fit
   * @param b another of the same classes
   * @param ardWeight λ, in [0, 1]
   */
  static MultiClassFit average(MultiClassFit a, MultiClassFit b, double ardWeight) {
    return PosteriorMixture.of(List.of(a, b), new double[] {1.0 - ardWeight, ardWeight});
  }

  /** {@return {@code fit} with its covariance multiplied by {@code scale} (itself at 1)} */
  static MultiClassFit scaled(MultiClassFit fit, double scale) {
    if (scale == 1.0) {
      return fit;
    }
    double[] covariance = fit.covariance().clone();
    for (int c = 0; c < covariance.length; c++) {
      covariance[c] *= scale;
    }
    return new MultiClassFit(fit.active(), fit.weights(), fit.alpha(), covariance, fit.iterations(), fit.converged(),
        fit.logMarginalLikelihoods(), fit.activeCounts(), fit.likelihoodPasses(), fit.evidence());
  }
}
