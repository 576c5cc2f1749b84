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

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A dense block of training rows: {@code features} is row-major (size × dim), so that it is also the column-major
 * dim × size matrix Xᵀ that BLAS reads. Labels and row weights run alongside.
 */
@DefaultSerializer(JavaSerializer.class) // Spark's Kryo (spark.serializer) cannot serialize records
public record RowBlock(int size, int dim, double[] features, double[] labels, double[] weights)
    implements Serializable {

  /**
   * Checks the sizes.
   *
   * @param size the number of rows
   * @param dim the number of features
   * @param features the rows, row-major (size × dim)
   * @param labels the labels, one per row
   * @param weights the row weights, one per row
   */
  public RowBlock {
    if (features.length != size * dim || labels.length != size || weights.length != size) {
      throw new IllegalArgumentException("RowBlock: inconsistent sizes (size " + size + ", dim " + dim
          + ", features " + features.length + ", labels " + labels.length + ", weights " + weights.length + ")");
    }
  }

  /**
   * {@return the rows of {@code blocks}, in their order, cut again into the fewest blocks of at most {@code maxRows}
   * rows, of sizes that differ by at most one (the larger first)} The cut depends on the number of rows only, not
   * on how the rows were blocked before.
   *
   * @param blocks the blocks, all of the same dim
   * @param maxRows the most rows per block (at least 1)
   */
  public static List<RowBlock> recut(List<RowBlock> blocks, int maxRows) {
    long total = 0;
    for (RowBlock block : blocks) {
      total += block.size();
    }
    List<RowBlock> out = new ArrayList<>();
    if (total == 0) {
      return out;
    }
    int d = blocks.get(0).dim();
    int source = 0;
    int from = 0;
    for (int n : cutSizes(total, maxRows)) {
      double[] x = new double[n * d];
      double[] t = new double[n];
      double[] w = new double[n];
      for (int filled = 0; filled < n; ) {
        RowBlock block = blocks.get(source);
        if (block.dim() != d) {
          throw new IllegalArgumentException("blocks of " + d + " and " + block.dim() + " features");
        }
        int take = Math.min(n - filled, block.size() - from);
        System.arraycopy(block.features(), from * d, x, filled * d, take * d);
        System.arraycopy(block.labels(), from, t, filled, take);
        System.arraycopy(block.weights(), from, w, filled, take);
        filled += take;
        from += take;
        if (from == block.size()) {
          source++;
          from = 0;
        }
      }
      out.add(new RowBlock(n, d, x, t, w));
    }
    return out;
  }

  /**
   * {@return the rows of {@code blocks} in one block, in a canonical order: ascending by their features
   * (lexicographically), then label, then weight, each compared as {@link Double#compare} does} A DataFrame's rows
   * have no order of their own ({@code repartition} deals them round-robin), and a fit sums over its rows in their
   * order: sorted, the rows collected to the driver, and every sum over them, are the same bits however the rows were
   * partitioned or ordered (rows that compare equal are equal).
   *
   * @param blocks the blocks, all of the same dim (at least one)
   */
  public static RowBlock canonical(List<RowBlock> blocks) {
    int d = blocks.get(0).dim();
    int n = 0;
    for (RowBlock block : blocks) {
      if (block.dim() != d) {
        throw new IllegalArgumentException("blocks of " + d + " and " + block.dim() + " features");
      }
      n = Math.addExact(n, block.size());
    }
    RowBlock all = recut(blocks, Math.max(n, 1)).stream().findFirst().orElse(new RowBlock(0, d, new double[0],
        new double[0], new double[0]));
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (a, b) -> compareRows(all, a, b));
    double[] x = new double[n * d];
    double[] t = new double[n];
    double[] w = new double[n];
    for (int i = 0; i < n; i++) {
      int from = order[i];
      System.arraycopy(all.features(), from * d, x, i * d, d);
      t[i] = all.labels()[from];
      w[i] = all.weights()[from];
    }
    return new RowBlock(n, d, x, t, w);
  }

  /** Compares rows a and b of {@code block} by features, then label, then weight. */
  private static int compareRows(RowBlock block, int a, int b) {
    int d = block.dim();
    for (int j = 0; j < d; j++) {
      int c = Double.compare(block.features()[a * d + j], block.features()[b * d + j]);
      if (c != 0) {
        return c;
      }
    }
    int c = Double.compare(block.labels()[a], block.labels()[b]);
    return c != 0 ? c : Double.compare(block.weights()[a], block.weights()[b]);
  }

  /**
   * {@return the sizes of the fewest blocks of at most {@code maxRows} rows that hold {@code rows} rows, within one of
   * each other, the larger first}
   *
   * @param rows the rows to cut
   * @param maxRows the most rows per block (at least 1)
   */
  public static int[] cutSizes(long rows, int maxRows) {
    if (maxRows < 1) {
      throw new IllegalArgumentException("a block holds at least one row; got " + maxRows);
    }
    int count = Math.toIntExact((rows + maxRows - 1) / maxRows);
    int[] sizes = new int[count];
    for (int b = 0; b < count; b++) {
      sizes[b] = Math.toIntExact(rows / count + (b < rows % count ? 1 : 0));
    }
    return sizes;
  }

  /**
   * {@return a block with unit weights}
   *
   * @param size the number of rows
   * @param dim the number of features
   * @param features the rows, row-major (size × dim)
   * @param labels the labels of the rows
   */
  public static RowBlock unweighted(int size, int dim, double[] features, double[] labels) {
    double[] w = new double[size];
    java.util.Arrays.fill(w, 1.0);
    return new RowBlock(size, dim, features, labels, w);
  }
}
