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
import io.github.sparkrvm.statistics.LikelihoodSlope;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Chord steps in the softmax's mode search ({@link PosteriorMode#findByChords}): Newton's direction on a held Hessian,
 * each step's gradient from a pass without the Hessian, then Newton with exact terms. On three blobs (60 rows, an RBF
 * basis over 12 of them with a bias, 3 classes over their own active sets) against Newton's search to its own
 * tolerance.
 */
class PosteriorModeChordsTest {

  private static final int[][] ACTIVE = {{0, 2, 5, 9, 11}, {1, 2, 3, 7, 10}, {0, 4, 6, 12}};

  private static InMemoryStatistics blobs() {
    TestData.Table table = TestData.blobs(20, 3, 0.9, 17);
    double[] centres = Arrays.stream(table.x()).limit(12).flatMapToDouble(Arrays::stream).toArray();
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.7), true, 2, centres);
    double[] w = new double[table.size()];
    Arrays.fill(w, 1.0);
    return InMemoryStatistics.of(basis, table.x(), table.t(), w);
  }

  /** The softmax likelihood over {@link #ACTIVE}, counting its exact evaluations and its slope passes. */
  private static final class Counted implements LikelihoodEvaluator {
    private final InMemoryStatistics stats;
    int exact;
    int slopes;

    Counted(InMemoryStatistics stats) {
      this.stats = stats;
    }

    @Override
    public LikelihoodTerms at(double[] weights) {
      exact++;
      return stats.multinomial(ACTIVE, ClassLayout.split(weights, ACTIVE));
    }

    @Override
    public LikelihoodSlope slope(double[] weights) {
      slopes++;
      return stats.multinomialSlope(ACTIVE, ClassLayout.split(weights, ACTIVE));
    }
  }

  /** A tolerance on the Newton decrement below rounding: both searches go on until no step lowers the objective. */
  private static final double TO_ROUNDING = 1e-15;

  private static double[] alpha(long seed) {
    return new SplittableRandom(seed).doubles(ClassLayout.dim(ACTIVE), 0.05, 1.0).toArray();
  }

  @Test
  void theSlopePassIsTheTermsPassWithoutItsHessian() {
    InMemoryStatistics stats = blobs();
    double[] w = new SplittableRandom(3).doubles(ClassLayout.dim(ACTIVE), -1.0, 1.0).toArray();
    LikelihoodTerms terms = stats.multinomial(ACTIVE, ClassLayout.split(w, ACTIVE));
    LikelihoodSlope slope = stats.multinomialSlope(ACTIVE, ClassLayout.split(w, ACTIVE));
    // the same scores and gradient, summed by the same code (blocks merged in any order: to rounding)
    assertEquals(terms.logLikelihood(), slope.logLikelihood(), 1e-12 * Math.abs(terms.logLikelihood()));
    assertArrayEquals(terms.gradient(), slope.gradient(), 1e-12);
  }

  @Test
  void chordStepsFromAColdStartReachNewtonsMode() {
    InMemoryStatistics stats = blobs();
    double[] alpha = alpha(9);
    int dim = alpha.length;
    PosteriorMode newton = PosteriorMode.find(new Counted(stats), alpha, new double[dim], null, TO_ROUNDING,
        Double.POSITIVE_INFINITY);
    // held: the Hessian at w = 0, far from the mode (the chord steps hand over to Newton where they converge slowly)
    double[] held = stats.multinomial(ACTIVE, ClassLayout.split(new double[dim], ACTIVE)).hessian();
    PosteriorMode chords = PosteriorMode.findByChords(new Counted(stats), alpha, new double[dim], null, held,
        TO_ROUNDING, Double.POSITIVE_INFINITY);
    assertArrayEquals(newton.weights(), chords.weights(), 1e-8);
    assertEquals(newton.logMarginalLikelihood(alpha), chords.logMarginalLikelihood(alpha), 1e-8);
  }

  @Test
  void fromTheModeOfNearbyPriorsBothReachTheSameMode() {
    // a fast step's search: α re-estimated, the start the mode at the old α with its exact terms
    InMemoryStatistics stats = blobs();
    double[] before = alpha(9);
    PosteriorMode old = PosteriorMode.find(new Counted(stats), before, new double[before.length], null);
    double[] after = reestimated(before);
    PosteriorMode newton = PosteriorMode.find(new Counted(stats), after, old.weights(), old.terms(), TO_ROUNDING,
        Double.POSITIVE_INFINITY);
    PosteriorMode chords = PosteriorMode.findByChords(new Counted(stats), after, old.weights(), old.terms(), null,
        TO_ROUNDING, Double.POSITIVE_INFINITY);
    // a decrement of 1e-15 (1 + |Ψ|) leaves about 1e-6 along the weakest direction (α about 0.01) of the prior
    assertArrayEquals(newton.weights(), chords.weights(), 1e-6);
    assertEquals(newton.logMarginalLikelihood(after), chords.logMarginalLikelihood(after), 1e-8);
    // the mode's terms are exact there (Σ and the evidence are those of the exact Hessian at the returned weights)
    LikelihoodTerms there = stats.multinomial(ACTIVE, ClassLayout.split(chords.weights(), ACTIVE));
    assertArrayEquals(there.hessian(), chords.terms().hessian(), 1e-12);
  }

  @Test
  void atTheFastSolversToleranceOneExactEvaluationEndsTheSearch() {
    InMemoryStatistics stats = blobs();
    double[] before = alpha(9);
    PosteriorMode old = PosteriorMode.find(new Counted(stats), before, new double[before.length], null);
    double[] after = reestimated(before);
    Counted byNewton = new Counted(stats);
    PosteriorMode newton = PosteriorMode.find(byNewton, after, old.weights(), old.terms(),
        FastLaplaceSolver.NEWTON_TOLERANCE, FastLaplaceSolver.NEWTON_ABSOLUTE_TOLERANCE);
    Counted byChords = new Counted(stats);
    PosteriorMode chords = PosteriorMode.findByChords(byChords, after, old.weights(), old.terms(), null,
        FastLaplaceSolver.NEWTON_TOLERANCE, FastLaplaceSolver.NEWTON_ABSOLUTE_TOLERANCE);
    // both within the tolerance of the exact mode's evidence
    PosteriorMode exact = PosteriorMode.find(new Counted(stats), after, old.weights(), old.terms(), TO_ROUNDING,
        Double.POSITIVE_INFINITY);
    double evidence = exact.logMarginalLikelihood(after);
    assertEquals(evidence, newton.logMarginalLikelihood(after), FastLaplaceSolver.NEWTON_ABSOLUTE_TOLERANCE);
    assertEquals(evidence, chords.logMarginalLikelihood(after), FastLaplaceSolver.NEWTON_ABSOLUTE_TOLERANCE);
    assertTrue(byNewton.exact >= 2, byNewton.exact + " exact evaluations by Newton");
    assertEquals(1, byChords.exact, "exact evaluations with chord steps (" + byChords.slopes + " slope passes)");
  }

  /** {@return α with two priors moved as a step of the fast solver moves them} */
  private static double[] reestimated(double[] alpha) {
    double[] after = alpha.clone();
    after[3] *= 4.0;
    after[7] *= 0.25;
    return after;
  }
}
