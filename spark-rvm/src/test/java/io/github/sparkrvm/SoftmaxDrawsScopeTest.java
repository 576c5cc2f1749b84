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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.distributed.DataSummary;
import io.github.sparkrvm.distributed.TrainingRow;
import io.github.sparkrvm.solvers.GammaSearch;
import io.github.sparkrvm.solvers.MultiClassFit;
import io.github.sparkrvm.solvers.PosteriorMixture;
import io.github.sparkrvm.solvers.RelevanceResult;
import io.github.sparkrvm.solvers.SoftmaxDraws;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where the softmax's draws are averaged: the final fit of a search for γ on the driver, when the softmax runs at
 * scale (K·M of at least 4096 pairs), and nowhere else. Spark-free: the plans and the search's final fit as
 * {@link RvmTraining} runs them.
 */
class SoftmaxDrawsScopeTest {

  /** Sixteen classes of 16 rows: 256 candidate centres and the bias, 16 × 257 = 4112 (class, basis function) pairs. */
  private static final TestData.Table SIXTEEN_CLASSES = TestData.blobs(16, 16, 0.5, 3);

  private static FitPlan plan(RvmEstimator e, TestData.Table data) {
    FitChoice choice = FitChoice.of(e);
    DataSummary summary = new DataSummary(new DataSummary.Columns("features", "label", "", choice.family(), 0),
        e.getMaxBasis(), e.getSeed());
    for (int i = 0; i < data.size(); i++) {
      summary.add(new TrainingRow(data.x()[i], data.t()[i], 1.0));
    }
    return FitPlan.of("test", e, choice, summary, 1L << 30);
  }

  private static List<RowBlock> rows(TestData.Table data) {
    return List.of(RowBlock.unweighted(data.size(), data.x()[0].length, TestData.flatten(data.x()),
        data.t().clone()));
  }

  /** {@return a search that chose the plan's γ: its trial there is the search solver's cold fit on every row} */
  private static GammaByEvidence.Searched chose(FitPlan plan, List<RowBlock> rows, long n) {
    RelevanceResult fit = plan.searchSolver(plan.basis(), n).fit(LocalStatistics.expanded(rows, plan.basis()),
        IterationListener.none());
    GammaSearch.Trial trial = new GammaSearch.Trial(plan.gamma(), fit.evidence(), fit.evidence() - fit.size(), fit);
    return new GammaByEvidence.Searched(new GammaSearch.Outcome(List.of(trial), new double[] {Double.NaN}, trial),
        rows, n);
  }

  @Test
  void theSoftmaxAtScaleAtTheGammaASearchChoseIsTheEqualShareAverageOfItsDraws() {
    RvmEstimator unset = new RvmEstimator().setFamily("multinomial").setStandardization(false);
    FitPlan planned = plan(unset, SIXTEEN_CLASSES);
    assertTrue(planned.searchesGamma() && planned.softmaxAtScale() && planned.searchesOnEveryRow());
    FitPlan plan = planned.withGamma(0.5);
    List<RowBlock> rows = rows(SIXTEEN_CLASSES);
    long n = SIXTEEN_CLASSES.size();
    GammaByEvidence.Searched search = chose(plan, rows, n);
    MultiClassFit averaged = (MultiClassFit) GammaByEvidence.fitAtChoice("test", plan, search,
        what -> IterationListener.none());

    // the draws: the search's fit, then the same solver ranking its pairs on the samples of draws 1, 2, …
    LocalStatistics data = LocalStatistics.expanded(rows, plan.basis());
    List<MultiClassFit> draws = new ArrayList<>(List.of((MultiClassFit) search.outcome().best().fit()));
    for (int d = 1; d < SoftmaxDraws.DRAWS; d++) {
      draws.add((MultiClassFit) plan.searchSolver(plan.basis(), n, SoftmaxDraws.rankingSample(d))
          .fit(data, IterationListener.none()));
    }
    assertTrue(draws.stream().map(f -> Arrays.deepToString(f.active())).distinct().count() > 1,
        "the ranking samples lead the draws to different pairs");
    double[] shares = new double[SoftmaxDraws.DRAWS];
    Arrays.fill(shares, 1.0 / SoftmaxDraws.DRAWS);
    MultiClassFit expected = PosteriorMixture.of(draws, shares);
    for (int p = 0; p < 16; p++) {
      assertArrayEquals(expected.active()[p], averaged.active()[p]);
      assertArrayEquals(expected.weights()[p], averaged.weights()[p], 1e-12);
    }
    assertArrayEquals(expected.covariance(), averaged.covariance(), 1e-12);
  }

  @Test
  void aFitWithGammaSetOrBelowScaleIsOneDraw() {
    // γ set: no search, whose final fit alone is averaged (RvmTraining), so the fit is the solver's one draw
    assertFalse(plan(new RvmEstimator().setFamily("multinomial").setGamma(0.5), SIXTEEN_CLASSES).searchesGamma());
    // below 4096 pairs (three classes of 40 rows: 3 × 121): the search's own fit
    TestData.Table three = TestData.blobs(40, 3, 0.9, 7);
    FitPlan small = plan(new RvmEstimator().setFamily("multinomial").setStandardization(false), three)
        .withGamma(0.5);
    assertFalse(small.softmaxAtScale());
    GammaByEvidence.Searched search = chose(small, rows(three), three.size());
    assertSame(search.outcome().best().fit(), GammaByEvidence.fitAtChoice("test", small, search,
        what -> IterationListener.none()));
  }
}
