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

import io.github.sparkrvm.statistics.DesignMatrix;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.RowCollection;
import io.github.sparkrvm.util.IterationListener;

/**
 * The scale that makes a gaussian fit's predictive variance right on rows it has not seen: each of {@value #FOLDS}
 * folds of the training rows (row i in fold i mod {@value #FOLDS}, in the design's order) is predicted by a fit on
 * the other rows, and the scale is the weighted mean of the squared standardised residuals
 * (t − φᵀμ)² / (1/β + φᵀΣφ) of every row so predicted (1 when the variance is right).
 *
 * <p>Why a scale is needed: type-II maximum likelihood chooses α and β on the same rows, so the kept basis
 * functions fit part of the noise (1/β is low), and φᵀΣφ is the weights' uncertainty given the kept basis
 * functions only (the pruned ones, their α set to ∞, add nothing). A leave-one-out check with α and β held cannot see
 * this (its mean is 1 by construction); a refit on the other rows, which chooses its own basis, can. Measured in
 * benchmarks/results/interval-coverage.md. A fit on four fifths of the rows is a little worse than the fit on all, so
 * the scale errs on the wide side.
 */
public final class HeldOutVarianceScale {

  /** The folds. */
  public static final int FOLDS = 5;

  private HeldOutVarianceScale() {}

  /**
   * {@return the variance scale of fits by {@code solver} on {@code data}}
   *
   * @param data the training rows, held on the driver (collected there once when they are not)
   * @param solver the solver of the fit to scale (a gaussian one, returning a {@link RelevanceFit})
   * @throws IllegalArgumentException when a fold's rows have no positive weight
   */
  public static double of(RowCollection rows, RelevanceSolver<? extends RelevanceResult> solver) {
    LocalStatistics data = rows.local();
    DesignMatrix design = data.design();
    int n = design.rows();
    double squares = 0.0;
    double weights = 0.0;
    for (int fold = 0; fold < FOLDS; fold++) {
      int held = fold;
      RelevanceResult result = solver.fit(data.rowsWhere(i -> i % FOLDS != held), IterationListener.none());
      if (!(result instanceof RelevanceFit fit) || Double.isNaN(fit.noisePrecision())) {
        throw new IllegalArgumentException("a held-out variance scale needs a gaussian fit with a noise precision");
      }
      for (int i = fold; i < n; i += FOLDS) {
        double w = design.rowWeights()[i];
        if (w > 0.0) {
          double z = design.targets()[i] - mean(fit, design, i);
          squares += w * z * z / (1.0 / fit.noisePrecision() + spread(fit, design, i));
          weights += w;
        }
      }
    }
    if (!(weights > 0.0)) {
      throw new IllegalArgumentException("a held-out variance scale needs rows of positive weight");
    }
    return squares / weights;
  }

  /** {@return φᵀμ of row {@code i} under {@code fit}} */
  private static double mean(RelevanceFit fit, DesignMatrix design, int i) {
    int[] active = fit.active();
    double s = 0.0;
    for (int a = 0; a < active.length; a++) {
      s += design.phi()[active[a] * design.rows() + i] * fit.weights()[a];
    }
    return s;
  }

  /** {@return φᵀΣφ of row {@code i} under {@code fit}} */
  private static double spread(RelevanceFit fit, DesignMatrix design, int i) {
    int[] active = fit.active();
    int k = active.length;
    double[] phi = new double[k];
    for (int a = 0; a < k; a++) {
      phi[a] = design.phi()[active[a] * design.rows() + i];
    }
    double s = 0.0;
    for (int a = 0; a < k; a++) {
      double row = 0.0;
      for (int b = 0; b < k; b++) {
        row += fit.covariance()[b * k + a] * phi[b];
      }
      s += phi[a] * row;
    }
    return s;
  }
}
