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
import io.github.sparkrvm.core.ClassLayout;
import io.github.sparkrvm.core.VariationalFit;
import io.github.sparkrvm.core.MultiClassFit;
import io.github.sparkrvm.core.RelevanceFit;
import io.github.sparkrvm.distributed.FeatureScaling;
import java.util.Arrays;

/** Turns a solver's result over candidate indices into the model's kept basis on the original feature scale. */
final class ModelAssembly {

  private ModelAssembly() {}

  static FittedRvm fitted(String family, Kernel kernel, BasisFunctions basis, double[] originalCentres,
      FeatureScaling scaling, RelevanceFit fit, RvmTrainingSummary summary) {
    Kept kept = kept(kernel, basis, originalCentres, fit.active());
    return new FittedRvm(family, kernel, basis.dim(), scaling, kept.biasKept(), kept.features(), kept.centres(),
        fit.weights(), fit.alpha(), fit.covariance(), fit.noisePrecision(), summary);
  }

  /**
   * A variational fit: the basis functions whose E[precision] exceeds {@code alphaMax} are pruned, and the kept
   * ones carry the marginal of q(w) over them (the matching rows and columns of Σ); the grid relevances are kept
   * for prior grid-product or grid-sum.
   */
  static FittedRvm fitted(String family, Kernel kernel, BasisFunctions basis, double[] originalCentres,
      FeatureScaling scaling, VariationalFit variational, String prior, double alphaMax, RvmTrainingSummary summary) {
    RelevanceFit fit = variational.posterior();
    int m = fit.active().length;
    int[] positions = java.util.stream.IntStream.range(0, m).filter(i -> fit.alpha()[i] <= alphaMax).toArray();
    int[] active = Arrays.stream(positions).map(i -> fit.active()[i]).toArray();
    int k = positions.length;
    double[] covariance = new double[k * k];
    for (int b = 0; b < k; b++) {
      for (int a = 0; a < k; a++) {
        covariance[b * k + a] = fit.covariance()[positions[b] * m + positions[a]];
      }
    }
    Kept kept = kept(kernel, basis, originalCentres, active);
    GridRelevance grid = "ard".equals(prior) ? null : new GridRelevance(variational.rowRelevance().length,
        variational.columnRelevance().length, variational.rowRelevance(), variational.columnRelevance());
    return new FittedRvm(family, kernel, basis.dim(), scaling, kept.biasKept(), kept.features(), kept.centres(),
        select(fit.weights(), positions), select(fit.alpha(), positions), covariance,
        fit.noisePrecision(), summary, null, grid);
  }

  private static double[] select(double[] v, int[] positions) {
    return Arrays.stream(positions).mapToDouble(i -> v[i]).toArray();
  }

  /** {@return A multi-class model: the union of the classes' kept candidates, and each class' positions in it} */
  static FittedRvm fitted(String family, Kernel kernel, BasisFunctions basis, double[] originalCentres,
      FeatureScaling scaling, MultiClassFit fit, String strategy, RvmTrainingSummary summary) {
    int[] union = ClassLayout.union(fit.active());
    Kept kept = kept(kernel, basis, originalCentres, union);
    int[][] positions = new int[fit.numClasses()][];
    for (int p = 0; p < positions.length; p++) {
      positions[p] = Arrays.stream(fit.active()[p]).map(j -> Arrays.binarySearch(union, j)).toArray();
    }
    ClassModels classes = new ClassModels(strategy, positions, fit.weights(), fit.alpha(), fit.covariance());
    return new FittedRvm(family, kernel, basis.dim(), scaling, kept.biasKept(), kept.features(), kept.centres(),
        new double[0], new double[0], new double[0], Double.NaN, summary, classes, null);
  }

  private record Kept(boolean biasKept, int[] features, double[] centres) {}

  /**
   * The kept candidates ({@code active}, ascending) as the bias flag and features or original-scale centres; for
   * rbf-per-dimension, their table positions and every centre.
   */
  private static Kept kept(Kernel kernel, BasisFunctions basis, double[] originalCentres, int[] active) {
    boolean biasKept = active.length > 0 && basis.isBias(active[0]);
    int first = biasKept ? 1 : 0;
    int d = basis.dim();
    int k = active.length - first;
    if (kernel instanceof Kernel.RbfPerDimension) {
      int[] positions = new int[k];
      for (int i = 0; i < k; i++) {
        positions[i] = basis.sourceIndex(active[first + i]);
      }
      return new Kept(biasKept, positions, originalCentres.clone());
    }
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
    return new Kept(biasKept, features, centres);
  }
}
