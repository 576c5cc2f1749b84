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
import io.github.sparkrvm.basis.FeatureScaling;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.solvers.MultiClassFit;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.RelevanceResult;
import io.github.sparkrvm.solvers.VariationalFit;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.variational.Pruning;
import io.github.sparkrvm.variational.WeightPrior;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns a solver's result over candidate indices into the model's kept basis on the original feature scale. */
final class ModelAssembly {

  private static final Logger LOG = LoggerFactory.getLogger(ModelAssembly.class);

  private ModelAssembly() {}

  /**
   * {@return the model of a fit: its result over candidate indices turned into the kept basis on the original feature
   * scale}
   *
   * @param plan what the fit did (family, kernel, basis, scaling, centres, strategy, prior, alphaMax)
   * @param result the solver's result
   * @param summary how the fit went
   */
  static FittedRvm fitted(FitPlan plan, RelevanceResult result, RvmTrainingSummary summary) {
    Family family = plan.choice().family();
    if (result instanceof MultiClassFit fit) {
      return multiClass(family, plan, fit, summary);
    }
    if (result instanceof VariationalFit variational) {
      return variational(family, plan, variational, summary);
    }
    RelevanceFit fit = (RelevanceFit) result;
    Kept kept = kept(plan.kernel(), plan.basis(), plan.centres(), fit.active());
    return new FittedRvm(family, plan.kernel(), plan.basis().dim(), plan.scaling(), kept.biasKept(), kept.features(),
        kept.centres(), fit.weights(), fit.alpha(), fit.covariance(), fit.noisePrecision(), summary);
  }

  /**
   * A variational fit: the basis functions whose E[precision] exceeds {@code alphaMax} are pruned, then (kernels with
   * centres) those of largest E[precision] whose removal moves the latent mean and the prediction at none of the
   * fit's candidate centres by more than {@link Pruning#TOLERANCE} of the latent scale ({@link Pruning#kept}); the
   * kept ones carry the marginal of q(w) over them (the matching rows and columns of Σ); the grid relevances are kept
   * for prior grid-product or grid-sum.
   */
  private static FittedRvm variational(Family family, FitPlan plan, VariationalFit variational,
      RvmTrainingSummary summary) {
    return variational(family, plan, variational, summary, Pruning.TOLERANCE);
  }

  /**
   * A variational fit, pruned at {@code pruningTolerance} ({@link Pruning#kept}; 0 prunes by alphaMax alone).
   *
   * @param pruningTolerance the largest change of the latent mean and the prediction at the candidate centres, in
   *     units of the latent scale ({@link Pruning#scale})
   */
  static FittedRvm variational(Family family, FitPlan plan, VariationalFit variational, RvmTrainingSummary summary,
      double pruningTolerance) {
    double alphaMax = plan.alphaMax();
    RelevanceFit fit = variational.posterior();
    int m = fit.active().length;
    int[] positions = java.util.stream.IntStream.range(0, m).filter(i -> fit.alpha()[i] <= alphaMax).toArray();
    double[] centres = plan.centres();
    int d = plan.basis().dim();
    if (pruningTolerance > 0.0 && centres.length > 0) {
      int n = centres.length / d;
      double[] phi = plan.basis().expand(RowBlock.unweighted(n, d, plan.scaling().applyRows(centres), new double[n]),
          fit.active());
      double scale = Pruning.scale(family, fit.noisePrecision());
      int before = positions.length;
      positions = Pruning.kept(positions, fit.alpha(), fit.weights(), fit.covariance(), phi, n,
          pruningTolerance * scale, Pruning.output(family, fit.noisePrecision()));
      LOG.info("variational fit: {} of {} basis functions kept after pruning by E[precision] (the latent mean and "
          + "the {} prediction move by at most {} x {} at the {} candidate centres)", positions.length, before,
          family.paramValue(), pruningTolerance, scale, n);
    }
    int[] active = Arrays.stream(positions).map(i -> fit.active()[i]).toArray();
    int k = positions.length;
    double[] covariance = new double[k * k];
    for (int b = 0; b < k; b++) {
      for (int a = 0; a < k; a++) {
        covariance[b * k + a] = fit.covariance()[positions[b] * m + positions[a]];
      }
    }
    Kept kept = kept(plan.kernel(), plan.basis(), plan.centres(), active);
    GridRelevance grid = plan.choice().prior() == WeightPrior.Structure.ARD ? null
        : new GridRelevance(variational.rowRelevance().length, variational.columnRelevance().length,
            variational.rowRelevance(), variational.columnRelevance());
    return new FittedRvm(family, plan.kernel(), plan.basis().dim(), plan.scaling(), kept.biasKept(), kept.features(),
        kept.centres(), select(fit.weights(), positions), select(fit.alpha(), positions), covariance,
        fit.noisePrecision(), summary, null, grid);
  }

  private static double[] select(double[] v, int[] positions) {
    return Arrays.stream(positions).mapToDouble(i -> v[i]).toArray();
  }

  /** {@return A multi-class model: the union of the classes' kept candidates, and each class' positions in it} */
  private static FittedRvm multiClass(Family family, FitPlan plan, MultiClassFit fit, RvmTrainingSummary summary) {
    int[] union = ClassLayout.union(fit.active());
    Kept kept = kept(plan.kernel(), plan.basis(), plan.centres(), union);
    int[][] positions = new int[fit.numClasses()][];
    for (int p = 0; p < positions.length; p++) {
      positions[p] = Arrays.stream(fit.active()[p]).map(j -> Arrays.binarySearch(union, j)).toArray();
    }
    ClassModels classes = new ClassModels(plan.choice().strategy(), positions, fit.weights(), fit.alpha(),
        fit.covariance());
    return new FittedRvm(family, plan.kernel(), plan.basis().dim(), plan.scaling(), kept.biasKept(), kept.features(),
        kept.centres(), new double[0], new double[0], new double[0], Double.NaN, summary, classes, null);
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
    int[] positions = new int[k];
    for (int i = 0; i < k; i++) {
      positions[i] = basis.sourceIndex(active[first + i]);
    }
    Kernel.Kept kept = kernel.keep(positions, originalCentres, d);
    return new Kept(biasKept, kept.features(), kept.centres());
  }
}
