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
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.core.BernoulliRelevanceSolver;
import io.github.sparkrvm.core.DesignMatrix;
import io.github.sparkrvm.core.DesignStatistics;
import io.github.sparkrvm.core.FastBernoulliSolver;
import io.github.sparkrvm.core.FastGaussianSolver;
import io.github.sparkrvm.core.FastMultinomialSolver;
import io.github.sparkrvm.core.GaussianRelevanceSolver;
import io.github.sparkrvm.core.IterationListener;
import io.github.sparkrvm.core.IterationReport;
import io.github.sparkrvm.core.LocalStatistics;
import io.github.sparkrvm.core.MultiClassFit;
import io.github.sparkrvm.core.MultinomialRelevanceSolver;
import io.github.sparkrvm.core.OneVsRestSolver;
import io.github.sparkrvm.core.RelevanceFit;
import io.github.sparkrvm.core.SparseBayesOptions;
import io.github.sparkrvm.core.VariationalFit;
import io.github.sparkrvm.core.VariationalSolver;
import io.github.sparkrvm.core.WeightPrior;
import io.github.sparkrvm.distributed.BlockStatistics;
import io.github.sparkrvm.distributed.DataSummary;
import io.github.sparkrvm.distributed.FeatureScaling;
import io.github.sparkrvm.distributed.InputRows;
import io.github.sparkrvm.distributed.InvalidInputException;
import io.github.sparkrvm.distributed.TrainingRow;
import io.github.sparkrvm.internal.SparkInternals;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fits a Relevance Vector Machine (sparse Bayesian learning, Tipping 2001): regression ({@code family} gaussian),
 * binary classification (bernoulli, by the Laplace approximation) or multi-class classification (multinomial: the
 * softmax RVM of Zhang &amp; Malik 2005, or one-vs-rest), over RBF, polynomial or linear (feature relevance) bases.
 * With {@code solver} variational (gaussian, bernoulli): the variational RVM of Bishop &amp; Tipping (2000) with the
 * ARD prior, or the grid priors of Kropotov, Vetrov, Wolf &amp; Hassner (2010) over a table of basis functions
 * (kernel rbf-per-dimension: input dimensions x centres; or kernel linear with gridShape); with more basis
 * functions than rows it collects the expanded design to the driver and runs in the dual (N × N) form
 * ({@code variationalForm}).
 * The basis expansion and the gradient/Hessian or sufficient statistics run on the executors, block by block; the
 * driver re-estimates α (and β) and prunes the basis. A classification fit whose expanded design is small
 * ({@code maxDriverDesignSizeInMB}) collects it to the driver once and computes the same statistics there, without
 * further passes.
 */
public final class RvmEstimator extends Estimator<RvmModel> implements RvmParams, DefaultParamsWritable {

  private static final Logger LOG = LoggerFactory.getLogger(RvmEstimator.class);
  private static final long serialVersionUID = 1L;

  private final String uid;
  private final RvmParamSet paramSet;
  private transient IterationListener progress = IterationListener.none();

  /** An estimator with a random uid and the default params. */
  public RvmEstimator() {
    this(Identifiable$.MODULE$.randomUID("rvm"));
  }

  /**
   * An estimator with the default params.
   *
   * @param uid the stage's unique id
   */
  public RvmEstimator(String uid) {
    this.uid = uid;
    this.paramSet = new RvmParamSet(this);
    paramSet.setDefaults(this);
  }

  @Override
  public String uid() {
    return uid;
  }

  @Override
  public RvmParamSet paramSet() {
    return paramSet;
  }

  /**
   * Sets {@link #featuresCol()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setFeaturesCol(String v) { set(featuresCol(), v); return this; }
  /**
   * Sets {@link #labelCol()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setLabelCol(String v) { set(labelCol(), v); return this; }
  /**
   * Sets {@link #weightCol()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setWeightCol(String v) { set(weightCol(), v); return this; }
  /**
   * Sets {@link #predictionCol()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setPredictionCol(String v) { set(predictionCol(), v); return this; }
  /**
   * Sets {@link #probabilityCol()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setProbabilityCol(String v) { set(probabilityCol(), v); return this; }
  /**
   * Sets {@link #rawPredictionCol()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setRawPredictionCol(String v) { set(rawPredictionCol(), v); return this; }
  /**
   * Sets {@link #varianceCol()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setVarianceCol(String v) { set(varianceCol(), v); return this; }
  /**
   * Sets {@link #family()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setFamily(String v) { set(family(), v); return this; }
  /**
   * Sets {@link #kernel()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setKernel(String v) { set(kernel(), v); return this; }
  /**
   * Sets {@link #gamma()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setGamma(double v) { set(gamma(), v); return this; }
  /**
   * Sets {@link #degree()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setDegree(int v) { set(degree(), v); return this; }
  /**
   * Sets {@link #coef0()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setCoef0(double v) { set(coef0(), v); return this; }
  /**
   * Sets {@link #fitIntercept()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setFitIntercept(boolean v) { set(fitIntercept(), v); return this; }
  /**
   * Sets {@link #standardization()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setStandardization(boolean v) { set(standardization(), v); return this; }
  /**
   * Sets {@link #maxIter()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setMaxIter(int v) { set(maxIter(), v); return this; }
  /**
   * Sets {@link #tol()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setTol(double v) { set(tol(), v); return this; }
  /**
   * Sets {@link #alphaMax()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setAlphaMax(double v) { set(alphaMax(), v); return this; }
  /**
   * Sets {@link #alphaPriorShape()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setAlphaPriorShape(double v) { set(alphaPriorShape(), v); return this; }
  /**
   * Sets {@link #alphaPriorRate()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setAlphaPriorRate(double v) { set(alphaPriorRate(), v); return this; }
  /**
   * Sets {@link #maxBasis()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setMaxBasis(int v) { set(maxBasis(), v); return this; }
  /**
   * Sets {@link #seed()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setSeed(long v) { set(seed(), v); return this; }
  /**
   * Sets {@link #aggregationDepth()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setAggregationDepth(int v) { set(aggregationDepth(), v); return this; }
  /**
   * Sets {@link #probabilityMethod()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setProbabilityMethod(String v) { set(probabilityMethod(), v); return this; }
  /**
   * Sets {@link #threshold()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setThreshold(double v) { set(threshold(), v); return this; }
  /**
   * Sets {@link #multiClassStrategy()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setMultiClassStrategy(String v) { set(multiClassStrategy(), v); return this; }
  /**
   * Sets {@link #parallelism()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setParallelism(int v) { set(parallelism(), v); return this; }
  /**
   * Sets {@link #solver()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setSolver(String v) { set(solver(), v); return this; }
  /**
   * Sets {@link #prior()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setPrior(String v) { set(prior(), v); return this; }
  /**
   * Sets {@link #gridShape()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setGridShape(int[] v) { set(gridShape(), v); return this; }
  /**
   * Sets {@link #maxBlockSizeInMB()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setMaxBlockSizeInMB(double v) { set(maxBlockSizeInMB(), v); return this; }
  /**
   * Sets {@link #maxDriverDesignSizeInMB()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setMaxDriverDesignSizeInMB(double v) { set(maxDriverDesignSizeInMB(), v); return this; }
  /**
   * Sets {@link #variationalForm()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmEstimator setVariationalForm(String v) { set(variationalForm(), v); return this; }

  /**
   * Sets {@link #maxAddsPerStep()}.
   *
   * @param v the value
   * @return this
   */
  public RvmEstimator setMaxAddsPerStep(int v) { set(maxAddsPerStep(), v); return this; }

  /**
   * Tells {@code listener} of every iteration of the fits that follow (for progress output). Not a param: it is
   * not saved, copied or shown by {@code explainParams}; iterations are also logged at INFO. With
   * multiClassStrategy ovr and parallelism above 1, it is called from several threads at once.
   *
   * @param listener told of every iteration; null for none
   * @return this estimator
   */
  public RvmEstimator setProgressListener(IterationListener listener) {
    this.progress = listener == null ? IterationListener.none() : listener;
    return this;
  }

  @Override
  public StructType transformSchema(StructType schema) {
    RvmSchema.validateForFit(this, schema);
    return RvmSchema.withOutputs(this, schema);
  }

  @Override
  public RvmEstimator copy(ParamMap extra) {
    return defaultCopy(extra);
  }

  @Override
  public RvmModel fit(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    long start = System.nanoTime();
    boolean linear = "linear".equals(getKernel());
    boolean multinomial = isMultinomial();
    boolean softmax = multinomial && "softmax".equals(getMultiClassStrategy());
    LOG.info("{}: fitting family={}{} solver={} kernel={} maxBasis={} maxIter={} tol={} (BLAS: {})", uid,
        getFamily(), multinomial ? " (" + getMultiClassStrategy() + ")" : "", getSolver(), getKernel(), getMaxBasis(),
        getMaxIter(), getTol(), dev.ludovic.netlib.blas.BLAS.getInstance().getClass().getSimpleName());

    JavaRDD<TrainingRow> rows = InputRows.read(dataset, getFeaturesCol(), getLabelCol(), getWeightCol());
    int declaredClasses = multinomial ? RvmSchema.declaredClasses(dataset.schema(), getLabelCol()) : 0;
    DataSummary summary = summarise(rows, linear, declaredClasses);
    int numClasses = multinomial ? summary.numClasses() : 0;
    int dim = summary.dim();
    double gamma = isDefined(gamma()) ? getGamma() : 1.0 / dim;
    Kernel kernel = Kernel.of(getKernel(), gamma, getDegree(), getCoef0());
    FeatureScaling scaling = getStandardization()
        ? FeatureScaling.standardize(summary.featureMean(), summary.featureVariance())
        : FeatureScaling.identity(dim);
    double[] centres = linear ? new double[0] : summary.centres();
    BasisFunctions basis = candidateBasis(kernel, scaling, dim, centres);
    int m = basis.numCandidates();
    if (softmax && "fast".equals(getSolver())) {
      DriverMemory.checkFastSoftmax(numClasses, m, linear);
    } else if (softmax) {
      DriverMemory.checkSoftmax(numClasses, m, linear);
    } else if (multinomial) {
      DriverMemory.checkOneVsRest(Math.min(getParallelism(), numClasses), m);
    } else if (!"variational".equals(getSolver())) {
      DriverMemory.check(m, "maxBasis");
    }
    boolean dual = "variational".equals(getSolver()) && dualForm(summary.weightedRows(), m);
    LOG.info("{}: {} rows, {} features, {} candidate basis functions, gamma={}{}", uid, summary.rows(), dim, m, gamma,
        multinomial ? ", " + numClasses + " classes" : "");

    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(dataset.sparkSession().sparkContext());
    JavaRDD<RowBlock> blocks = BlockStatistics.toBlocks(rows, scaling, BlockStatistics.blockRows(dim, m, getMaxBlockSizeInMB()))
        .persist(StorageLevel.MEMORY_AND_DISK());
    Broadcast<BasisFunctions> broadcast = jsc.broadcast(basis);
    RelevanceFit fit = null;
    MultiClassFit classFit = null;
    VariationalFit variational = null;
    int passes;
    try {
      BlockStatistics cluster = new BlockStatistics(blocks, broadcast, getAggregationDepth());
      boolean fast = "fast".equals(getSolver());
      LocalStatistics local = (!"gaussian".equals(getFamily()) || fast)
          && onDriver(summary.rows(), m, dim, jsc.getConf().getSizeAsBytes("spark.driver.maxResultSize", "1g"))
          ? cluster.collectLocal() : null;
      DesignStatistics stats = local != null ? local : cluster;
      int adds = getMaxAddsPerStep() > 0 ? getMaxAddsPerStep()
          : SparseBayesOptions.automaticMaxAddsPerStep(summary.weightedRows());
      SparseBayesOptions options = new SparseBayesOptions(getMaxIter(), getTol(), getAlphaMax(),
          getAlphaPriorShape(), getAlphaPriorRate(), adds);
      if ("fast".equals(getSolver()) && !"gaussian".equals(getFamily())) {
        LOG.info("{}: solver fast adds up to {} basis function(s) per step (maxAddsPerStep {})", uid, adds,
            getMaxAddsPerStep() > 0 ? getMaxAddsPerStep() : "0: auto, " + summary.weightedRows() + " rows");
      }
      IterationListener listener = progress == null ? IterationListener.none() : progress;
      if (multinomial && !softmax) {
        OneVsRestSolver.BinarySolver binary = fast ? FastBernoulliSolver::fit : BernoulliRelevanceSolver::fit;
        classFit = OneVsRestSolver.fit(stats, numClasses, options, getParallelism(), (k, r) -> {
          log(r, " (class " + k + " vs rest)");
          listener.onIteration(r);
        }, binary);
      } else {
        IterationListener log = r -> {
          log(r, "");
          listener.onIteration(r);
        };
        if (softmax && fast) {
          classFit = FastMultinomialSolver.fit(stats, numClasses, options, log);
        } else if (softmax) {
          classFit = MultinomialRelevanceSolver.fit(stats, numClasses, options, log);
        } else if ("variational".equals(getSolver())) {
          variational = fitVariational(stats, dual ? (local != null ? local : cluster.collectLocal()) : null, basis,
              log);
          fit = variational.posterior();
        } else if (isBernoulli() && fast) {
          fit = FastBernoulliSolver.fit(stats, options, log);
        } else if (isBernoulli()) {
          fit = BernoulliRelevanceSolver.fit(stats, options, log);
        } else if (fast) {
          fit = FastGaussianSolver.fit(local != null ? local.gaussianColumns() : stats.gaussian(), options, log);
        } else {
          fit = GaussianRelevanceSolver.fit(stats.gaussian(), options, log);
        }
      }
      passes = 1 + cluster.passes();
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw e;
    } catch (Exception e) {
      throw InputRows.rethrow(e);
    } finally {
      blocks.unpersist(false);
      broadcast.destroy();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    FittedRvm fitted;
    if (classFit != null) {
      RvmTrainingSummary trainingSummary = new RvmTrainingSummary(summary.rows(), classFit.iterations(),
          classFit.converged(), classFit.logMarginalLikelihoods(), classFit.activeCounts(), passes, seconds);
      fitted = ModelAssembly.fitted(getFamily(), kernel, basis, centres, scaling, classFit, getMultiClassStrategy(),
          trainingSummary);
      LOG.info("{}: {} after {} iterations: {} (class, basis function) pairs over {} basis functions kept, {} "
          + "passes, {} s", uid, classFit.converged() ? "converged" : "stopped at maxIter", classFit.iterations(),
          classFit.size(), fitted.basisSize(), passes, seconds);
    } else {
      RvmTrainingSummary trainingSummary = new RvmTrainingSummary(summary.rows(), fit.iterations(), fit.converged(),
          fit.logMarginalLikelihoods(), fit.activeCounts(), passes, seconds);
      fitted = variational == null
          ? ModelAssembly.fitted(getFamily(), kernel, basis, centres, scaling, fit, trainingSummary)
          : ModelAssembly.fitted(getFamily(), kernel, basis, centres, scaling, variational, getPrior(), getAlphaMax(),
              trainingSummary);
      LOG.info("{}: {} after {} iterations: {} basis functions kept, {} passes, {} s", uid,
          fit.converged() ? "converged" : "stopped at maxIter", fit.iterations(), fitted.basisSize(), passes, seconds);
    }
    RvmModel model = new RvmModel(uid, fitted);
    copyValues(model, ParamMap.empty());
    model.set(model.gamma(), gamma);
    model.setParent(this);
    return model;
  }

  /**
   * The variational RVM (Bishop &amp; Tipping; Kropotov et al. for the grid priors) over every candidate: the table
   * is [input dimensions, centres] for kernel rbf-per-dimension, gridShape for kernel linear, and a single column
   * otherwise. The Gamma hyperprior of every precision is Gamma(alphaPriorShape, alphaPriorRate), each raised to
   * at least {@value #VARIATIONAL_HYPERPRIOR_FLOOR} since the variational factors need a proper prior. In the dual
   * form over {@code dualDesign}, the design collected to the driver; in the primal form (dualDesign null) over
   * {@code stats}.
   */
  private VariationalFit fitVariational(DesignStatistics stats, LocalStatistics dualDesign, BasisFunctions basis,
      IterationListener log) {
    boolean dual = dualDesign != null;
    int[] table = gridTable(basis);
    VariationalSolver.Options options = new VariationalSolver.Options(getMaxIter(), getTol(),
        Math.max(getAlphaPriorShape(), VARIATIONAL_HYPERPRIOR_FLOOR),
        Math.max(getAlphaPriorRate(), VARIATIONAL_HYPERPRIOR_FLOOR), structure(getPrior()), table[0], table[1],
        basis.intercept());
    LOG.info("{}: variational fit, prior {} over a {} x {} table{}, {} form", uid, getPrior(), table[0], table[1],
        basis.intercept() ? " and a bias" : "", dual ? "dual" : "primal");
    if (dual) {
      DesignMatrix design = dualDesign.design();
      return isBernoulli() ? VariationalSolver.fitBernoulliDual(design, options, log)
          : VariationalSolver.fitGaussianDual(design, options, log);
    }
    return isBernoulli() ? VariationalSolver.fitBernoulli(stats, options, log)
        : VariationalSolver.fitGaussian(stats.gaussian(), options, log);
  }

  /**
   * Whether solver variational runs in the dual form over {@code n} rows and {@code m} basis functions: as
   * variationalForm says, or (auto) when m &gt; n and the dual form's matrices fit the driver. Checks the driver's
   * memory for the form chosen and logs the choice and why.
   */
  private boolean dualForm(long n, int m) {
    String form = getVariationalForm();
    boolean fits = DriverMemory.dualFits(n, m);
    String why;
    boolean dual;
    if ("dual".equals(form)) {
      DriverMemory.checkDual(n, m);
      dual = true;
      why = "variationalForm is dual";
    } else if ("primal".equals(form)) {
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
      DriverMemory.check(m, "maxBasis");
    }
    LOG.info("{}: solver variational in the {} form (an {} factorisation per step): {}", uid,
        dual ? "dual" : "primal", dual ? n + " x " + n : m + " x " + m, why);
    return dual;
  }

  /**
   * Whether a bernoulli, multinomial or gaussian fast fit builds its expanded design (n × m doubles) on the driver
   * and runs there: when the design is at most maxDriverDesignSizeInMB and, twice with a step's matrices, fits the
   * driver's heap, and the rows it collects (n × d features) fit spark.driver.maxResultSize. Logs the choice and
   * why. (Gaussian em needs all of ΦᵀΦ, one statistics pass on either path, which the executors compute in
   * parallel: it keeps the design there, as the variational primal form does. Gaussian fast reads only the columns
   * of ΦᵀΦ of the basis functions it adds, which the driver computes from the design as they are needed.)
   */
  private boolean onDriver(long n, int m, int d, long maxResultSize) {
    double designMiB = 8.0 * n * m / (1 << 20);
    boolean small = designMiB <= getMaxDriverDesignSizeInMB();
    long heap = Runtime.getRuntime().maxMemory();
    boolean fits = DriverMemory.driverDesignFits(n, m, d, heap, maxResultSize);
    LOG.info("{}: the {} x {} expanded design takes {} MiB: {}", uid, n, m, String.format("%.1f", designMiB),
        !small ? "every step passes over the cluster (maxDriverDesignSizeInMB " + getMaxDriverDesignSizeInMB() + ")"
            : fits ? "built on the driver from rows collected once; the solver runs there without further passes"
                : "every step passes over the cluster (it is at most maxDriverDesignSizeInMB, but the rows to "
                    + "collect do not fit spark.driver.maxResultSize (" + (maxResultSize >> 20) + " MiB), or the "
                    + "design, twice, with a step's matrices the driver's heap (" + (heap >> 20) + " MiB))");
    return small && fits;
  }

  /** The lower limit of the variational Gamma hyperprior's shape and rate. */
  static final double VARIATIONAL_HYPERPRIOR_FLOOR = 1e-6;

  /** The basis table [rows, columns] (the bias apart), checked against gridShape when it is set. */
  private int[] gridTable(BasisFunctions basis) {
    int candidates = basis.numCandidates() - (basis.intercept() ? 1 : 0);
    int[] shape = getGridShape();
    int[] table;
    String what;
    if (basis.kernel() instanceof Kernel.RbfPerDimension) {
      table = new int[] {basis.dim(), basis.numCentres()};
      what = "kernel rbf-per-dimension makes a table of " + basis.dim() + " input dimensions x " + basis.numCentres()
          + " centres";
    } else if (basis.kernel() instanceof Kernel.Linear) {
      table = shape == null ? new int[] {candidates, 1} : shape.clone();
      what = "kernel linear makes a table of the " + candidates + " input features";
    } else {
      table = new int[] {candidates, 1};
      what = "kernel " + basis.kernel().name() + " makes a single column of " + candidates + " basis functions";
    }
    if (shape != null && (shape[0] != table[0] || shape[1] != table[1] || (long) shape[0] * shape[1] != candidates)) {
      throw new IllegalArgumentException("gridShape [" + shape[0] + ", " + shape[1] + "] does not match the basis: "
          + what + (shape[0] * (long) shape[1] != candidates ? " (" + shape[0] + " x " + shape[1] + " = "
          + (long) shape[0] * shape[1] + ", not " + candidates + ")" : "")
          + (basis.kernel() instanceof Kernel.Linear ? "; set gridShape to rows and columns whose product is "
              + candidates : "; set gridShape to [" + table[0] + ", " + table[1] + "] or leave it unset"));
    }
    return table;
  }

  private static WeightPrior.Structure structure(String prior) {
    switch (prior) {
      case "grid-product":
        return WeightPrior.Structure.GRID_PRODUCT;
      case "grid-sum":
        return WeightPrior.Structure.GRID_SUM;
      default:
        return WeightPrior.Structure.ARD;
    }
  }

  private void log(IterationReport r, String what) {
    LOG.info("{}: iteration {}{}: log marginal likelihood {}, {} basis functions, max |d log alpha| {}, {} passes",
        uid, r.iteration(), what, r.logMarginalLikelihood(), r.activeBasis(), r.maxLogAlphaChange(),
        r.likelihoodPasses());
  }

  private DataSummary summarise(JavaRDD<TrainingRow> rows, boolean linear, int declaredClasses) {
    DataSummary.Columns columns = new DataSummary.Columns(getFeaturesCol(), getLabelCol(), getWeightCol(),
        getFamily(), declaredClasses);
    DataSummary summary;
    try {
      summary = rows.treeAggregate(new DataSummary(columns, linear ? 0 : getMaxBasis(), getSeed()),
          DataSummary::add, DataSummary::merge, getAggregationDepth());
    } catch (Exception e) {
      throw InputRows.rethrow(e);
    }
    String where = "(featuresCol '" + getFeaturesCol() + "', labelCol '" + getLabelCol() + "')";
    if (summary.rows() == 0) {
      throw new InvalidInputException("the training data is empty " + where + ": there is nothing to fit");
    }
    if (!(summary.weightSum() > 0.0)) {
      throw new InvalidInputException("every row has weight 0 in weightCol '" + getWeightCol() + "'");
    }
    if (summary.dim() == 0) {
      throw new InvalidInputException("featuresCol '" + getFeaturesCol() + "' holds empty vectors: there are no "
          + "features to fit on");
    }
    if (isBernoulli() && (summary.positives() == 0 || summary.positives() == summary.weightedRows())) {
      throw new InvalidInputException("labelCol '" + getLabelCol() + "' holds a single class (every label is "
          + (summary.positives() == 0 ? "0.0" : "1.0") + "): family 'bernoulli' needs rows of both classes 0 and 1");
    }
    if (isMultinomial()) {
      checkClasses(summary);
    }
    if (!isClassifier() && !(summary.labelVariance() > 0.0)) {
      throw new InvalidInputException("labelCol '" + getLabelCol() + "' is constant (every label is "
          + summary.labelMean() + "): a regression needs labels that vary");
    }
    return summary;
  }

  /** A multinomial fit needs K ≥ 2 and rows of at least two classes; a class without rows is only logged. */
  private void checkClasses(DataSummary summary) {
    double[] classWeights = summary.classWeights();
    int present = 0;
    int only = -1;
    for (int k = 0; k < classWeights.length; k++) {
      if (classWeights[k] > 0.0) {
        present++;
        only = k;
      }
    }
    if (present < 2) {
      throw new InvalidInputException("labelCol '" + getLabelCol() + "' holds a single class (every label is "
          + (double) only + "): family 'multinomial' needs rows of at least 2 classes"
          + (summary.numClasses() < 2 ? "" : " (K = " + summary.numClasses() + " here)"));
    }
    for (int k = 0; k < classWeights.length; k++) {
      if (classWeights[k] == 0.0) {
        LOG.warn("{}: labelCol '{}' has no rows of class {} of 0 … {}: that class is fitted from its absence "
            + "only", uid, getLabelCol(), k, classWeights.length - 1);
      }
    }
  }

  /** The candidate basis on the scaled features: the input features (linear) or the centres, scaled. */
  private BasisFunctions candidateBasis(Kernel kernel, FeatureScaling scaling, int d, double[] centres) {
    if (kernel instanceof Kernel.Linear) {
      return BasisFunctions.linear(getFitIntercept(), d);
    }
    return BasisFunctions.kernel(kernel, getFitIntercept(), d, scaling.applyRows(centres));
  }

  /** {@return the reader of an estimator saved with {@code write().save(path)}} */
  public static MLReader<RvmEstimator> read() {
    return SparkInternals.defaultParamsReader();
  }

  /**
   * Reads an estimator saved with {@code write().save(path)}.
   *
   * @param path a Hadoop path
   * @return the estimator
   */
  public static RvmEstimator load(String path) {
    return read().load(path);
  }
}
