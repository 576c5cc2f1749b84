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
import io.github.sparkrvm.solvers.FastMultinomialSolver;
import io.github.sparkrvm.solvers.FitStart;
import io.github.sparkrvm.solvers.GammaCriterion;
import io.github.sparkrvm.solvers.InitialState;
import io.github.sparkrvm.solvers.RelevanceResult;
import io.github.sparkrvm.solvers.RelevanceSolver;
import io.github.sparkrvm.solvers.SparseBayesOptions;
import io.github.sparkrvm.solvers.SupportPrior;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.statistics.RowSample;
import io.github.sparkrvm.variational.PriorTable;
import io.github.sparkrvm.variational.WeightPrior;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a fit will do, decided once from the params and the summary pass, as a few decisions that each explain
 * themselves in the log: the family, multi-class strategy and solver ({@link FitChoice}); the kernel (γ unset: the
 * search by the evidence starts at 1 / features, {@link #searchesGamma}), the feature scaling and the candidate basis; how the fit starts ({@link FitStart}: cold, warm from
 * an initial model ({@link WarmStart}), or restricted to class feature blocks); the driver's memory checks; where the
 * steps run ({@link Placement}); how many basis functions a step may add ({@link AddsPolicy}); the variational form
 * and prior table ({@link VariationalForm}, {@link PriorLayout}); and the solver that runs, with all of these bound
 * ({@link SolverChoice}). The stage then only executes it.
 */
final class FitPlan {

  private static final Logger LOG = LoggerFactory.getLogger(FitPlan.class);

  /** The lower limit of the variational Gamma hyperprior's shape and rate. */
  static final double VARIATIONAL_HYPERPRIOR_FLOOR = 1e-6;

  /**
   * The (class, basis function) pairs K·M from which the softmax fast solver runs at scale (in rounds over a
   * shortlist, each round scoring every pair once), on either path and whatever maxAddsPerStep, unless
   * classFeatureBlocks restricts the classes. The project's digits tests (10 classes × 201 candidates, 3 × 101) stay
   * below; the digits of benchmarks/results/softmax-scale.md (10 × 1001) are above.
   */
  static final long SOFTMAX_AT_SCALE_PAIRS = 4096;

  private final String uid;
  private final RvmParams params;
  private final DataSummary summary;
  private final long maxResultSize;
  private final WarmStart.Initial initialModel;
  private final GammaCriterion gammaCriterion;
  private final FitChoice choice;
  private final int numClasses;
  private final double gamma;
  private final Kernel kernel;
  private final SparseLayout layout;
  private final FeatureScaling scaling;
  private final double[] centres;
  private final BasisFunctions basis;
  private final FitStart start;
  private final Placement placement;
  private final AddsPolicy adds;
  private final VarianceCalibration calibration;
  private final SparseBayesOptions options;
  private final VariationalForm form;
  private final PriorTable table;
  private final RelevanceSolver<? extends RelevanceResult> solver;

  private FitPlan(String uid, RvmParams p, FitChoice choice, DataSummary summary, long maxResultSize,
      WarmStart.Initial initialModel, double gamma, GammaCriterion gammaCriterion) {
    this.uid = uid;
    this.params = p;
    this.summary = summary;
    this.maxResultSize = maxResultSize;
    this.initialModel = initialModel;
    this.gammaCriterion = gammaCriterion;
    this.choice = choice;
    boolean perClass = choice.family().perClass();
    numClasses = perClass ? summary.numClasses() : 0;
    int dim = summary.dim();
    this.gamma = gamma;
    kernel = Kernel.of(p.getKernel(), gamma, p.getDegree(), p.getCoef0());
    WarmStart warm = initialModel == null ? null : WarmStart.of(initialModel, p, choice, kernel, dim, numClasses);
    int candidates = dim + (p.getFitIntercept() ? 1 : 0);
    long heap = Runtime.getRuntime().maxMemory();
    layout = SparseLayout.of(new SparseLayout.Inputs(choice, candidates, summary.density(),
        warm == null || isZero(warm.scaling().shift()), choice.softmax()
            ? DriverMemory.fastSoftmaxFits(numClasses, candidates, heap)
            : DriverMemory.primalFits(candidates, heap)));
    scaling = warm != null ? warm.scaling()
        : p.getStandardization()
            ? FeatureScaling.fromStandardDeviations(layout.sparse() ? new double[dim] : summary.featureMean(),
                summary.featureStandardDeviation())
            : FeatureScaling.identity(dim);
    centres = choice.linear() ? new double[0] : warm != null ? warm.centres(summary.centres()) : summary.centres();
    basis = BasisFunctions.of(kernel, p.getFitIntercept(), dim, scaling.applyRows(centres));
    int m = basis.numCandidates();
    start = presentOnly(start(warm, p, dim), summary);
    int[][] blocks = classCandidates();
    if (layout.sparse() && choice.softmax()) {
      LOG.info("{}: {}; room for up to {} active (class, feature) pairs on the driver", uid, layout.why(),
          DriverMemory.checkSparseSoftmax(numClasses, m, heap));
    } else if (layout.sparse()) {
      int concurrent = perClass ? Math.min(p.getParallelism(), numClasses) : 1;
      LOG.info("{}: {}; room for up to {} active features on the driver{}", uid, layout.why(),
          DriverMemory.checkSparse(m, heap / concurrent),
          concurrent == 1 ? "" : " in each of " + concurrent + " one-vs-rest fits at once");
    } else if (choice.softmax() && choice.method() == FitChoice.Method.FAST) {
      DriverMemory.checkFastSoftmax(numClasses, m, choice.linear());
    } else if (choice.softmax()) {
      // with class feature blocks, em's Hessian is over each class' own candidates only: K·(B + 1), not K·M
      DriverMemory.checkSoftmax(numClasses, blocks == null ? m : blocks[0].length, choice.linear());
    } else if (perClass) {
      DriverMemory.checkOneVsRest(Math.min(p.getParallelism(), numClasses), blocks == null ? m : blocks[0].length);
    } else if (!choice.variational()) {
      DriverMemory.check(m, "maxBasis", choice.linear());
    }
    LOG.info("{}: {} rows, {} features, {} candidate basis functions, gamma={}{}{}", uid, summary.rows(), dim, m,
        gamma, gammaCriterion == null ? "" : " (gamma is unset: the search by the evidence starts here)",
        perClass ? ", " + numClasses + " classes" : "");
    form = choice.variational() ? logged(VariationalForm.of(new VariationalForm.Inputs(choice.form(),
        summary.weightedRows(), m, choice.linear())), VariationalForm::describe) : null;
    table = !choice.variational() ? null : logged(PriorLayout.of(new PriorLayout.Inputs(choice.prior(), basis,
        p.getGridShape())), l -> l.describe() + ", " + (form.dual() ? "dual" : "primal") + " form").table();
    boolean fast = choice.method() == FitChoice.Method.FAST;
    placement = logged(layout.sparse() ? Placement.sparseRows(summary.rows(), m, summary.nonzeros())
        : Placement.of(new Placement.Inputs(summary.rows(), summary.weightedRows(), m, dim,
            !choice.family().hasNoise() || fast, fast && !perClass && choice.family().laplace() != null,
            p.getMaxDriverDesignSizeInMB(), heap, maxResultSize)), Placement::describe);
    boolean softmaxAtScale = softmaxAtScale(m);
    adds = AddsPolicy.of(new AddsPolicy.Inputs(p.getMaxAddsPerStep(), summary.weightedRows(), placement.onDriver(),
        placement.atScale() || softmaxAtScale, choice.softmax() && fast, start instanceof FitStart.Warm));
    options = new SparseBayesOptions(p.getMaxIter(), p.getTol(), p.getAlphaMax(), p.getAlphaPriorShape(),
        p.getAlphaPriorRate(), adds.maxAddsPerStep(), p.getNoisePrecision()).withSupportPrior(supportPrior(fast));
    if (options.supportPrior().any()) {
      LOG.info("{}: kernel linear, solver fast: {}", uid, options.supportPrior().describe());
    }
    calibration = VarianceCalibration.of(new VarianceCalibration.Inputs(p.getCalibrateVariance(),
        choice.family().hasNoise(), options.noiseFixed(), choice.variational(), summary.weightedRows(),
        layout.sparse(), Placement.rowsOnDriver(summary.rows(), m, dim, p.getMaxDriverDesignSizeInMB(),
            heap, maxResultSize) >= summary.rows()));
    if (!calibration.describe().isEmpty()) {
      LOG.info("{}: {}", uid, calibration.describe());
    }
    if (options.noiseFixed()) {
      LOG.info("{}: the noise precision is held at {} (noisePrecision; a noise deviation of {}): only alpha is "
          + "re-estimated", uid, options.noisePrecision(), 1.0 / Math.sqrt(options.noisePrecision()));
    }
    if (fast && !choice.family().hasNoise()) {
      LOG.info("{}: solver fast adds up to {} basis function(s) per step ({})", uid, adds.maxAddsPerStep(),
          adds.describe());
    }
    SolverChoice chosen = SolverChoice.of(new SolverChoice.Inputs(choice, numClasses, options, start, adds,
        placement, softmaxAtScale, variationalOptions(), form != null && form.dual(), table, basis,
        scaling.applyRows(centres), p.getParallelism(), p.getSeed(), summary.rows(),
        FastMultinomialSolver.RANKING_SAMPLE));
    if (!chosen.why().isEmpty()) {
      LOG.info("{}: {}", uid, chosen.why());
    }
    solver = chosen.solver();
  }

  /**
   * {@return the prior on which candidates are relevant, with kernel linear and solver fast: for the binary, count
   * and one-vs-rest fits, each of the M candidates that can enter (the bias and the features some row makes nonzero)
   * is relevant with probability 1/(M + 1) ({@link SupportPrior#candidates}); for the softmax, the share of its K·M
   * (class, candidate) pairs that are relevant is uniform a priori ({@link SupportPrior#multiplicity}); otherwise
   * none} There the candidates are the features, and without it a third of the features unrelated to the labels
   * enter (benchmarks/results/sparse-logistic-100000.md). The softmax's pairs are not one relevant among K·M: a
   * feature that tells one class from the others enters several classes' scores, and the fixed 1/(K·M + 1) kept 15
   * to 18 pairs of dna's 543 and fitted worse than ARD alone (benchmarks/results/dna-softmax.md); where its rows are
   * on the driver, the softmax is also fitted under ARD alone and the two averaged ({@code SupportPriorAverage},
   * chosen in {@link SolverChoice}), and so is the binary fit that follows two paths there
   * ({@code BinarySupportPriorAverage}). The basis functions
   * of the other kernels, one per training row, are not hypotheses of relevance one by one, and the gaussian fit has
   * not been measured with it.
   */
  private SupportPrior supportPrior(boolean fast) {
    if (!choice.linear() || !fast
        || !choice.softmax() && choice.family().laplace() == null && !choice.family().perClass()) {
      return SupportPrior.NONE;
    }
    // the candidates that can enter: the bias and the features nonzero in some row, among those a class may use (the
    // same count on either layout, whose sparse one scores only those)
    double[] magnitude = summary.featureMagnitude();
    int first = basis.intercept() ? 1 : 0;
    int[][] allowed = classCandidates();
    java.util.function.IntPredicate present = j -> j < first || magnitude[j - first] > 0.0;
    int scored = (int) (allowed == null ? java.util.stream.IntStream.range(0, basis.numCandidates())
        : java.util.Arrays.stream(allowed[0])).filter(present).count();
    if (choice.softmax()) {
      long pairs = (long) summary.numClasses() * scored;
      return SupportPrior.multiplicity((int) Math.max(1, Math.min(Integer.MAX_VALUE, pairs)));
    }
    return SupportPrior.candidates(Math.max(1, scored));
  }

  private static boolean isZero(double[] values) {
    for (double v : values) {
      if (v != 0.0) {
        return false;
      }
    }
    return true;
  }

  /** {@return {@code decision}, logged for this fit as {@code describe} says} */
  private <T> T logged(T decision, java.util.function.Function<T, String> describe) {
    LOG.info("{}: {}", uid, describe.apply(decision));
    return decision;
  }

  /**
   * How the fit starts: warm from the initial model (cold when it kept no basis function), restricted to the class
   * feature blocks, or cold. A warm start with class feature blocks is refused, naming both params.
   */
  private FitStart start(WarmStart warm, RvmParams p, int dim) {
    int[][] blocks = classBlocks(p, dim);
    if (warm != null && blocks != null) {
      throw new IllegalArgumentException("a warm start (initialModel) is not supported with classFeatureBlocks "
          + p.getClassFeatureBlocks() + ": fit without the initial model, or set classFeatureBlocks to 0");
    }
    if (blocks != null) {
      return new FitStart.Restricted(blocks);
    }
    if (warm == null) {
      return FitStart.cold();
    }
    FitStart from = FitStart.from(warm.size() == 0 ? null : warm.state(basis));
    LOG.info("{}: {}", uid, warm.describe(from.initial(), basis.numCandidates()));
    return from;
  }

  /**
   * {@return on sparse rows, a binary, one-vs-rest or count fit from a cold start restricted to the candidates some row
   * holds
   * (the bias and every feature not always 0): the others never gain, and each candidate scored costs the driver a
   * double per active feature at every pass (hashed or LibSVM features often use a fraction of their indices); else
   * {@code from}}
   */
  private FitStart presentOnly(FitStart from, DataSummary summary) {
    if (!layout.sparse() || !(from instanceof FitStart.Cold) || !choice.family().classifier()
        && choice.family().laplace() == null) {
      return from;
    }
    double[] magnitude = summary.featureMagnitude();
    int first = basis.intercept() ? 1 : 0;
    int[] present = java.util.stream.IntStream.concat(java.util.stream.IntStream.range(0, first),
        java.util.stream.IntStream.range(0, magnitude.length).filter(j -> magnitude[j] > 0.0).map(j -> j + first))
        .toArray();
    if (present.length == basis.numCandidates()) {
      return from;
    }
    LOG.info("{}: {} of the {} features are nonzero in some row: solver fast scores those only", uid,
        present.length - first, magnitude.length);
    int[][] each = new int[Math.max(numClasses, 1)][];
    java.util.Arrays.fill(each, present); // one-vs-rest: every class' binary fit over the same candidates
    return new FitStart.Restricted(each);
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
   * {@return the plan of a fit with params {@code p} over data with this summary}
   *
   * @param uid the estimator's uid, for the log
   * @param p the params
   * @param choice {@code FitChoice.of(p)}
   * @param summary the summary pass over the training rows
   * @param maxResultSize spark.driver.maxResultSize in bytes (0: no limit)
   * @throws IllegalArgumentException when the driver cannot hold the fit's matrices (naming the param to lower), or
   *     gridShape does not match the basis
   */
  static FitPlan of(String uid, RvmParams p, FitChoice choice, DataSummary summary, long maxResultSize) {
    return of(uid, p, choice, summary, maxResultSize, null);
  }

  /**
   * {@return the plan of a fit as {@link #of(String, RvmParams, FitChoice, DataSummary, long)}, started from
   * {@code initialModel} (a warm start; null: a cold start)}
   *
   * @param uid the estimator's uid, for the log
   * @param p the params
   * @param choice {@code FitChoice.of(p)}
   * @param summary the summary pass over the training rows
   * @param maxResultSize spark.driver.maxResultSize in bytes (0: no limit)
   * @param initialModel the model to start from, or null
   * @throws IllegalArgumentException as above, and when the initial model does not fit this fit (naming what
   *     differs)
   */
  static FitPlan of(String uid, RvmParams p, FitChoice choice, DataSummary summary, long maxResultSize,
      WarmStart.Initial initialModel) {
    boolean set = p.isDefined(p.gamma());
    boolean hasGamma = !Double.isNaN(Kernel.of(p.getKernel(), 1.0, p.getDegree(), p.getCoef0()).gamma());
    double initialGamma = initialModel == null ? Double.NaN : initialModel.fitted().kernel().gamma();
    double gamma = set ? p.getGamma() : !Double.isNaN(initialGamma) ? initialGamma : 1.0 / summary.dim();
    return new FitPlan(uid, p, choice, summary, maxResultSize, initialModel, gamma,
        set || !hasGamma || initialModel != null ? null : GammaCriterion.of(choice.family()).orElse(null));
  }

  /**
   * {@return this plan with the kernel's γ {@code gamma} (the one the search by the evidence chose): the same data,
   * params and decisions, the basis and solver rebuilt for it}
   *
   * @param gamma the kernel scale
   */
  FitPlan withGamma(double gamma) {
    return new FitPlan(uid, params, choice, summary, maxResultSize, initialModel, gamma, null);
  }

  /**
   * {@return whether the fit chooses γ by a search ({@link #gammaCriterion}): the param gamma is unset, the kernel
   * has a γ, the family has a criterion (bernoulli, multinomial and gaussian; poisson keeps 1 / features), and the
   * fit does not start from an initial model (whose γ it keeps)}
   */
  boolean searchesGamma() {
    return gammaCriterion != null;
  }

  /**
   * {@return what the search for γ maximises, chosen by the family ({@link GammaCriterion#of}); null when the fit
   * does not search ({@link #searchesGamma})}
   */
  GammaCriterion gammaCriterion() {
    return gammaCriterion;
  }

  /**
   * {@return whether the softmax runs at scale: solver fast, {@link #SOFTMAX_AT_SCALE_PAIRS} or more (class, basis
   * function) pairs, dense rows, no class feature blocks ({@code FastMultinomialSolver.atScale})}
   */
  boolean softmaxAtScale() {
    return softmaxAtScale(basis.numCandidates());
  }

  /**
   * {@return whether the softmax over {@code candidates} basis functions runs at scale: solver fast,
   * {@link #SOFTMAX_AT_SCALE_PAIRS} or more (class, basis function) pairs, no class feature blocks, dense rows} On
   * sparse rows every step scores the K·M pairs apart over the cluster: no rounds over a shortlist, whose passes over
   * every pair would bring K·M × k cross products to the driver.
   *
   * @param candidates the candidate basis functions M
   */
  private boolean softmaxAtScale(int candidates) {
    return choice.softmax() && choice.method() == FitChoice.Method.FAST && classCandidates() == null
        && !layout.sparse() && (long) numClasses * candidates >= SOFTMAX_AT_SCALE_PAIRS;
  }

  /**
   * {@return whether the search for γ fits on every row: the design is on the driver and the fit does not run at
   * scale; otherwise it fits on a sample of about {@link Placement#PILOT_ROWS} rows collected to the driver}
   */
  boolean searchesOnEveryRow() {
    return placement.onDriver() && !placement.atScale();
  }

  /**
   * {@return the candidate basis of this plan with the kernel's γ {@code gamma}: the same centres and scaling}
   *
   * @param gamma the kernel scale
   */
  BasisFunctions basisAt(double gamma) {
    return BasisFunctions.of(Kernel.of(params.getKernel(), gamma, params.getDegree(), params.getCoef0()),
        params.getFitIntercept(), summary.dim(), scaling.applyRows(centres));
  }

  /**
   * {@return the solver of one fit of the search for γ: this fit's family, strategy and solver, on the driver over
   * {@code rows} collected rows (never at scale: the search fits on at most a pilot sample), started as this fit
   * starts (cold, or restricted to class feature blocks)}
   *
   * @param basis the candidate basis at the γ tried ({@link #basisAt})
   * @param rows the rows the search fits on
   */
  RelevanceSolver<? extends RelevanceResult> searchSolver(BasisFunctions basis, long rows) {
    return searchSolver(basis, rows, FastMultinomialSolver.RANKING_SAMPLE);
  }

  /**
   * {@return the solver of {@link #searchSolver(BasisFunctions, long)} whose softmax at scale ranks its pairs on the
   * sample {@code ranking} (a draw: {@code SoftmaxDraws.rankingSample})}
   *
   * @param basis the candidate basis at the γ tried ({@link #basisAt})
   * @param rows the rows the search fits on
   * @param ranking the sample of the rows that ranks the softmax's pairs at scale
   */
  RelevanceSolver<? extends RelevanceResult> searchSolver(BasisFunctions basis, long rows, RowSample ranking) {
    boolean fast = choice.method() == FitChoice.Method.FAST;
    boolean softmaxAtScale = softmaxAtScale(basis.numCandidates());
    AddsPolicy driverAdds = AddsPolicy.of(new AddsPolicy.Inputs(params.getMaxAddsPerStep(), rows, true,
        softmaxAtScale, choice.softmax() && fast, start instanceof FitStart.Warm));
    Placement driver = new Placement(true, false, 0, 0, "the search for gamma fits on the driver");
    return SolverChoice.of(new SolverChoice.Inputs(choice, numClasses,
        options.withMaxAddsPerStep(driverAdds.maxAddsPerStep()), start, driverAdds, driver, softmaxAtScale,
        variationalOptions(), dual(), table, basis, scaling.applyRows(centres), params.getParallelism(),
        params.getSeed(), rows, ranking)).solver();
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

  /** {@return the params' typed choices} */
  FitChoice choice() {
    return choice;
  }

  /** {@return K for multinomial, else 0} */
  int numClasses() {
    return numClasses;
  }

  /**
   * {@return γ of the kernel: the param; when it is unset, the initial model's, or 1 / (number of features), where
   * the search by the evidence starts ({@link #searchesGamma})}
   */
  double gamma() {
    return gamma;
  }

  /** {@return the kernel} */
  Kernel kernel() {
    return kernel;
  }

  /** {@return whether the rows stay sparse (kernel linear, solver fast, wide sparse features: {@link SparseLayout})} */
  boolean sparse() {
    return layout.sparse();
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
    return form != null && form.dual();
  }

  /** {@return the variational prior's table, null for the other solvers} */
  PriorTable table() {
    return table;
  }

  /** {@return where the steps run} */
  Placement placement() {
    return placement;
  }

  /** {@return how many basis functions a step may add} */
  AddsPolicy adds() {
    return adds;
  }

  /** {@return whether the expanded design is collected to the driver and the solver runs there without passes} */
  boolean onDriver() {
    return placement.onDriver();
  }

  /** {@return the outer loop's settings, maxAddsPerStep resolved} */
  SparseBayesOptions options() {
    return options;
  }

  /** {@return how the fit starts: cold, warm, or restricted to class feature blocks} */
  FitStart start() {
    return start;
  }

  /** {@return the state the fit starts from (a warm start), or null} */
  InitialState initial() {
    return start.initial();
  }

  /** {@return α above which the model prunes a basis function} */
  double alphaMax() {
    return options.alphaMax();
  }

  /** {@return per class, the candidates it may use (classFeatureBlocks), or null when every class uses all} */
  int[][] classCandidates() {
    return start instanceof FitStart.Restricted r ? r.candidates() : null;
  }

  /** {@return whether the fit scales its predictive variance by held-out fits} */
  VarianceCalibration calibration() {
    return calibration;
  }

  /** {@return the solver that runs, its settings bound} */
  RelevanceSolver<? extends RelevanceResult> solver() {
    return solver;
  }
}
