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
 * ({@link PosteriorMixture}).
 *
 * <p>λ is a stacking weight (Yao, Vehtari, Simpson &amp; Gelman 2018, "Using stacking to average Bayesian predictive
 * distributions"): of 0, 0.1, …, 1, the one whose average predicts held-out rows best, by {@value #FOLDS}-fold
 * cross-fitting on the training rows (row i in fold i mod {@value #FOLDS}, in the design's order, as
 * {@link HeldOutVarianceScale}): each fold's rows are predicted, with the moderated softmax, by the two fits on the
 * other rows, and λ maximises the summed log probability of their labels (the lower λ among ties). 0 and 1 give
 * the one fit itself.
 *
 * <p>Why (benchmarks/results/dna-softmax.md): neither prior is right for every set. On dna the multiplicity prior keeps
 * 22 to 27 of the 543 (class, feature) pairs and ARD alone 91 to 106; ARD alone overfits (training log-loss 0.04 to
 * 0.06) and the multiplicity prior keeps too few, and their average tests better than either. On soybean (19 classes,
 * a few rows of some) ARD alone tests far better than the multiplicity prior. The held-out rows see this; the
 * evidence does not (ARD's is higher on dna too), and neither does the approximate leave-one-out predictive at the
 * fitted α: on dna it falls along the whole of ARD's path (the α were chosen with every row), so it always prefers
 * the denser fit.
 *
 * <p>Each kept pair's α is the one the classic (EM) update takes from the averaged posterior, 1/(w̄ᵢ² + Σᵢᵢ). The
 * two fits' traces follow each other, the prior's first, and their steps and passes add (the folds' fits run on the
 * driver's copy of the rows and are not counted).
 */
public final class SupportPriorAverage {

  /** The folds of the cross-fitting. */
  static final int FOLDS = HeldOutVarianceScale.FOLDS;

  /** The weights λ tried: 0, 1/STEPS, …, 1. */
  static final int STEPS = 10;

  private static final Logger LOG = LoggerFactory.getLogger(SupportPriorAverage.class);

  private SupportPriorAverage() {}

  /**
   * {@return the solver that fits {@code underPrior} and {@code ardAlone} on the data, chooses λ by cross-fitting
   * both, and returns their average}
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
      double lambda = ardWeight(rows, underPrior, ardAlone);
      MultiClassFit averaged = average(a, b, lambda);
      LOG.info("softmax averaged over two support priors: weight {} on the fit under ARD alone ({} pairs kept) and {} "
          + "on the fit under the multiplicity prior ({} pairs), chosen of 0, 0.1, ..., 1 by {}-fold cross-fitting on "
          + "the training rows; the average keeps {} pairs", lambda, b.size(), 1.0 - lambda, a.size(), FOLDS,
          averaged.size());
      return averaged;
    };
  }

  /**
   * {@return λ, the weight of the fit under ARD alone whose average with the fit under the prior predicts the rows of
   * each fold best from the other folds' fits}
   *
   * @param data the training rows, on the driver
   * @param underPrior the softmax under the multiplicity prior
   * @param ardAlone the same softmax under ARD alone
   */
  static double ardWeight(LocalStatistics data, RelevanceSolver<MultiClassFit> underPrior,
      RelevanceSolver<MultiClassFit> ardAlone) {
    DesignMatrix design = data.design();
    int n = design.rows();
    double[] logScore = new double[STEPS + 1];
    for (int fold = 0; fold < FOLDS; fold++) {
      int held = fold;
      LocalStatistics others = data.rowsWhere(i -> i % FOLDS != held);
      MultiClassFit a = underPrior.fit(others, IterationListener.none());
      MultiClassFit b = ardAlone.fit(others, IterationListener.none());
      for (int s = 0; s <= STEPS; s++) {
        MultiClassFit averaged = average(a, b, (double) s / STEPS);
        for (int i = fold; i < n; i += FOLDS) {
          double w = design.rowWeights()[i];
          if (w > 0.0) {
            logScore[s] += w * logProbability(averaged, design, i);
          }
        }
      }
    }
    int best = 0;
    for (int s = 1; s <= STEPS; s++) {
      if (logScore[s] > logScore[best]) {
        best = s;
      }
    }
    return (double) best / STEPS;
  }

  /** {@return the log of the moderated softmax probability of row {@code i}'s label under {@code fit}} */
  static double logProbability(MultiClassFit fit, DesignMatrix design, int i) {
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
    double p = ClassScores.softmax(new MultiClassPredictive.Latents(mean, covariance), true)
        .probability()[(int) design.targets()[i]];
    return Math.log(Math.max(p, Double.MIN_NORMAL));
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
}
