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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The solvers' initial state and held noise, on the statistics of a driver-side design (no Spark). */
class InitialStateTest {

  private static InMemoryStatistics sinc() {
    TestData.Table t = TestData.noisySinc(80, 0.1, 9);
    double[] centres = TestData.flatten(t.x());
    BasisFunctions basis = BasisFunctions.of(new Kernel.Rbf(0.1), true, 1, centres);
    double[] w = new double[t.size()];
    java.util.Arrays.fill(w, 1.0);
    return InMemoryStatistics.of(basis, t.x(), t.t(), w);
  }

  private static SparseBayesOptions tight() {
    return new SparseBayesOptions(1000, 1e-8, 1e9, 0.0, 0.0, 1);
  }

  /** A fit's end is a fixed point: started there, either gaussian solver stops at once with the same weights. */
  @Test
  void aGaussianFitStartedAtItsEndStaysThere() {
    InMemoryStatistics stats = sinc();
    for (boolean fast : new boolean[] {false, true}) {
      RelevanceSolver<RelevanceFit> cold = fast ? FastGaussianSolver.of(tight()) : GaussianRelevanceSolver.of(tight());
      RelevanceFit end = cold.fit(stats, IterationListener.none());
      InitialState start = InitialState.of(end.active(), end.alpha(), end.weights(), end.noisePrecision());
      RelevanceSolver<RelevanceFit> warm = fast ? FastGaussianSolver.of(tight(), start)
          : GaussianRelevanceSolver.of(tight(), start);
      RelevanceFit again = warm.fit(stats, IterationListener.none());
      assertTrue(again.iterations() <= 2, (fast ? "fast" : "em") + ": " + again.iterations() + " steps");
      assertArrayEquals(end.active(), again.active());
      for (int i = 0; i < end.weights().length; i++) {
        assertEquals(end.weights()[i], again.weights()[i], 1e-6 * Math.max(1.0, Math.abs(end.weights()[i])));
      }
      assertEquals(end.activeCounts()[end.activeCounts().length - 1], again.activeCounts()[0]);
    }
  }

  /** With β held, every step reports it and the fit ends with it; the classic solver's objective never falls. */
  @Test
  void aHeldNoiseNeverMoves() {
    InMemoryStatistics stats = sinc();
    for (boolean fast : new boolean[] {false, true}) {
      List<Double> betas = new ArrayList<>();
      SparseBayesOptions held = tight().withNoisePrecision(70.0);
      assertTrue(held.noiseFixed());
      RelevanceSolver<RelevanceFit> solver = fast ? FastGaussianSolver.of(held) : GaussianRelevanceSolver.of(held);
      RelevanceFit fit = solver.fit(stats, r -> betas.add(r.noisePrecision()));
      assertEquals(70.0, fit.noisePrecision(), 0.0);
      assertEquals(fit.iterations() + 1, betas.size());
      assertTrue(betas.stream().allMatch(b -> b == 70.0), betas.toString());
      double[] objective = fit.logMarginalLikelihoods();
      for (int i = 1; i < objective.length; i++) {
        assertTrue(objective[i] >= objective[i - 1] - 1e-9 * (1 + Math.abs(objective[i - 1])), "step " + i);
      }
    }
  }

  @Test
  void anInconsistentStateIsRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> InitialState.of(new int[] {2, 1}, new double[] {1, 1}, new double[] {0, 0}, Double.NaN));
    assertThrows(IllegalArgumentException.class,
        () -> InitialState.of(new int[] {1}, new double[] {0.0}, new double[] {0}, Double.NaN));
    assertThrows(IllegalArgumentException.class,
        () -> InitialState.of(new int[] {1}, new double[] {1, 2}, new double[] {0}, Double.NaN));
    InitialState two = new InitialState(new int[][] {{0}, {1}}, new double[][] {{1}, {2}}, new double[][] {{0}, {0}},
        Double.NaN);
    assertArrayEquals(new int[] {0, 5}, two.flatActive(2, 4));
    assertThrows(IllegalArgumentException.class, () -> two.flatActive(3, 4));
    assertThrows(IllegalArgumentException.class, () -> two.singleActive(4));
    assertThrows(IllegalArgumentException.class, () -> InitialState.of(new int[] {7}, new double[] {1},
        new double[] {0}, Double.NaN).singleActive(4));
    assertThrows(IllegalArgumentException.class, () -> tight().withNoisePrecision(-1.0));
    assertThrows(IllegalArgumentException.class, () -> tight().withNoisePrecision(Double.NaN));
  }
}
