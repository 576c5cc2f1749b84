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

import io.github.sparkrvm.util.IterationListener;
import io.github.sparkrvm.util.IterationReport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Two paths, the better kept: by the last objective, the first on a tie, both paths' passes and steps told. */
class BetterOfTwoTest {

  /**
   * A path of {@code steps} steps that ends at {@code objective} after {@code passes} passes, telling its start and
   * each step as the solvers do (iteration 0 the start).
   */
  private static RelevanceSolver<RelevanceFit> path(int steps, double objective, int passes) {
    return (data, listener) -> {
      double[] history = new double[steps + 1];
      for (int i = 0; i <= steps; i++) {
        history[i] = objective * (i + 1) / (steps + 1);
        listener.onIteration(new IterationReport(i, history[i], 1, 0.0, Double.NaN, 1));
      }
      return new RelevanceFit(new int[] {0}, new double[] {1.0}, new double[] {1.0}, new double[] {1.0}, Double.NaN,
          steps, true, history, new int[steps + 1], passes);
    };
  }

  @Test
  void keepsTheHigherLastObjectiveAndCountsBothPaths() {
    List<Integer> told = new ArrayList<>();
    IterationListener listener = r -> told.add(r.iteration());
    RelevanceFit second = BetterOfTwo.of(path(2, -10.0, 3), path(3, -5.0, 4)).fit(null, listener);
    assertEquals(-5.0, second.logMarginalLikelihoods()[3]);
    assertEquals(3, second.iterations());
    assertEquals(7, second.likelihoodPasses(), "the kept fit counts both paths' passes");
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), told, "the second path's steps are numbered on from the first's");

    RelevanceFit first = BetterOfTwo.of(path(2, -5.0, 3), path(3, -10.0, 4)).fit(null, IterationListener.none());
    assertEquals(2, first.iterations());
    assertEquals(7, first.likelihoodPasses());
  }

  @Test
  void theSecondPathIsMadeOfTheFirstsFit() {
    List<RelevanceFit> handed = new ArrayList<>();
    RelevanceSolver<RelevanceFit> first = path(2, -10.0, 3);
    RelevanceFit kept = BetterOfTwo.following(first, a -> {
      handed.add(a);
      return path(3, -5.0, 4);
    }).fit(null, IterationListener.none());
    assertEquals(1, handed.size());
    assertEquals(-10.0, handed.get(0).logMarginalLikelihoods()[2], "the second path gets the first's fit");
    assertEquals(3, kept.iterations());
    assertEquals(7, kept.likelihoodPasses());
  }

  @Test
  void keepsTheFirstOnATie() {
    RelevanceSolver<RelevanceFit> a = path(2, -5.0, 0);
    RelevanceSolver<RelevanceFit> b = path(4, -5.0, 0);
    assertEquals(2, BetterOfTwo.of(a, b).fit(null, IterationListener.none()).iterations());
    assertEquals(4, BetterOfTwo.of(b, a).fit(null, IterationListener.none()).iterations());
  }
}
