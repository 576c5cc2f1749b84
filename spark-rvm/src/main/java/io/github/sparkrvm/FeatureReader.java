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

import io.github.sparkrvm.basis.FeatureScaling;
import io.github.sparkrvm.util.InvalidInputException;
import java.util.Arrays;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;

/**
 * What scoring reads of a row's feature vector: the point a model's predictive takes, checked as transform checks a
 * row (not null, the fitted size, finite values) and scaled. A linear model reads only its kept features
 * ({@link FittedRvm#readFeatures}): they are gathered from the vector's stored entries, so that a sparse row of 2¹⁸
 * hashed features costs its nonzeros and the model's k features, not 2¹⁸ doubles; every other model reads the whole
 * vector. Both give the predictive the same numbers as scaling the whole vector and reading its kept features.
 */
final class FeatureReader implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  private final int numFeatures;
  /** The features read, ascending; null for all. */
  private final int[] read;
  /** The scaling of the features read, in their order. */
  private final FeatureScaling scaling;

  private FeatureReader(int numFeatures, int[] read, FeatureScaling scaling) {
    this.numFeatures = numFeatures;
    this.read = read;
    this.scaling = scaling;
  }

  /** {@return the reader of {@code fitted}'s points} */
  static FeatureReader of(FittedRvm fitted) {
    FeatureScaling all = fitted.scaling();
    int[] read = fitted.readFeatures();
    if (read == null) {
      return new FeatureReader(all.dim(), null, all);
    }
    double[] shift = new double[read.length];
    double[] scale = new double[read.length];
    for (int a = 0; a < read.length; a++) {
      shift[a] = all.shift()[read[a]];
      scale[a] = all.scale()[read[a]];
    }
    return new FeatureReader(all.dim(), read, new FeatureScaling(shift, scale));
  }

  /** {@return the length of the points read: the features read} */
  int dim() {
    return scaling.dim();
  }

  /** {@return the scaled point of {@code v}, the vector of column {@code column} (named in errors)} */
  double[] point(Vector v, String column) {
    double[] out = new double[dim()];
    into(v, column, out, 0);
    return out;
  }

  /**
   * Writes the scaled point of {@code v} into {@code out} at {@code offset}.
   *
   * @throws InvalidInputException if {@code v} is null, of another size than the model's features, or holds a
   *     non-finite value
   */
  void into(Vector v, String column, double[] out, int offset) {
    if (v == null) {
      throw new InvalidInputException("featuresCol '" + column + "' is null in a row: drop or fill such rows");
    }
    if (v.size() != numFeatures) {
      throw new InvalidInputException("featuresCol '" + column + "' holds a vector of size " + v.size()
          + ", but the model was fitted on " + numFeatures + " features");
    }
    double[] x;
    if (v instanceof SparseVector sparse) {
      int[] indices = sparse.indices();
      double[] values = sparse.values();
      for (int i = 0; i < values.length; i++) {
        requireFinite(values[i], indices[i], column);
      }
      if (read == null) {
        x = v.toArray();
      } else {
        x = new double[read.length];
        for (int i = 0; i < indices.length; i++) {
          int a = Arrays.binarySearch(read, indices[i]);
          if (a >= 0) {
            x[a] = values[i];
          }
        }
      }
    } else {
      double[] values = v.toArray(); // a dense vector's own values
      for (int j = 0; j < values.length; j++) {
        requireFinite(values[j], j, column);
      }
      if (read == null) {
        x = values;
      } else {
        x = new double[read.length];
        for (int a = 0; a < read.length; a++) {
          x[a] = values[read[a]];
        }
      }
    }
    scaling.apply(x, out, offset);
  }

  private static void requireFinite(double value, int feature, String column) {
    if (!Double.isFinite(value)) {
      throw new InvalidInputException("featuresCol '" + column + "' holds " + value + " (feature " + feature
          + "): remove or impute non-finite values before predicting");
    }
  }
}
