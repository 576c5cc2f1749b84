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
import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The softmax fast solver at scale ({@link FastMultinomialSolver#atScale}): the flat (class, basis function) pairs in
 * rounds over a shortlist ({@link ShortlistRounds}, the binary fit's algorithm over K·M flat candidates), on three
 * Gaussian blobs (30 rows each, every row a centre, with a bias: 91 × 3 = 273 pairs) with a shortlist of 8 pairs.
 */
class SoftmaxRoundsTest {

  private static final int SHORTLIST = 8;

  private static InMemoryStatistics blobs() {
    TestData.Table train = TestData.blobs(30, 3, 0.8, 5);
    double[] centres = Arrays.stream(train.x()).flatMapToDouble(Arrays::stream).toArray();
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.5), true, 2, centres);
    double[] w = new double[train.size()];
    Arrays.fill(w, 1.0);
    return InMemoryStatistics.of(basis, train.x(), train.t(), w);
  }

  private static double last(double[] history) {
    return history[history.length - 1];
  }

  /**
   * The rounds end where the plain softmax fast solver over every pair would: started from their result, it takes no
   * step (no add, re-estimate or delete of any pair gains), with the same pairs and objective.
   */
  private static void assertFixedPointOfTheSoftmaxRule(InMemoryStatistics data, MultiClassFit fit) {
    assertTrue(fit.converged());
    MultiClassFit again = FastMultinomialSolver.of(3, SparseBayesOptions.defaults(),
        FitStart.from(new InitialState(fit.active(), fit.alpha(), fit.weights(), Double.NaN)))
        .fit(data, report -> { });
    assertEquals(0, again.iterations(), "the softmax fast solver over every pair still found a step");
    for (int p = 0; p < 3; p++) {
      assertArrayEquals(fit.active()[p], again.active()[p]);
    }
    // the same objective to the mode searches' absolute tolerance between steps (a Newton decrement of 1e-2 nats: the
    // rounds' last mode is that of a step, the restart's is found anew)
    double end = last(fit.logMarginalLikelihoods());
    assertEquals(end, again.logMarginalLikelihoods()[0], FastLaplaceSolver.NEWTON_ABSOLUTE_TOLERANCE);
  }

  private static void assertNeverDecreases(double[] history) {
    for (int i = 1; i < history.length; i++) {
      assertTrue(history[i] >= history[i - 1] - 1e-10 * (1.0 + Math.abs(history[i - 1])),
          "step " + i + ": " + history[i - 1] + " -> " + history[i]);
    }
  }

  @Test
  void roundsOverTheFlatPairsEndAtAFixedPointOfThePlainSoftmaxFit() {
    InMemoryStatistics data = blobs();
    CountingStatistics counted = new CountingStatistics(data);
    MultiClassFit fit = FastMultinomialSolver.atScale(3, SparseBayesOptions.defaults(), null, SHORTLIST)
        .fit(counted, report -> { });
    assertFixedPointOfTheSoftmaxRule(data, fit);
    assertNeverDecreases(fit.logMarginalLikelihoods());
    assertEquals(fit.iterations() + 1, fit.logMarginalLikelihoods().length);
    // more than one round, each over the pairs active at its start and at most SHORTLIST more
    assertTrue(counted.candidatePasses >= 2, counted.candidatePasses + " passes over every pair");
    assertTrue(counted.shortlistPasses > counted.candidatePasses, counted.shortlistPasses + " shortlist passes");
    int most = Arrays.stream(fit.activeCounts()).max().orElseThrow();
    for (int size : counted.shortlistSizes) {
      assertTrue(size <= most + SHORTLIST, "a shortlist pass over " + size + " pairs");
    }
    // a local maximum of the same rule as the plain fit's over every pair, reached along another path
    MultiClassFit plain = FastMultinomialSolver.of(3, SparseBayesOptions.defaults()).fit(data, report -> { });
    assertEquals(last(plain.logMarginalLikelihoods()), last(fit.logMarginalLikelihoods()), 1.0);
  }

  @Test
  void twoAddsAStepOnChordStepsEndAtAFixedPointOfThePlainSoftmaxFit() {
    // the automatic adds at scale (AddsPolicy.SOFTMAX_AT_SCALE_ADDS): batches screened at the state's mode, deletes
    // among them, and every mode search on chord steps (PosteriorMode.findByChords)
    InMemoryStatistics data = blobs();
    MultiClassFit fit = FastMultinomialSolver.atScale(3, SparseBayesOptions.defaults().withMaxAddsPerStep(2), null,
        SHORTLIST).fit(data, report -> { });
    assertFixedPointOfTheSoftmaxRule(data, fit);
    assertNeverDecreases(fit.logMarginalLikelihoods());
    MultiClassFit plain = FastMultinomialSolver.of(3, SparseBayesOptions.defaults()).fit(data, report -> { });
    assertEquals(last(plain.logMarginalLikelihoods()), last(fit.logMarginalLikelihoods()), 1.0);
  }

  @Test
  void startedFromAStateTheRoundsBeginThereAndOnlyGain() {
    // a warm start (initialModel) at scale: the rounds begin at the mode over the state's pairs at its α
    InMemoryStatistics data = blobs();
    SparseBayesOptions options = SparseBayesOptions.defaults();
    MultiClassFit small = FastMultinomialSolver.of(3, options.withMaxIter(5)).fit(data, report -> { });
    InitialState state = new InitialState(small.active(), small.alpha(), small.weights(), Double.NaN);
    MultiClassFit fit = FastMultinomialSolver.atScale(3, options, state, SHORTLIST).fit(data, report -> { });
    double[] alpha = ClassLayout.concat(small.alpha());
    PosteriorMode start = PosteriorMode.find(MultinomialRelevanceSolver.likelihood(data, small.active()), alpha,
        ClassLayout.concat(small.weights()), null);
    double atStart = start.logMarginalLikelihood(alpha);
    assertEquals(atStart, fit.logMarginalLikelihoods()[0], 1e-6 * Math.abs(atStart));
    assertEquals(small.size(), fit.activeCounts()[0]);
    assertNeverDecreases(fit.logMarginalLikelihoods());
    assertTrue(last(fit.logMarginalLikelihoods()) > atStart + 1.0, "from " + atStart + " to "
        + last(fit.logMarginalLikelihoods()));
    assertFixedPointOfTheSoftmaxRule(data, fit);
  }
}
