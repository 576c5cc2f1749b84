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

package io.github.sparkrvm.basis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Cutting row blocks again: the rows in order, in the fewest blocks of sizes within one of each other. */
class RowBlockTest {

  /** Rows 0 … n−1 of 2 features (row i: i and −i), label i % 3, weight i + 1, in blocks of the given sizes. */
  private static List<RowBlock> numbered(int... sizes) {
    List<RowBlock> blocks = new ArrayList<>();
    int first = 0;
    for (int size : sizes) {
      double[] x = new double[2 * size];
      double[] t = new double[size];
      double[] w = new double[size];
      for (int j = 0; j < size; j++) {
        int i = first + j;
        x[2 * j] = i;
        x[2 * j + 1] = -i;
        t[j] = i % 3;
        w[j] = i + 1;
      }
      blocks.add(new RowBlock(size, 2, x, t, w));
      first += size;
    }
    return blocks;
  }

  private static int[] sizes(List<RowBlock> blocks) {
    return blocks.stream().mapToInt(RowBlock::size).toArray();
  }

  @Test
  void theRowsKeepTheirOrderInTheFewestEvenBlocks() {
    // 23 rows in blocks of at most 5: five blocks (23 = 5 + 5 + 5 + 4 + 4), however they came
    List<RowBlock> cut = RowBlock.recut(numbered(7, 0, 1, 15), 5);
    assertArrayEquals(new int[] {5, 5, 5, 4, 4}, sizes(cut));
    List<RowBlock> whole = numbered(23);
    assertEquals(1, RowBlock.recut(whole, 23).size());
    int row = 0;
    for (RowBlock block : cut) {
      for (int j = 0; j < block.size(); j++, row++) {
        assertArrayEquals(new double[] {row, -row}, Arrays.copyOfRange(block.features(), 2 * j, 2 * j + 2));
        assertEquals(row % 3, block.labels()[j]);
        assertEquals(row + 1, block.weights()[j]);
      }
    }
    assertEquals(23, row);
    // the cut depends on the number of rows only
    List<RowBlock> again = RowBlock.recut(numbered(1, 1, 21), 5);
    for (int b = 0; b < cut.size(); b++) {
      assertArrayEquals(cut.get(b).features(), again.get(b).features());
      assertArrayEquals(cut.get(b).labels(), again.get(b).labels());
      assertArrayEquals(cut.get(b).weights(), again.get(b).weights());
    }
  }

  @Test
  void theCanonicalOrderSortsByFeaturesThenLabelThenWeight() {
    // the same five rows, dealt into blocks in two orders (as repartition deals them): one block, the same bits
    RowBlock a = new RowBlock(3, 2, new double[] {1, 2, 0, 5, 1, 2}, new double[] {1, 0, 0}, new double[] {2, 1, 1});
    RowBlock b = new RowBlock(2, 2, new double[] {-0.0, 5, 1, 2}, new double[] {0, 1}, new double[] {1, 1});
    RowBlock c = new RowBlock(1, 2, new double[] {1, 2}, new double[] {1}, new double[] {1});
    RowBlock d = new RowBlock(4, 2, new double[] {1, 2, 1, 2, -0.0, 5, 0, 5}, new double[] {0, 1, 0, 0},
        new double[] {1, 2, 1, 1});
    RowBlock one = RowBlock.canonical(List.of(a, b));
    RowBlock two = RowBlock.canonical(List.of(c, d));
    // −0.0 before 0.0 (Double.compare), then (1, 2) by label 0 before 1, and label 1 by weight 1 before 2
    assertArrayEquals(new double[] {-0.0, 5, 0, 5, 1, 2, 1, 2, 1, 2}, one.features());
    assertArrayEquals(new double[] {0, 0, 0, 1, 1}, one.labels());
    assertArrayEquals(new double[] {1, 1, 1, 1, 2}, one.weights());
    assertArrayEquals(one.features(), two.features());
    assertArrayEquals(one.labels(), two.labels());
    assertArrayEquals(one.weights(), two.weights());
    assertEquals(0, RowBlock.canonical(numbered(0)).size());
  }

  @Test
  void edges() {
    assertEquals(List.of(), RowBlock.recut(List.of(), 4));
    assertEquals(List.of(), RowBlock.recut(numbered(0, 0), 4));
    assertArrayEquals(new int[] {4, 4}, sizes(RowBlock.recut(numbered(8), 4)));
    assertArrayEquals(new int[] {1, 1, 1}, sizes(RowBlock.recut(numbered(3), 1)));
    assertThrows(IllegalArgumentException.class, () -> RowBlock.recut(numbered(3), 0));
    List<RowBlock> mixed = new ArrayList<>(numbered(2));
    mixed.add(new RowBlock(1, 3, new double[3], new double[1], new double[1]));
    assertThrows(IllegalArgumentException.class, () -> RowBlock.recut(mixed, 2));
  }
}
