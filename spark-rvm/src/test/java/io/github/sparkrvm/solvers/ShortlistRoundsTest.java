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

package io.github.sparkrvm.solvers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.RowSample;
import io.github.sparkrvm.statistics.SubsetPasses;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The fast solver in rounds over a shortlist ({@link ShortlistRounds}) and at scale with a pilot fit
 * ({@link FastBernoulliSolver#atScale}), on Ripley's 1000 test rows with every row a candidate centre (M = 1001).
 */
class ShortlistRoundsTest {

  private static final int SHORTLIST = 8;

  /** Ripley's 1000 "te" rows, RBF γ = 4 with a bias, every row a centre, on the driver's statistics. */
  static LocalStatistics ripley() {
    return ripleyCentredOn(GaussianRelevanceSolverTest.flatten(TestData.ripley("te").x()));
  }

  /** Ripley's 1000 "te" rows, RBF γ = 4 with a bias and the given centres (row-major), on the driver's statistics. */
  private static LocalStatistics ripleyCentredOn(double[] centres) {
    TestData.Table table = TestData.ripley("te");
    int n = table.t().length;
    double[] x = GaussianRelevanceSolverTest.flatten(table.x());
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2, centres);
    int[] all = IntStream.range(0, basis.numCandidates()).toArray();
    double[] phi = basis.expand(RowBlock.unweighted(n, 2, x, table.t()), all);
    double[] w = new double[n];
    java.util.Arrays.fill(w, 1.0);
    return new LocalStatistics(List.of(new LocalStatistics.ExpandedBlock(n, phi, table.t(), w)), all.length);
  }

  private static RelevanceFit rounds(CountingStatistics stats, InitialState initial) {
    return ShortlistRounds.fit(likelihood(stats), stats.numCandidates(), SparseBayesOptions.defaults(), initial,
        SHORTLIST, ShortlistRounds.RoundSteps.BATCHED, report -> { });
  }

  static FastLaplaceSolver.Likelihood likelihood(CountingStatistics stats) {
    return new FastLaplaceSolver.Likelihood() {
      @Override
      public CandidateTerms candidates(int[] active, double[] weights) {
        return stats.laplaceCandidates(LaplaceLikelihood.BERNOULLI, active, weights);
      }

      @Override
      public CandidateTerms candidates(int[] active, double[] weights, int[] over) {
        return stats.laplaceCandidates(LaplaceLikelihood.BERNOULLI, active, weights, over);
      }

      @Override
      public io.github.sparkrvm.statistics.LikelihoodTerms terms(int[] active, double[] weights) {
        return stats.laplace(LaplaceLikelihood.BERNOULLI, active, weights);
      }
    };
  }

  /**
   * The rounds end where the fast solver over every candidate would: started from their result, it takes no step
   * (no add, re-estimate or delete gains), and a full pass there finds no add worth a step.
   */
  private static void assertFixedPointOfTheFastRule(LocalStatistics data, RelevanceFit fit) {
    assertTrue(fit.converged());
    RelevanceFit again = FastBernoulliSolver.of(SparseBayesOptions.defaults(), LaplaceLikelihood.BERNOULLI,
        FitStart.from(InitialState.of(fit.active(), fit.alpha(), fit.weights(), Double.NaN)))
        .fit(data, report -> { });
    assertEquals(0, again.iterations(), "the fast solver over every candidate still found a step");
    assertTrue(again.converged());
    assertArrayEquals(fit.active(), again.active());
    double[] history = fit.logMarginalLikelihoods();
    double last = history[history.length - 1];
    assertEquals(last, again.logMarginalLikelihoods()[0], 1e-6 * Math.abs(last));
    CandidateTerms full = data.laplaceCandidates(LaplaceLikelihood.BERNOULLI, fit.active(), fit.weights());
    assertEquals(0, ShortlistRounds.bestAdds(full, fit.alpha(), fit.weights(), last, 1e9, 1000, false).length);
  }

  private static void assertNeverDecreases(double[] history) {
    for (int i = 1; i < history.length; i++) {
      assertTrue(history[i] >= history[i - 1] - 1e-10 * (1.0 + Math.abs(history[i - 1])),
          "step " + i + ": " + history[i - 1] + " -> " + history[i]);
    }
  }

  /**
   * A sample's ranking checked on the rows ({@code verified} candidates scored exactly, the shortlist chosen from those
   * alone): with every candidate checked, the shortlists are the plain rounds', and so is the fit (the same steps and
   * basis functions, the evidence to rounding); with four times the shortlist checked, the fit still ends where a pass
   * over every candidate finds no add worth a step.
   */
  @Test
  void aSampledRankingCheckedOnTheRowsKeepsThePlainRoundsShortlists() {
    LocalStatistics data = ripley();
    int m = data.numCandidates();
    SparseBayesOptions options = SparseBayesOptions.defaults();
    ShortlistRounds.RoundSteps stepwise = ShortlistRounds.RoundSteps.STEPWISE;
    FastLaplaceSolver.Likelihood sample = likelihood(new CountingStatistics(data.sample(new RowSample(0.25, 3))));
    RelevanceFit plain = ShortlistRounds.fit(likelihood(new CountingStatistics(data)), m, options, null, SHORTLIST,
        stepwise, 0.0, null, 0, report -> { });
    RelevanceFit everyOne = ShortlistRounds.fit(likelihood(new CountingStatistics(data)), m, options, null,
        SHORTLIST, stepwise, 0.0, sample, m, report -> { });
    assertArrayEquals(plain.active(), everyOne.active());
    assertEquals(plain.iterations(), everyOne.iterations());
    double end = plain.logMarginalLikelihoods()[plain.logMarginalLikelihoods().length - 1];
    assertEquals(end, everyOne.logMarginalLikelihoods()[everyOne.logMarginalLikelihoods().length - 1],
        1e-9 * Math.abs(end));
    RelevanceFit checked = ShortlistRounds.fit(likelihood(new CountingStatistics(data)), m, options, null,
        SHORTLIST, stepwise, 0.0, sample, 4 * SHORTLIST, report -> { });
    assertTrue(checked.converged());
    CandidateTerms full = data.laplaceCandidates(LaplaceLikelihood.BERNOULLI, checked.active(), checked.weights());
    double[] history = checked.logMarginalLikelihoods();
    assertTrue(ShortlistRounds.bestGain(full, checked.alpha(), checked.weights(), options.alphaMax())
        <= SequentialAction.minGain(history[history.length - 1]), "an add over every candidate still gains");
  }

  @Test
  void roundsEndAtAFixedPointOfTheFastRuleOverEveryCandidate() {
    LocalStatistics data = ripley();
    CountingStatistics counted = new CountingStatistics(data);
    RelevanceFit fit = rounds(counted, null);
    assertFixedPointOfTheFastRule(data, fit);
    assertNeverDecreases(fit.logMarginalLikelihoods());
    assertEquals(fit.iterations() + 1, fit.logMarginalLikelihoods().length);
    // more than one round: every full pass but the last one started a round over a shortlist
    assertTrue(counted.candidatePasses >= 2, counted.candidatePasses + " full passes");
    // a round runs over the basis functions active at its start and at most SHORTLIST more, in batches of steps on
    // the quadratic model of the likelihood over them: its passes are over those candidates (SurrogateSteps)
    int most = java.util.Arrays.stream(fit.activeCounts()).max().orElseThrow();
    for (int size : counted.activeSizes) {
      assertTrue(size <= most + SHORTLIST, "a pass over " + size + " candidates");
    }
  }

  @Test
  void roundsReachTheEvidenceOfTheFastFitOverEveryCandidate() {
    LocalStatistics data = ripley();
    RelevanceFit fit = rounds(new CountingStatistics(data), null);
    RelevanceFit everyCandidate = FastBernoulliSolver.of(SparseBayesOptions.defaults()).fit(data, report -> { });
    double rounds = fit.logMarginalLikelihoods()[fit.iterations()];
    double plain = everyCandidate.logMarginalLikelihoods()[everyCandidate.iterations()];
    assertEquals(plain, rounds, 1.0, "log marginal likelihood: rounds " + rounds + ", every candidate " + plain);
    assertEquals(everyCandidate.size(), fit.size(), 2);
  }

  /**
   * A round opens only for an add worth it ({@link ShortlistRounds.RoundSteps#roundMinGain}): the rounds with a
   * least gain of a round follow the plain rule's path (the same objective after every step, the same shortlists) and
   * stop at the first full pass whose best add gains less than that fraction of |log marginal likelihood|, with fewer
   * full passes; the plain rule's rounds go on from there.
   */
  @Test
  void aRoundOpensOnlyForAnAddWorthIt() {
    LocalStatistics data = ripley();
    CountingStatistics plainPasses = new CountingStatistics(data);
    RelevanceFit plain = ShortlistRounds.fit(likelihood(plainPasses), data.numCandidates(),
        SparseBayesOptions.defaults(), null, SHORTLIST, ShortlistRounds.RoundSteps.BATCHED, 0.0, null, report -> { });
    double fraction = 2e-3; // 0.5 nats of Ripley's |log ML| of about 250
    CountingStatistics counted = new CountingStatistics(data);
    RelevanceFit fit = ShortlistRounds.fit(likelihood(counted), data.numCandidates(), SparseBayesOptions.defaults(),
        null, SHORTLIST, ShortlistRounds.RoundSteps.BATCHED, fraction, null, report -> { });
    assertTrue(fit.converged());
    assertTrue(counted.candidatePasses < plainPasses.candidatePasses,
        counted.candidatePasses + " full passes against the plain rule's " + plainPasses.candidatePasses);
    double[] history = fit.logMarginalLikelihoods();
    double[] plainHistory = plain.logMarginalLikelihoods();
    assertTrue(history.length < plainHistory.length);
    assertArrayEquals(history, java.util.Arrays.copyOf(plainHistory, history.length));
    double last = history[history.length - 1];
    CandidateTerms full = data.laplaceCandidates(LaplaceLikelihood.BERNOULLI, fit.active(), fit.weights());
    double best = ShortlistRounds.bestGain(full, fit.alpha(), fit.weights(), 1e9);
    assertTrue(best > 0.0 && best < fraction * Math.abs(last), "the best add gains " + best + " at " + last);
  }

  /**
   * A round that takes no step ends the rounds. From the rounds' own fixed point, a likelihood whose candidates passes
   * overstate one inactive candidate's gradient (so every full pass shortlists it with a large predicted gain) but
   * whose Laplace objective is the true one (so adding it lowers the objective and is refused): the first round moves
   * to the mode only, the second takes no step, and the rounds stop there after two full passes, at the start's basis
   * functions (they used to repeat the same full pass and round without end).
   */
  @Test
  void aRoundWithoutAStepEndsTheRounds() {
    LocalStatistics data = ripley();
    RelevanceFit plain = rounds(new CountingStatistics(data), null);
    int misleading = IntStream.range(0, data.numCandidates())
        .filter(i -> java.util.Arrays.binarySearch(plain.active(), i) < 0).findFirst().orElseThrow();
    CountingStatistics counted = new CountingStatistics(data);
    FastLaplaceSolver.Likelihood truth = likelihood(counted);
    FastLaplaceSolver.Likelihood overstated = new FastLaplaceSolver.Likelihood() {
      @Override
      public CandidateTerms candidates(int[] active, double[] weights) {
        return overstate(truth.candidates(active, weights), misleading);
      }

      @Override
      public CandidateTerms candidates(int[] active, double[] weights, int[] over) {
        return overstate(truth.candidates(active, weights, over), java.util.Arrays.binarySearch(over, misleading));
      }

      @Override
      public io.github.sparkrvm.statistics.LikelihoodTerms terms(int[] active, double[] weights) {
        return truth.terms(active, weights);
      }
    };
    RelevanceFit fit = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
        () -> ShortlistRounds.fit(overstated, data.numCandidates(), SparseBayesOptions.defaults(),
            InitialState.of(plain.active(), plain.alpha(), plain.weights(), Double.NaN), SHORTLIST,
            ShortlistRounds.RoundSteps.BATCHED, report -> { }));
    assertArrayEquals(plain.active(), fit.active());
    assertEquals(0, fit.iterations());
    assertEquals(2, counted.candidatePasses, "passes over every candidate");
  }

  /** {@return the terms with candidate {@code at}'s gradient raised by 100 (at < 0: unchanged)} */
  private static CandidateTerms overstate(CandidateTerms terms, int at) {
    if (at < 0) {
      return terms;
    }
    double[] gradient = terms.gradient().clone();
    gradient[at] += 100.0;
    return new CandidateTerms(terms.numCandidates(), terms.active(), terms.logLikelihood(), gradient,
        terms.diagonal(), terms.cross());
  }

  @Test
  void atScaleStartsFromAPilotFitOnASampleAndEndsAtAFixedPoint() {
    LocalStatistics data = ripley();
    CountingStatistics counted = new CountingStatistics(data);
    RelevanceFit fit = (RelevanceFit) FastBernoulliSolver.atScale(SparseBayesOptions.defaults(),
        LaplaceLikelihood.BERNOULLI, null, new FastBernoulliSolver.AtScale(new RowSample(0.1, 7L), 1, SHORTLIST, 0.0))
        .fit(counted, report -> { });
    // the pilot on a tenth of the rows, then a fit on 0.8 of them (the ladder's ratio 8), then every row; only the
    // pilot's sample is collected to the driver when no larger fraction is to be fitted there
    assertEquals(2, counted.samples);
    assertEquals(1, counted.collected);
    assertFixedPointOfTheFastRule(data, fit);
    assertNeverDecreases(fit.logMarginalLikelihoods());
    // the ladder's model on 80% of the rows is the start: the first step is a state of several basis functions
    assertTrue(fit.activeCounts()[0] > 1, "start of " + fit.activeCounts()[0] + " basis functions");
    // the passes over all 1000 rows: the first full pass and those of the rounds only, fewer than a cold start's
    CountingStatistics cold = new CountingStatistics(data);
    rounds(cold, null);
    assertTrue(counted.activePasses + counted.shortlistPasses < cold.activePasses + cold.shortlistPasses,
        "with the pilot " + (counted.activePasses + counted.shortlistPasses) + " passes, cold "
            + (cold.activePasses + cold.shortlistPasses));
  }

  /**
   * The fits on samples that start a fit at scale report their steps to the listener's {@code forSample} of their
   * fraction (the estimator logs them), the fit on every row to the listener itself.
   */
  @Test
  void atScaleReportsTheSamplesFitsToTheirOwnListeners() {
    java.util.Map<Double, Integer> sampled = new java.util.TreeMap<>();
    List<Integer> own = new java.util.ArrayList<>();
    io.github.sparkrvm.util.IterationListener listener = new io.github.sparkrvm.util.IterationListener() {
      @Override
      public void onIteration(io.github.sparkrvm.util.IterationReport report) {
        own.add(report.iteration());
      }

      @Override
      public io.github.sparkrvm.util.IterationListener forSample(double fraction) {
        return report -> sampled.merge(fraction, 1, Integer::sum);
      }
    };
    RelevanceFit fit = (RelevanceFit) FastBernoulliSolver.atScale(SparseBayesOptions.defaults(),
        LaplaceLikelihood.BERNOULLI, null, new FastBernoulliSolver.AtScale(new RowSample(0.1, 7L), 1, SHORTLIST, 0.0))
        .fit(new CountingStatistics(ripley()), listener);
    assertEquals(List.of(0.1, 0.8), List.copyOf(sampled.keySet()));
    assertTrue(sampled.get(0.1) > 1 && sampled.get(0.8) >= 1, sampled.toString());
    assertEquals(fit.iterations() + 1, own.size());
    assertEquals(0, own.get(0));
  }

  /**
   * A sample of at most {@code onDriver} of the rows is collected to the driver (one pass) and fitted there; the
   * driver's statistics of a sample equal the view's (BlockStatisticsTest), so the model is the one the same ladder
   * reaches with its passes over the data.
   */
  @Test
  void atScaleFitsTheLadderOnTheDriverUpToItsFraction() {
    LocalStatistics data = ripley();
    CountingStatistics viewed = new CountingStatistics(data);
    CountingStatistics held = new CountingStatistics(data);
    RelevanceFit overViews = (RelevanceFit) FastBernoulliSolver.atScale(SparseBayesOptions.defaults(),
        LaplaceLikelihood.BERNOULLI, null, new FastBernoulliSolver.AtScale(new RowSample(0.1, 7L), 1, SHORTLIST, 0.5))
        .fit(viewed, report -> { });
    RelevanceFit onDriver = (RelevanceFit) FastBernoulliSolver.atScale(SparseBayesOptions.defaults(),
        LaplaceLikelihood.BERNOULLI, null, new FastBernoulliSolver.AtScale(new RowSample(0.1, 7L), 1, SHORTLIST, 0.8))
        .fit(held, report -> { });
    assertEquals(1, viewed.collected, "the pilot only");
    assertEquals(2, held.collected, "the pilot and the fit on 0.8 of the rows");
    assertArrayEquals(overViews.active(), onDriver.active());
    assertArrayEquals(overViews.alpha(), onDriver.alpha(), 0.0);
    assertArrayEquals(overViews.logMarginalLikelihoods(), onDriver.logMarginalLikelihoods(), 0.0);
  }

  /**
   * Ranked on the pilot's cross products ({@link FastBernoulliSolver.AtScale#rankOnSample}), the rounds after the pilot
   * pass over every candidate without forming the cross products (every such pass a scores pass, none a full one),
   * and reach the evidence of the rounds ranked on every row's to within a nat, converged.
   */
  @Test
  void atScaleRanksOnTheDriversSampleWithoutCrossProductsOnEveryRow() {
    LocalStatistics data = ripley();
    CountingStatistics ranked = new CountingStatistics(data);
    RelevanceFit onSample = (RelevanceFit) FastBernoulliSolver.atScale(SparseBayesOptions.defaults(),
        LaplaceLikelihood.BERNOULLI, null,
        new FastBernoulliSolver.AtScale(new RowSample(0.1, 7L), 1, SHORTLIST, 0.5, true)).fit(ranked, report -> { });
    CountingStatistics own = new CountingStatistics(data);
    RelevanceFit onRows = (RelevanceFit) FastBernoulliSolver.atScale(SparseBayesOptions.defaults(),
        LaplaceLikelihood.BERNOULLI, null,
        new FastBernoulliSolver.AtScale(new RowSample(0.1, 7L), 1, SHORTLIST, 0.5, false)).fit(own, report -> { });
    assertTrue(onSample.converged());
    assertEquals(0, own.scorePasses);
    assertTrue(ranked.scorePasses >= 1, ranked.scorePasses + " scores passes");
    assertEquals(0, ranked.candidatePasses, "full passes over every row");
    assertTrue(own.candidatePasses >= 1, own.candidatePasses + " full passes over every row");
    double sampled = onSample.logMarginalLikelihoods()[onSample.iterations()];
    double rows = onRows.logMarginalLikelihoods()[onRows.iterations()];
    assertEquals(rows, sampled, 1.0);
  }

  /**
   * A fit started at a mode with its candidate terms known (a round after the first, scored by the full pass that
   * chose its shortlist) makes the same steps as one that searches for the mode and scores it, with the two passes
   * of that search and scoring saved.
   */
  @Test
  void aStartAtAKnownModeMakesTheSameStepsWithTwoPassesFewer() {
    LocalStatistics data = ripley();
    int m = data.numCandidates();
    RelevanceFit early = FastLaplaceSolver.fit(likelihood(new CountingStatistics(data)), m,
        SparseBayesOptions.defaults().withMaxIter(8), report -> { });
    assertTrue(!early.converged() && early.active().length > 1, "stopped after 8 steps, not converged");
    InitialState at = InitialState.of(early.active(), early.alpha(), early.weights(), Double.NaN);
    CountingStatistics searched = new CountingStatistics(data);
    RelevanceFit plain = FastLaplaceSolver.fit(likelihood(searched), m, SparseBayesOptions.defaults(), at, null,
        report -> { });
    CountingStatistics scored = new CountingStatistics(data);
    CandidateTerms known = data.laplaceCandidates(LaplaceLikelihood.BERNOULLI, early.active(), early.weights());
    RelevanceFit fromKnown = FastLaplaceSolver.fit(likelihood(scored), m, SparseBayesOptions.defaults(), at, known,
        report -> { });
    assertArrayEquals(plain.active(), fromKnown.active());
    assertArrayEquals(plain.alpha(), fromKnown.alpha(), 1e-9 * java.util.Arrays.stream(plain.alpha()).max()
        .orElse(1.0));
    assertArrayEquals(plain.logMarginalLikelihoods(), fromKnown.logMarginalLikelihoods(), 1e-9);
    assertEquals(plain.likelihoodPasses() - 2, fromKnown.likelihoodPasses());
    assertEquals(searched.activePasses + searched.candidatePasses - 2, scored.activePasses + scored.candidatePasses);
  }

  /**
   * At a state of {@link ShortlistRounds#FEWEST_TO_COMPARE} active functions, with the centre of its best add
   * appended to Ripley's rows as one more candidate (an exact copy: the same column, S, Q and gain), the shortlist
   * holds the best add and leaves its copy off, and no two of its candidates' cross products are at a cosine above
   * {@link ShortlistRounds#NEAR_COPY_COSINE}. At a state of fewer active functions, and without the rule, the
   * shortlist holds both.
   */
  @Test
  void theShortlistLeavesNearCopiesOff() {
    int m = ripley().numCandidates();
    State state = State.spread(ShortlistRounds.FEWEST_TO_COMPARE);
    int best = state.bestAdd(ripley());
    LocalStatistics withCopy = withCopyOf(best);
    int copy = m;
    CandidateTerms terms = state.terms(withCopy);
    int[] shortlist = state.shortlist(withCopy, SHORTLIST, true);
    assertEquals(SHORTLIST, shortlist.length);
    assertTrue(java.util.Arrays.binarySearch(shortlist, best) >= 0, "the best add was left off");
    assertTrue(java.util.Arrays.binarySearch(shortlist, copy) < 0, "its copy was shortlisted");
    int k = state.active().length;
    for (int i : shortlist) {
      for (int j : shortlist) {
        if (i < j) {
          double dot = 0.0;
          double ii = 0.0;
          double jj = 0.0;
          for (int a = 0; a < k; a++) {
            double ci = terms.cross()[a * (m + 1) + i];
            double cj = terms.cross()[a * (m + 1) + j];
            dot += ci * cj;
            ii += ci * ci;
            jj += cj * cj;
          }
          assertTrue(dot / Math.sqrt(ii * jj) <= ShortlistRounds.NEAR_COPY_COSINE, i + " and " + j);
        }
      }
    }
    // without the rule (the softmax's rounds): the best adds as they rank, the best add and its copy first
    assertArrayEquals(new int[] {best, copy}, state.shortlist(withCopy, 2, false));

    State few = State.spread(ShortlistRounds.FEWEST_TO_COMPARE - 1);
    int fewBest = few.bestAdd(ripley());
    assertArrayEquals(new int[] {fewBest, copy}, few.shortlist(withCopyOf(fewBest), 2, true));
  }

  /**
   * A state of {@code k} active candidates spread over Ripley's rows (the bias and every 100th centre), α = 1 and
   * w = 0: far from its mode, so that many adds gain (bestAdds scores any state, in the IRLS form).
   */
  private record State(int[] active, double[] alpha, double[] weights) {

    static State spread(int k) {
      int[] active = IntStream.range(0, k).map(a -> 100 * a).toArray();
      double[] alpha = new double[k];
      java.util.Arrays.fill(alpha, 1.0);
      return new State(active, alpha, new double[k]);
    }

    CandidateTerms terms(LocalStatistics data) {
      return data.laplaceCandidates(LaplaceLikelihood.BERNOULLI, active, weights);
    }

    int[] shortlist(LocalStatistics data, int limit, boolean nearCopiesLeftOff) {
      CandidateTerms terms = terms(data);
      return ShortlistRounds.bestAdds(terms, alpha, weights, terms.logLikelihood(), 1e9, limit, nearCopiesLeftOff);
    }

    /** {@return the add that gains most} */
    int bestAdd(LocalStatistics data) {
      int[] best = shortlist(data, 1, false);
      assertEquals(1, best.length);
      return best[0];
    }
  }

  /** {@return {@link #ripley()} with one more candidate, M: a copy of candidate {@code copied} (not the bias)} */
  private static LocalStatistics withCopyOf(int copied) {
    double[] x = GaussianRelevanceSolverTest.flatten(TestData.ripley("te").x());
    int row = copied - 1; // candidate 0 is the bias, candidate i the centre at row i − 1
    double[] centres = java.util.Arrays.copyOf(x, x.length + 2);
    centres[x.length] = x[2 * row];
    centres[x.length + 1] = x[2 * row + 1];
    return ripleyCentredOn(centres);
  }

  @Test
  void aShortlistPassEqualsTheFullPassRestricted() {
    LocalStatistics data = ripley();
    int[] active = {0, 17, 400};
    double[] weights = {0.3, -1.2, 2.0};
    int[] over = {0, 5, 17, 18, 400, 999, 1000};
    // within 1e-13 of the largest term of each kind (at most 1000 here: 1000 rows, basis values in [0, 1]), so within
    // 1e-10 of each
    SubsetPasses.assertSubsetPassIsTheFullPassRestricted(data, active, weights, over, 1e-13);
  }

  @Test
  void aRowSampleKeepsTheSameRowsWhateverTheBlocks() {
    LocalStatistics data = ripley();
    RowSample sample = new RowSample(0.25, 3L);
    LocalStatistics one = data.sample(sample);
    // the same rows cut into blocks of 300, 300 and 400
    TestData.Table table = TestData.ripley("te");
    double[] x = GaussianRelevanceSolverTest.flatten(table.x());
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2, x);
    int[] all = IntStream.range(0, basis.numCandidates()).toArray();
    List<LocalStatistics.ExpandedBlock> blocks = new java.util.ArrayList<>();
    for (int[] cut : new int[][] {{0, 300}, {300, 600}, {600, 1000}}) {
      int r = cut[1] - cut[0];
      double[] xs = java.util.Arrays.copyOfRange(x, 2 * cut[0], 2 * cut[1]);
      double[] ts = java.util.Arrays.copyOfRange(table.t(), cut[0], cut[1]);
      double[] ws = new double[r];
      java.util.Arrays.fill(ws, 1.0);
      blocks.add(new LocalStatistics.ExpandedBlock(r, basis.expand(RowBlock.unweighted(r, 2, xs, ts), all), ts, ws));
    }
    LocalStatistics three = new LocalStatistics(blocks, all.length).sample(sample);
    assertEquals(one.rows(), three.rows());
    // 1000 rows kept with probability ¼: 250 ± 4 standard deviations (13.7)
    assertEquals(250.0, one.rows(), 4 * Math.sqrt(1000 * 0.25 * 0.75));
    int[] active = {0, 3};
    double[] weights = {0.5, 1.0};
    assertEquals(one.laplace(LaplaceLikelihood.BERNOULLI, active, weights).logLikelihood(),
        three.laplace(LaplaceLikelihood.BERNOULLI, active, weights).logLikelihood(), 1e-9);
  }
}
