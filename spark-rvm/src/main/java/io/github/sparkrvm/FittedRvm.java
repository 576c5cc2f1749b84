package io.github.sparkrvm;

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.core.Predictive;
import io.github.sparkrvm.distributed.FeatureScaling;

/**
 * What a fit leaves: the kept basis functions (bias first when kept; centres on the original feature scale, or
 * input feature indices for the linear kernel), their posterior, the feature scaling and the training summary.
 */
record FittedRvm(String family, Kernel kernel, int numFeatures, FeatureScaling scaling, boolean biasKept,
    int[] features, double[] centres, double[] weights, double[] alpha, double[] covariance, double noisePrecision,
    RvmTrainingSummary summary) implements java.io.Serializable {

  FittedRvm {
    int nonBias = kernel instanceof Kernel.Linear ? features.length : centres.length / Math.max(numFeatures, 1);
    int k = (biasKept ? 1 : 0) + nonBias;
    if (weights.length != k || alpha.length != k || covariance.length != k * k) {
      throw new IllegalArgumentException("inconsistent model: " + k + " basis functions but " + weights.length
          + " weights, " + alpha.length + " alphas and a covariance of " + covariance.length + " entries");
    }
    if (scaling.dim() != numFeatures) {
      throw new IllegalArgumentException("inconsistent model: scaling of " + scaling.dim() + " features, expected "
          + numFeatures);
    }
  }

  /** The number of kept basis functions other than the bias. */
  int numRelevant() {
    return weights.length - (biasKept ? 1 : 0);
  }

  /** The predictive over the kept basis, on the scaled features. */
  Predictive predictive() {
    int k = weights.length;
    int[] active = new int[k];
    BasisFunctions basis;
    if (kernel instanceof Kernel.Linear) {
      basis = BasisFunctions.linear(biasKept, numFeatures);
      int offset = biasKept ? 1 : 0;
      for (int i = 0; i < features.length; i++) {
        active[offset + i] = offset + features[i];
      }
    } else {
      basis = BasisFunctions.kernel(kernel, biasKept, numFeatures, scaling.applyRows(centres));
      java.util.Arrays.setAll(active, i -> i);
    }
    return new Predictive(basis, active, weights, covariance);
  }
}
