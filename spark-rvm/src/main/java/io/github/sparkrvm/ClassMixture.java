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
 * The predictive components of a softmax model whose probabilities mix several Gaussians' predictive distributions
 * ({@link io.github.sparkrvm.solvers.SupportPriorAverage}; kernel linear): their own kept basis (bias first when
 * kept, then input features, ascending; it holds the model's), and per component its per-class positions in that
 * basis, weights, joint covariance (class-major, column-major, already scaled) and share. The model's reported
 * weights, covariance and relevant features are its {@link ClassModels}; these only score the probabilities.
 *
 * @param biasKept whether the components' basis starts with the bias
 * @param features the input features of the components' basis, ascending
 * @param basis per component, per class, the positions of its kept basis functions in the components' basis
 * @param weights per component, per class, their weights
 * @param covariance per component, the joint covariance of its weights
 * @param shares per component, its share of the mixture (in (0, 1], summing to 1)
 */
record ClassMixture(boolean biasKept, int[] features, int[][][] basis, double[][][] weights, double[][] covariance,
    double[] shares) implements Serializable {

  ClassMixture {
    int components = shares.length;
    if (components == 0 || basis.length != components || weights.length != components
        || covariance.length != components) {
      throw new IllegalArgumentException("inconsistent model: " + components + " mixture shares but "
          + basis.length + " component bases, " + weights.length + " weight sets and " + covariance.length
          + " covariances");
    }
    int size = (biasKept ? 1 : 0) + features.length;
    double total = 0.0;
    for (int j = 0; j < components; j++) {
      if (basis[j].length != basis[0].length || weights[j].length != basis[j].length) {
        throw new IllegalArgumentException("inconsistent model: mixture component " + j + " has "
            + basis[j].length + " classes and " + weights[j].length + " weight vectors");
      }
      int dim = 0;
      for (int p = 0; p < basis[j].length; p++) {
        int[] at = basis[j][p];
        if (weights[j][p].length != at.length) {
          throw new IllegalArgumentException("inconsistent model: mixture component " + j + " class " + p + " has "
              + at.length + " basis functions but " + weights[j][p].length + " weights");
        }
        for (int i = 0; i < at.length; i++) {
          if (at[i] < 0 || at[i] >= size || (i > 0 && at[i] <= at[i - 1])) {
            throw new IllegalArgumentException("inconsistent model: mixture component " + j + " uses basis position "
                + at[i] + " of " + size + " (positions must ascend)");
          }
        }
        dim += at.length;
      }
      if (covariance[j].length != dim * dim) {
        throw new IllegalArgumentException("inconsistent model: mixture component " + j + " has " + dim
            + " weights but a covariance of " + covariance[j].length + " entries");
      }
      if (!(shares[j] > 0.0 && shares[j] <= 1.0)) {
        throw new IllegalArgumentException("inconsistent model: mixture share " + shares[j] + " (in (0, 1] expected)");
      }
      total += shares[j];
    }
    if (Math.abs(total - 1.0) > 1e-9) {
      throw new IllegalArgumentException("inconsistent model: mixture shares summing to " + total + " (1 expected)");
    }
  }

  /** Every component's weights and covariance finite (see FittedRvm). */
  void requireFiniteValues() {
    for (int j = 0; j < shares.length; j++) {
      for (int p = 0; p < weights[j].length; p++) {
        FittedRvm.requireFinite("mixture component " + j + " class " + p + " weights", weights[j][p]);
      }
      FittedRvm.requireFinite("mixture component " + j + " covariance", covariance[j]);
    }
  }

  /** {@return the number of classes} */
  int numClasses() {
    return basis[0].length;
  }

  /** {@return the number of components} */
  int numComponents() {
    return shares.length;
  }
}
