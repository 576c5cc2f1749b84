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

import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.statistics.LeaveOneOutDensity;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The closed-form leave-one-out log density of a gaussian fit at fixed α and β against its known answer: the sum,
 * over the rows, of the log density of each row's target under the posterior refitted without it (same α, β and kept
 * basis), each refit solved from scratch by Gaussian elimination.
 */
class LeaveOneOutDensityTest {

  private static final int N = 40;
  private static final int CANDIDATES = 7;
  private static final int[] ACTIVE = {1, 3, 4, 6};
  private static final double BETA = 6.0;

  private final double[] phi = new double[N * CANDIDATES];
  private final double[] targets = new double[N];
  private final double[] rowWeights = new double[N];
  private final double[] alpha = {0.5, 2.0, 0.1, 8.0};

  LeaveOneOutDensityTest() {
    Random random = new Random(7);
    for (int i = 0; i < phi.length; i++) {
      phi[i] = random.nextGaussian();
    }
    for (int i = 0; i < N; i++) {
      targets[i] = Math.sin(phi[ACTIVE[0] * N + i]) + 0.4 * random.nextGaussian();
      rowWeights[i] = 0.5 + random.nextDouble() * 1.5;
    }
  }

  /** {@return φ of row {@code i} over the kept basis} */
  private double[] row(int i) {
    double[] r = new double[ACTIVE.length];
    for (int a = 0; a < ACTIVE.length; a++) {
      r[a] = phi[ACTIVE[a] * N + i];
    }
    return r;
  }

  /**
   * {@return the posterior over the kept basis from every row but {@code left} (−1: from every row): Σ (k × k,
   * column-major) in [0] and μ in [1]}
   */
  private double[][] posterior(int left) {
    int k = ACTIVE.length;
    double[][] precision = new double[k][k];
    double[] projection = new double[k];
    for (int a = 0; a < k; a++) {
      precision[a][a] = alpha[a];
    }
    for (int i = 0; i < N; i++) {
      if (i == left) {
        continue;
      }
      double[] r = row(i);
      double b = BETA * rowWeights[i];
      for (int a = 0; a < k; a++) {
        projection[a] += b * r[a] * targets[i];
        for (int c = 0; c < k; c++) {
          precision[a][c] += b * r[a] * r[c];
        }
      }
    }
    double[] sigma = new double[k * k];
    for (int c = 0; c < k; c++) {
      double[] unit = new double[k];
      unit[c] = 1.0;
      System.arraycopy(LinearAlgebraForTests.solve(precision, unit, null), 0, sigma, c * k, k);
    }
    double[] mean = new double[k];
    for (int a = 0; a < k; a++) {
      for (int c = 0; c < k; c++) {
        mean[a] += sigma[c * k + a] * projection[c];
      }
    }
    return new double[][] {sigma, mean};
  }

  /** {@return Σᵢ wᵢ log N(tᵢ; φᵢᵀμ₋ᵢ, 1/(β wᵢ) + φᵢᵀΣ₋ᵢφᵢ) over refits without each row} */
  private double bruteForce() {
    int k = ACTIVE.length;
    double sum = 0.0;
    for (int i = 0; i < N; i++) {
      double[][] without = posterior(i);
      double[] r = row(i);
      double mean = 0.0;
      double spread = 0.0;
      for (int a = 0; a < k; a++) {
        mean += r[a] * without[1][a];
        for (int c = 0; c < k; c++) {
          spread += r[a] * without[0][c * k + a] * r[c];
        }
      }
      double variance = 1.0 / (BETA * rowWeights[i]) + spread;
      double e = targets[i] - mean;
      sum += rowWeights[i] * (-0.5 * Math.log(2.0 * Math.PI * variance) - e * e / (2.0 * variance));
    }
    return sum;
  }

  @Test
  void equalsTheSumOverRefitsWithoutEachRow() {
    double[][] all = posterior(-1);
    InMemoryStatistics data = new InMemoryStatistics(phi, N, CANDIDATES, targets, rowWeights);
    double closed = data.pass(LeaveOneOutDensity.pass(ACTIVE, all[1], all[0], BETA)).logDensity();
    double expected = bruteForce();
    assertEquals(expected, closed, 1e-9 * Math.abs(expected));
    // and below the fit's own log density of its training rows, which saw each row
    double seen = 0.0;
    for (int i = 0; i < N; i++) {
      double[] r = row(i);
      double mean = 0.0;
      for (int a = 0; a < ACTIVE.length; a++) {
        mean += r[a] * all[1][a];
      }
      double e = targets[i] - mean;
      seen += rowWeights[i] * (0.5 * Math.log(BETA * rowWeights[i] / (2.0 * Math.PI))
          - 0.5 * BETA * rowWeights[i] * e * e);
    }
    assertTrue(closed < seen, closed + " vs " + seen);
  }

  @Test
  void blocksMergeToTheWholeSum() {
    double[][] all = posterior(-1);
    int k = ACTIVE.length;
    LeaveOneOutDensity whole = new LeaveOneOutDensity(all[1], all[0], BETA);
    LeaveOneOutDensity first = new LeaveOneOutDensity(all[1], all[0], BETA);
    LeaveOneOutDensity second = new LeaveOneOutDensity(all[1], all[0], BETA);
    double[] block = new double[N * k];
    for (int i = 0; i < N; i++) {
      for (int a = 0; a < k; a++) {
        block[a * N + i] = row(i)[a];
      }
    }
    whole.add(block, N, targets, rowWeights);
    int h = 15;
    first.add(rows(block, 0, h), h, java.util.Arrays.copyOfRange(targets, 0, h),
        java.util.Arrays.copyOfRange(rowWeights, 0, h));
    second.add(rows(block, h, N), N - h, java.util.Arrays.copyOfRange(targets, h, N),
        java.util.Arrays.copyOfRange(rowWeights, h, N));
    assertEquals(whole.logDensity(), first.merge(second).logDensity(), 1e-12 * Math.abs(whole.logDensity()));
  }

  @Test
  void theGaussianCriterionIsItLessTwoPerBasisFunctionKept() {
    double[][] all = posterior(-1);
    InMemoryStatistics data = new InMemoryStatistics(phi, N, CANDIDATES, targets, rowWeights);
    RelevanceFit fit = new RelevanceFit(ACTIVE, all[1], alpha, all[0], BETA, 3, true, new double[] {-50.0, -40.0},
        new int[] {1, ACTIVE.length}, 0);
    assertEquals(bruteForce() - 2 * ACTIVE.length, GammaCriterion.LEAVE_ONE_OUT_LESS_TWO_PER_KEPT.of(fit, data),
        1e-9 * Math.abs(bruteForce()));
    assertEquals(-40.0 - ACTIVE.length, GammaCriterion.EVIDENCE_LESS_KEPT.of(fit, data), 0.0);
  }

  @Test
  void aRowThatDecidesAWeightAloneHasNoDensity() {
    // leverage 1: β s² = 1
    assertEquals(Double.NEGATIVE_INFINITY, LeaveOneOutDensity.ofRow(1.0, 0.5, 0.25, 4.0), 0.0);
    // no leverage: the fit's own density N(t; y, 1/β)
    assertEquals(0.5 * Math.log(4.0 / (2.0 * Math.PI)) - 0.5 * 4.0 * 0.25, LeaveOneOutDensity.ofRow(1.0, 0.5, 0.0, 4.0),
        1e-15);
  }

  /** {@return rows [from, to) of the N-row column-major block} */
  private static double[] rows(double[] block, int from, int to) {
    int k = block.length / N;
    double[] out = new double[(to - from) * k];
    for (int a = 0; a < k; a++) {
      System.arraycopy(block, a * N + from, out, a * (to - from), to - from);
    }
    return out;
  }
}
