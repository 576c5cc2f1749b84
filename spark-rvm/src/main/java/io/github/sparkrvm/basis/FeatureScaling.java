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

package io.github.sparkrvm.basis;

import java.io.Serializable;

/**
 * The affine map {@code (x − shift) ∘ scale} from the original features to the scale the basis works on
 * (standardisation), or the identity.
 */
public record FeatureScaling(double[] shift, double[] scale) implements Serializable {

  /**
   * {@return the identity on d features}
   *
   * @param d the number of features
   */
  public static FeatureScaling identity(int d) {
    double[] one = new double[d];
    java.util.Arrays.fill(one, 1.0);
    return new FeatureScaling(new double[d], one);
  }

  /**
   * Centres on the means and divides by the standard deviations (a constant feature is only centred).
   *
   * @param mean the feature means
   * @param variance the feature variances
   * @return the scaling
   */
  public static FeatureScaling standardize(double[] mean, double[] variance) {
    double[] scale = new double[mean.length];
    for (int j = 0; j < scale.length; j++) {
      double sd = Math.sqrt(variance[j]);
      scale[j] = sd > 0.0 ? 1.0 / sd : 1.0;
    }
    return new FeatureScaling(mean.clone(), scale);
  }

  /**
   * Centres on the means and divides by the standard deviations (a constant feature is only centred). Unlike
   * {@link #standardize}, it takes the deviations themselves, which stay finite where a variance (of features near
   * 1e200, or near 1e-200) overflows or underflows.
   *
   * @param mean the feature means
   * @param standardDeviation the feature standard deviations
   * @return the scaling
   */
  public static FeatureScaling fromStandardDeviations(double[] mean, double[] standardDeviation) {
    double[] scale = new double[mean.length];
    for (int j = 0; j < scale.length; j++) {
      double sd = standardDeviation[j];
      scale[j] = sd > 0.0 && Double.isFinite(1.0 / sd) ? 1.0 / sd : 1.0;
    }
    return new FeatureScaling(mean.clone(), scale);
  }

  /** {@return the number of features} */
  public int dim() {
    return shift.length;
  }

  /**
   * Maps x into {@code out} at {@code offset}.
   *
   * @param x a point
   * @param out where the scaled point goes
   * @param offset its position in out
   */
  public void apply(double[] x, double[] out, int offset) {
    for (int j = 0; j < shift.length; j++) {
      out[offset + j] = (x[j] - shift[j]) * scale[j];
    }
  }

  /**
   * Maps every row of a row-major matrix (rows of length dim) into a new matrix.
   *
   * @param rowMajor rows of length dim, one after the other
   * @return the scaled rows
   */
  public double[] applyRows(double[] rowMajor) {
    int d = dim();
    double[] out = new double[rowMajor.length];
    double[] row = new double[d];
    for (int r = 0; r < (d == 0 ? 0 : rowMajor.length / d); r++) {
      System.arraycopy(rowMajor, r * d, row, 0, d);
      apply(row, out, r * d);
    }
    return out;
  }

  /**
   * Maps x into a new array.
   *
   * @param x a point
   * @return the scaled point
   */
  public double[] apply(double[] x) {
    double[] out = new double[x.length];
    apply(x, out, 0);
    return out;
  }
}
