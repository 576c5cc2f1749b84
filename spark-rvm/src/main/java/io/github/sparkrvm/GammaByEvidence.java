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
import io.github.sparkrvm.basis.KernelReach;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.distributed.DataSummary;
import io.github.sparkrvm.solvers.GammaCriterion;
import io.github.sparkrvm.solvers.GammaSearch;
import io.github.sparkrvm.solvers.HeldOutScore;
import io.github.sparkrvm.solvers.MultiClassFit;
import io.github.sparkrvm.solvers.RelevanceResult;
import io.github.sparkrvm.solvers.SoftmaxDraws;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.RowFolds;
import io.github.sparkrvm.util.IterationListener;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The choice of the kernel's γ when the param gamma is unset (by the evidence; for gaussian, by the leave-one-out
 * density, then held-out folds among its best: {@link GammaCriterion}, {@link HeldOutScore}, the folds seeded by
 * the param seed), and of a classifier's standardization with it when that param is unset too
 * (issue 42): the search ({@link GammaSearch}) over the rows the fit collected to the driver, bounded by
 * {@link KernelReach}, each γ tried fitted by the plan's driver solver; and the comparison of the two scalings'
 * searches. Spark-free: {@link RvmTraining} collects the rows and runs the fits over the cluster.
 */
final class GammaByEvidence {

  private static final Logger LOG = LoggerFactory.getLogger(GammaByEvidence.class);

  private GammaByEvidence() {}

  /**
   * The search for γ by the evidence and the rows it fitted on.
   *
   * @param outcome every γ tried, with its fit and evidence, and the best
   * @param collected the rows the search collected to the driver (scaled)
   * @param rows the number of rows each fit of the search was on
   */
  record Searched(GammaSearch.Outcome outcome, List<RowBlock> collected, long rows) {

    /** {@return what the training summary records of it} */
    RvmTrainingSummary.GammaChoice choice() {
      List<GammaSearch.Trial> tried = outcome.tried();
      return new RvmTrainingSummary.GammaChoice(tried.stream().mapToDouble(GammaSearch.Trial::gamma).toArray(),
          tried.stream().mapToDouble(GammaSearch.Trial::logMarginalLikelihood).toArray(),
          tried.stream().mapToInt(GammaSearch.Trial::kept).toArray(),
          tried.stream().mapToDouble(GammaSearch.Trial::criterion).toArray(), outcome.heldOut().clone(),
          outcome.best().gamma(), rows);
    }
  }

  /**
   * {@return the search for the kernel's γ by the evidence ({@link GammaSearch}) over {@code rows}, collected to the
   * driver: every row when the fit runs there, otherwise a seeded sample of about {@link Placement#PILOT_ROWS}; each
   * γ tried is logged at INFO}
   *
   * @param uid the stage's uid, for the log
   * @param p the params
   * @param plan the fit's plan at 1 / features
   * @param rows the rows the search fits on, scaled as the plan scales them
   * @param summary the summary pass over every training row
   * @param told the listener of a fit's steps, given what the fit is (e.g. " (gamma 0.5)")
   */
  static Searched search(String uid, RvmParams p, FitPlan plan, List<RowBlock> rows, DataSummary summary,
      Function<String, IterationListener> told) {
    boolean every = plan.searchesOnEveryRow();
    long n = rows.stream().mapToLong(RowBlock::size).sum();
    int dim = summary.dim();
    LOG.info("{}: gamma is unset: choosing it by {} on {} rows{}, around 1 / {} features = {}", uid,
        plan.gammaCriterion().description(), n, every ? "" : " (a seeded sample of the " + summary.rows() + ")",
        summary.dim(), plan.gamma());
    long start = System.nanoTime();
    double largest = KernelReach.largestGamma(p.getKernel(), rows, plan.scaling().applyRows(plan.centres()), dim);
    if (largest < Double.POSITIVE_INFINITY) {
      LOG.info("{}: the search tries gamma up to {}, where the median basis function is as wide (standard deviation "
          + "1 / sqrt(2 gamma)) as the distance from its centre to the nearest other row", uid, largest);
    }
    GammaCriterion criterion = plan.gammaCriterion();
    int[] fold = new RowFolds(HeldOutScore.FOLDS, p.getSeed()).of(rows);
    GammaSearch.Outcome outcome = GammaSearch.search(plan.gamma(), largest, criterion, gamma -> {
      BasisFunctions basis = plan.basisAt(gamma);
      LocalStatistics data = LocalStatistics.expanded(rows, basis);
      return new GammaSearch.Fitted(plan.searchSolver(basis, n).fit(data, told.apply(" (gamma " + gamma + ")")),
          data);
    }, gamma -> {
      BasisFunctions basis = plan.basisAt(gamma);
      double score = HeldOutScore.of(LocalStatistics.expanded(rows, basis), fold, HeldOutScore.FOLDS,
          (data, m) -> plan.searchSolver(basis, m).fit(data, told.apply(" (gamma " + gamma + ", a held-out fold)")));
      LOG.info("{}: gamma {}: held-out log density {} over {} seeded folds", uid, gamma, score, HeldOutScore.FOLDS);
      return score;
    }, t -> LOG.info("{}: gamma {}: log marginal likelihood {}, {} kept, {} iterations: criterion {}", uid,
        t.gamma(), t.logMarginalLikelihood(), t.kept(), t.fit().iterations(), t.criterion()));
    LOG.info("{}: gamma {} chosen by {}: {} (log marginal likelihood {}, {} kept) of {} tried, in {} s", uid,
        outcome.best().gamma(), criterion.description(), outcome.best().criterion(),
        outcome.best().logMarginalLikelihood(), outcome.best().kept(), outcome.tried().size(),
        (System.nanoTime() - start) / 1e9);
    return new Searched(outcome, rows, n);
  }

  /**
   * {@return the fit at the γ the search chose on every row: the search's own fit there, or, where the softmax runs at
   * scale ({@link FitPlan#softmaxAtScale}), the average of {@link SoftmaxDraws#DRAWS} draws of it (the search's fit
   * is draw 0; the others rank the pairs on other samples of the rows), logged at INFO} A fit with γ set is one draw,
   * as before: the average is the final fit of the search only, whose γ the user left to the fit.
   *
   * @param uid the stage's uid, for the log
   * @param plan the plan at the chosen γ
   * @param search the search that chose it, on every row
   * @param told the listener of a fit's steps, given what the fit is (e.g. " (draw 2)")
   */
  static RelevanceResult fitAtChoice(String uid, FitPlan plan, Searched search,
      Function<String, IterationListener> told) {
    RelevanceResult best = search.outcome().best().fit();
    if (!plan.softmaxAtScale() || !plan.searchesOnEveryRow()) {
      return best;
    }
    long start = System.nanoTime();
    LocalStatistics data = LocalStatistics.expanded(search.collected(), plan.basis());
    SoftmaxDraws.Averaged averaged = SoftmaxDraws.of((MultiClassFit) best, SoftmaxDraws.DRAWS,
        ranking -> (rows, listener) -> (MultiClassFit) plan.searchSolver(plan.basis(), search.rows(), ranking)
            .fit(rows, listener), data, d -> told.apply(" (gamma " + plan.gamma() + ", draw " + d + ")"));
    LOG.info("{}: the softmax at scale at the chosen gamma {} is the average of {} draws whose pairs are ranked on "
        + "other seeded samples of the rows, averaged with equal shares by moment matching: {}, in {} s", uid,
        plan.gamma(), SoftmaxDraws.DRAWS, averaged.describe(), (System.nanoTime() - start) / 1e9);
    return averaged.fit();
  }

  /**
   * {@return whether the evidence chooses between standardised and raw features: the params gamma and
   * standardization are both unset, the family is a classifier's (bernoulli, multinomial: measured on the
   * classification sets of benchmarks/results/model-quality.md; a gaussian fit keeps the param's standardization), γ
   * is searched (an rbf or poly kernel, a cold start) on every row
   * (the driver's design: at scale the search runs on a sample and the fit again on every row, which would double),
   * and every feature's squares are finite on its own scale}
   *
   * @param p the params
   * @param plan the fit's plan with the params' standardization
   * @param summary the summary pass over every training row
   */
  static boolean choosesStandardization(RvmParams p, FitPlan plan, DataSummary summary) {
    return !p.isSet(p.standardization()) && plan.choice().family().classifier() && plan.searchesGamma()
        && plan.searchesOnEveryRow() && !plan.sparse()
        && SummaryPass.unsquarableFeature(summary) < 0;
  }

  /**
   * {@return the choice between the fit on the standardised features and the fit on the features as given, each at
   * the γ its own search chose: the higher criterion of {@link GammaSearch} (the evidence less one nat per α kept;
   * the standardised one when they are equal), logged at INFO}
   *
   * @param uid the stage's uid, for the log
   * @param standardised the search on the standardised features
   * @param asGiven the search on the features as given
   */
  static RvmTrainingSummary.StandardizationChoice standardization(String uid, Searched standardised,
      Searched asGiven) {
    GammaSearch.Trial s = standardised.outcome().best();
    GammaSearch.Trial g = asGiven.outcome().best();
    RvmTrainingSummary.StandardizationChoice choice = new RvmTrainingSummary.StandardizationChoice(
        s.logMarginalLikelihood(), g.logMarginalLikelihood(), !(g.criterion() > s.criterion()));
    LOG.info("{}: standardization is unset: log marginal likelihood {} ({} kept) on the standardised features, {} ({} "
        + "kept) on the features as given: standardization {} chosen by the evidence", uid,
        choice.standardizedLogMarginalLikelihood(), s.kept(), choice.rawLogMarginalLikelihood(), g.kept(),
        choice.standardization());
    return choice;
  }
}
