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
import io.github.sparkrvm.predict.MultiClassMixture;
import io.github.sparkrvm.predict.MultiClassPredictive;
import io.github.sparkrvm.predict.Predictive;
import io.github.sparkrvm.statistics.Family;

/**
 * What a fit leaves: the kept basis functions (bias first when kept; centres on the original feature scale, or
 * input feature indices for the linear kernel), their posterior, the feature scaling and the training summary.
 * A multi-class model keeps the union of its classes' basis functions here and the per-class posteriors in
 * {@code classes}; its own weights, alpha and covariance are then empty. {@code classes} is null otherwise.
 *
 * <p>For kernel rbf-per-dimension, {@code centres} holds every centre of the fit (original scale, row-major) and
 * {@code features} the position of each kept basis function in the dimension-major table (dimension = position /
 * number of centres, centre = position % number of centres). {@code grid} holds the row and column relevances of a
 * grid-prior fit, null otherwise.
 *
 * <p>{@code varianceScale} multiplies a gaussian model's predictive variance 1/β + φᵀΣφ (param calibrateVariance;
 * {@link io.github.sparkrvm.solvers.HeldOutVarianceScale}); 1 when not calibrated, for other families and for models
 * saved before format 4. β and Σ are kept as fitted: a warm start or a held noise starts from them.
 *
 * <p>{@code mixture} holds the predictive components of a softmax model whose probabilities mix several Gaussians'
 * (kernel linear, {@link io.github.sparkrvm.solvers.SupportPriorAverage}; from format 7), null otherwise: its basis
 * holds the model's kept basis, and scoring reads its features ({@link #readFeatures}).
 */
record FittedRvm(Family family, Kernel kernel, int numFeatures, FeatureScaling scaling, boolean biasKept,
    int[] features, double[] centres, double[] weights, double[] alpha, double[] covariance, double noisePrecision,
    RvmTrainingSummary summary, ClassModels classes, GridRelevance grid, double varianceScale, ClassMixture mixture)
    implements java.io.Serializable {

  FittedRvm {
    if (kernel.keepsPositions()) {
      if (numFeatures < 1 || centres.length % numFeatures != 0) {
        throw new IllegalArgumentException("inconsistent model: " + centres.length + " centre values for "
            + numFeatures + " features");
      }
      int table = kernel.tableSize(numFeatures, kernel.numCentres(numFeatures, centres.length));
      for (int i = 0; i < features.length; i++) {
        if (features[i] < 0 || features[i] >= table || (i > 0 && features[i] <= features[i - 1])) {
          throw new IllegalArgumentException("inconsistent model: basis function " + features[i] + " of a table of "
              + table + " (positions must ascend)");
        }
      }
    }
    int k = basisSize(kernel, numFeatures, biasKept, features, centres);
    int own = classes == null ? k : 0;
    if (weights.length != own || alpha.length != own || covariance.length != own * own) {
      throw new IllegalArgumentException("inconsistent model: " + own + " basis functions but " + weights.length
          + " weights, " + alpha.length + " alphas and a covariance of " + covariance.length + " entries");
    }
    if (scaling.dim() != numFeatures) {
      throw new IllegalArgumentException("inconsistent model: scaling of " + scaling.dim() + " features, expected "
          + numFeatures);
    }
    if (classes != null) {
      for (int[] positions : classes.basis()) {
        for (int i = 0; i < positions.length; i++) {
          if (positions[i] < 0 || positions[i] >= k || (i > 0 && positions[i] <= positions[i - 1])) {
            throw new IllegalArgumentException("inconsistent model: a class uses basis position " + positions[i]
                + " of " + k + " (positions must ascend)");
          }
        }
      }
    }
    if (mixture != null) {
      if (classes == null || !kernel.featureWise() || mixture.numClasses() != classes.numClasses()) {
        throw new IllegalArgumentException("inconsistent model: a predictive mixture belongs to a multi-class model "
            + "of kernel linear with as many classes");
      }
      for (int f : features) {
        if (java.util.Arrays.binarySearch(mixture.features(), f) < 0) {
          throw new IllegalArgumentException("inconsistent model: kept feature " + f
              + " is not in the predictive mixture's features");
        }
      }
      if (biasKept && !mixture.biasKept()) {
        throw new IllegalArgumentException("inconsistent model: the bias is kept but not in the predictive mixture");
      }
    }
  }

  /**
   * {@return this model, once every number it scores with is checked: finite weights, covariances, centres and
   * shifts, positive finite prior precisions and scale factors, and a gaussian model's finite positive noise
   * precision} The loader calls it, as the constructor checks the shapes: a damaged model must not load.
   *
   * @throws IllegalArgumentException naming the first bad value
   */
  FittedRvm requireFiniteValues() {
    requireFinite("weights", weights);
    requirePositive("alpha", alpha);
    requireFinite("covariance", covariance);
    requireFinite("centres", centres);
    requireFinite("feature shift", scaling.shift());
    requirePositive("feature scale", scaling.scale());
    requirePositive("variance scale", new double[] {varianceScale});
    boolean finiteNoise = noisePrecision > 0.0 && noisePrecision < Double.POSITIVE_INFINITY;
    if (family.hasNoise() && !finiteNoise) {
      throw new IllegalArgumentException("damaged model: noise precision " + noisePrecision
          + " (a finite positive number expected)");
    }
    if (classes != null) {
      classes.requireFiniteValues();
    }
    if (mixture != null) {
      mixture.requireFiniteValues();
    }
    return this;
  }

  /**
   * Refuses a non-finite value: a model whose numbers were damaged (or a fit that diverged) must not load or score.
   *
   * @param what the array's name, for the message
   * @param values the array
   */
  static void requireFinite(String what, double[] values) {
    for (int i = 0; i < values.length; i++) {
      if (!Double.isFinite(values[i])) {
        throw new IllegalArgumentException("damaged model: its " + what + " hold " + values[i] + " at position " + i
            + " (finite numbers expected)");
      }
    }
  }

  /** As {@link #requireFinite}, and every value above 0 (prior precisions, scale factors). */
  static void requirePositive(String what, double[] values) {
    requireFinite(what, values);
    for (int i = 0; i < values.length; i++) {
      if (!(values[i] > 0.0)) {
        throw new IllegalArgumentException("damaged model: its " + what + " hold " + values[i] + " at position " + i
            + " (positive numbers expected)");
      }
    }
  }

  /** A gaussian or bernoulli model. */
  FittedRvm(Family family, Kernel kernel, int numFeatures, FeatureScaling scaling, boolean biasKept, int[] features,
      double[] centres, double[] weights, double[] alpha, double[] covariance, double noisePrecision,
      RvmTrainingSummary summary) {
    this(family, kernel, numFeatures, scaling, biasKept, features, centres, weights, alpha, covariance,
        noisePrecision, summary, null, null, 1.0, null);
  }

  /** The number of centres (rbf-per-dimension: of the whole table; other kernels: of the kept basis). */
  int numCentres() {
    return kernel.numCentres(numFeatures, centres.length);
  }

  private static int basisSize(Kernel kernel, int numFeatures, boolean biasKept, int[] features, double[] centres) {
    int nonBias = kernel.keepsPositions() ? features.length : centres.length / Math.max(numFeatures, 1);
    return (biasKept ? 1 : 0) + nonBias;
  }

  /** {@return the number of kept basis functions (over all classes), the bias included} */
  int basisSize() {
    return basisSize(kernel, numFeatures, biasKept, features, centres);
  }

  /** {@return the number of kept basis functions other than the bias (over all classes)} */
  int numRelevant() {
    return basisSize() - (biasKept ? 1 : 0);
  }

  /**
   * {@return the kept basis functions (the bias included): for a multi-class model the (class, basis function) pairs,
   * the sum of every class' kept ones, the order of the joint Σ}
   */
  int keptPairs() {
    return multiClass() ? java.util.Arrays.stream(classes.weights()).mapToInt(w -> w.length).sum() : weights.length;
  }

  boolean multiClass() {
    return classes != null;
  }

  /**
   * {@return the predictive over the kept basis, on the scaled features the basis reads ({@link #readFeatures};
   * single-output families): its covariance is Σ times the variance scale}
   */
  Predictive predictive() {
    if (multiClass()) {
      throw new IllegalStateException("a multi-class model has one predictive per class");
    }
    double[] scaled = covariance.clone();
    for (int i = 0; i < scaled.length; i++) {
      scaled[i] *= varianceScale;
    }
    return new Predictive(keptBasis(), keptCandidates(), weights, scaled);
  }

  /** {@return a gaussian model's noise variance in its predictive variance: the variance scale over β} */
  double predictiveNoise() {
    return varianceScale / noisePrecision;
  }

  /**
   * {@return the per-class predictive over the kept basis, on the scaled features the basis reads
   * ({@link #readFeatures}; multi-class)}
   */
  MultiClassPredictive multiClassPredictive() {
    return new MultiClassPredictive(keptBasis(), keptCandidates(), classes.basis(), classes.weights(),
        classes.covariance());
  }

  /**
   * {@return the mixture of the predictive components over the points {@link #readFeatures} gives, or null when the
   * model's probabilities are its own Gaussian's}
   */
  MultiClassMixture classMixture() {
    if (mixture == null) {
      return null;
    }
    BasisFunctions basis = keptBasis();
    int[] all = java.util.stream.IntStream.range(0, basis.numCandidates()).toArray();
    MultiClassPredictive[] components = new MultiClassPredictive[mixture.numComponents()];
    for (int j = 0; j < components.length; j++) {
      components[j] = new MultiClassPredictive(basis, all, mixture.basis()[j], mixture.weights()[j],
          mixture.covariance()[j]);
    }
    return new MultiClassMixture(components, mixture.shares());
  }

  /**
   * {@return the input features the kept basis reads, ascending, when a kernel's basis function reads one feature
   * alone (linear): the kept features (with a predictive mixture, its components' features, which hold them), which
   * scoring gathers from a row (a sparse one in O(its nonzeros)) instead of reading all of it; null for the other
   * kernels, whose basis functions read every feature} The predictives ({@link #predictive},
   * {@link #multiClassPredictive}, {@link #classMixture}) then take points of these features alone, in this order.
   */
  int[] readFeatures() {
    return !kernel.featureWise() ? null : mixture != null ? mixture.features().clone() : features.clone();
  }

  /**
   * The kept basis functions as a candidate set of their own, on the scaled features: over the features the basis
   * reads ({@link #readFeatures}).
   */
  private BasisFunctions keptBasis() {
    int dim = kernel.featureWise() ? readFeatures().length : numFeatures;
    return BasisFunctions.of(kernel, readsBias(), dim, scaling.applyRows(centres));
  }

  /** {@return whether the basis scoring reads starts with the bias: the model's, or its mixture's} */
  private boolean readsBias() {
    return mixture != null ? mixture.biasKept() : biasKept;
  }

  /** The candidate index in {@link #keptBasis()} of each kept basis function, in the model's order. */
  private int[] keptCandidates() {
    int k = basisSize();
    int[] active = new int[k];
    if (kernel.keepsPositions()) {
      int offset = biasKept ? 1 : 0;
      int[] read = readFeatures();
      int readOffset = readsBias() ? 1 : 0;
      for (int i = 0; i < features.length; i++) {
        active[offset + i] = kernel.featureWise() ? readOffset + java.util.Arrays.binarySearch(read, features[i])
            : offset + features[i];
      }
    } else {
      java.util.Arrays.setAll(active, i -> i);
    }
    return active;
  }
}
