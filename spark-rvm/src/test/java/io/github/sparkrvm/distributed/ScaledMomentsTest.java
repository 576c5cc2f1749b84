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

package io.github.sparkrvm.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Moments of columns at any finite scale, against the closed forms and against the same data at scale 1. */
class ScaledMomentsTest {

  private static ScaledMoments of(double[][] rows, double[] weights) {
    ScaledMoments m = new ScaledMoments(rows[0].length);
    for (int i = 0; i < rows.length; i++) {
      m.add(rows[i], weights[i]);
    }
    return m;
  }

  @Test
  void theMomentsOfAKnownColumnAtEveryScale() {
    // values 1, 2, 3, 4 with weights 1, 1, 1, 2: mean 14/5, variance (1.8² + 0.8² + 0.2² + 2·1.2²)/5 = 1.36
    double[] weights = {1, 1, 1, 2};
    for (double scale : new double[] {1.0, 1e200, 1e-200, 1e300, 1e-300, Math.scalb(1.0, 664)}) {
      double[][] rows = {{1 * scale}, {2 * scale}, {3 * scale}, {4 * scale}};
      ScaledMoments m = of(rows, weights);
      assertEquals(2.8 * scale, m.mean(0), 1e-14 * 2.8 * scale, "mean at scale " + scale);
      assertEquals(Math.sqrt(1.36) * scale, m.standardDeviation(0), 1e-14 * scale, "sd at scale " + scale);
      assertEquals(5.0, m.weightSum());
    }
  }

  @Test
  void aPowerOfTwoScaleGivesExactlyTheScaledMoments() {
    SplittableRandom random = new SplittableRandom(3);
    double[][] rows = new double[50][2];
    double[] weights = new double[50];
    double big = Math.scalb(1.0, 700);
    double[][] scaled = new double[50][2];
    for (int i = 0; i < 50; i++) {
      rows[i][0] = random.nextDouble(-3, 3);
      rows[i][1] = random.nextDouble(0, 1e-3);
      weights[i] = random.nextDouble(0.5, 2);
      scaled[i][0] = rows[i][0] * big;
      scaled[i][1] = rows[i][1] / big;
    }
    ScaledMoments plain = of(rows, weights);
    ScaledMoments moved = of(scaled, weights);
    assertEquals(plain.mean(0) * big, moved.mean(0), 0.0);
    assertEquals(plain.standardDeviation(0) * big, moved.standardDeviation(0), 0.0);
    assertEquals(plain.mean(1) / big, moved.mean(1), 0.0);
    assertEquals(plain.standardDeviation(1) / big, moved.standardDeviation(1), 0.0);
  }

  @Test
  void mergedPartsEqualOnePassAndAnOutlierRaisesTheScale() {
    SplittableRandom random = new SplittableRandom(5);
    double[][] rows = new double[40][1];
    double[] weights = new double[40];
    for (int i = 0; i < 40; i++) {
      rows[i][0] = random.nextDouble(-1, 1) * (i == 30 ? 1e250 : 1e-250);
      weights[i] = 1.0;
    }
    ScaledMoments whole = of(rows, weights);
    ScaledMoments a = new ScaledMoments(1);
    ScaledMoments b = new ScaledMoments(1);
    ScaledMoments empty = new ScaledMoments(1);
    for (int i = 0; i < 40; i++) {
      (i % 3 == 0 ? a : b).add(rows[i], 1.0);
    }
    a.merge(empty);
    a.merge(b);
    assertEquals(whole.mean(0), a.mean(0), 1e-14 * Math.abs(whole.mean(0)));
    assertEquals(whole.standardDeviation(0), a.standardDeviation(0), 1e-14 * whole.standardDeviation(0));
    // one value of 1e250 among 39 of 1e-250: mean x/40, sd |x|·√39/40
    double x = rows[30][0];
    assertEquals(x / 40, whole.mean(0), 1e-14 * Math.abs(x / 40));
    assertEquals(Math.abs(x) * Math.sqrt(39) / 40, whole.standardDeviation(0), 1e-14 * Math.abs(x));
    assertTrue(Double.isFinite(whole.standardDeviation(0)));
  }

  @Test
  void zerosHaveNoScale() {
    ScaledMoments m = of(new double[][] {{0.0, 1.0}, {0.0, 1.0}}, new double[] {1, 1});
    assertEquals(0.0, m.mean(0));
    assertEquals(0.0, m.standardDeviation(0));
    assertEquals(Integer.MIN_VALUE, m.maxExponent(0));
    assertEquals(0, m.maxExponent(1));
    assertEquals(0.0, m.standardDeviation(1));
  }

  @Test
  void sparseRowsGiveTheMomentsOfTheSameRowsDense() {
    // 200 rows over 30 columns, about 10% nonzero, some added sparse, some dense, merged across two halves
    SplittableRandom random = new SplittableRandom(11);
    int n = 200;
    int d = 30;
    double[][] rows = new double[n][d];
    double[] weights = new double[n];
    for (int i = 0; i < n; i++) {
      weights[i] = random.nextDouble(0.5, 2);
      for (int j = 0; j < d; j++) {
        rows[i][j] = random.nextDouble() < 0.1 ? random.nextDouble(-5, 5) * (j == 7 ? 1e250 : 1.0) : 0.0;
      }
    }
    ScaledMoments dense = of(rows, weights);
    ScaledMoments first = new ScaledMoments(d);
    ScaledMoments second = new ScaledMoments(d);
    for (int i = 0; i < n; i++) {
      ScaledMoments to = i < n / 2 ? first : second;
      if (i % 5 == 0) {
        to.add(rows[i], weights[i]);
      } else {
        final int row = i;
        int[] idx = java.util.stream.IntStream.range(0, d).filter(j -> rows[row][j] != 0.0).toArray();
        to.addNonzeros(idx, java.util.Arrays.stream(idx).mapToDouble(j -> rows[row][j]).toArray(), weights[i]);
      }
    }
    first.merge(second);
    assertEquals(dense.weightSum(), first.weightSum(), 1e-12);
    for (int j = 0; j < d; j++) {
      double scale = Math.max(Math.abs(dense.standardDeviation(j)), Double.MIN_NORMAL);
      assertEquals(dense.mean(j), first.mean(j), 1e-12 * scale, "mean " + j);
      assertEquals(dense.standardDeviation(j), first.standardDeviation(j), 1e-12 * scale, "sd " + j);
      assertEquals(dense.maxExponent(j), first.maxExponent(j));
    }
  }
}
