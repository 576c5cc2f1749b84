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
import io.github.sparkrvm.statistics.RowSample;
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
          family.perClass() ? MultiClassStrategy.of(p.getMultiClassStrategy()) : null,
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

  /**
   * Where the steps of a fit run and how many basis functions a step of a fast classifier may add, decided together
   * from the data's size, the params and the driver's heap (the rule of issue 20; DESIGN.md, "Passes over the data").
   *
   * <p><b>Path.</b> A fit that can collect its design (every family but gaussian with solver em) runs on the driver
   * when the N × M expanded design is at most {@code maxDriverDesignSizeInMB} (default ∞: no limit of its own) and
   * fits the driver's heap ({@link DriverMemory#driverDesignFits}: the design twice beside a step's M × M matrices in
   * 60% of the heap, so the design may take up to about 30% of it; the collected rows within
   * spark.driver.maxResultSize). Otherwise every likelihood evaluation is a pass over the cluster.
   *
   * <p><b>Adds per step.</b> maxAddsPerStep 0 (auto) resolves to 1 below {@link SparseBayesOptions#AUTO_BATCH_ROWS}
   * rows of positive weight and to {@link SparseBayesOptions#DEFAULT_MAX_ADDS_PER_STEP} from there on, on either path
   * (at scale, below: 1); a value above 0 is kept. Batching over the cluster below that size was measured and refused:
   * on 64,000 rows of the ESL mixture (benchmarks/results/fit-scaling.md) 4 adds a step took 1017 passes where one
   * took 196, as 16 did on 10⁴ rows of benchmark 2 (866 against 99): batches of near-collinear centres that the
   * Gaussian surrogate mispredicts cost long mode searches, one pass per Newton step over the cluster.
   *
   * <p><b>At scale.</b> Solver fast with family bernoulli or poisson (one score, every candidate) and more than four
   * shortlists of candidates runs at scale over the cluster, and on the driver from AUTO_BATCH_ROWS rows of positive
   * weight on: a pilot fit on {@code pilotRows} sampled rows held on the driver, a ladder of fits on larger samples,
   * then rounds over a shortlist on every row (FastBernoulliSolver.atScale; DESIGN.md, "Fits at scale"). Its
   * automatic maxAddsPerStep is 1.
   *
   * @param onDriver whether the design is collected to the driver and the solver runs there without passes
   * @param maxAddsPerStep the resolved maxAddsPerStep (at least 1)
   * @param why the path and its reason, for the log
   * @param addsWhy the reason for maxAddsPerStep, for the log
   * @param atScale whether the fit runs at scale
   * @param pilotRows the rows of its pilot fit (0: none)
   * @param driverRows the most rows of a sample whose fit of the ladder runs on the driver (the sample collected
   *     once, its design built there; the larger samples' fits pass over the cluster); at most the rows the driver
   *     holds the design of, and half the rows
   */
  record Placement(boolean onDriver, int maxAddsPerStep, String why, String addsWhy, boolean atScale,
      long pilotRows, long driverRows) {

    /**
     * {@return the placement of a fit}
     *
     * @param rows the training rows (N)
     * @param weightedRows the rows of positive weight
     * @param m the candidate basis functions (M)
     * @param d the features
     * @param collectable whether this fit may run on the driver (false: gaussian em, whose one statistics pass is
     *     the same on either path)
     * @param scalable whether this fit may run at scale (solver fast with family bernoulli or poisson, of one score
     *     and from all candidates): a pilot fit, then rounds over a shortlist
     * @param maxDesignMiB maxDriverDesignSizeInMB
     * @param addsParam maxAddsPerStep (0: auto)
     * @param heap the driver's heap, in bytes
     * @param maxResultSize spark.driver.maxResultSize, in bytes (0: no limit)
     */
    static Placement of(long rows, long weightedRows, int m, int d, boolean collectable, boolean scalable,
        double maxDesignMiB, int addsParam, long heap, long maxResultSize) {
      double designMiB = 8.0 * rows * m / (1 << 20);
      boolean underLimit = designMiB <= maxDesignMiB;
      boolean fits = DriverMemory.driverDesignFits(rows, m, d, heap, maxResultSize);
      boolean onDriver = collectable && underLimit && fits;
      String size = String.format("the %d x %d expanded design takes %.1f MiB: ", rows, m, designMiB);
      String limit = Double.isInfinite(maxDesignMiB) ? "" : " and maxDriverDesignSizeInMB " + maxDesignMiB;
      String why = !collectable ? size + "the statistics pass is the same on either path; the design stays on the "
          + "executors"
          : onDriver ? size + "built on the driver from rows collected once (it fits the driver's heap of "
              + (heap >> 20) + " MiB" + limit + "); the solver runs there without further passes"
          : !underLimit ? size + "every step passes over the cluster (above maxDriverDesignSizeInMB " + maxDesignMiB
              + ")"
          : size + "every step passes over the cluster (the rows to collect do not fit spark.driver.maxResultSize ("
              + (maxResultSize >> 20) + " MiB), or the design, twice, with a step's matrices 60% of the driver's "
              + "heap (" + (heap >> 20) + " MiB))";
      boolean atScale = scalable && m > 4 * SHORTLIST
          && (!onDriver || weightedRows >= SparseBayesOptions.AUTO_BATCH_ROWS);
      long driverRows = !atScale ? 0
          : onDriver ? rows / 2
          : rowsOnDriver(rows / 2, m, d, maxDesignMiB, heap, maxResultSize);
      long pilot = !atScale ? 0 : atLeastMinimum(Math.min(PILOT_ROWS, driverRows));
      if (atScale) {
        why += "; at scale: " + (pilot == 0 ? "" : "a pilot fit on a sample of about " + pilot + " rows, fits on "
            + (int) FastBernoulliSolver.LADDER + " times larger samples (" + (onDriver ? "" : "on the driver up to " + driverRows
            + " rows, ") + "each started from the one before), then ") + "rounds over the active basis functions and a "
            + "shortlist of the " + SHORTLIST + " candidates whose adds gain most (near copies left off), each round "
            + "scoring every candidate once and taking its steps in batches on the quadratic model of the likelihood "
            + "over its candidates";
      }
      if (addsParam > 0) {
        return new Placement(onDriver, addsParam, why, "maxAddsPerStep " + addsParam, atScale, pilot, driverRows);
      }
      if (atScale) {
        return new Placement(onDriver, 1, why, "maxAddsPerStep 0: auto, 1 at scale (a step scores the shortlist "
            + "only)", true, pilot, driverRows);
      }
      int adds = SparseBayesOptions.automaticMaxAddsPerStep(weightedRows);
      boolean batch = adds > 1;
      String addsWhy = "maxAddsPerStep 0: auto, " + weightedRows + " rows " + (onDriver ? "on the driver" : "over the "
          + "cluster") + (batch ? ", at least " : ", fewer than ") + SparseBayesOptions.AUTO_BATCH_ROWS;
      return new Placement(onDriver, adds, why, addsWhy, false, 0, 0);
    }

    private static long atLeastMinimum(long rows) {
      return rows >= MIN_PILOT_ROWS ? rows : 0;
    }

    /**
     * {@return the most rows, up to {@code limit}, whose design the driver holds (the rule of the driver path, and
     * within maxDriverDesignSizeInMB): the largest sample a fit over the cluster collects to the driver}
     */
    static long rowsOnDriver(long limit, int m, int d, double maxDesignMiB, long heap, long maxResultSize) {
      long low = 0;
      long high = limit;
      while (low < high) {
        long mid = (low + high + 1) / 2;
        boolean fits = 8.0 * mid * m / (1 << 20) <= maxDesignMiB
            && DriverMemory.driverDesignFits(mid, m, d, heap, maxResultSize);
        if (fits) {
          low = mid;
        } else {
          high = mid - 1;
        }
      }
      return low;
    }
  }

  /**
   * The most rows of the pilot fit of a fit at scale (a sample collected to the driver, whose model starts the ladder
   * of fits on larger samples; FastBernoulliSolver.atScale). On the ESL mixture at 256,000 rows (benchmarks/results/
   * fit-scaling.md) a pilot of 32,768 rows took a few seconds on the driver and left 70 steps to the fit on every row.
   */
  static final long PILOT_ROWS = 32_768;

  /** The fewest rows a pilot fit is worth running on (Ripley's 250 rows already select a model of a few vectors). */
  static final long MIN_PILOT_ROWS = 200;

  /**
   * The candidates besides the active ones that a round of a fit at scale runs over (ShortlistRounds): a shortlist
   * pass costs about (k + 64) / M of a pass over every candidate (about a tenth at M = 1001 and k ≈ 40), and the fit
   * on 10⁶ rows of the ESL mixture took 6 rounds. A fit of at most 4 shortlists of candidates does not run at scale.
   */
  static final int SHORTLIST = 64;

  /**
   * The (class, basis function) pairs K·M from which the softmax fast solver runs at scale
   * (FastMultinomialSolver.atScale: in rounds over a shortlist of SHORTLIST pairs, each round scoring every pair once),
   * on either path and whatever maxAddsPerStep, unless classFeatureBlocks restricts the classes. The project's digits tests (10 classes × 201
   * candidates, 3 × 101) stay below; the 7,291 × 256 digits of benchmarks/results/softmax-scale.md (10 × 1001) are
   * above.
   */
  static final long SOFTMAX_AT_SCALE_PAIRS = 4096;

  /**
   * The automatic maxAddsPerStep of the softmax at scale, the second path of the small softmax. On the 7,291 × 256
   * digits (benchmarks/results/softmax-scale.md, splits 0-2) two adds per step took 209-249 CPU s and 617-657 steps to
   * a mean test error of 5.43% (the plain one-add path's) where one add per step took 246-311 CPU s, reached maxIter
   * 1000 on two splits and erred 5.78% on average.
   */
  static final int SOFTMAX_AT_SCALE_ADDS = 2;

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
  /** Whether the softmax fast solver runs at scale: K·M at least SOFTMAX_AT_SCALE_PAIRS, no class feature blocks. */
  private final boolean softmaxAtScale;
  private final InitialState initial;
  private final RelevanceSolver<? extends RelevanceResult> solver;

  private FitPlan(String uid, RvmParams p, Choice choice, DataSummary summary, long maxResultSize,
      RvmModel initialModel) {
    this.uid = uid;
    this.params = p;
    this.choice = choice;
    boolean perClass = choice.family().perClass();
    numClasses = perClass ? summary.numClasses() : 0;
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
          initialModel.uid(), initial.size(), perClass ? "(class, basis function) pairs" : "basis functions",
          choice.family().hasNoise() ? " and noise precision" : "", basis.numCandidates());
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
    } else if (perClass) {
      DriverMemory.checkOneVsRest(Math.min(p.getParallelism(), numClasses),
          classCandidates == null ? m : classCandidates[0].length);
    } else if (!choice.variational()) {
      DriverMemory.check(m, "maxBasis", choice.linear());
    }
    dual = choice.variational() && dualForm(summary.weightedRows(), m);
    LOG.info("{}: {} rows, {} features, {} candidate basis functions, gamma={}{}", uid, summary.rows(), dim, m, gamma,
        perClass ? ", " + numClasses + " classes" : "");
    table = choice.variational() ? priorTable() : null;
    boolean scalable = choice.method() == Method.FAST && !choice.oneVsRest() && !choice.softmax()
        && choice.family().laplace() != null;
    Placement placement = Placement.of(summary.rows(), summary.weightedRows(), m, dim,
        !choice.family().hasNoise() || choice.method() == Method.FAST, scalable, p.getMaxDriverDesignSizeInMB(),
        p.getMaxAddsPerStep(), Runtime.getRuntime().maxMemory(), maxResultSize);
    LOG.info("{}: {}", uid, placement.why());
    onDriver = placement.onDriver();
    softmaxAtScale = choice.softmax() && choice.method() == Method.FAST && classCandidates == null
        && (long) numClasses * m >= SOFTMAX_AT_SCALE_PAIRS;
    // the softmax at scale: two adds per step unless set (the small softmax's second path; measured, see the constant)
    int adds = softmaxAtScale && p.getMaxAddsPerStep() == 0 ? SOFTMAX_AT_SCALE_ADDS : placement.maxAddsPerStep();
    options = new SparseBayesOptions(p.getMaxIter(), p.getTol(), p.getAlphaMax(), p.getAlphaPriorShape(),
        p.getAlphaPriorRate(), adds, p.getNoisePrecision());
    if (options.noiseFixed()) {
      LOG.info("{}: the noise precision is held at {} (noisePrecision; a noise deviation of {}): only alpha is "
          + "re-estimated", uid, options.noisePrecision(), 1.0 / Math.sqrt(options.noisePrecision()));
    }
    if (choice.method() == Method.FAST && !choice.family().hasNoise()) {
      LOG.info("{}: solver fast adds up to {} basis function(s) per step ({})", uid, adds,
          softmaxAtScale && p.getMaxAddsPerStep() == 0 ? "maxAddsPerStep 0: auto, " + SOFTMAX_AT_SCALE_ADDS
              + " for the softmax at scale"
              : placement.addsWhy());
    }
    solver = chooseSolver(placement, summary.rows());
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
    if (b == 0 || !choice.family().perClass()) {
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

  /**
   * The solver that runs, with the options, the class count and the prior table bound; the fast classifier of one
   * score at scale when the placement says so.
   */
  private RelevanceSolver<? extends RelevanceResult> chooseSolver(Placement placement, long rows) {
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
      if (softmaxAtScale) {
        long pairs = (long) numClasses * basis.numCandidates();
        LOG.info("{}: solver fast runs the softmax at scale over its {} (class, basis function) pairs (at least {}): "
            + "in rounds over the active pairs and a shortlist of the {} pairs whose adds gain most, each round "
            + "scoring every pair once; one path with maxAddsPerStep {}", uid, pairs, SOFTMAX_AT_SCALE_PAIRS, SHORTLIST,
            options.maxAddsPerStep());
        return FastMultinomialSolver.atScale(numClasses, options, initial, SHORTLIST);
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
    LaplaceLikelihood likelihood = choice.family().laplace();
    if (likelihood != null) {
      if (placement.atScale()) {
        RowSample pilot = initial != null || placement.pilotRows() == 0 ? null
            : new RowSample(Math.min(1.0, (double) placement.pilotRows() / rows), params.getSeed());
        return FastBernoulliSolver.atScale(options, likelihood, initial, new FastBernoulliSolver.AtScale(pilot,
            SHORTLIST, Math.min(1.0, (double) placement.driverRows() / rows)));
      }
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
