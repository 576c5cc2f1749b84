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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.linalg.Cholesky;
import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.solvers.SequentialAction.Action;
import io.github.sparkrvm.solvers.SequentialAction.Kind;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Tipping &amp; Faul's action rule against its closed forms and against the log marginal likelihood itself. */
class SequentialActionTest {

  /**
   * ℓ(α) = ½(log α − log(α + s) + q²/(α + s)), the part of the log marginal likelihood that depends on one α
   * (Tipping &amp; Faul 2003, eq. 7), with ℓ(∞) = 0: the candidate out of the model.
   */
  private static double ell(double alpha, double s, double q) {
    return Double.isInfinite(alpha) ? 0.0 : 0.5 * (Math.log(alpha) - Math.log(alpha + s) + q * q / (alpha + s));
  }

  /**
   * An S at rounding level (10⁻¹⁷⁰, whose square underflows) makes S²/(Q² − S) round to α = 0, an infinite prior
   * variance: no add, and for an active candidate neither a re-estimate nor a delete. Just above it, the add is made.
   */
  @Test
  void anAlphaThatRoundsToZeroIsNoAction() {
    assertNull(SequentialAction.add(3, 1e-170, 1.0, 1e12));
    Action add = SequentialAction.add(3, 1e-150, 1.0, 1e12);
    assertNotNull(add);
    assertEquals(1e-300, add.alpha(), 1e-310);
    assertNull(SequentialAction.reestimateOrDelete(3, 1.0, 1e-170, 1.0, 5, 1e12));
  }

  @Test
  void anAddEntersAtTheMaximumOfEllAndGainsItsValue() {
    // inactive: S = s = 2, Q = q = 3, so α = s²/(q² − s) = 4/7 and the gain is ½((9 − 2)/2 + log(2/9))
    Action add = SequentialAction.add(5, 2.0, 3.0, 1e12);
    assertNotNull(add);
    assertEquals(Kind.ADD, add.kind());
    assertEquals(5, add.index());
    assertEquals(4.0 / 7.0, add.alpha(), 1e-15);
    assertEquals(0.5 * (3.5 + Math.log(2.0 / 9.0)), add.gain(), 1e-15);
    assertEquals(ell(4.0 / 7.0, 2.0, 3.0), add.gain(), 1e-14);
    for (double f : new double[] {0.9, 1.1}) {
      assertTrue(ell(f * add.alpha(), 2.0, 3.0) < add.gain(), "α·" + f);
    }
  }

  @Test
  void noAddWhenTheQualityDoesNotExceedTheSparsityOrAlphaWouldPassAlphaMax() {
    assertNull(SequentialAction.add(0, 4.0, 2.0, 1e12)); // q² = s: ℓ is largest at α = ∞
    assertNull(SequentialAction.add(0, 4.0, 1.0, 1e12));
    assertNull(SequentialAction.add(0, 0.0, 1.0, 1e12)); // a basis function that is zero on the data
    assertNull(SequentialAction.add(0, Double.NaN, 1.0, 1e12));
    assertNull(SequentialAction.add(0, 2.0, 3.0, 0.5)); // α = 4/7 > 0.5
  }

  @Test
  void aReestimateMovesAlphaToTheMaximumOfEllAndGainsTheDifference() {
    // active at α = 1 with s = 2, q = 3: S = αs/(α + s) = 2/3, Q = αq/(α + s) = 1
    Action action = SequentialAction.reestimateOrDelete(3, 1.0, 2.0 / 3.0, 1.0, 4, 1e12);
    assertNotNull(action);
    assertEquals(Kind.REESTIMATE, action.kind());
    assertEquals(3, action.index());
    assertEquals(4.0 / 7.0, action.alpha(), 1e-14);
    assertEquals(ell(4.0 / 7.0, 2.0, 3.0) - ell(1.0, 2.0, 3.0), action.gain(), 1e-14);
    // from α = 4/7 already, the re-estimate stays there and gains nothing
    double bigS = (4.0 / 7.0) * 2.0 / (4.0 / 7.0 + 2.0);
    double bigQ = (4.0 / 7.0) * 3.0 / (4.0 / 7.0 + 2.0);
    Action again = SequentialAction.reestimateOrDelete(3, 4.0 / 7.0, bigS, bigQ, 4, 1e12);
    assertEquals(4.0 / 7.0, again.alpha(), 1e-14);
    assertEquals(0.0, again.gain(), 1e-15);
  }

  @Test
  void aDeleteWhenTheQualityDoesNotExceedTheSparsityOrTheReestimatePassesAlphaMax() {
    // active at α = 1 with s = 3, q = 1: q² < s, S = 3/4, Q = 1/4; deleting gains ℓ(∞) − ℓ(1) = ½(log 4 − 1/4)
    Action delete = SequentialAction.reestimateOrDelete(7, 1.0, 0.75, 0.25, 2, 1e12);
    assertEquals(Kind.DELETE, delete.kind());
    assertEquals(Double.POSITIVE_INFINITY, delete.alpha());
    assertEquals(0.5 * (Math.log(4.0) - 0.25), delete.gain(), 1e-14);
    assertEquals(-ell(1.0, 3.0, 1.0), delete.gain(), 1e-14);
    // s = 2, q = 3 would re-estimate to 4/7, above an alphaMax of 0.5: deleted instead
    Action capped = SequentialAction.reestimateOrDelete(7, 1.0, 2.0 / 3.0, 1.0, 2, 0.5);
    assertEquals(Kind.DELETE, capped.kind());
    assertEquals(-ell(1.0, 2.0, 3.0), capped.gain(), 1e-14);
    // but never the last basis function
    assertNull(SequentialAction.reestimateOrDelete(7, 1.0, 0.75, 0.25, 1, 1e12));
  }

  @Test
  void anActiveCandidateWhoseSparsityIsNotBelowItsAlphaGetsNoAction() {
    // S = αs/(α + s) < α for every s > 0; S ≥ α comes from rounding, and the formulas would give s ≤ 0 (a
    // re-estimate to an arbitrary α) or divide by zero (a delete with an infinite gain)
    assertNull(SequentialAction.reestimateOrDelete(0, 1.0, 1.0, 0.5, 3, 1e12));
    assertNull(SequentialAction.reestimateOrDelete(0, 1.0, 1.3, 2.0, 3, 1e12));
    assertNull(SequentialAction.reestimateOrDelete(0, 1.0, Double.NaN, 2.0, 3, 1e12));
  }

  @Test
  void theMinimumGainIsAbsoluteForSmallObjectivesAndRelativeForLargeOnes() {
    assertEquals(1e-6, SequentialAction.minGain(-0.5), 0.0);
    assertEquals(1e-6, SequentialAction.minGain(1.0), 0.0);
    assertEquals(2e-3, SequentialAction.minGain(-2000.0), 1e-18);
    assertEquals(2e-3, SequentialAction.minGain(2000.0), 1e-18);
  }

  @Test
  void rankedListsEveryGainingActionLargestFirstAndTiesInCandidateOrder() {
    // candidates 0..5; 1 and 4 are active at α = 1
    int[] active = {1, 4};
    double[] alpha = {1.0, 1.0};
    double[] bigS = {2.0, 0.75, 2.0, 4.0, 2.0 / 3.0, Double.NaN};
    double[] bigQ = {3.0, 0.25, 3.0, 1.0, 1.0, 5.0};
    List<Action> ranked = SequentialAction.ranked(active, alpha, bigS, bigQ, -10.0, 1e12, SupportPrior.NONE, null);
    // 0 and 2: equal adds (gain ℓ(4/7; 2, 3) ≈ 0.998); 1: delete ≈ 0.568; 4: re-estimate ≈ 0.047;
    // 3: q² < s, no add; 5: skipped (NaN)
    assertEquals(4, ranked.size(), ranked.toString());
    assertEquals(0, ranked.get(0).index());
    assertEquals(2, ranked.get(1).index());
    assertEquals(Kind.ADD, ranked.get(1).kind());
    assertEquals(1, ranked.get(2).index());
    assertEquals(Kind.DELETE, ranked.get(2).kind());
    assertEquals(4, ranked.get(3).index());
    assertEquals(Kind.REESTIMATE, ranked.get(3).kind());
    // a large |objective| raises the least gain worth a step (0.7) above the delete's and the re-estimate's
    List<Action> strict = SequentialAction.ranked(active, alpha, bigS, bigQ, -7e5, 1e12, SupportPrior.NONE, null);
    assertEquals(2, strict.size(), strict.toString());
    assertTrue(strict.stream().allMatch(a -> a.kind() == Kind.ADD));
  }

  @Test
  void aSupportPriorChargesEachAddItsCostAndCreditsEachDeleteWithIt() {
    // the candidates of rankedListsEveryGainingAction…: with a cost of 0.5 nats a candidate in the model, the adds
    // gain 0.998 − 0.5, the delete 0.568 + 0.5 (now first), the re-estimate 0.047 as before
    int[] active = {1, 4};
    double[] alpha = {1.0, 1.0};
    double[] bigS = {2.0, 0.75, 2.0, 4.0, 2.0 / 3.0, Double.NaN};
    double[] bigQ = {3.0, 0.25, 3.0, 1.0, 1.0, 5.0};
    List<Action> plain = SequentialAction.ranked(active, alpha, bigS, bigQ, -10.0, 1e12, SupportPrior.NONE, null);
    List<Action> priced = SequentialAction.ranked(active, alpha, bigS, bigQ, -10.0, 1e12, new SupportPrior(0.5, 0), null);
    assertEquals(4, priced.size(), priced.toString());
    assertEquals(Kind.DELETE, priced.get(0).kind());
    assertEquals(plain.get(2).gain() + 0.5, priced.get(0).gain(), 1e-15);
    assertEquals(plain.get(0).gain() - 0.5, priced.get(1).gain(), 1e-15);
    assertEquals(plain.get(3).gain(), priced.get(3).gain(), 0.0);
    // at a cost of 1 nat no add gains (0.998 < 1): only the delete and the re-estimate are left
    List<Action> dear = SequentialAction.ranked(active, alpha, bigS, bigQ, -10.0, 1e12, new SupportPrior(1.0, 0), null);
    assertEquals(2, dear.size(), dear.toString());
    assertTrue(dear.stream().noneMatch(a -> a.kind() == Kind.ADD));
    // the cost of the risk inflation criterion: log M nats
    assertEquals(Math.log(262_144), SupportPrior.candidates(262_144).cost(), 0.0);
    assertEquals(0.0, SupportPrior.NONE.cost(), 0.0);
  }

  @Test
  void theMultiplicityPriorChargesTheNextAddLogOfTheOddsOfTheSetsSizes() {
    // a set of k of M candidates has prior 1/((M + 1) C(M, k)): the (k + 1)-th add costs
    // log C(M, k + 1) − log C(M, k) = log((M − k)/(k + 1)), a delete from k saves log((M − k + 1)/k)
    SupportPrior prior = SupportPrior.multiplicity(10);
    assertEquals(Math.log(10.0), prior.addCost(0), 1e-15);
    assertEquals(Math.log(9.0 / 2.0), prior.addCost(1), 1e-15);
    assertEquals(Math.log(6.0 / 5.0), prior.addCost(4), 1e-15);
    assertEquals(prior.addCost(1), prior.deleteSaving(2), 0.0);
    // log C(10, 3) = log 120
    assertEquals(-5.0 - Math.log(120.0), prior.penalised(-5.0, 3), 1e-12);
    assertEquals(prior.penalised(-5.0, 3) - prior.addCost(3), prior.penalised(-5.0, 4), 1e-12);
    // the candidates of rankedListsEveryGainingAction… (2 active): an add costs log(8/3), a delete saves log(9/2)
    int[] active = {1, 4};
    double[] alpha = {1.0, 1.0};
    double[] bigS = {2.0, 0.75, 2.0, 4.0, 2.0 / 3.0, Double.NaN};
    double[] bigQ = {3.0, 0.25, 3.0, 1.0, 1.0, 5.0};
    List<Action> plain = SequentialAction.ranked(active, alpha, bigS, bigQ, -10.0, 1e12, SupportPrior.NONE, null);
    List<Action> priced = SequentialAction.ranked(active, alpha, bigS, bigQ, -10.0, 1e12, prior, null);
    Action plainDelete = plain.stream().filter(a -> a.kind() == Kind.DELETE).findFirst().orElseThrow();
    Action pricedDelete = priced.stream().filter(a -> a.kind() == Kind.DELETE).findFirst().orElseThrow();
    assertEquals(plainDelete.gain() + Math.log(9.0 / 2.0), pricedDelete.gain(), 1e-15);
    Action plainAdd = plain.stream().filter(a -> a.kind() == Kind.ADD).findFirst().orElseThrow();
    Action pricedAdd = priced.stream().filter(a -> a.kind() == Kind.ADD).findFirst().orElseThrow();
    assertEquals(plainAdd.gain() - Math.log(8.0 / 3.0), pricedAdd.gain(), 1e-15);
    assertTrue(SupportPrior.multiplicity(10).any() && !SupportPrior.NONE.any());
  }

  @Test
  void aBatchTakesEveryReestimateTheBestDeleteAndAtMostMaxAddsAdds() {
    double out = Double.POSITIVE_INFINITY;
    List<Action> ranked = List.of(new Action(Kind.ADD, 3, 1.0, 9.0), new Action(Kind.DELETE, 8, out, 8.0),
        new Action(Kind.ADD, 1, 1.0, 7.0), new Action(Kind.REESTIMATE, 2, 1.0, 6.0),
        new Action(Kind.DELETE, 5, out, 5.0), new Action(Kind.ADD, 0, 1.0, 4.0),
        new Action(Kind.REESTIMATE, 6, 1.0, 3.0));
    assertEquals(List.of(3, 8, 1, 2, 6), SequentialAction.batch(ranked, 2).stream().map(Action::index).toList());
    assertEquals(List.of(3, 8, 2, 6), SequentialAction.batch(ranked, 1).stream().map(Action::index).toList());
    assertEquals(List.of(3, 8, 1, 2, 0, 6),
        SequentialAction.batch(ranked, 16).stream().map(Action::index).toList());
  }

  /** log N(t | 0, C) with C = I/β + Σ_active φφᵀ/α, computed directly (N × N). */
  private static double logMarginal(double[][] phi, double[] t, double beta, double[] alphaOf) {
    int n = t.length;
    double[] c = covariance(phi, beta, alphaOf);
    Cholesky chol = Cholesky.tryFactor(c, n).orElseThrow();
    return -0.5 * (n * Math.log(2.0 * Math.PI) + chol.logDeterminant() + DenseMatrices.dot(t, chol.solve(t)));
  }

  private static double[] covariance(double[][] phi, double beta, double[] alphaOf) {
    int n = phi[0].length;
    double[] c = new double[n * n];
    for (int i = 0; i < n; i++) {
      c[i * n + i] = 1.0 / beta;
    }
    for (int j = 0; j < phi.length; j++) {
      if (Double.isFinite(alphaOf[j])) {
        for (int a = 0; a < n; a++) {
          for (int b = 0; b < n; b++) {
            c[b * n + a] += phi[j][a] * phi[j][b] / alphaOf[j];
          }
        }
      }
    }
    return c;
  }

  @Test
  void everyPredictedGainIsTheChangeOfTheExactGaussianLogMarginalLikelihood() {
    // 8 rows, 6 random candidates, 3 of them active: S and Q from C directly, each candidate's action applied to C
    SplittableRandom random = new SplittableRandom(3);
    int n = 8;
    int m = 6;
    double[][] phi = new double[m][n];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      t[i] = random.nextGaussian();
      for (int j = 0; j < m; j++) {
        phi[j][i] = random.nextGaussian();
      }
    }
    for (int i = 0; i < n; i++) {
      t[i] += 1.5 * phi[0][i] - phi[3][i];
    }
    double beta = 4.0;
    int[] active = {0, 2, 5};
    double[] alpha = {0.4, 3.0, 50.0};
    double out = Double.POSITIVE_INFINITY;
    double[] alphaOf = {0.4, out, 3.0, out, out, 50.0};
    Cholesky chol = Cholesky.tryFactor(covariance(phi, beta, alphaOf), n).orElseThrow();
    double before = logMarginal(phi, t, beta, alphaOf);
    double[] bigS = new double[m];
    double[] bigQ = new double[m];
    for (int j = 0; j < m; j++) {
      bigS[j] = DenseMatrices.dot(phi[j], chol.solve(phi[j]));
      bigQ[j] = DenseMatrices.dot(phi[j], chol.solve(t));
    }
    List<Action> ranked = SequentialAction.ranked(active, alpha, bigS, bigQ, before, 1e12, SupportPrior.NONE, null);
    assertTrue(ranked.size() >= 3, ranked.toString());
    assertTrue(ranked.stream().anyMatch(a -> a.kind() == Kind.ADD), ranked.toString());
    assertTrue(ranked.stream().anyMatch(a -> a.kind() != Kind.ADD), ranked.toString());
    for (Action action : ranked) {
      double[] after = alphaOf.clone();
      after[action.index()] = action.alpha();
      double direct = logMarginal(phi, t, beta, after) - before;
      assertEquals(direct, action.gain(), 1e-10 * (1.0 + Math.abs(direct)), action.toString());
      assertTrue(action.gain() > 0.0);
      if (action.kind() != Kind.DELETE) {
        // and the new α is the best one for that candidate: moving it either way loses
        for (double f : new double[] {0.8, 1.25}) {
          after[action.index()] = f * action.alpha();
          assertTrue(logMarginal(phi, t, beta, after) - before < direct, action + " at α·" + f);
        }
      }
    }
    for (int i = 1; i < ranked.size(); i++) {
      assertTrue(ranked.get(i - 1).gain() >= ranked.get(i).gain());
    }
  }
}
