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

package io.github.sparkrvm;

/**
 * Whether a fit scales its predictive variance by held-out fits (param {@code calibrateVariance};
 * {@link io.github.sparkrvm.solvers.HeldOutVarianceScale}): a gaussian fit with the param true, its noise learnt, by
 * solver em or fast, of at least {@link #MIN_ROWS} rows of positive weight, whose design the driver holds (the fold
 * fits run there, on the collected design).
 *
 * @param crossFit whether the fit runs the held-out fits and scales its variance
 * @param why the decision and its reason, for the log (empty when the family has no predictive variance to scale)
 */
record VarianceCalibration(boolean crossFit, String why) {

  /** The fewest rows of positive weight worth a held-out scale (each fold then predicts at least 4 rows). */
  static final long MIN_ROWS = 20;

  /**
   * What the decision is made from.
   *
   * @param requested the param calibrateVariance
   * @param gaussian whether the family has a noise precision (gaussian)
   * @param noiseFixed whether the noise precision is held (param noisePrecision above 0)
   * @param variational whether the solver is variational
   * @param weightedRows the rows of positive weight
   * @param sparse whether the rows stay sparse over the cluster (kernel linear, wide sparse features)
   * @param designOnDriver whether the driver holds the fit's expanded design (the rule of the driver path)
   */
  record Inputs(boolean requested, boolean gaussian, boolean noiseFixed, boolean variational, long weightedRows,
      boolean sparse, boolean designOnDriver) {}

  /** {@return the decision for a fit} @param in what it is made from */
  static VarianceCalibration of(Inputs in) {
    if (!in.gaussian()) {
      return new VarianceCalibration(false, "");
    }
    String not = "the predictive variance is type-II maximum likelihood's, not calibrated";
    if (!in.requested()) {
      return new VarianceCalibration(false, not + " (calibrateVariance false)");
    }
    if (in.noiseFixed()) {
      return new VarianceCalibration(false, not + " (the noise precision is held: noisePrecision)");
    }
    if (in.variational()) {
      return new VarianceCalibration(false, not + " (solver variational has no held-out scale)");
    }
    if (in.weightedRows() < MIN_ROWS) {
      return new VarianceCalibration(false, not + " (" + in.weightedRows() + " rows of positive weight, fewer than "
          + MIN_ROWS + ")");
    }
    if (in.sparse()) {
      return new VarianceCalibration(false, not + " (the rows stay sparse over the cluster, and the held-out fits "
          + "run on an expanded design on the driver; set calibrateVariance false to say so)");
    }
    if (!in.designOnDriver()) {
      return new VarianceCalibration(false, not + " (the expanded design does not fit the driver, where the held-out "
          + "fits run; set calibrateVariance false to say so)");
    }
    return new VarianceCalibration(true, "the predictive variance is scaled by "
        + io.github.sparkrvm.solvers.HeldOutVarianceScale.FOLDS + " held-out fits (calibrateVariance)");
  }

  /** {@return the decision and its reason, for the log} */
  String describe() {
    return why;
  }
}
