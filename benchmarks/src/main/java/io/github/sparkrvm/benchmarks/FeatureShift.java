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

package io.github.sparkrvm.benchmarks;

import io.github.sparkrvm.datasets.Table;

/** Standardising a table's features by hand, for the benchmarks that write the same rows for dlib. */
final class FeatureShift {

  private FeatureShift() {}

  /**
   * {@return the table with each feature j mapped to (x − mean[j]) / sd[j], the labels kept}
   *
   * @param t the table
   * @param mean the features' centres
   * @param sd the features' scales (positive)
   */
  static Table scaled(Table t, double[] mean, double[] sd) {
    double[][] x = new double[t.size()][];
    for (int i = 0; i < x.length; i++) {
      x[i] = new double[mean.length];
      for (int j = 0; j < mean.length; j++) {
        x[i][j] = (t.x()[i][j] - mean[j]) / sd[j];
      }
    }
    return new Table(x, t.t());
  }
}
