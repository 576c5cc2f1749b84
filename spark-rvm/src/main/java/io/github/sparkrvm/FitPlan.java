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
import io.github.sparkrvm.distributed.DataSummary;
import io.github.sparkrvm.solvers.BernoulliRelevanceSolver;
import io.github.sparkrvm.solvers.FastBernoulliSolver;
import io.github.sparkrvm.solvers.FastGaussianSolver;
import io.github.sparkrvm.solvers.FastMultinomialSolver;
import io.github.sparkrvm.solvers.GaussianRelevanceSolver;
import io.github.sparkrvm.solvers.InitialState;
import io.github.sparkrvm.solvers.MultiClassFit;
import io.github.sparkrvm.solvers.MultinomialRelevanceSolver;
import io.github.sparkrvm.solvers.OneVsRestSolver;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.RelevanceResult;
import io.github.sparkrvm.solvers.RelevanceSolver;
import io.github.sparkrvm.solvers.SparseBayesOptions;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.variational.PriorTable;
import io.github.sparkrvm.variational.VariationalSolver;
import io.github.sparkrvm.variational.WeightPrior;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a fit will do, decided once from the params and the summary pass: the family, multi-class strategy and
 * solver ({@link Choice}); the kernel (γ defaulting to 1 / features), the feature scaling and the candidate basis;
 * the driver's memory checks; whether the design is collected to the driver; the variational form and prior table;
 * the options (maxAddsPerStep resolved); and the solver that runs, with all of these bound. {@code RvmEstimator.fit}
 * then only executes it. Every choice is logged with its reason.
 */
final class FitPlan {

  private static final Logger LOG = LoggerFactory.getLogger(FitPlan.class);

  /** The lower limit of the variational Gamma hyperprior's shape and rate. */
  static final double VARIATIONAL_HYPERPRIOR_FLOOR = 1e-6;

  /** The {@code solver} param. */
  enum Method {
    /** The classic re-estimation of every α at once (Tipping 2001). */
    EM("em"),
    /** Fast marginal likelihood maximisation (Tipping &amp; Faul 2003). */
    FAST("fast"),
    /** The variational RVM (Bishop &amp; Tipping 2000; grid priors of Kropotov et al. 2010). */
    VARIATIONAL("variational");

    private final String value;

    Method(String value) {
      this.value = value;
    }

    static Method of(String value) {
      for (Method m : values()) {
        if (m.value.equals(value)) {
          return m;
        }
      }
      throw new IllegalArgumentException("solver '" + value + "' is not one of em, fast, variational");
    }

    @Override
    public String toString() {
      return value;
    }
  }

  /** The {@code variationalForm} param. */
  enum Form {
    /** Dual when there are more basis functions than rows and its matrices fit the driver. */
    AUTO("auto"),
    /** An M × M factorisation per step. */
    PRIMAL("primal"),
    /** An N × N factorisation per step, over the design collected to the driver. */
    DUAL("dual");

    private final String value;

    Form(String value) {
      this.value = value;
    }

    static Form of(String value) {
      for (Form f : values()) {
        if (f.value.equals(value)) {
          return f;
        }
      }
      throw new IllegalArgumentException("variationalForm '" + value + "' is not one of auto, primal, dual");
    }

    @Override
    public String toString() {
      return value;
    }
  }

  /**
   * The params' choices, typed: what the summary pass and the param validation need before any data is read.
   *
   * @param family the likelihood
   * @param strategy multinomial: softmax or one-vs-rest (null for the other families)
   * @param method the solver
   * @param prior the variational weight prior's structure (ARD for the other solvers)
   * @param form the variational form asked for
   * @param linear whether the basis is the input features (kernel linear: no centres are sampled)
   */
  record Choice(Family family, MultiClassStrategy strategy, Method method, WeightPrior.Structure prior, Form form,
      boolean linear) {

    /**
     * {@return the choices of a stage's params}
     *
     * @param p the params
     */
    static Choice of(RvmParams p) {
      Family family = Family.of(p.getFamily());
      return new Choice(family,
          family == Family.MULTINOMIAL ? MultiClassStrategy.of(p.getMultiClassStrategy()) : null,
          Method.of(p.getSolver()), structure(p.getPrior()), Form.of(p.getVariationalForm()),
          "linear".equals(p.getKernel()));
    }

    /** {@return whether the classes are fitted jointly by one softmax} */
    boolean softmax() {
      return strategy == MultiClassStrategy.SOFTMAX;
    }

    /** {@return whether the classes are fitted one against the rest} */
    boolean oneVsRest() {
      return strategy == MultiClassStrategy.OVR;
    }

    /** {@return whether the solver is the variational one} */
    boolean variational() {
      return method == Method.VARIATIONAL;
    }
  }

  private static WeightPrior.Structure structure(String prior) {
    for (WeightPrior.Structure s : WeightPrior.Structure.values()) {
      if (priorName(s).equals(prior)) {
        return s;
      }
    }
    throw new IllegalArgumentException("prior '" + prior + "' is not one of ard, grid-product, grid-sum");
  }

  /** {@return the {@code prior} param value naming a structure} */
  static String priorName(WeightPrior.Structure s) {
    return switch (s) {
      case ARD -> "ard";
      case GRID_PRODUCT -> "grid-product";
      case GRID_SUM -> "grid-sum";
    };
  }

  private final String uid;
  private final RvmParams params;
  private final Choice choice;
  private final int numClasses;
  private final double gamma;
  private final Kernel kernel;
  private final FeatureScaling scaling;
  private final double[] centres;
  private final BasisFunctions basis;
  private final boolean dual;
  private final PriorTable table;
  private final boolean onDriver;
  private final SparseBayesOptions options;
  private final int[][] classCandidates;
  private final InitialState initial;
  private final RelevanceSolver<? extends RelevanceResult> solver;

  private FitPlan(String uid, RvmParams p, Choice choice, DataSummary summary, long maxResultSize,
      RvmModel initialModel) {
    this.uid = uid;
    this.params = p;
    this.choice = choice;
    boolean multinomial = choice.family() == Family.MULTINOMIAL;
    numClasses = multinomial ? summary.numClasses() : 0;
    int dim = summary.dim();
    gamma = p.isDefined(p.gamma()) ? p.getGamma() : 1.0 / dim;
    kernel = Kernel.of(p.getKernel(), gamma, p.getDegree(), p.getCoef0());
    WarmStart warm = initialModel == null ? null
        : WarmStart.of(initialModel, p, choice, kernel, dim, numClasses);
    scaling = warm != null ? warm.scaling()
        : p.getStandardization()
            ? FeatureScaling.fromStandardDeviations(summary.featureMean(), summary.featureStandardDeviation())
            : FeatureScaling.identity(dim);
    centres = choice.linear() ? new double[0] : warm != null ? warm.centres(summary.centres()) : summary.centres();
    basis = candidateBasis(kernel, scaling, dim, centres);
    initial = warm == null || warm.size() == 0 ? null : warm.state(basis);
    if (warm != null && initial == null) {
      LOG.info("{}: initialModel {} kept no basis function: the fit starts cold (on its candidates and scaling)",
          uid, initialModel.uid());
    } else if (warm != null) {
      LOG.info("{}: warm start from initialModel {}: its {} {}, their alpha and weights{}; its feature scaling; {} "
          + "candidate basis functions (its own first, then the sampled ones it does not hold)", uid,
          initialModel.uid(), initial.size(), multinomial ? "(class, basis function) pairs" : "basis functions",
          choice.family() == Family.GAUSSIAN ? " and noise precision" : "", basis.numCandidates());
    }
    int m = basis.numCandidates();
    classCandidates = classBlocks(p, dim);
    if (classCandidates != null && initialModel != null) {
      throw new IllegalArgumentException("a warm start (initialModel) is not supported with classFeatureBlocks "
          + p.getClassFeatureBlocks() + ": fit without the initial model, or set classFeatureBlocks to 0");
    }
    if (choice.softmax() && choice.method() == Method.FAST) {
      DriverMemory.checkFastSoftmax(numClasses, m, choice.linear());
    } else if (choice.softmax()) {
      // with class feature blocks, em's Hessian is over each class' own candidates only: K·(B + 1), not K·M
      DriverMemory.checkSoftmax(numClasses, classCandidates == null ? m : classCandidates[0].length,
          choice.linear());
    } else if (multinomial) {
      DriverMemory.checkOneVsRest(Math.min(p.getParallelism(), numClasses),
          classCandidates == null ? m : classCandidates[0].length);
    } else if (!choice.variational()) {
      DriverMemory.check(m, "maxBasis", choice.linear());
    }
    dual = choice.variational() && dualForm(summary.weightedRows(), m);
    LOG.info("{}: {} rows, {} features, {} candidate basis functions, gamma={}{}", uid, summary.rows(), dim, m, gamma,
        multinomial ? ", " + numClasses + " classes" : "");
    table = choice.variational() ? priorTable() : null;
    onDriver = (choice.family() != Family.GAUSSIAN || choice.method() == Method.FAST)
        && onDriver(summary.rows(), m, dim, maxResultSize);
    int adds = p.getMaxAddsPerStep() > 0 ? p.getMaxAddsPerStep()
        : SparseBayesOptions.automaticMaxAddsPerStep(summary.weightedRows());
    options = new SparseBayesOptions(p.getMaxIter(), p.getTol(), p.getAlphaMax(), p.getAlphaPriorShape(),
        p.getAlphaPriorRate(), adds, p.getNoisePrecision());
    if (options.noiseFixed()) {
      LOG.info("{}: the noise precision is held at {} (noisePrecision; a noise deviation of {}): only alpha is "
          + "re-estimated", uid, options.noisePrecision(), 1.0 / Math.sqrt(options.noisePrecision()));
    }
    if (choice.method() == Method.FAST && choice.family() != Family.GAUSSIAN) {
      LOG.info("{}: solver fast adds up to {} basis function(s) per step (maxAddsPerStep {})", uid, adds,
          p.getMaxAddsPerStep() > 0 ? p.getMaxAddsPerStep() : "0: auto, " + summary.weightedRows() + " rows");
    }
    solver = chooseSolver();
  }

  /**
   * {@return the plan of a fit with params {@code p} over data with this summary}
   *
   * @param uid the estimator's uid, for the log
   * @param p the params
   * @param choice {@code Choice.of(p)}
   * @param summary the summary pass over the training rows
   * @param maxResultSize spark.driver.maxResultSize in bytes (0: no limit)
   * @throws IllegalArgumentException when the driver cannot hold the fit's matrices (naming the param to lower), or
   *     gridShape does not match the basis
   */
  static FitPlan of(String uid, RvmParams p, Choice choice, DataSummary summary, long maxResultSize) {
    return new FitPlan(uid, p, choice, summary, maxResultSize, null);
  }

  /**
   * {@return the plan of a fit as {@link #of(String, RvmParams, Choice, DataSummary, long)}, started from
   * {@code initialModel} (a warm start; null: a cold start)}
   *
   * @param uid the estimator's uid, for the log
   * @param p the params
   * @param choice {@code Choice.of(p)}
   * @param summary the summary pass over the training rows
   * @param maxResultSize spark.driver.maxResultSize in bytes (0: no limit)
   * @param initialModel the model to start from, or null
   * @throws IllegalArgumentException as above, and when the initial model does not fit this fit (naming what
   *     differs)
   */
  static FitPlan of(String uid, RvmParams p, Choice choice, DataSummary summary, long maxResultSize,
      RvmModel initialModel) {
    return new FitPlan(uid, p, choice, summary, maxResultSize, initialModel);
  }

  /**
   * {@return per class, the candidates it may use with classFeatureBlocks B &gt; 0 (the bias and its own block of B
   * features), or null when every class uses every candidate}
   *
   * @throws IllegalArgumentException when the features are not K blocks of B, naming the column, the param and the
   *     numbers
   */
  private int[][] classBlocks(RvmParams p, int dim) {
    int b = p.getClassFeatureBlocks();
    if (b == 0 || choice.family() != Family.MULTINOMIAL) {
      return null;
    }
    if ((long) numClasses * b != dim) {
      throw new IllegalArgumentException("featuresCol '" + p.getFeaturesCol() + "' holds " + dim + " features, but "
          + "classFeatureBlocks " + b + " with the " + numClasses + " classes of labelCol '" + p.getLabelCol()
          + "' needs " + numClasses + " x " + b + " = " + (long) numClasses * b + " (one block of " + b
          + " features per class, class 0 first): assemble the features class block by class block, or set "
          + "classFeatureBlocks to " + (dim % numClasses == 0 ? String.valueOf(dim / numClasses) : "0"));
    }
    LOG.info("{}: class-specific features: class p uses features p*{} ... p*{}+{}{} only", uid, b, b, b - 1,
        p.getFitIntercept() ? " and the bias" : "");
    return basis.classBlocks(numClasses, b);
  }

  /** The solver that runs, with the options, the class count and the prior table bound. */
  private RelevanceSolver<? extends RelevanceResult> chooseSolver() {
    if (choice.oneVsRest()) {
      // with class feature blocks, class k's binary fit uses its own block (and the bias) only
      return OneVsRestSolver.of(k -> {
        int[] own = classCandidates == null ? null : classCandidates[k];
        return choice.method() == Method.FAST ? FastBernoulliSolver.of(options, LaplaceLikelihood.BERNOULLI, own, null)
            : BernoulliRelevanceSolver.of(options, LaplaceLikelihood.BERNOULLI, own, null);
      }, numClasses, params.getParallelism());
    }
    if (choice.softmax()) {
      if (choice.method() != Method.FAST) {
        return MultinomialRelevanceSolver.of(numClasses, options, classCandidates, initial);
      }
      RelevanceSolver<MultiClassFit> oneAdd = FastMultinomialSolver.of(numClasses, options, classCandidates, initial);
      if (params.getMaxAddsPerStep() > 0 || options.maxAddsPerStep() != 1 || initial != null) {
        return oneAdd;
      }
      LOG.info("{}: solver fast follows two paths, one and two adds per step, and keeps the higher evidence "
          + "(maxAddsPerStep 0: auto, softmax on fewer than {} rows)", uid, SparseBayesOptions.AUTO_BATCH_ROWS);
      return FastMultinomialSolver.higherEvidence(oneAdd,
          FastMultinomialSolver.of(numClasses, options.withMaxAddsPerStep(2), classCandidates, null));
    }
    if (choice.variational()) {
      return VariationalSolver.of(choice.family(), dual, variationalOptions(), table);
    }
    if (choice.family() == Family.BERNOULLI || choice.family() == Family.POISSON) {
      LaplaceLikelihood likelihood = LaplaceLikelihood.of(choice.family());
      return choice.method() == Method.FAST ? FastBernoulliSolver.of(options, likelihood, null, initial)
          : BernoulliRelevanceSolver.of(options, likelihood, null, initial);
    }
    return choice.method() == Method.FAST ? FastGaussianSolver.of(options, initial)
        : GaussianRelevanceSolver.of(options, initial);
  }

  /**
   * The variational RVM's settings: the Gamma hyperprior of every precision is Gamma(alphaPriorShape,
   * alphaPriorRate), each raised to at least {@value #VARIATIONAL_HYPERPRIOR_FLOOR} since the variational factors
   * need a proper prior.
   */
  private SparseBayesOptions variationalOptions() {
    return new SparseBayesOptions(options.maxIter(), options.tol(), options.alphaMax(),
        Math.max(params.getAlphaPriorShape(), VARIATIONAL_HYPERPRIOR_FLOOR),
        Math.max(params.getAlphaPriorRate(), VARIATIONAL_HYPERPRIOR_FLOOR), options.maxAddsPerStep());
  }

  /**
   * The variational prior's table: [input dimensions, centres] for kernel rbf-per-dimension, gridShape for kernel
   * linear, and a single column otherwise.
   */
  private PriorTable priorTable() {
    int[] t = gridTable(basis);
    LOG.info("{}: variational fit, prior {} over a {} x {} table{}, {} form", uid, priorName(choice.prior()), t[0],
        t[1], basis.intercept() ? " and a bias" : "", dual ? "dual" : "primal");
    return new PriorTable(choice.prior(), t[0], t[1], basis.intercept());
  }

  /**
   * Whether solver variational runs in the dual form over {@code n} rows and {@code m} basis functions: as
   * variationalForm says, or (auto) when m &gt; n and the dual form's matrices fit the driver. Checks the driver's
   * memory for the form chosen and logs the choice and why.
   */
  private boolean dualForm(long n, int m) {
    Form form = choice.form();
    boolean fits = DriverMemory.dualFits(n, m);
    String why;
    boolean dual;
    if (form == Form.DUAL) {
      DriverMemory.checkDual(n, m);
      dual = true;
      why = "variationalForm is dual";
    } else if (form == Form.PRIMAL) {
      dual = false;
      why = "variationalForm is primal";
    } else if (m <= n) {
      dual = false;
      why = "variationalForm auto: " + m + " basis functions <= " + n + " rows";
    } else if (!fits) {
      dual = false;
      why = "variationalForm auto: " + m + " basis functions > " + n + " rows, but the dual form's "
          + (DriverMemory.dualBytesFor(n, m) >> 20) + " MiB (the " + n + " x " + m + " design and its copies) do "
          + "not fit the driver";
    } else {
      dual = true;
      why = "variationalForm auto: " + m + " basis functions > " + n + " rows, and the dual form's "
          + (DriverMemory.dualBytesFor(n, m) >> 20) + " MiB fit the driver";
    }
    if (!dual) {
      DriverMemory.check(m, "maxBasis", choice.linear());
    }
    LOG.info("{}: solver variational in the {} form (an {} factorisation per step): {}", uid,
        dual ? "dual" : "primal", dual ? n + " x " + n : m + " x " + m, why);
    return dual;
  }

  /**
   * Whether a bernoulli, poisson, multinomial or gaussian fast fit builds its expanded design (n × m doubles) on the
   * driver and runs there: when the design is at most maxDriverDesignSizeInMB and, twice with a step's matrices, fits
   * the driver's heap, and the rows it collects (n × d features) fit spark.driver.maxResultSize. Logs the choice and
   * why. (Gaussian em needs all of ΦᵀΦ, one statistics pass on either path, which the executors compute in
   * parallel: it keeps the design there, as the variational primal form does. Gaussian fast reads only the columns
   * of ΦᵀΦ of the basis functions it adds, which the driver computes from the design as they are needed.)
   */
  private boolean onDriver(long n, int m, int d, long maxResultSize) {
    double designMiB = 8.0 * n * m / (1 << 20);
    boolean small = designMiB <= params.getMaxDriverDesignSizeInMB();
    long heap = Runtime.getRuntime().maxMemory();
    boolean fits = DriverMemory.driverDesignFits(n, m, d, heap, maxResultSize);
    LOG.info("{}: the {} x {} expanded design takes {} MiB: {}", uid, n, m, String.format("%.1f", designMiB),
        !small ? "every step passes over the cluster (maxDriverDesignSizeInMB " + params.getMaxDriverDesignSizeInMB()
            + ")"
            : fits ? "built on the driver from rows collected once; the solver runs there without further passes"
                : "every step passes over the cluster (it is at most maxDriverDesignSizeInMB, but the rows to "
                    + "collect do not fit spark.driver.maxResultSize (" + (maxResultSize >> 20) + " MiB), or the "
                    + "design, twice, with a step's matrices the driver's heap (" + (heap >> 20) + " MiB))");
    return small && fits;
  }

  /** The basis table [rows, columns] (the bias apart), checked against gridShape when it is set. */
  private int[] gridTable(BasisFunctions basis) {
    int candidates = basis.numCandidates() - (basis.intercept() ? 1 : 0);
    int[] shape = params.getGridShape();
    Kernel kernel = basis.kernel();
    int[] table = kernel.refoldable() && shape != null ? shape.clone() : basis.table();
    String what = kernel.describeTable(basis.dim(), basis.numCentres());
    if (shape != null && (shape[0] != table[0] || shape[1] != table[1] || (long) shape[0] * shape[1] != candidates)) {
      throw new IllegalArgumentException("gridShape [" + shape[0] + ", " + shape[1] + "] does not match the basis: "
          + what + (shape[0] * (long) shape[1] != candidates ? " (" + shape[0] + " x " + shape[1] + " = "
          + (long) shape[0] * shape[1] + ", not " + candidates + ")" : "")
          + (kernel.refoldable() ? "; set gridShape to rows and columns whose product is "
              + candidates : "; set gridShape to [" + table[0] + ", " + table[1] + "] or leave it unset"));
    }
    return table;
  }

  /** The candidate basis on the scaled features: the input features (linear) or the centres, scaled. */
  private BasisFunctions candidateBasis(Kernel kernel, FeatureScaling scaling, int d, double[] centres) {
    return BasisFunctions.of(kernel, params.getFitIntercept(), d, scaling.applyRows(centres));
  }

  /** {@return the params' typed choices} */
  Choice choice() {
    return choice;
  }

  /** {@return K for multinomial, else 0} */
  int numClasses() {
    return numClasses;
  }

  /** {@return γ of the kernel: the param, or 1 / (number of features) when it is unset} */
  double gamma() {
    return gamma;
  }

  /** {@return the kernel} */
  Kernel kernel() {
    return kernel;
  }

  /** {@return the scaling of the features the basis is built on} */
  FeatureScaling scaling() {
    return scaling;
  }

  /** {@return the sampled centres on the original feature scale (none for kernel linear)} */
  double[] centres() {
    return centres;
  }

  /** {@return the candidate basis on the scaled features} */
  BasisFunctions basis() {
    return basis;
  }

  /** {@return whether the variational solver runs in the dual form} */
  boolean dual() {
    return dual;
  }

  /** {@return the variational prior's table, null for the other solvers} */
  PriorTable table() {
    return table;
  }

  /** {@return whether the expanded design is collected to the driver and the solver runs there without passes} */
  boolean onDriver() {
    return onDriver;
  }

  /** {@return the outer loop's settings, maxAddsPerStep resolved} */
  SparseBayesOptions options() {
    return options;
  }

  /** {@return the state the fit starts from (a warm start), or null for a cold start} */
  InitialState initial() {
    return initial;
  }

  /** {@return α above which the model prunes a basis function} */
  double alphaMax() {
    return options.alphaMax();
  }

  /** {@return per class, the candidates it may use (classFeatureBlocks), or null when every class uses all} */
  int[][] classCandidates() {
    return classCandidates;
  }

  /** {@return the solver that runs, its settings bound} */
  RelevanceSolver<? extends RelevanceResult> solver() {
    return solver;
  }
}
