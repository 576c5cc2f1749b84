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

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.variational.PriorTable;
import io.github.sparkrvm.variational.WeightPrior;

/**
 * The table the variational prior is laid over: [input dimensions, centres] for kernel rbf-per-dimension, gridShape
 * for kernel linear, a single column otherwise; the bias apart.
 *
 * @param table the prior's structure over the table
 */
record PriorLayout(PriorTable table) {

  /**
   * What the layout is decided from.
   *
   * @param structure the prior param, typed
   * @param basis the candidate basis
   * @param gridShape the gridShape param, or null when unset
   */
  record Inputs(WeightPrior.Structure structure, BasisFunctions basis, int[] gridShape) {}

  /**
   * {@return the layout of a variational fit}
   *
   * @param in what it is decided from
   * @throws IllegalArgumentException when gridShape does not match the basis, naming the shape to set
   */
  static PriorLayout of(Inputs in) {
    BasisFunctions basis = in.basis();
    int candidates = basis.numCandidates() - (basis.intercept() ? 1 : 0);
    int[] shape = in.gridShape();
    Kernel kernel = basis.kernel();
    int[] table = kernel.refoldable() && shape != null ? shape.clone() : basis.table();
    String what = kernel.describeTable(basis.dim(), basis.numCentres());
    if (shape != null && (shape[0] != table[0] || shape[1] != table[1] || (long) shape[0] * shape[1] != candidates)) {
      throw new IllegalArgumentException("gridShape [" + shape[0] + ", " + shape[1] + "] does not match the basis: "
          + what + (shape[0] * (long) shape[1] != candidates ? " (" + shape[0] + " x " + shape[1] + " = "
          + (long) shape[0] * shape[1] + ", not " + candidates + ")" : "")
          + (kernel.refoldable() ? "; set gridShape to rows and columns whose product is "
              + candidates : "; set gridShape to [" + table[0] + ", " + table[1] + "] or leave it unset"));
    }
    return new PriorLayout(new PriorTable(in.structure(), table[0], table[1], basis.intercept()));
  }

  /** {@return the prior and its table, for the log} */
  String describe() {
    return "variational fit, prior " + FitChoice.priorName(table.structure()) + " over a " + table.rows() + " x "
        + table.cols() + " table" + (table.bias() ? " and a bias" : "");
  }
}
