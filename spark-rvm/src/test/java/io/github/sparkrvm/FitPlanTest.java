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
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.distributed.DataSummary;
import io.github.sparkrvm.distributed.TrainingRow;
import io.github.sparkrvm.solvers.FitStart;
import io.github.sparkrvm.solvers.BernoulliRelevanceSolver;
import io.github.sparkrvm.solvers.BinarySupportPriorAverage;
import io.github.sparkrvm.solvers.FastBernoulliSolver;
import io.github.sparkrvm.solvers.FastGaussianSolver;
import io.github.sparkrvm.solvers.FastMultinomialSolver;
import io.github.sparkrvm.solvers.GaussianRelevanceSolver;
import io.github.sparkrvm.solvers.MultiClassFit;
import io.github.sparkrvm.solvers.MultinomialRelevanceSolver;
import io.github.sparkrvm.solvers.OneVsRestSolver;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.RelevanceResult;
import io.github.sparkrvm.solvers.SparseBayesOptions;
import io.github.sparkrvm.solvers.SupportPrior;
import io.github.sparkrvm.solvers.SupportPriorAverage;
import io.github.sparkrvm.solvers.VariationalFit;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.util.IterationListener;
import io.github.sparkrvm.variational.PriorTable;
import io.github.sparkrvm.variational.Pruning;
import io.github.sparkrvm.variational.VariationalSolver;
import io.github.sparkrvm.variational.WeightPrior;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The fit plan's decisions, without Spark: which solver runs (its result equals the solver's own, bit for bit, on
 * the same statistics), on which path, in which variational form, with which options; and the memory refusals,
 * naming the param to change.
 */
class FitPlanTest {

  private static final long MAX_RESULT_SIZE = 1L << 30;

  private static RvmEstimator estimator(String family, String solver) {
    return new RvmEstimator().setFamily(family).setSolver(solver).setStandardization(false).setMaxBasis(40);
  }

  private static FitPlan plan(RvmEstimator e, TestData.Table data) {
    FitChoice choice = FitChoice.of(e);
    DataSummary summary = new DataSummary(new DataSummary.Columns("features", "label", "", choice.family(), 0),
        choice.linear() ? 0 : e.getMaxBasis(), e.getSeed());
    for (int i = 0; i < data.size(); i++) {
      summary.add(new TrainingRow(data.x()[i], data.t()[i], 1.0));
    }
    return FitPlan.of("test", e, choice, summary, MAX_RESULT_SIZE);
  }

  /** The statistics of the plan's basis over the (unscaled: standardization off) rows. */
  private static InMemoryStatistics stats(FitPlan plan, TestData.Table data) {
    double[] w = new double[data.size()];
    Arrays.fill(w, 1.0);
    return InMemoryStatistics.of(plan.basis(), data.x(), data.t(), w);
  }

  private static void assertSame(RelevanceFit expected, RelevanceResult actual) {
    RelevanceFit fit = assertInstanceOf(RelevanceFit.class, actual);
    assertArrayEquals(expected.active(), fit.active());
    assertArrayEquals(expected.weights(), fit.weights());
    assertArrayEquals(expected.alpha(), fit.alpha());
    assertArrayEquals(expected.logMarginalLikelihoods(), fit.logMarginalLikelihoods());
    assertEquals(expected.noisePrecision(), fit.noisePrecision());
  }

  private static void assertSame(MultiClassFit expected, RelevanceResult actual) {
    MultiClassFit fit = assertInstanceOf(MultiClassFit.class, actual);
    assertArrayEquals(expected.active(), fit.active());
    assertArrayEquals(expected.weights(), fit.weights());
    assertArrayEquals(expected.alpha(), fit.alpha());
    assertArrayEquals(expected.logMarginalLikelihoods(), fit.logMarginalLikelihoods());
  }

  @Test
  void choicesAreTypedFromTheParams() {
    FitChoice gaussian = FitChoice.of(new RvmEstimator());
    assertEquals(Family.GAUSSIAN, gaussian.family());
    assertEquals(FitChoice.Method.FAST, gaussian.method());
    assertNull(gaussian.strategy());
    assertEquals(WeightPrior.Structure.ARD, gaussian.prior());
    assertEquals(FitChoice.Form.AUTO, gaussian.form());
    FitChoice ovr = FitChoice.of(new RvmEstimator().setFamily("multinomial").setMultiClassStrategy("ovr")
        .setSolver("em").setKernel("linear"));
    assertEquals(MultiClassStrategy.OVR, ovr.strategy());
    assertTrue(ovr.oneVsRest());
    assertFalse(ovr.softmax());
    assertTrue(ovr.linear());
    FitChoice grid = FitChoice.of(new RvmEstimator().setSolver("variational").setPrior("grid-sum")
        .setVariationalForm("dual"));
    assertEquals(WeightPrior.Structure.GRID_SUM, grid.prior());
    assertEquals(FitChoice.Form.DUAL, grid.form());
    assertTrue(grid.variational());
  }

  @Test
  void gaussianEmStaysOnTheClusterAndFastGaussianRunsOnTheDriver() {
    TestData.Table data = TestData.noisySinc(40, 0.1, 3);
    FitPlan em = plan(estimator("gaussian", "em"), data);
    assertFalse(em.onDriver(), "gaussian em needs all of the Gram matrix: one pass on the cluster");
    InMemoryStatistics stats = stats(em, data);
    assertSame(GaussianRelevanceSolver.of(em.options()).fit(stats, IterationListener.none()),
        em.solver().fit(stats, IterationListener.none()));

    FitPlan fast = plan(estimator("gaussian", "fast"), data);
    assertTrue(fast.onDriver());
    assertSame(FastGaussianSolver.of(fast.options()).fit(stats, IterationListener.none()),
        fast.solver().fit(stats, IterationListener.none()));
    assertFalse(plan(estimator("gaussian", "fast").setMaxDriverDesignSizeInMB(0.0), data).onDriver(),
        "a design above maxDriverDesignSizeInMB stays on the cluster");
  }

  @Test
  void bernoulliRunsTheSolverItNames() {
    TestData.Table data = TestData.blobs(20, 2, 0.8, 5);
    for (String solver : new String[] {"em", "fast"}) {
      FitPlan plan = plan(estimator("bernoulli", solver), data);
      assertTrue(plan.onDriver(), solver);
      InMemoryStatistics stats = stats(plan, data);
      RelevanceFit direct = "em".equals(solver)
          ? BernoulliRelevanceSolver.of(plan.options()).fit(stats, IterationListener.none())
          : FastBernoulliSolver.of(plan.options()).fit(stats, IterationListener.none());
      assertSame(direct, plan.solver().fit(stats, IterationListener.none()));
    }
  }

  @Test
  void theLinearBinaryFitOnTheDriverIsAveragedOverTwoSupportPriorsAndTheOthersAreNot() {
    TestData.Table data = TestData.blobs(20, 2, 0.8, 5);
    FitPlan linear = plan(estimator("bernoulli", "fast").setKernel("linear"), data);
    assertTrue(linear.options().supportPrior().any());
    InMemoryStatistics stats = stats(linear, data);
    assertSame(BinarySupportPriorAverage.of(
        FastBernoulliSolver.twoPaths(linear.options(), LaplaceLikelihood.BERNOULLI),
        FastBernoulliSolver.twoPaths(linear.options().withSupportPrior(SupportPrior.NONE),
            LaplaceLikelihood.BERNOULLI)).fit(stats, IterationListener.none()),
        linear.solver().fit(stats, IterationListener.none()));
    // the rbf kernel's fit has no support prior: its two paths alone, as before
    FitPlan rbf = plan(estimator("bernoulli", "fast"), data);
    assertFalse(rbf.options().supportPrior().any());
    InMemoryStatistics rbfStats = stats(rbf, data);
    assertSame(FastBernoulliSolver.twoPaths(rbf.options(), LaplaceLikelihood.BERNOULLI)
        .fit(rbfStats, IterationListener.none()), rbf.solver().fit(rbfStats, IterationListener.none()));
  }

  @Test
  void poissonRunsTheLaplaceSolverItNamesWithThePoissonLikelihood() {
    TestData.Table data = CountData.logLinear(40, new double[] {0.5, 0.8, 0.0}, 7L);
    for (String solver : new String[] {"em", "fast"}) {
      FitPlan plan = plan(estimator("poisson", solver), data);
      assertTrue(plan.onDriver(), solver);
      InMemoryStatistics stats = stats(plan, data);
      RelevanceFit direct = "em".equals(solver)
          ? BernoulliRelevanceSolver.of(plan.options(), LaplaceLikelihood.POISSON, FitStart.cold())
              .fit(stats, IterationListener.none())
          : FastBernoulliSolver.of(plan.options(), LaplaceLikelihood.POISSON, FitStart.cold())
              .fit(stats, IterationListener.none());
      assertSame(direct, plan.solver().fit(stats, IterationListener.none()));
    }
  }

  @Test
  void multinomialRunsSoftmaxOrOneVsRest() {
    TestData.Table data = TestData.blobs(12, 3, 0.8, 6);
    FitPlan softmax = plan(estimator("multinomial", "fast"), data);
    assertEquals(3, softmax.numClasses());
    InMemoryStatistics stats = stats(softmax, data);
    // maxAddsPerStep auto on few rows: one add per step and two, the higher final evidence kept, both paths' passes
    MultiClassFit one = FastMultinomialSolver.of(3, softmax.options()).fit(stats, IterationListener.none());
    MultiClassFit two = FastMultinomialSolver.of(3, softmax.options().withMaxAddsPerStep(2))
        .fit(stats, IterationListener.none());
    double[] oneHistory = one.logMarginalLikelihoods();
    double[] twoHistory = two.logMarginalLikelihoods();
    boolean twoHigher = twoHistory[twoHistory.length - 1] > oneHistory[oneHistory.length - 1];
    List<Integer> steps = new ArrayList<>();
    RelevanceResult planned = softmax.solver().fit(stats, r -> steps.add(r.iteration()));
    assertSame(twoHigher ? two : one, planned);
    assertEquals(one.likelihoodPasses() + two.likelihoodPasses(), planned.likelihoodPasses());
    // the listener hears both paths, the second's steps numbered on from the first's
    assertEquals(one.iterations() + two.iterations() + 2, steps.size());
    for (int i = 1; i < steps.size(); i++) {
      assertEquals(steps.get(i - 1) + 1, steps.get(i));
    }
    // maxAddsPerStep set: the one path it names
    FitPlan single = plan(estimator("multinomial", "fast").setMaxAddsPerStep(1), data);
    assertSame(one, single.solver().fit(stats, IterationListener.none()));
    FitPlan softmaxEm = plan(estimator("multinomial", "em"), data);
    assertSame(MultinomialRelevanceSolver.of(3, softmaxEm.options()).fit(stats, IterationListener.none()),
        softmaxEm.solver().fit(stats, IterationListener.none()));
    FitPlan ovr = plan(estimator("multinomial", "em").setMultiClassStrategy("ovr").setParallelism(2), data);
    assertSame(OneVsRestSolver.of(BernoulliRelevanceSolver.of(ovr.options()), 3, 1).fit(stats,
        IterationListener.none()), ovr.solver().fit(stats, IterationListener.none()));
  }

  @Test
  void theSoftmaxRunsAtScaleFromSoftmaxAtScalePairs() {
    // 10 classes of 41 rows, every row a candidate centre with a bias: 10 × 411 = 4110 (class, basis function) pairs
    TestData.Table data = TestData.blobs(41, 10, 0.8, 7);
    // three steps (the plan is what is checked: the whole fit over 4110 pairs on the in-memory statistics takes
    // minutes)
    FitPlan softmax = plan(estimator("multinomial", "fast").setMaxBasis(410).setGamma(0.5).setMaxIter(3), data);
    assertEquals(10L * 411, 10L * softmax.basis().numCandidates());
    assertTrue(10L * softmax.basis().numCandidates() >= FitPlan.SOFTMAX_AT_SCALE_PAIRS);
    InMemoryStatistics stats = stats(softmax, data);
    // one path, two adds per step, in rounds over a shortlist
    assertEquals(AddsPolicy.SOFTMAX_AT_SCALE_ADDS, softmax.options().maxAddsPerStep());
    MultiClassFit direct = FastMultinomialSolver.atScale(10, softmax.options(), null, Placement.SHORTLIST)
        .fit(stats, IterationListener.none());
    assertSame(direct, softmax.solver().fit(stats, IterationListener.none()));
    // from AUTO_BATCH_ROWS rows on too (not 16); a value set is kept
    TestData.Table large = TestData.blobs(10_000, 10, 0.8, 7);
    assertEquals(AddsPolicy.SOFTMAX_AT_SCALE_ADDS, plan(estimator("multinomial", "fast").setMaxBasis(410).setGamma(0.5), large).options()
        .maxAddsPerStep());
    assertEquals(4, plan(estimator("multinomial", "fast").setMaxBasis(410).setGamma(0.5).setMaxAddsPerStep(4), large)
        .options().maxAddsPerStep());
    // below SOFTMAX_AT_SCALE_PAIRS the two paths of multinomialRunsSoftmaxOrOneVsRest run (3 × 37 pairs there)
  }

  @Test
  void variationalChoosesItsFormAndFloorsTheHyperprior() {
    TestData.Table data = TestData.noisySinc(30, 0.1, 4);
    // 30 centres and a bias: more basis functions than rows, so auto takes the dual form
    FitPlan dual = plan(estimator("gaussian", "variational").setMaxBasis(30), data);
    assertTrue(dual.dual());
    assertFalse(dual.onDriver(), "gaussian variational keeps the rows on the cluster; the dual form collects them");
    assertEquals(new PriorTable(WeightPrior.Structure.ARD, 30, 1, true), dual.table());
    InMemoryStatistics stats = stats(dual, data);
    SparseBayesOptions floored = new SparseBayesOptions(dual.options().maxIter(), dual.options().tol(),
        dual.options().alphaMax(), FitPlan.VARIATIONAL_HYPERPRIOR_FLOOR, FitPlan.VARIATIONAL_HYPERPRIOR_FLOOR, 1);
    // the plan's solver prunes its fit (variational.Pruning) at the candidate centres
    VariationalFit expected = Pruning.prune(VariationalSolver.of(Family.GAUSSIAN, true, floored, dual.table())
        .fit(stats, IterationListener.none()), Family.GAUSSIAN, dual.alphaMax(), dual.basis(),
        dual.scaling().applyRows(dual.centres()), Pruning.TOLERANCE);
    VariationalFit actual = assertInstanceOf(VariationalFit.class, dual.solver().fit(stats, IterationListener.none()));
    assertTrue(actual.size() < 31, "pruned: " + actual.size() + " of 31 basis functions kept");
    assertArrayEquals(expected.posterior().weights(), actual.posterior().weights());
    assertArrayEquals(expected.posterior().alpha(), actual.posterior().alpha());

    assertFalse(plan(estimator("gaussian", "variational").setMaxBasis(30).setVariationalForm("primal"), data).dual());
    assertFalse(plan(estimator("gaussian", "variational").setMaxBasis(20), data).dual(),
        "21 basis functions for 30 rows: the primal form");
    assertNull(plan(estimator("gaussian", "em"), data).table());
  }

  @Test
  void maxAddsPerStepAndGammaResolve() {
    TestData.Table data = TestData.blobs(10, 2, 0.8, 7);
    FitPlan auto = plan(estimator("bernoulli", "fast"), data);
    assertEquals(new AddsPolicy.Auto(data.size(), true).maxAddsPerStep(), auto.options().maxAddsPerStep());
    assertEquals(1, auto.options().maxAddsPerStep());
    assertEquals(5, plan(estimator("bernoulli", "fast").setMaxAddsPerStep(5), data).options().maxAddsPerStep());
    assertEquals(1.0 / data.x()[0].length, auto.gamma());
    assertEquals(3.0, plan(estimator("bernoulli", "fast").setGamma(3.0), data).gamma());
  }

  /**
   * The path and the automatic maxAddsPerStep, from N, M = 1001 candidates over d = 2 features and the driver's heap
   * (issue 20). On the driver the design takes 2 × 8 × N × M bytes beside 6 × 8 × M² (48 MB) of a step's matrices, in
   * 60% of the heap: 64,000 rows need 1.07 GB, within 60% of 8 GiB (5.15 GB) but not of 1 GiB (644 MB); 16,000 rows
   * need 304 MB, within both; 256,000 rows need 4.15 GB, within 8 GiB's share; 10⁶ rows 16.1 GB, not. The automatic
   * maxAddsPerStep is 1 below 100,000 rows of positive weight and 16 from there on, on either path.
   * maxDriverDesignSizeInMB caps the design (64,000 × 1001 doubles are 488.8 MiB), 0 keeps every fit on the cluster,
   * and so does a maxResultSize that cannot hold the collected rows (8 × N × (d + 2) bytes: 2 MB at 64,000 rows).
   */
  @Test
  void thePathAndTheAutomaticAddsFollowTheDesignAndTheHeap() {
    long gib = 1L << 30;
    double none = Double.POSITIVE_INFINITY;
    int batch = AddsPolicy.DEFAULT_MAX_ADDS_PER_STEP;
    assertPlacement(true, 1, place(64_000, 64_000, 1001, 2, true, false, none, 0, 8 * gib, gib));
    assertPlacement(false, 1, place(64_000, 64_000, 1001, 2, true, false, none, 0, gib, gib));
    assertPlacement(true, 1, place(16_000, 16_000, 1001, 2, true, false, none, 0, gib, gib));
    assertPlacement(true, batch, place(256_000, 256_000, 1001, 2, true, false, none, 0, 8 * gib,
        gib));
    assertPlacement(false, batch, place(1_000_000, 1_000_000, 1001, 2, true, false, none, 0, 8 * gib,
        gib));
    // the param caps the design; 0 keeps every fit on the cluster
    assertPlacement(false, 1, place(64_000, 64_000, 1001, 2, true, false, 488.0, 0, 8 * gib, gib));
    assertPlacement(true, 1, place(64_000, 64_000, 1001, 2, true, false, 489.0, 0, 8 * gib, gib));
    assertPlacement(false, 1, place(16_000, 16_000, 1001, 2, true, false, 0.0, 0, 8 * gib, gib));
    assertPlacement(false, batch, place(100_000, 100_000, 1001, 2, true, false, 0.0, 0, 8 * gib,
        gib));
    assertPlacement(false, 1, place(99_999, 99_999, 1001, 2, true, false, 0.0, 0, 8 * gib, gib));
    // the automatic value counts the rows of positive weight
    assertPlacement(false, 1, place(120_000, 90_000, 1001, 2, true, false, 0.0, 0, 8 * gib,
        gib));
    // the rows must fit spark.driver.maxResultSize; gaussian em never collects; a set maxAddsPerStep is kept
    assertPlacement(false, 1, place(64_000, 64_000, 1001, 2, true, false, none, 0, 8 * gib,
        1L << 20));
    assertPlacement(false, 1, place(16_000, 16_000, 1001, 2, false, false, none, 0, 8 * gib, gib));
    assertPlacement(true, 5, place(64_000, 64_000, 1001, 2, true, false, none, 5, 8 * gib, gib));
    assertPlacement(false, 1, place(1_000_000, 1_000_000, 1001, 2, true, false, none, 1, 8 * gib,
        gib));
    Placed cluster = place(64_000, 64_000, 1001, 2, true, false, none, 0, gib, gib);
    assertTrue(cluster.why().contains("488.8 MiB") && cluster.why().contains("every step passes over the cluster")
        && cluster.why().contains("1024 MiB"), cluster.why());
    assertTrue(cluster.addsWhy().contains("64000 rows over the cluster, fewer than 100000"), cluster.addsWhy());
  }

  /**
   * The fast classifier of one score runs at scale (a pilot fit, then rounds over a shortlist; one add per step
   * when maxAddsPerStep is auto) over the cluster, and on the driver from 100,000 rows, when M exceeds four
   * shortlists. Its pilot holds as many rows as the driver holds the design of, at most PILOT_ROWS and half the
   * rows; on the driver, PILOT_ROWS or half the rows; none within maxDriverDesignSizeInMB 0, nor below
   * MIN_PILOT_ROWS. The ladder's larger samples are fitted on the driver up to as many rows as it holds the design
   * of, and half the rows.
   */
  @Test
  void theFastClassifierRunsAtScaleOverTheClusterAndOnLargeData() {
    long gib = 1L << 30;
    double none = Double.POSITIVE_INFINITY;
    long pilot = Placement.PILOT_ROWS;
    Placed small = place(64_000, 64_000, 1001, 2, true, true, none, 0, 8 * gib, gib);
    assertTrue(small.onDriver() && !small.atScale() && small.pilotRows() == 0, small.why());
    Placed large = place(256_000, 256_000, 1001, 2, true, true, none, 0, 8 * gib, gib);
    assertTrue(large.onDriver() && large.atScale(), large.why());
    assertEquals(pilot, large.pilotRows());
    assertEquals(1, large.maxAddsPerStep(), large.addsWhy());
    assertTrue(large.why().contains("a pilot fit on a sample of about " + pilot + " rows, fits on 8 times larger samples"), large.why());
    Placed cluster = place(1_000_000, 1_000_000, 1001, 2, true, true, none, 0, 8 * gib,
        gib);
    assertTrue(!cluster.onDriver() && cluster.atScale(), cluster.why());
    assertEquals(pilot, cluster.pilotRows());
    // the ladder's samples up to as many rows as the driver holds the design of are fitted there: at 8 GiB, the
    // 262,144 rows after a pilot of 32,768 (at most half the rows; the largest that fits)
    assertTrue(cluster.driverRows() >= 8 * pilot && cluster.driverRows() <= 500_000, cluster.why());
    assertTrue(DriverMemory.driverDesignFits(cluster.driverRows(), 1001, 2, 8 * gib, gib));
    assertTrue(cluster.driverRows() == 500_000
        || !DriverMemory.driverDesignFits(cluster.driverRows() + 1, 1001, 2, 8 * gib, gib));
    assertTrue(cluster.why().contains("on the driver up to " + cluster.driverRows() + " rows"), cluster.why());
    assertEquals(128_000, large.driverRows(), "on the driver, every sample");
    // a 1 GiB driver holds the design of about 37,000 rows: the pilot takes PILOT_ROWS of them if it can
    Placed smallDriver = place(1_000_000, 1_000_000, 1001, 2, true, true, none, 0, gib,
        gib);
    assertTrue(smallDriver.pilotRows() > 0 && smallDriver.pilotRows() <= pilot, smallDriver.why());
    assertTrue(DriverMemory.driverDesignFits(smallDriver.pilotRows(), 1001, 2, gib, gib));
    assertEquals(Math.min(pilot, smallDriver.driverRows()), smallDriver.pilotRows());
    assertTrue(smallDriver.driverRows() < 8 * pilot, smallDriver.why());
    // over the cluster below 100,000 rows too; within maxDriverDesignSizeInMB (0: no pilot); a set maxAddsPerStep
    Placed forced = place(16_000, 16_000, 1001, 2, true, true, 0.0, 0, 8 * gib, gib);
    assertTrue(!forced.onDriver() && forced.atScale() && forced.pilotRows() == 0, forced.why());
    assertEquals(0, forced.driverRows());
    Placed capped = place(16_000, 16_000, 1001, 2, true, true, 30.0, 3, 8 * gib, gib);
    assertTrue(!capped.onDriver() && capped.atScale(), capped.why());
    assertTrue(capped.pilotRows() * 1001 * 8.0 / (1 << 20) <= 30.0 && capped.pilotRows() > 3_000, capped.why());
    assertEquals(capped.pilotRows(), capped.driverRows());
    assertEquals(3, capped.maxAddsPerStep());
    // at most M = 4 shortlists of candidates: no rounds
    int fourShortlists = 4 * Placement.SHORTLIST;
    Placed few = place(16_000, 16_000, fourShortlists, 2, true, true, 0.0, 0, 8 * gib, gib);
    assertTrue(!few.atScale() && few.pilotRows() == 0, few.why());
    assertTrue(place(16_000, 16_000, fourShortlists + 1, 2, true, true, 0.0, 0, 8 * gib, gib)
        .atScale());
  }

  private static void assertPlacement(boolean onDriver, int adds, Placed placed) {
    assertEquals(onDriver, placed.onDriver(), placed.why());
    assertEquals(adds, placed.maxAddsPerStep(), placed.addsWhy());
  }

  /** The placement of a fit and the adds policy of a binary fit of one score (cold), decided as the plan does. */
  private record Placed(Placement placement, AddsPolicy adds) {
    boolean onDriver() {
      return placement.onDriver();
    }

    boolean atScale() {
      return placement.atScale();
    }

    long pilotRows() {
      return placement.pilotRows();
    }

    long driverRows() {
      return placement.driverRows();
    }

    String why() {
      return placement.describe();
    }

    int maxAddsPerStep() {
      return adds.maxAddsPerStep();
    }

    String addsWhy() {
      return adds.describe();
    }
  }

  private static Placed place(long rows, long weightedRows, int m, int d, boolean collectable, boolean scalable,
      double maxDesignMiB, int addsParam, long heap, long maxResultSize) {
    Placement placement = Placement.of(new Placement.Inputs(rows, weightedRows, m, d, collectable, scalable,
        maxDesignMiB, heap, maxResultSize));
    return new Placed(placement, AddsPolicy.of(new AddsPolicy.Inputs(addsParam, weightedRows, placement.onDriver(),
        placement.atScale(), false, false)));
  }

  /** Three rows of many features: kernel linear makes one basis function per feature. */
  private static TestData.Table wide(int features, boolean classes) {
    SplittableRandom random = new SplittableRandom(9);
    double[][] x = new double[3][features];
    for (double[] row : x) {
      for (int j = 0; j < features; j++) {
        row[j] = random.nextDouble();
      }
    }
    return new TestData.Table(x, classes ? new double[] {0, 1, 2} : new double[] {0.5, 1.5, -1.0});
  }

  @Test
  void classFeatureBlocksBindPerClassCandidatesIntoTheSoftmaxSolvers() {
    TestData.Table data = TestData.classSpecificBlobs(10, 3, 4);
    for (String solver : new String[] {"em", "fast"}) {
      FitPlan plan = plan(estimator("multinomial", solver).setKernel("linear").setClassFeatureBlocks(3), data);
      int[][] blocks = {{0, 1, 2, 3}, {0, 4, 5, 6}, {0, 7, 8, 9}};
      assertArrayEquals(blocks, plan.classCandidates());
      InMemoryStatistics stats = stats(plan, data);
      assertSame("em".equals(solver)
          ? MultinomialRelevanceSolver.of(3, plan.options(), new FitStart.Restricted(blocks))
              .fit(stats, IterationListener.none())
          : SupportPriorAverage.of(FastMultinomialSolver.of(3, plan.options(), new FitStart.Restricted(blocks)),
              FastMultinomialSolver.of(3, plan.options().withSupportPrior(SupportPrior.NONE),
                  new FitStart.Restricted(blocks))).fit(stats, IterationListener.none()),
          plan.solver().fit(stats, IterationListener.none()));
    }
    FitPlan ovr = plan(estimator("multinomial", "em").setKernel("linear").setMultiClassStrategy("ovr")
        .setClassFeatureBlocks(3), data);
    InMemoryStatistics ovrStats = stats(ovr, data);
    int[][] blocks = {{0, 1, 2, 3}, {0, 4, 5, 6}, {0, 7, 8, 9}};
    assertSame(OneVsRestSolver.of(k -> BernoulliRelevanceSolver.of(ovr.options(), LaplaceLikelihood.BERNOULLI,
        FitStart.over(blocks[k])), 3, 1).fit(ovrStats, IterationListener.none()),
        ovr.solver().fit(ovrStats, IterationListener.none()));
    assertEquals(null, plan(estimator("multinomial", "em").setKernel("linear"), data).classCandidates());
    // em's driver memory is that of the K·(B + 1) allowed pairs: 3 blocks of 1500 features fit (4,503 weights),
    // where the plain softmax over the same 4,500 features (13,503 weights, six matrices of 1.5 GB) is refused
    TestData.Table wide = wide(4_500, true);
    assertEquals(3, plan(estimator("multinomial", "em").setKernel("linear").setClassFeatureBlocks(1_500), wide)
        .classCandidates().length);
    assertThrows(IllegalArgumentException.class, () -> plan(estimator("multinomial", "em").setKernel("linear"),
        wide));
  }

  @Test
  void refusesWhatTheDriverCannotHoldNamingTheParam() {
    // 20,001 basis functions: six 20,001² matrices are 19 GB, far beyond the tests' heap
    TestData.Table wide = wide(20_000, false);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> plan(estimator("gaussian", "em").setKernel("linear"), wide));
    // kernel linear's basis is the features: the advice says so, and not to lower maxBasis, which does not apply
    assertTrue(e.getMessage().contains("maxBasis does not apply to the linear kernel"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> plan(estimator("gaussian", "variational")
        .setKernel("linear").setVariationalForm("dual"), wide));
    assertTrue(e.getMessage().startsWith("variationalForm 'dual'"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> plan(estimator("multinomial", "em").setKernel("linear"), wide(20_000, true)));
    assertTrue(e.getMessage().contains("multiClassStrategy 'ovr'"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> plan(estimator("gaussian", "variational")
        .setKernel("linear").setPrior("grid-product").setGridShape(new int[] {3, 3}), wide(4, false)));
    assertTrue(e.getMessage().startsWith("gridShape [3, 3] does not match the basis"), e.getMessage());
  }
}
