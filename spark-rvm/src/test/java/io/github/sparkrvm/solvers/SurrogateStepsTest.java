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

import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.statistics.LocalStatistics;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The fast Laplace fit in batches on the quadratic model ({@link SurrogateSteps}, {@link QuadraticModel}), on
 * Ripley's 1000 "te" rows with an RBF basis (γ = 4, {@link ShortlistRoundsTest#ripley}) over 60 of its rows as the
 * candidates (a round's shortlist).
 */
class SurrogateStepsTest {

  private static final int[] CANDIDATES = IntStream.range(0, 60).map(i -> 1 + 16 * i).toArray();

  /** The Bernoulli likelihood over {@link #CANDIDATES}, every call counted as a pass. */
  private static final class Counted implements FastLaplaceSolver.Likelihood {
    private final FastLaplaceSolver.Likelihood inner;
    int passes;

    Counted(LocalStatistics data) {
      this.inner = ClassCandidates.restrict(ShortlistRoundsTest.likelihood(new CountingStatistics(data)), CANDIDATES);
    }

    @Override
    public CandidateTerms candidates(int[] active, double[] weights) {
      passes++;
      return inner.candidates(active, weights);
    }

    @Override
    public LikelihoodTerms terms(int[] active, double[] weights) {
      passes++;
      return inner.terms(active, weights);
    }
  }

  private static double last(RelevanceFit fit) {
    return fit.logMarginalLikelihoods()[fit.logMarginalLikelihoods().length - 1];
  }

  @Test
  void theModelAtItsCentreHasTheLikelihoodsTermsAndItsGradientIsTheDerivativeOfItsValue() {
    Counted real = new Counted(ShortlistRoundsTest.ripley());
    int u = CANDIDATES.length;
    int[] all = IntStream.range(0, u).toArray();
    double[] centre = new double[u];
    centre[3] = 0.7;
    centre[20] = -1.1;
    QuadraticModel model = new QuadraticModel(real.terms(all, centre), centre);
    int[] active = {3, 20};
    double[] at = {0.7, -1.1};
    CandidateTerms exact = real.candidates(active, at);
    CandidateTerms modelled = model.candidates(active, at);
    assertEquals(exact.logLikelihood(), modelled.logLikelihood(), 1e-9 * Math.abs(exact.logLikelihood()));
    assertArrayEquals(exact.gradient(), modelled.gradient(), 1e-9);
    assertArrayEquals(exact.diagonal(), modelled.diagonal(), 1e-9);
    assertArrayEquals(exact.cross(), modelled.cross(), 1e-9);
    // away from the centre, over another active set: the gradient is the derivative of the value, and the value is
    // the likelihood's to second order (the difference is of third order in the step)
    int[] other = {3, 7, 41};
    double[] w = {0.2, 0.5, -0.3};
    LikelihoodTerms t = model.terms(other, w);
    for (int a = 0; a < other.length; a++) {
      double h = 1e-4;
      double[] up = w.clone();
      double[] down = w.clone();
      up[a] += h;
      down[a] -= h;
      double slope = (model.terms(other, up).logLikelihood() - model.terms(other, down).logLikelihood()) / (2 * h);
      assertEquals(t.gradient()[a], slope, 1e-6 * (1.0 + Math.abs(slope)));
    }
    double[] near = {0.7 + 1e-2, -1.1};
    double gap = real.terms(active, near).logLikelihood() - model.terms(active, near).logLikelihood();
    double[] nearer = {0.7 + 5e-3, -1.1};
    double halfGap = real.terms(active, nearer).logLikelihood() - model.terms(active, nearer).logLikelihood();
    // third order: halving the step divides the gap by about 8
    assertEquals(8.0, gap / halfGap, 0.5);
  }

  /**
   * On a quadratic log-likelihood the model is the likelihood itself: one batch reaches the fast solver's own fit, and
   * the model made at its mode takes no step.
   */
  @Test
  void onAQuadraticLikelihoodOneBatchIsTheFastFit() {
    Counted real = new Counted(ShortlistRoundsTest.ripley());
    int u = CANDIDATES.length;
    QuadraticModel quadratic = new QuadraticModel(real.terms(IntStream.range(0, u).toArray(), new double[u]),
        new double[u]);
    RelevanceFit plain = FastLaplaceSolver.fit(quadratic, u, SparseBayesOptions.defaults(), report -> { });
    RelevanceFit batched = SurrogateSteps.fit(quadratic, u, SparseBayesOptions.defaults(), null, false,
        report -> { });
    assertTrue(plain.iterations() > 5, plain.iterations() + " steps");
    assertEquals(1, batched.iterations());
    assertTrue(batched.converged());
    assertArrayEquals(plain.active(), batched.active());
    assertArrayEquals(plain.alpha(), batched.alpha(), 1e-6 * Arrays.stream(plain.alpha()).max().orElseThrow());
    assertEquals(last(plain), last(batched), 1e-9 * Math.abs(last(plain)));
  }

  /**
   * On the logistic likelihood the batches end at a fixed point of the fast rule over their candidates (the plain fast
   * solver started there takes no step), at the evidence of the plain fit from the same start, in fewer passes over
   * the data.
   */
  @Test
  void onTheLogisticLikelihoodTheBatchesEndAtAFixedPointOfTheFastRule() {
    LocalStatistics data = ShortlistRoundsTest.ripley();
    Counted batchedPasses = new Counted(data);
    Counted plainPasses = new Counted(data);
    int u = CANDIDATES.length;
    RelevanceFit batched = SurrogateSteps.fit(batchedPasses, u, SparseBayesOptions.defaults(), null, false,
        report -> { });
    RelevanceFit plain = FastLaplaceSolver.fit(plainPasses, u, SparseBayesOptions.defaults(), report -> { });
    assertTrue(batched.converged());
    for (int i = 1; i < batched.logMarginalLikelihoods().length; i++) {
      assertTrue(batched.logMarginalLikelihoods()[i] >= batched.logMarginalLikelihoods()[i - 1] - 1e-9);
    }
    RelevanceFit again = FastLaplaceSolver.fit(new Counted(data), u, SparseBayesOptions.defaults(),
        InitialState.of(batched.active(), batched.alpha(), batched.weights(), Double.NaN), report -> { });
    assertEquals(0, again.iterations(), "the plain fast solver still found a step");
    assertEquals(last(plain), last(batched), 1.0);
    assertTrue(batchedPasses.passes < plainPasses.passes, "batched " + batchedPasses.passes + " passes, plain "
        + plainPasses.passes);
    assertEquals(batched.likelihoodPasses(), batchedPasses.passes);
  }
}
