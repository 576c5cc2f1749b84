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

package io.github.sparkrvm.variational;

/**
 * The table the variational solver's weight prior is laid over: the basis is [bias] + rows × cols, row-major, and
 * the structure says how the precisions of a table row and column combine (Kropotov et al. 2010; ARD: one per
 * basis function).
 *
 * @param structure how the table's precisions combine
 * @param rows table rows (M1)
 * @param cols table columns (M2)
 * @param bias whether candidate 0 is a bias with a precision of its own
 */
public record PriorTable(WeightPrior.Structure structure, int rows, int cols, boolean bias) {

  /**
   * Checks the sizes.
   *
   * @param structure how the table's precisions combine
   * @param rows table rows (M1)
   * @param cols table columns (M2)
   * @param bias whether candidate 0 is a bias with a precision of its own
   */
  public PriorTable {
    if (structure == null || rows < 1 || cols < 1) {
      throw new IllegalArgumentException("a prior table needs a structure and at least one row and column; got "
          + structure + " over " + rows + " x " + cols);
    }
  }

  /** {@return the number of basis functions the table covers, the bias included} */
  public int size() {
    return (bias ? 1 : 0) + rows * cols;
  }
}
