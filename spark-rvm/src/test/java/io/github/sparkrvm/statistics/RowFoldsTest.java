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

package io.github.sparkrvm.statistics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.basis.RowBlock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Seeded folds of rows: a row's fold is its own (its values, label and the seed), however the rows are blocked. */
class RowFoldsTest {

  private static final int N = 300;
  private static final int DIM = 3;

  private final double[][] x = new double[N][DIM];
  private final double[] t = new double[N];

  RowFoldsTest() {
    Random random = new Random(3);
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < DIM; j++) {
        x[i][j] = random.nextGaussian();
      }
      t[i] = random.nextGaussian();
    }
  }

  /** {@return rows {@code order} of the table, cut into blocks of at most {@code per} rows} */
  private List<RowBlock> blocks(List<Integer> order, int per) {
    List<RowBlock> out = new ArrayList<>();
    for (int from = 0; from < order.size(); from += per) {
      int n = Math.min(per, order.size() - from);
      double[] f = new double[n * DIM];
      double[] l = new double[n];
      for (int i = 0; i < n; i++) {
        System.arraycopy(x[order.get(from + i)], 0, f, i * DIM, DIM);
        l[i] = t[order.get(from + i)];
      }
      out.add(RowBlock.unweighted(n, DIM, f, l));
    }
    return out;
  }

  private static List<Integer> inOrder() {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      order.add(i);
    }
    return order;
  }

  @Test
  void aRowKeepsItsFoldHoweverTheRowsAreBlockedOrOrdered() {
    RowFolds folds = new RowFolds(3, 42L);
    int[] whole = folds.of(blocks(inOrder(), N));
    assertArrayEquals(whole, folds.of(blocks(inOrder(), 7)), "blocks of 7 rows");
    List<Integer> shuffled = inOrder();
    Collections.shuffle(shuffled, new Random(9));
    int[] moved = folds.of(blocks(shuffled, 16));
    for (int i = 0; i < N; i++) {
      assertEquals(whole[shuffled.get(i)], moved[i], "row " + shuffled.get(i));
    }
  }

  @Test
  void everyFoldHoldsAboutItsShareAndTheSeedDecides() {
    int[] fold = new RowFolds(3, 42L).of(blocks(inOrder(), 50));
    int[] count = new int[3];
    for (int f : fold) {
      assertTrue(f >= 0 && f < 3, "fold " + f);
      count[f]++;
    }
    for (int c : count) {
      // a binomial(300, 1/3) count: mean 100, standard deviation 8.2; 60 is 4.9 deviations below
      assertTrue(c > 60 && c < 140, Arrays.toString(count));
    }
    assertNotEquals(Arrays.toString(fold), Arrays.toString(new RowFolds(3, 43L).of(blocks(inOrder(), 50))));
    assertArrayEquals(fold, new RowFolds(3, 42L).of(blocks(inOrder(), 50)), "the same seed, the same folds");
  }

  @Test
  void equalRowsFallTogetherAndAFoldIsTheRowSamplesHash() {
    RowFolds folds = new RowFolds(5, 1L);
    RowBlock twice = RowBlock.unweighted(2, DIM, new double[] {1, -0.0, 2, 1, 0.0, 2}, new double[] {4, 4});
    assertEquals(folds.foldOf(twice, 0), folds.foldOf(twice, 1), "−0 and 0 alike");
    long hash = RowSample.hash(1L, new double[] {1, 0, 2}, 0, DIM, 1, 4.0);
    assertEquals((int) Math.floorMod(hash, 5L), folds.foldOf(twice, 0));
    assertThrows(IllegalArgumentException.class, () -> new RowFolds(1, 1L));
  }
}
