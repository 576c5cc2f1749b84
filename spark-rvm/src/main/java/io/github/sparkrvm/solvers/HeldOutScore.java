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

import io.github.sparkrvm.statistics.HeldOutDensity;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.RowFolds;

/**
 * How well gaussian fits at one γ predict rows they were not fitted on: over seeded folds of the rows
 * ({@link RowFolds}), the fit on every other fold (cold, over the same candidate basis: its centres may include the
 * held-out rows' features, never their targets) predicts the fold's rows, and the score sums their predictive log
 * densities ({@link HeldOutDensity}) over the folds: every row is predicted once, by a fit that never saw its target.
 */
public final class HeldOutScore {

  /** The folds of a held-out score. */
  public static final int FOLDS = 10;

  private HeldOutScore() {}

  /** A gaussian fit over given rows. */
  @FunctionalInterface
  public interface FitOn {

    /**
     * {@return the fit over {@code data}}
     *
     * @param data the rows, expanded over the candidate basis
     * @param rows their number
     */
    RelevanceResult fit(LocalStatistics data, long rows);
  }

  /**
   * {@return the held-out log density of the fits on {@code data} summed over its folds: −∞ when a fold's fit has no
   * finite noise precision or the sum is not finite}
   *
   * @param data the rows, expanded over the candidate basis at the γ scored
   * @param fold the fold of each row of {@code data}, in its order, 0 … folds − 1 ({@link RowFolds#of})
   * @param folds the number of folds
   * @param fitOn the fit over the rows outside a fold
   */
  public static double of(LocalStatistics data, int[] fold, int folds, FitOn fitOn) {
    double sum = 0.0;
    for (int f = 0; f < folds; f++) {
      int held = f;
      LocalStatistics out = data.rowsWhere(i -> fold[(int) i] == held);
      if (out.rows() == 0) {
        continue;
      }
      LocalStatistics in = data.rowsWhere(i -> fold[(int) i] != held);
      if (in.rows() == 0) {
        return Double.NEGATIVE_INFINITY;
      }
      RelevanceFit fit = GammaCriterion.gaussianPosterior(fitOn.fit(in, in.rows()));
      if (!(fit.noisePrecision() > 0.0) || Double.isInfinite(fit.noisePrecision())) {
        return Double.NEGATIVE_INFINITY;
      }
      HeldOutDensity d = out.pass(HeldOutDensity.pass(fit.active(), fit.weights(), fit.covariance(),
          fit.noisePrecision()));
      sum += d.logDensity();
    }
    return Double.isFinite(sum) ? sum : Double.NEGATIVE_INFINITY;
  }
}
