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

import io.github.sparkrvm.solvers.SparseBayesOptions;
import java.util.List;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntArrayParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.Params;

/**
 * The param objects of the sparse Bayesian fit, created for their owner, with their documentation and defaults:
 * everything a fit reads apart from the basis (kernel, gamma, degree, coef0) and the output columns. Declared here
 * once; every stage (the estimators, the models, the selector and its model) holds its own instance (through
 * {@link RvmParamSet} or {@link RvmSelectorParamSet}), and the selector forwards every one to the estimator it
 * fits.
 */
public final class SparseBayesParamSet implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  /**
   * The default seed: the hash of the name "io.github.sparkrvm.RvmEstimator" (the estimator's class name when the
   * default was chosen), kept so that a fit draws the same centres as before.
   */
  static final long DEFAULT_SEED = "io.github.sparkrvm.RvmEstimator".hashCode();

  /** The accepted values of family: "binomial" is Spark's (GeneralizedLinearRegression) name of bernoulli. */
  static final String[] FAMILIES = {"gaussian", "bernoulli", "binomial", "multinomial", "poisson"};

  /**
   * {@return the family under its one name: "binomial" (Spark's name) as "bernoulli"; other values unchanged}
   *
   * @param family a value of the family param
   */
  static String canonicalFamily(String family) {
    return "binomial".equals(family) ? "bernoulli" : family;
  }
  static final String[] MULTI_CLASS_STRATEGIES = {"softmax", "ovr"};
  static final String[] SOLVERS = {"em", "fast", "variational"};
  /** The default solver of the estimator and the selector. */
  static final String DEFAULT_SOLVER = "fast";
  static final String[] PRIORS = {"ard", "grid-product", "grid-sum"};
  static final String[] VARIATIONAL_FORMS = {"auto", "primal", "dual"};
  /**
   * The default of maxDriverDesignSizeInMB: no limit of its own, the driver's heap decides (a design of up to about
   * 30% of it; {@code Placement}). It was 128 MiB (16,000 rows over 1001 candidates) before issue 20.
   */
  static final double DEFAULT_MAX_DRIVER_DESIGN_MB = Double.POSITIVE_INFINITY;

  final Param<String> featuresCol;
  final Param<String> labelCol;
  final Param<String> weightCol;
  final Param<String> family;
  final Param<String> multiClassStrategy;
  final BooleanParam fitIntercept;
  final BooleanParam standardization;
  final IntParam maxIter;
  final DoubleParam tol;
  final DoubleParam alphaMax;
  final DoubleParam alphaPriorShape;
  final DoubleParam alphaPriorRate;
  final IntParam maxBasis;
  final LongParam seed;
  final IntParam aggregationDepth;
  final IntParam parallelism;
  final IntParam logEvery;
  final Param<String> solver;
  final Param<String> prior;
  final IntArrayParam gridShape;
  final DoubleParam maxBlockSizeInMB;
  final DoubleParam maxDriverDesignSizeInMB;
  final IntParam maxAddsPerStep;
  final Param<String> variationalForm;
  final DoubleParam noisePrecision;

  /** The default of {@link #family}. */
  private final String defaultFamily;

  SparseBayesParamSet(Params owner) {
    this(owner, null, "gaussian");
  }

  /**
   * The params of {@code owner}, with its own family param (a classifier's or a regressor's values), or, when
   * {@code ownFamily} is null, the family param of every family.
   */
  SparseBayesParamSet(Params owner, Param<String> ownFamily, String defaultFamily) {
    this.defaultFamily = defaultFamily;
    featuresCol = new Param<>(owner, "featuresCol", "features column name (a Vector column)");
    labelCol = new Param<>(owner, "labelCol", "label column name (numeric; 0/1 for family bernoulli; class "
        + "indices 0, 1, ..., K-1 for family multinomial, K read from the column's ML attribute metadata when present, "
        + "else the largest label + 1; counts 0, 1, 2, ... for family poisson)");
    weightCol = new Param<>(owner, "weightCol",
        "row weight column name (numeric, non-negative; a weight of k counts the row k times). "
            + "Empty: every row has weight 1");
    family = ownFamily != null ? ownFamily : new Param<>(owner, "family",
        "the likelihood: gaussian (regression), bernoulli (binary classification, labels 0/1; binomial, Spark's "
            + "name for it, is accepted as the same), multinomial "
            + "(K classes, labels 0 ... K-1; see multiClassStrategy) or poisson (counts 0, 1, 2, ..., log link: "
            + "the prediction is the mean count exp(f) under the posterior of the latent f; solver em or fast)",
        ParamValidators.inArray(FAMILIES));
    multiClassStrategy = new Param<>(owner, "multiClassStrategy",
        "how family multinomial is fitted: softmax (the multinomial RVM of Zhang & Malik: one softmax posterior "
            + "with one alpha per (class, basis function); the driver holds (K * maxBasis)^2 doubles) or ovr (K "
            + "binary RVMs, class k against the rest, their probabilities renormalised to sum to 1; the driver holds "
            + "maxBasis^2 doubles)",
        ParamValidators.inArray(MULTI_CLASS_STRATEGIES));
    fitIntercept = new BooleanParam(owner, "fitIntercept",
        "whether to add a bias basis function (itself subject to relevance determination)");
    standardization = new BooleanParam(owner, "standardization",
        "whether to centre and scale the features to unit variance before the basis is built; "
            + "the model applies the same map, so it predicts on the original scale");
    maxIter = new IntParam(owner, "maxIter", "maximum number of alpha re-estimation steps (>= 1)",
        ParamValidators.gtEq(1));
    tol = new DoubleParam(owner, "tol",
        "convergence tolerance on the largest change of log(alpha) in a step with no basis function pruned (> 0)",
        ParamValidators.gt(0.0));
    alphaMax = new DoubleParam(owner, "alphaMax",
        "a basis function whose prior precision alpha exceeds this is pruned from the model (> 0)",
        ParamValidators.gt(0.0));
    alphaPriorShape = new DoubleParam(owner, "alphaPriorShape",
        "shape a of the Gamma(a, b) hyperprior on each alpha (>= 0; a = b = 0 is the scale-free prior)",
        ParamValidators.gtEq(0.0));
    alphaPriorRate = new DoubleParam(owner, "alphaPriorRate",
        "rate b of the Gamma(a, b) hyperprior on each alpha (>= 0)", ParamValidators.gtEq(0.0));
    maxBasis = new IntParam(owner, "maxBasis",
        "largest number of candidate basis centres: every training row when there are at most this many, "
            + "else a seeded sample of this size (>= 1; the driver holds a maxBasis x maxBasis matrix, "
            + "(K * maxBasis)^2 for the multinomial softmax)",
        ParamValidators.gtEq(1));
    seed = new LongParam(owner, "seed", "random seed for the sample of candidate centres");
    aggregationDepth = new IntParam(owner, "aggregationDepth", "suggested depth for treeReduce (>= 2)",
        ParamValidators.gtEq(2));
    parallelism = new IntParam(owner, "parallelism",
        "the number of binary fits multiClassStrategy ovr runs at once (>= 1); each holds its own maxBasis^2 "
            + "matrices on the driver", ParamValidators.gtEq(1));
    logEvery = new IntParam(owner, "logEvery",
        "print the fit's progress on the driver's standard error every this many iterations (>= 0): iteration k "
            + "of maxIter, the number of basis functions, the log marginal likelihood, the largest |d log alpha| "
            + "against tol and the seconds so far, and a line when the fit ends. 0 (the default): none (every "
            + "iteration is logged at INFO either way)", ParamValidators.gtEq(0));
    solver = new Param<>(owner, "solver",
        "the algorithm: em (the classic re-estimation of Tipping 2001: starts from every candidate and prunes), "
            + "fast (the sequential algorithm of Tipping & Faul 2003: starts from one basis function and adds, "
            + "re-estimates or deletes one, or a batch, per step; far fewer operations and passes for large "
            + "candidate sets; gaussian, bernoulli, poisson and multinomial with multiClassStrategy softmax or ovr; "
            + "scale-free prior only) or "
            + "variational (the variational RVM of Bishop & Tipping: Gamma posteriors over the precisions, "
            + "needed by the grid priors; gaussian and bernoulli only)",
        ParamValidators.inArray(SOLVERS));
    prior = new Param<>(owner, "prior",
        "the prior over the weights' precisions: ard (one precision per basis function), grid-product (the "
            + "p-gridRVM of Kropotov et al.: the precision of w_ij is alpha_i * beta_j over a table of rows i and "
            + "columns j) or grid-sum (the s-gridRVM: alpha_i + beta_j). The grid priors need solver variational "
            + "and a table: kernel rbf-per-dimension (input dimensions x centres) or linear with gridShape",
        ParamValidators.inArray(PRIORS));
    gridShape = new IntArrayParam(owner, "gridShape",
        "the table [rows, columns] the input features form for a grid prior with kernel linear (feature "
            + "r * columns + c is cell (r, c), row-major; rows * columns must equal the number of features). Unset: "
            + "kernel rbf-per-dimension uses [number of features, number of centres]",
        new PositivePair());
    maxBlockSizeInMB = new DoubleParam(owner, "maxBlockSizeInMB",
        "the most memory, in MiB, a block of stacked rows and their basis expansion may take on an executor "
            + "(>= 0; 0 chooses automatically: about 4 MiB)", ParamValidators.gtEq(0.0));
    maxDriverDesignSizeInMB = new DoubleParam(owner, "maxDriverDesignSizeInMB",
        "families bernoulli, poisson and multinomial, and solver fast with family gaussian: the largest expanded "
            + "design, in MiB (training rows x candidate basis functions x 8 bytes), that a fit builds on the driver "
            + "(>= 0; the default, Infinity, sets no limit of its own: the driver's heap decides). When the design is "
            + "at most this, fits the driver's heap (twice, beside a step's matrices, in 60% of it: a design of up "
            + "to about 30% of the heap) and the rows fit spark.driver.maxResultSize, one pass collects the rows, the "
            + "driver expands them, and every later step of the solver runs there without passing over the data "
            + "again (a pass over the cluster costs the latency of a Spark job and re-expands every row over all "
            + "candidates); otherwise every step passes over the cluster. 0: always pass over the cluster. Same fit "
            + "either way, up to rounding. On a cluster whose executors have far more cores than the driver, a "
            + "finite value keeps large fits on the executors. (Gaussian fast on the driver computes only the "
            + "columns of X'X of the basis functions it adds; gaussian em and the variational primal form make one "
            + "statistics pass, X'X and X'y, on either path)",
        ParamValidators.gtEq(0.0));
    maxAddsPerStep = new IntParam(owner, "maxAddsPerStep",
        "solver fast with family bernoulli, poisson or multinomial: the most basis functions one step may add "
            + "(>= 0). A step proposes the best adds and keeps those that still gain given the ones kept before them (a "
            + "near copy of a kept one does not), then finds the mode once. Larger: fewer steps and passes over "
            + "large data, often more relevance vectors; 1: one at a time, as Tipping & Faul (2003), about one "
            + "pass over every candidate per relevance vector, and fewer passes on small data; 0 (auto): "
            + AddsPolicy.DEFAULT_MAX_ADDS_PER_STEP + " from " + AddsPolicy.AUTO_BATCH_ROWS
            + " training rows on, else 1 (the fit logs the value, its path and why)",
        ParamValidators.gtEq(0));
    variationalForm = new Param<>(owner, "variationalForm",
        "how solver variational represents the posterior over the weights: primal (the M x M precision over the M "
            + "basis functions, factored every step: O(M^3) a step, from statistics gathered on the executors), dual "
            + "(the N x N Woodbury form over the N training rows: the expanded design, N x M doubles, is collected to "
            + "the driver, O(N^2 M + N^3) a step), or auto (dual when M > N and the design fits the driver's "
            + "memory, else primal). Both give the same fit up to rounding",
        ParamValidators.inArray(VARIATIONAL_FORMS));
    noisePrecision = new DoubleParam(owner, "noisePrecision",
        "family gaussian: the noise precision beta = 1 / sigma^2 of the labels (>= 0, finite). 0 (the default): learn "
            + "it from the data with the alphas; > 0: hold it at this value throughout the fit (when the noise level "
            + "is known), re-estimating the alphas only. Solvers em and fast; families bernoulli and multinomial have "
            + "no noise and refuse a value > 0. A fitted model's own beta is RvmModel.fittedNoisePrecision",
        ParamValidators.inRange(0.0, Double.MAX_VALUE));
  }

  /** Sets Spark-style defaults on the owner (gridShape has none: it follows the kernel and the data). */
  void setDefaults(Params owner) {
    owner.setDefault(featuresCol, "features");
    owner.setDefault(labelCol, "label");
    owner.setDefault(weightCol, "");
    owner.setDefault(family, defaultFamily);
    owner.setDefault(multiClassStrategy, "softmax");
    owner.setDefault(fitIntercept, true);
    owner.setDefault(standardization, true);
    owner.setDefault(maxIter, 1000);
    owner.setDefault(tol, 1e-3);
    owner.setDefault(alphaMax, 1e9);
    owner.setDefault(alphaPriorShape, 0.0);
    owner.setDefault(alphaPriorRate, 0.0);
    owner.setDefault(maxBasis, 1000);
    owner.setDefault(seed, DEFAULT_SEED);
    owner.setDefault(aggregationDepth, 2);
    owner.setDefault(parallelism, 1);
    owner.setDefault(logEvery, 0);
    owner.setDefault(solver, DEFAULT_SOLVER);
    owner.setDefault(prior, "ard");
    owner.setDefault(maxBlockSizeInMB, 0.0);
    owner.setDefault(maxDriverDesignSizeInMB, DEFAULT_MAX_DRIVER_DESIGN_MB);
    owner.setDefault(maxAddsPerStep, 0);
    owner.setDefault(variationalForm, "auto");
    owner.setDefault(noisePrecision, 0.0);
  }

  /** {@return every param of this set, in declaration order} */
  List<Param<?>> params() {
    return List.of(featuresCol, labelCol, weightCol, family, multiClassStrategy, fitIntercept,
        standardization, maxIter, tol, alphaMax, alphaPriorShape, alphaPriorRate,
        maxBasis, seed, aggregationDepth, parallelism, logEvery, solver, prior,
        gridShape, maxBlockSizeInMB, maxDriverDesignSizeInMB, maxAddsPerStep, variationalForm, noisePrecision);
  }

  /** The gridShape validator: two positive entries (a class, not a lambda, so that the stages serialize). */
  private static final class PositivePair extends scala.runtime.AbstractFunction1<int[], Object>
      implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Object apply(int[] v) {
      return v.length == 2 && v[0] >= 1 && v[1] >= 1;
    }
  }
}
