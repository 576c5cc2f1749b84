package io.github.sparkrvm.core;

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
