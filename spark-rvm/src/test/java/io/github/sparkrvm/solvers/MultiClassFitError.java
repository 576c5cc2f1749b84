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

package io.github.sparkrvm.solvers;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;

/** The test error of a multi-class fit's MAP decision, straight from its weights (no Spark). */
final class MultiClassFitError {

  private MultiClassFitError() {}

  /**
   * The fraction of test rows whose class with the largest score φᵀw⁽ᵏ⁾ is not their label: the MAP decision of
   * the softmax, and of one-vs-rest by its binary scores.
   */
  static double of(MultiClassFit fit, BasisFunctions basis, TestData.Table test) {
    int errors = 0;
    for (int i = 0; i < test.size(); i++) {
      int best = -1;
      double score = Double.NEGATIVE_INFINITY;
      for (int k = 0; k < fit.active().length; k++) {
        double eta = 0.0;
        for (int a = 0; a < fit.active()[k].length; a++) {
          eta += fit.weights()[k][a] * basis.value(fit.active()[k][a], test.x()[i]);
        }
        if (eta > score) {
          score = eta;
          best = k;
        }
      }
      if (best != test.t()[i]) {
        errors++;
      }
    }
    return errors / (double) test.size();
  }
}
