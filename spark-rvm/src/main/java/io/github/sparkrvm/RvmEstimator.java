package io.github.sparkrvm;

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.core.DesignStatistics;
import io.github.sparkrvm.core.Family;
import io.github.sparkrvm.core.IterationListener;
import io.github.sparkrvm.core.IterationReport;
import io.github.sparkrvm.core.MultiClassFit;
import io.github.sparkrvm.core.RelevanceResult;
import io.github.sparkrvm.distributed.BlockStatistics;
import io.github.sparkrvm.distributed.DataSummary;
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
public final class RvmEstimator extends Estimator<RvmModel>
    implements SparseBayesSetters<RvmEstimator>, RvmModelSetters<RvmEstimator>, DefaultParamsWritable {

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

  /**
   * Fits the model, as Spark's {@code train} does: validate the schema, summarise the rows in one pass, plan the fit
   * once ({@link FitPlan}: family, strategy, solver, kernel, path, form, memory checks), build the statistics
   * (collected to the driver or over the cluster's row blocks), solve, and assemble the model.
   */
  @Override
  public RvmModel fit(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    long start = System.nanoTime();
    FitPlan.Choice choice = FitPlan.Choice.of(this);
    LOG.info("{}: fitting family={}{} solver={} kernel={} maxBasis={} maxIter={} tol={} (BLAS: {})", uid,
        choice.family(), choice.strategy() != null ? " (" + choice.strategy() + ")" : "", choice.method(),
        getKernel(), getMaxBasis(), getMaxIter(), getTol(),
        dev.ludovic.netlib.blas.BLAS.getInstance().getClass().getSimpleName());

    JavaRDD<TrainingRow> rows = InputRows.read(dataset, getFeaturesCol(), getLabelCol(), getWeightCol());
    int declaredClasses = choice.family() == Family.MULTINOMIAL
        ? RvmSchema.declaredClasses(dataset.schema(), getLabelCol()) : 0;
    DataSummary summary = summarise(rows, choice, declaredClasses);
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(dataset.sparkSession().sparkContext());
    FitPlan plan = FitPlan.of(uid, this, choice, summary,
        jsc.getConf().getSizeAsBytes("spark.driver.maxResultSize", "1g"));

    BasisFunctions basis = plan.basis();
    int dim = summary.dim();
    JavaRDD<RowBlock> blocks = BlockStatistics.toBlocks(rows, plan.scaling(),
        BlockStatistics.blockRows(dim, basis.numCandidates(), getMaxBlockSizeInMB()))
        .persist(StorageLevel.MEMORY_AND_DISK());
    Broadcast<BasisFunctions> broadcast = jsc.broadcast(basis);
    RelevanceResult result;
    int passes;
    try {
      BlockStatistics cluster = new BlockStatistics(blocks, broadcast, getAggregationDepth());
      DesignStatistics stats = plan.onDriver() ? cluster.collectLocal() : cluster;
      result = plan.solver().fit(stats, listener(""));
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
    RvmTrainingSummary trainingSummary = new RvmTrainingSummary(summary.rows(), result.iterations(),
        result.converged(), result.logMarginalLikelihoods(), result.activeCounts(), passes, seconds);
    FittedRvm fitted = ModelAssembly.fitted(plan, result, trainingSummary);
    LOG.info("{}: {} after {} iterations: {} {} kept over {} basis functions, {} passes, {} s", uid,
        result.converged() ? "converged" : "stopped at maxIter", result.iterations(), result.size(),
        result instanceof MultiClassFit ? "(class, basis function) pairs" : "basis functions", fitted.basisSize(),
        passes, seconds);
    RvmModel model = new RvmModel(uid, fitted);
    copyValues(model, ParamMap.empty());
    model.set(model.gamma(), plan.gamma());
    model.setParent(this);
    return model;
  }

  /**
   * {@return the listener of a fit's steps: each is logged at INFO and told to the progress listener; one-vs-rest
   * fits log their class}
   */
  private IterationListener listener(String what) {
    IterationListener progress = this.progress == null ? IterationListener.none() : this.progress;
    return new IterationListener() {
      @Override
      public void onIteration(IterationReport r) {
        LOG.info("{}: iteration {}{}: log marginal likelihood {}, {} basis functions, max |d log alpha| {}, {} "
            + "passes", uid, r.iteration(), what, r.logMarginalLikelihood(), r.activeBasis(), r.maxLogAlphaChange(),
            r.likelihoodPasses());
        progress.onIteration(r);
      }

      @Override
      public IterationListener forClass(int positiveClass) {
        return listener(" (class " + positiveClass + " vs rest)");
      }
    };
  }

  private DataSummary summarise(JavaRDD<TrainingRow> rows, FitPlan.Choice choice, int declaredClasses) {
    Family family = choice.family();
    DataSummary.Columns columns = new DataSummary.Columns(getFeaturesCol(), getLabelCol(), getWeightCol(),
        family, declaredClasses);
    DataSummary summary;
    try {
      summary = rows.treeAggregate(new DataSummary(columns, choice.linear() ? 0 : getMaxBasis(), getSeed()),
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
    if (family == Family.BERNOULLI && (summary.positives() == 0 || summary.positives() == summary.weightedRows())) {
      throw new InvalidInputException("labelCol '" + getLabelCol() + "' holds a single class (every label is "
          + (summary.positives() == 0 ? "0.0" : "1.0") + "): family 'bernoulli' needs rows of both classes 0 and 1");
    }
    if (family == Family.MULTINOMIAL) {
      checkClasses(summary);
    }
    if (!family.classifier() && !(summary.labelVariance() > 0.0)) {
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
