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
import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.solvers.MultiClassFit;
import io.github.sparkrvm.solvers.PredictiveMixture;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.RelevanceResult;
import io.github.sparkrvm.solvers.VariationalFit;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.variational.WeightPrior;
import java.util.Arrays;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a solver's result over candidate indices into the fitted content of a model ({@link FittedRvm}: the kept
 * basis on the original feature scale, its posterior, the training summary with its warnings); the stage wraps it.
 */
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
   * @param varianceScale the factor of the predictive variance (1: none; calibrateVariance)
   */
  static FittedRvm fitted(FitPlan plan, RelevanceResult result, RvmTrainingSummary summary, double varianceScale) {
    Family family = plan.choice().family();
    if (result instanceof MultiClassFit fit) {
      return multiClass(family, plan, fit, summary);
    }
    // a variational fit comes pruned (variational.Pruning#after); a grid prior keeps its row and column relevances
    RelevanceFit fit = result instanceof VariationalFit v ? v.posterior() : (RelevanceFit) result;
    GridRelevance grid = result instanceof VariationalFit v && plan.choice().prior() != WeightPrior.Structure.ARD
        ? new GridRelevance(v.rowRelevance().length, v.columnRelevance().length, v.rowRelevance(),
            v.columnRelevance())
        : null;
    Kept kept = kept(plan.kernel(), plan.basis(), plan.centres(), fit.active());
    return new FittedRvm(family, plan.kernel(), plan.basis().dim(), plan.scaling(), kept.biasKept(), kept.features(),
        kept.centres(), fit.weights(), fit.alpha(), fit.covariance(), fit.noisePrecision(), summary, null, grid,
        varianceScale, null);
  }

  /** {@return A multi-class model: the union of the classes' kept candidates, and each class' positions in it} */
  private static FittedRvm multiClass(Family family, FitPlan plan, MultiClassFit fit, RvmTrainingSummary summary) {
    int[] union = ClassLayout.union(fit.active());
    Kept kept = kept(plan.kernel(), plan.basis(), plan.centres(), union);
    int[][] positions = positions(fit.active(), union);
    ClassModels classes = new ClassModels(plan.choice().strategy(), positions, fit.weights(), fit.alpha(),
        fit.covariance());
    return new FittedRvm(family, plan.kernel(), plan.basis().dim(), plan.scaling(), kept.biasKept(), kept.features(),
        kept.centres(), new double[0], new double[0], new double[0], Double.NaN, summary, classes, null,
        1.0, fit.predictive() == null ? null : mixture(plan, fit));
  }

  /**
   * {@return the predictive components of a fit whose probabilities mix several fits' ({@link PredictiveMixture}):
   * their basis is the union of their kept candidates and the fit's own}
   */
  private static ClassMixture mixture(FitPlan plan, MultiClassFit fit) {
    PredictiveMixture mixture = fit.predictive();
    int[][] all = java.util.stream.Stream.concat(java.util.stream.Stream.of(fit), mixture.fits().stream())
        .flatMap(f -> Arrays.stream(f.active())).toArray(int[][]::new);
    int[] union = ClassLayout.union(all);
    Kept kept = kept(plan.kernel(), plan.basis(), plan.centres(), union);
    int components = mixture.fits().size();
    int[][][] basis = new int[components][][];
    double[][][] weights = new double[components][][];
    double[][] covariance = new double[components][];
    for (int j = 0; j < components; j++) {
      MultiClassFit f = mixture.fits().get(j);
      basis[j] = positions(f.active(), union);
      weights[j] = f.weights();
      covariance[j] = f.covariance();
    }
    LOG.info("the softmax's probabilities mix the predictive distributions of {} fits (shares {}), which keep {} "
        + "distinct (class, basis function) pairs over {} features; the model reports the averaged Gaussian's {} pairs",
        components, Arrays.stream(mixture.shares()).mapToObj(v -> String.format(java.util.Locale.ROOT, "%.4g", v))
            .toList(), mixture.distinctPairs(), kept.features().length, fit.size());
    return new ClassMixture(kept.biasKept(), kept.features(), basis, weights, covariance, mixture.shares());
  }

  /** {@return per class, the position of each of {@code active}'s candidates in {@code union}} */
  private static int[][] positions(int[][] active, int[] union) {
    int[][] positions = new int[active.length][];
    for (int p = 0; p < positions.length; p++) {
      positions[p] = Arrays.stream(active[p]).map(j -> Arrays.binarySearch(union, j)).toArray();
    }
    return positions;
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
