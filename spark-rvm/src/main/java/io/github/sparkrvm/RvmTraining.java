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
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.distributed.BlockStatistics;
import io.github.sparkrvm.distributed.DataSummary;
import io.github.sparkrvm.distributed.InputRows;
import io.github.sparkrvm.distributed.SparseStatistics;
import io.github.sparkrvm.distributed.TrainingRow;
import io.github.sparkrvm.linalg.Backend;
import io.github.sparkrvm.linalg.Exponentials;
import io.github.sparkrvm.solvers.HeldOutVarianceScale;
import io.github.sparkrvm.solvers.MultiClassFit;
import io.github.sparkrvm.solvers.RelevanceResult;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.RowCollection;
import io.github.sparkrvm.statistics.RowSample;
import io.github.sparkrvm.util.FitProgress;
import io.github.sparkrvm.util.IterationListener;
import io.github.sparkrvm.util.IterationReport;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.Params;
import org.apache.spark.sql.Dataset;
import org.apache.spark.storage.StorageLevel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One fit of an RVM stage, the same for {@link RvmEstimator}, {@link RvmClassifier} and {@link RvmRegressor}: the
 * stage validates the schema and resolves its family; this summarises the rows in one pass ({@link SummaryPass}), plans the fit once
 * ({@link FitPlan}: family, strategy, solver, kernel, path, form, memory checks), builds the statistics (collected
 * to the driver or over the cluster's row blocks), solves, and assembles the fitted state, which the stage wraps
 * into its model class.
 */
final class RvmTraining {

  private static final Logger LOG = LoggerFactory.getLogger(RvmTraining.class);

  private final String uid;
  private final RvmParams p;
  private final IterationListener progress;
  private final Family family;
  private final RvmModel initialModel;

  /**
   * @param uid the stage's uid, which the log lines and Spark job descriptions name
   * @param p the stage's params, family resolved
   * @param progress told of every iteration
   * @param initialModel the model to start from (a warm start), or null
   */
  RvmTraining(String uid, RvmParams p, IterationListener progress, RvmModel initialModel) {
    this.uid = uid;
    this.p = p;
    this.family = Family.of(p.getFamily());
    this.progress = progress == null ? IterationListener.none() : progress;
    this.initialModel = initialModel;
  }

  /**
   * A fit's outcome.
   *
   * @param fitted the fitted state
   * @param gamma the kernel scale the fit used (when the param is unset: the one chosen by the evidence)
   * @param standardization whether the fit standardised the features when the param is unset and the evidence chose
   *     it or a warm start kept its initial model's; null: as the params say
   */
  record Result(FittedRvm fitted, double gamma, Boolean standardization) {

    /**
     * {@return the fit as a model of the stage's class: the stage's uid and params, the γ the fit used, and the fitted
     * state's family, kernel and kernel params}
     *
     * @param stage the estimator
     * @param make the model class' constructor from a uid and a core
     */
    <M extends HasRelevanceVectors> M model(Params stage, BiFunction<String, RvmCore, M> make) {
      M model = make.apply(stage.uid(), new RvmCore(fitted));
      stage.copyValues(model, ParamMap.empty());
      model.set(model.gamma(), gamma);
      if (standardization != null) {
        model.set(model.standardization(), standardization);
      }
      model.rvmCore().setFittedParams(model);
      return model;
    }
  }

  /**
   * {@return the fit of {@code dataset}, whose schema the stage has validated} As Spark's {@code train}: summarise the rows in one pass, plan the fit
   * once ({@link FitPlan}: family, strategy, solver, kernel, path, form, memory checks), build the statistics
   * (collected to the driver or over the cluster's row blocks), solve, and assemble the model.
   */
  Result fit(Dataset<?> dataset) {
    long start = System.nanoTime();
    FitChoice choice = FitChoice.of(p);
    LOG.info("{}: fitting family={}{} solver={} kernel={} maxBasis={} maxIter={} tol={} (BLAS and LAPACK: {}; "
        + "exponentials: {})", uid, choice.family(), choice.strategy() != null ? " (" + choice.strategy() + ")" : "",
        choice.method(), p.getKernel(), p.getMaxBasis(), p.getMaxIter(), p.getTol(), Backend.describe(),
        Exponentials.implementation());
    Backend.missingVectorModuleWarning().ifPresent(w -> LOG.warn("{}: {}", uid, w));

    if (initialModel != null) {
      FeatureNames.requireSameAsInitial(initialModel.getFeatureNames(), dataset.schema().apply(p.getFeaturesCol()));
    }
    JavaRDD<TrainingRow> rows = InputRows.read(dataset, p.getFeaturesCol(), p.getLabelCol(), p.getWeightCol(),
        choice.linear() ? 0 : p.getMaxBasis());
    int declaredClasses = family.perClass()
        ? RvmSchema.declaredClasses(dataset.schema(), p.getLabelCol()) : 0;
    DataSummary summary = new SummaryPass(uid, p, family).summarise(rows, choice, declaredClasses);
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(dataset.sparkSession().sparkContext());
    FitPlan plan = FitPlan.of(uid, p, choice, summary, maxResultSize(jsc), initialModel == null ? null
            : new WarmStart.Initial(initialModel.uid(), initialModel.fitted(), initialModel.getStandardization(),
                initialModel.getFitIntercept()));

    FitProgress shown = new FitProgress(uid, p.getMaxIter(), p.getTol(), p.getLogEvery(), System.err);
    Solved solved = plan.sparse() ? solveSparse(rows, plan, shown) : solveDense(rows, plan, summary, jsc, shown);
    RvmTrainingSummary.StandardizationChoice scalingChoice = null;
    if (GammaByEvidence.choosesStandardization(p, plan, summary)) {
      // the same search on the features as given: the evidence compares the two scalings as it compares the γ
      FitPlan rawPlan = FitPlan.of(uid, withStandardization(false), choice, summary, maxResultSize(jsc), null);
      Solved raw = solveDense(rows, rawPlan, summary, jsc, shown);
      scalingChoice = GammaByEvidence.standardization(uid, solved.search(), raw.search());
      Solved other = scalingChoice.standardization() ? raw : solved;
      Solved kept = scalingChoice.standardization() ? solved : raw;
      solved = new Solved(kept.result(), kept.passes() + other.passes() - 1, kept.varianceScale(), kept.plan(),
          kept.search());
    }
    if (solved.search() != null && solved.plan().searchesOnEveryRow()) {
      // the fit at the chosen γ (of the chosen scaling only): the search's own, or the softmax's draws averaged
      Solved chosen = solved;
      solved = new Solved(collected(() -> GammaByEvidence.fitAtChoice(uid, chosen.plan(), chosen.search(),
          what -> listener(what, null, IterationListener.none()))), solved.passes(), solved.varianceScale(),
          solved.plan(), solved.search());
    }
    plan = solved.plan();
    BasisFunctions basis = plan.basis();
    RelevanceResult result = solved.result();
    double varianceScale = solved.varianceScale();
    int passes = solved.passes();
    double seconds = (System.nanoTime() - start) / 1e9;
    java.util.List<String> warnings;
    try {
      warnings = FitWarnings.of(result, family, basis, p, summary);
    } catch (ArithmeticException e) {
      throw nonFinite(e);
    }
    for (String w : warnings) {
      LOG.warn("{}: {}", uid, w);
    }
    RvmTrainingSummary trainingSummary = new RvmTrainingSummary(summary.rows(), result.iterations(),
        result.converged(), result.logMarginalLikelihoods(), result.activeCounts(), passes, seconds, warnings,
        plan.initial() == null ? -1 : plan.initial().size(),
        solved.search() == null ? null : solved.search().choice(), scalingChoice);
    FittedRvm fitted = ModelAssembly.fitted(plan, result, trainingSummary, varianceScale);
    LOG.info("{}: {}{} after {} iterations: {} {} kept over {} basis functions, {} passes, {} s", uid,
        result.converged() ? "converged" : "stopped at maxIter",
        plan.initial() == null ? "" : " (warm-started from " + plan.initial().size() + ")", result.iterations(),
        result.size(),
        result instanceof MultiClassFit ? "(class, basis function) pairs" : "basis functions", fitted.basisSize(),
        passes, seconds);
    shown.finished(result.converged(), result.iterations());
    Boolean standardization = scalingChoice != null ? Boolean.valueOf(scalingChoice.standardization())
        : initialModel != null && !p.isSet(p.standardization()) ? Boolean.valueOf(initialModel.getStandardization())
        : null;
    return new Result(fitted, plan.gamma(), standardization);
  }

  /** {@return spark.driver.maxResultSize in bytes (0: no limit)} */
  private static long maxResultSize(JavaSparkContext jsc) {
    return jsc.getConf().getSizeAsBytes("spark.driver.maxResultSize", "1g");
  }

  /** {@return the params with standardization set to {@code on}, every other param as it is} */
  private RvmParams withStandardization(boolean on) {
    return (RvmParams) p.copy(new ParamMap().put(p.standardization(), on));
  }

  /**
   * A solver's result, the passes over the data it took (the summary pass included), the scale of the predictive
   * variance (1 unless calibrated), the plan it ran (with γ chosen by the evidence when the param is unset) and that
   * search (null: none).
   */
  private record Solved(RelevanceResult result, int passes, double varianceScale, FitPlan plan,
      GammaByEvidence.Searched search) {}

  /**
   * Solves over the rows expanded dense: collected to the driver, or as row blocks over the cluster against the
   * broadcast basis.
   */
  private Solved solveDense(JavaRDD<TrainingRow> rows, FitPlan planned, DataSummary summary, JavaSparkContext jsc,
      FitProgress shown) {
    JavaRDD<RowBlock> blocks = BlockStatistics.toBlocks(rows, planned.scaling(),
        BlockStatistics.blockRows(summary.dim(), planned.basis().numCandidates(), p.getMaxBlockSizeInMB()))
        .persist(StorageLevel.MEMORY_AND_DISK());
    Broadcast<BasisFunctions> broadcast = null;
    BlockStatistics cluster = null;
    try {
      GammaByEvidence.Searched search = planned.searchesGamma()
          ? collected(() -> searchGamma(planned, blocks, summary)) : null;
      FitPlan plan = search == null ? planned : planned.withGamma(search.outcome().best().gamma());
      RowCollection stats = null;
      RelevanceResult result;
      if (search != null && plan.searchesOnEveryRow()) {
        result = search.outcome().best().fit(); // on the driver, the search's fit at the chosen γ (see fit())
      } else {
        broadcast = jsc.broadcast(plan.basis());
        BlockStatistics over = new BlockStatistics(blocks, broadcast, p.getAggregationDepth())
            .describedAs(shown::stage);
        cluster = over;
        RowCollection collectedStats = collected(() -> plan.onDriver() ? over.collectLocal() : over);
        stats = collectedStats;
        result = solved(plan, () -> collectedStats, shown);
      }
      double varianceScale = 1.0;
      if (plan.calibration().crossFit()) {
        // after the search on every row: the design at the chosen γ, expanded again from the rows it collected
        RowCollection on = stats != null ? stats : LocalStatistics.expanded(search.collected(), plan.basis());
        varianceScale = collected(() -> HeldOutVarianceScale.of(on, plan.solver()));
        LOG.info("{}: the predictive variance is scaled by {} ({} held-out fits: the mean squared standardised "
            + "residual of rows predicted by a fit on the others)", uid, varianceScale, HeldOutVarianceScale.FOLDS);
      }
      int passes = 1 + (search == null ? 0 : 1) + (cluster == null ? 0 : cluster.passes());
      return new Solved(result, passes, varianceScale, plan, search);
    } finally {
      if (cluster != null) {
        cluster.releaseCachedSample();
      }
      blocks.unpersist(false);
      if (broadcast != null) {
        broadcast.destroy();
      }
    }
  }

  /** Solves over the rows kept sparse over the cluster (kernel linear, solver fast: {@link SparseLayout}). */
  private Solved solveSparse(JavaRDD<TrainingRow> rows, FitPlan plan, FitProgress shown) {
    SparseStatistics sparse = SparseStatistics.of(rows, plan.scaling().scale(), plan.basis().intercept(),
        p.getAggregationDepth()).describedAs(shown::stage);
    try {
      RelevanceResult result = solved(plan, () -> sparse, shown);
      return new Solved(result, 1 + sparse.passes(), 1.0, plan, null);
    } finally {
      sparse.release();
    }
  }

  /** {@return the plan's solver run over the statistics {@code stats} gives, its failures explained} */
  private RelevanceResult solved(FitPlan plan, java.util.function.Supplier<? extends DesignStatistics> stats,
      FitProgress shown) {
    return collected(() -> plan.solver().fit(stats.get(), listener("", shown, progress)));
  }

  /** {@return what {@code work} computes over the data, its failures explained} */
  private <T> T collected(java.util.function.Supplier<T> work) {
    try {
      return work.get();
    } catch (IllegalArgumentException e) {
      throw e;
    } catch (ArithmeticException e) {
      throw nonFinite(e);
    } catch (Exception e) {
      throw InputRows.rethrow(e);
    }
  }

  /**
   * {@return the search for the kernel's γ by the evidence ({@link GammaByEvidence}) on the rows collected to the
   * driver: every row when the fit runs there, otherwise a seeded sample of about {@link Placement#PILOT_ROWS} rows}
   */
  private GammaByEvidence.Searched searchGamma(FitPlan plan, JavaRDD<RowBlock> blocks, DataSummary summary) {
    boolean every = plan.searchesOnEveryRow();
    RowSample sample = every ? null
        : new RowSample(Math.min(1.0, (double) Placement.PILOT_ROWS / summary.rows()), p.getSeed());
    List<RowBlock> collected = BlockStatistics.collectRows(blocks, sample, uid + ": collect the rows of the search "
        + "for gamma by the evidence to the driver" + (every ? "" : " (a sample)"));
    return GammaByEvidence.search(uid, p, plan, collected, summary,
        what -> listener(what, null, IterationListener.none()));
  }

  /**
   * {@return the listener of a fit's steps: each is logged at INFO, shown (param logEvery; null: not shown) and
   * told to the progress listener; one-vs-rest fits log their class; the fits on samples that start a fit at scale
   * log their sample and are neither shown nor told}
   */
  private IterationListener listener(String what, FitProgress shown, IterationListener progress) {
    return new IterationListener() {
      @Override
      public void onIteration(IterationReport r) {
        LOG.info("{}: iteration {}{}: log marginal likelihood {}, {} basis functions, max |d log alpha| {}, {} "
            + "passes", uid, r.iteration(), what, r.logMarginalLikelihood(), r.activeBasis(), r.maxLogAlphaChange(),
            r.likelihoodPasses());
        if (shown != null) {
          shown.onIteration(r, what);
        }
        progress.onIteration(r);
      }

      @Override
      public IterationListener forClass(int positiveClass) {
        return listener(" (class " + positiveClass + " vs rest)", shown, progress);
      }

      @Override
      public IterationListener forSample(double fraction) {
        return listener(what + String.format(java.util.Locale.ROOT, " (at scale: on a sample of about %.4g of the "
            + "rows)", fraction), null, IterationListener.none());
      }
    };
  }

  /** An arithmetic failure of a solver (non-finite statistics), with what it means and what to do. */
  private ArithmeticException nonFinite(ArithmeticException e) {
    ArithmeticException clear = new ArithmeticException("the fit met non-finite values (" + e.getMessage() + "): "
        + "the statistics of featuresCol '" + p.getFeaturesCol() + "', labelCol '" + p.getLabelCol() + "'"
        + (p.getWeightCol().isEmpty() ? "" : " and weightCol '" + p.getWeightCol() + "'") + " overflowed or lost all "
        + "precision in double arithmetic; check their scale (keep standardization on; rescale labels or weights of "
        + "extreme magnitude)" + (p.isDefined(p.gamma()) ? " and gamma " + p.getGamma() : ""));
    clear.initCause(e);
    return clear;
  }
}
