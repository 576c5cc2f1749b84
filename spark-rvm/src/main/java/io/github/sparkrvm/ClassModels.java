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

import java.io.Serializable;

/**
 * The per-class part of a multi-class model. The model's kept basis (bias first when kept, then the relevance
 * vectors or relevant features) is the union over the classes; class p uses the positions {@code basis[p]} of it,
 * with its own weights and prior precisions α (bias first when the class kept it).
 *
 * @param strategy softmax (one joint multinomial posterior) or one-vs-rest (one binary posterior per class)
 * @param covariance the joint posterior covariance of every class' weights, class after class (column-major); block
 *     diagonal for {@code ovr}
 */
record ClassModels(MultiClassStrategy strategy, int[][] basis, double[][] weights, double[][] alpha, double[] covariance)
    implements Serializable {

  ClassModels {
    int k = basis.length;
    if (k < 2 || weights.length != k || alpha.length != k) {
      throw new IllegalArgumentException("inconsistent model: " + k + " classes but " + weights.length
          + " weight vectors and " + alpha.length + " alpha vectors");
    }
    int dim = 0;
    for (int p = 0; p < k; p++) {
      int m = basis[p].length;
      dim += m;
      if (weights[p].length != m || alpha[p].length != m) {
        throw new IllegalArgumentException("inconsistent model: class " + p + " has " + m + " basis functions but "
            + weights[p].length + " weights and " + alpha[p].length + " alphas");
      }
    }
    if (covariance.length != dim * dim) {
      throw new IllegalArgumentException("inconsistent model: " + dim + " class weights but a covariance of "
          + covariance.length + " entries");
    }
    if (strategy == null) {
      throw new IllegalArgumentException("inconsistent model: no multi-class strategy");
    }
  }

  /** Every class' weights and covariance finite, its prior precisions positive and finite (see FittedRvm). */
  void requireFiniteValues() {
    for (int p = 0; p < weights.length; p++) {
      FittedRvm.requireFinite("class " + p + " weights", weights[p]);
      FittedRvm.requirePositive("class " + p + " alphas", alpha[p]);
    }
    FittedRvm.requireFinite("class covariance", covariance);
  }

  int numClasses() {
    return basis.length;
  }
}
