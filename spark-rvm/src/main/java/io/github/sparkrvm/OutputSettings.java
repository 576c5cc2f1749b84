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
 * The output params a model scores with, read once per call of transform or of a single-row method: whether class
 * probabilities are moderated by the latent variance (MacKay) or taken at the posterior mode, the binary threshold on
 * P(1), the per-class thresholds (null when unset), and whether the predictive-variance column is wanted.
 *
 * @param moderated probabilityMethod moderated (true) or map
 * @param threshold the threshold on P(1) of a binary model
 * @param thresholds per-class thresholds, checked against the number of classes; null when unset
 * @param varianceColumn whether a regression model writes its predictive variance
 */
record OutputSettings(boolean moderated, double threshold, double[] thresholds, boolean varianceColumn)
    implements java.io.Serializable {

  /**
   * {@return the settings of {@code p}'s params for a model of {@code numClasses} classes (0 for regression)}
   *
   * @throws IllegalArgumentException if thresholds is set with another length than {@code numClasses}
   */
  static OutputSettings of(RvmParams p, int numClasses) {
    double[] t = p.isDefined(p.thresholds()) && numClasses > 0 ? p.getOrDefault(p.thresholds()).clone() : null;
    if (t != null && t.length != numClasses) {
      throw new IllegalArgumentException("thresholds holds " + t.length + " values, but the model has "
          + numClasses + " classes (labels 0 … " + (numClasses - 1) + " of labelCol '" + p.getLabelCol()
          + "'): set one threshold per class with setThresholds, or clear it");
    }
    return new OutputSettings("moderated".equals(p.getProbabilityMethod()), p.getThreshold(), t,
        !p.getVarianceCol().isEmpty());
  }

  /** {@return these settings without the variance column (single-row predict needs only the mean)} */
  OutputSettings withoutVarianceColumn() {
    return new OutputSettings(moderated, threshold, thresholds, false);
  }

  /** {@return these settings with the variance column} */
  OutputSettings withVarianceColumn() {
    return new OutputSettings(moderated, threshold, thresholds, true);
  }
}
