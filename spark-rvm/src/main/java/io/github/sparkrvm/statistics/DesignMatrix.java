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

package io.github.sparkrvm.statistics;

/**
 * The expanded design held on one JVM: Φ (rows × cols, column-major: entry (n, i) at {@code i * rows + n}) with the
 * rows' targets and weights. The dual form of the variational solver works on it directly; it is small data by
 * construction (a design of N rows × M basis functions with M &gt; N).
 *
 * @param rows N, the number of training rows
 * @param cols M, the number of basis functions
 * @param phi Φ, column-major
 * @param targets the targets (labels 0/1 for a Bernoulli likelihood)
 * @param rowWeights the non-negative row weights
 */
public record DesignMatrix(int rows, int cols, double[] phi, double[] targets, double[] rowWeights) {

  /**
   * Checks the sizes.
   *
   * @param rows N, the number of training rows
   * @param cols M, the number of basis functions
   * @param phi Φ, column-major
   * @param targets the targets (labels 0/1 for a Bernoulli likelihood)
   * @param rowWeights the non-negative row weights
   */
  public DesignMatrix {
    if (rows < 0 || cols < 0 || phi.length != (long) rows * cols || targets.length != rows
        || rowWeights.length != rows) {
      throw new IllegalArgumentException("DesignMatrix: sizes do not match " + rows + " rows × " + cols + " columns");
    }
  }

  /** {@return Σ wₙ, the total row weight} */
  public double weightSum() {
    double s = 0.0;
    for (double w : rowWeights) {
      s += w;
    }
    return s;
  }
}
