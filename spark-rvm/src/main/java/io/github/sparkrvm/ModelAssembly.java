package io.github.sparkrvm;

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.core.RelevanceFit;
import io.github.sparkrvm.distributed.FeatureScaling;

/** Turns a solver's result over candidate indices into the model's kept basis on the original feature scale. */
final class ModelAssembly {

  private ModelAssembly() {}

  static FittedRvm fitted(String family, Kernel kernel, BasisFunctions basis, double[] originalCentres,
      FeatureScaling scaling, RelevanceFit fit, RvmTrainingSummary summary) {
    int[] active = fit.active();
    boolean biasKept = active.length > 0 && basis.isBias(active[0]);
    int first = biasKept ? 1 : 0;
    int d = basis.dim();
    int k = active.length - first;
    int[] features = new int[kernel instanceof Kernel.Linear ? k : 0];
    double[] centres = new double[kernel instanceof Kernel.Linear ? 0 : k * d];
    for (int i = 0; i < k; i++) {
      int source = basis.sourceIndex(active[first + i]);
      if (kernel instanceof Kernel.Linear) {
        features[i] = source;
      } else {
        System.arraycopy(originalCentres, source * d, centres, i * d, d);
      }
    }
    return new FittedRvm(family, kernel, d, scaling, biasKept, features, centres, fit.weights(), fit.alpha(),
        fit.covariance(), fit.noisePrecision(), summary);
  }
}
