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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.RowSample;
import org.junit.jupiter.api.Test;

/**
 * {@link SampledSparsity} at a posterior mode of Ripley's 1000 rows (RBF γ = 4, every row a centre: the rounds' own
 * fit), against S and Q from the full terms ({@link FastLaplaceSolver#sparsityQuality}).
 */
class SampledSparsityTest {

  private static final LocalStatistics DATA = ShortlistRoundsTest.ripley();

  private static RelevanceFit mode() {
    return ShortlistRounds.fit(ShortlistRoundsTest.likelihood(new CountingStatistics(DATA)), DATA.numCandidates(),
        SparseBayesOptions.defaults(), null, 8, ShortlistRounds.RoundSteps.BATCHED, report -> { });
  }

  private static double[][] exact(RelevanceFit fit, CandidateTerms full) {
    int k = fit.alpha().length;
    double[] precision = full.activeTerms().hessian().clone();
    for (int a = 0; a < k; a++) {
      precision[a * k + a] += fit.alpha()[a];
    }
    return FastLaplaceSolver.sparsityQuality(full,
        io.github.sparkrvm.linalg.Cholesky.factorWithJitter(precision, k).inverse(), fit.weights());
  }

  /** With every row as the sample the estimate is the exact S, and Q the exact Q at the mode. */
  @Test
  void everyRowAsTheSampleGivesTheExactSparsityAndQuality() {
    RelevanceFit fit = mode();
    CandidateTerms full = DATA.laplaceCandidates(LaplaceLikelihood.BERNOULLI, fit.active(), fit.weights());
    CandidateTerms scores = DATA.laplaceScores(LaplaceLikelihood.BERNOULLI, fit.active(), fit.weights());
    double[][] estimated = SampledSparsity.of(scores, full, fit.alpha());
    double[][] exact = exact(fit, full);
    for (int i = 0; i < DATA.numCandidates(); i++) {
      assertEquals(exact[0][i], estimated[0][i], 1e-9 * full.diagonal()[i] + 1e-12, "S of candidate " + i);
      // at the mode (found to Newton's tolerance) Q is the gradient; the IRLS form adds the residual of that tolerance
      assertEquals(exact[1][i], estimated[1][i], 1e-3 * (Math.abs(exact[1][i]) + Math.sqrt(full.diagonal()[i])),
          "Q of candidate " + i);
    }
  }

  /**
   * A scores pass has the full pass's gradient, weighted squares and log-likelihood, and no cross products; on half
   * the rows the estimated S of the candidates the active basis explains least (S at least a tenth of the weighted
   * square; 6.5% at most, measured) is within 10% of the exact, and every estimate lies in [0, D].
   */
  @Test
  void aHalfSampleEstimatesTheSparsityOfEveryCandidate() {
    RelevanceFit fit = mode();
    CandidateTerms full = DATA.laplaceCandidates(LaplaceLikelihood.BERNOULLI, fit.active(), fit.weights());
    CandidateTerms scores = DATA.laplaceScores(LaplaceLikelihood.BERNOULLI, fit.active(), fit.weights());
    org.junit.jupiter.api.Assertions.assertArrayEquals(full.gradient(), scores.gradient(), 0.0);
    org.junit.jupiter.api.Assertions.assertArrayEquals(full.diagonal(), scores.diagonal(), 0.0);
    assertEquals(full.logLikelihood(), scores.logLikelihood(), 0.0);
    assertTrue(java.util.Arrays.stream(scores.cross()).allMatch(c -> c == 0.0));
    LocalStatistics half = io.github.sparkrvm.statistics.RowCollection.of(DATA, "half").sample(new RowSample(0.5, 3L))
        .local();
    CandidateTerms sampled = half.laplaceCandidates(LaplaceLikelihood.BERNOULLI, fit.active(), fit.weights());
    double[][] estimated = SampledSparsity.of(scores, sampled, fit.alpha());
    double[][] exact = exact(fit, full);
    int compared = 0;
    for (int i = 0; i < DATA.numCandidates(); i++) {
      double d = full.diagonal()[i];
      assertTrue(estimated[0][i] >= 0.0 && estimated[0][i] <= d, "S of candidate " + i + ": " + estimated[0][i]);
      if (exact[0][i] >= 0.1 * d) {
        compared++;
        assertEquals(exact[0][i], estimated[0][i], 0.1 * exact[0][i], "S of candidate " + i);
      }
    }
    assertTrue(compared > 50, compared + " candidates compared");
  }
}
