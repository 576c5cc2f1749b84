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

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Gaussian statistics whose Gram matrix ΦᵀWΦ is computed column by column, each column when first asked for: O(N M)
 * for a column from a design of N rows over M candidates held on the driver, where the whole matrix costs O(N M²) and
 * M² doubles. The fast solver reads the columns of the basis functions it adds and nothing else of the matrix. By
 * default every column computed is kept. Over rows kept sparse on a cluster ({@link #scoredApart}), at most
 * {@code maxColumns} are kept whole, and of the others only the Gram entries among the candidates asked for (the
 * active ones, and those the fit deleted): while the active candidates' columns are kept, S and Q come from them (one
 * dgemm, no pass); beyond, {@link #sparsityQuality} asks the rows (one pass, each candidate's Gram entries with the
 * active ones summed and scored where they are, the driver receiving S and Q only), so that the driver holds O(M + c²)
 * besides the columns kept, never the M × k columns of the active candidates. Not for concurrent use.
 */
public final class LazyGram implements GaussianColumns {

  /** Scores every candidate at a posterior: {S, Q}, as {@link GaussianColumns#sparsityQuality} defines them. */
  @FunctionalInterface
  public interface Scorer {
    /**
     * {@return {S, Q} of every candidate}
     *
     * @param active the candidates in the model, ascending
     * @param covariance Σ (k × k)
     * @param mean μ (length k)
     * @param beta β
     */
    double[][] sparsityQuality(int[] active, double[] covariance, double[] mean, double beta);
  }

  private final int m;
  private final double[] projection;
  private final double[] diagonal;
  private final double targetSquares;
  private final double targetSum;
  private final double weightSum;
  private final long count;
  private final IntFunction<double[]> columnOf;
  /** Scores the candidates apart when the active columns are not all kept; null: every column is kept. */
  private final Scorer scorer;
  private final int maxColumns;
  /** The whole columns kept, at most {@link #maxColumns}. */
  private final Map<Integer, double[]> columns = new HashMap<>();
  /** The candidates whose columns were computed, in that order. */
  private final Set<Integer> computed = new LinkedHashSet<>();
  /** The Gram entries among them, keyed by {@link #key}. */
  private final Map<Long, Double> block = new HashMap<>();

  /**
   * Over moments already computed and a way to compute a column; every column computed is kept.
   *
   * @param projection ΦᵀWt (length M)
   * @param diagonal the diagonal of ΦᵀWΦ (length M)
   * @param targetSquares tᵀWt
   * @param targetSum Σwt
   * @param weightSum Σw
   * @param count the number of rows
   * @param columnOf computes column j of ΦᵀWΦ
   */
  public LazyGram(double[] projection, double[] diagonal, double targetSquares, double targetSum, double weightSum,
      long count, IntFunction<double[]> columnOf) {
    this(projection, diagonal, targetSquares, targetSum, weightSum, count, columnOf, null, Integer.MAX_VALUE);
  }

  private LazyGram(double[] projection, double[] diagonal, double targetSquares, double targetSum, double weightSum,
      long count, IntFunction<double[]> columnOf, Scorer scorer, int maxColumns) {
    if (projection.length != diagonal.length) {
      throw new IllegalArgumentException("LazyGram: a projection of " + projection.length + " and a diagonal of "
          + diagonal.length + " candidates");
    }
    this.m = projection.length;
    this.projection = projection;
    this.diagonal = diagonal;
    this.targetSquares = targetSquares;
    this.targetSum = targetSum;
    this.weightSum = weightSum;
    this.count = count;
    this.columnOf = columnOf;
    this.scorer = scorer;
    this.maxColumns = maxColumns;
  }

  /**
   * {@return statistics over moments already computed that keep at most {@code maxColumns} whole columns and score
   * the candidates with {@code scorer} when the active ones' columns are not all kept}
   *
   * @param projection ΦᵀWt (length M)
   * @param diagonal the diagonal of ΦᵀWΦ (length M)
   * @param targetSquares tᵀWt
   * @param targetSum Σwt
   * @param weightSum Σw
   * @param count the number of rows
   * @param columnOf computes column j of ΦᵀWΦ (one pass)
   * @param scorer scores every candidate at a posterior (one pass)
   * @param maxColumns the most whole columns kept (0: none, every step scored apart)
   */
  public static LazyGram scoredApart(double[] projection, double[] diagonal, double targetSquares, double targetSum,
      double weightSum, long count, IntFunction<double[]> columnOf, Scorer scorer, int maxColumns) {
    return new LazyGram(projection, diagonal, targetSquares, targetSum, weightSum, count, columnOf, scorer,
        maxColumns);
  }

  private static long key(int i, int j) {
    return ((long) Math.min(i, j) << 32) | Math.max(i, j);
  }

  @Override
  public int numBasis() {
    return m;
  }

  @Override
  public double[] projection() {
    return projection;
  }

  @Override
  public double[] gramDiagonal() {
    return diagonal;
  }

  /**
   * Column j: kept, or computed and kept while there is room; its entries at the candidates computed so far are kept
   * in any case.
   */
  @Override
  public double[] gramColumn(int j) {
    if (j < 0 || j >= m) {
      throw new IndexOutOfBoundsException("candidate " + j + " of " + m);
    }
    double[] kept = columns.get(j);
    if (kept != null) {
      return kept;
    }
    double[] column = columnOf.apply(j);
    computed.add(j);
    if (scorer != null) {
      for (int i : computed) {
        block.put(key(i, j), column[i]);
      }
    }
    if (columns.size() < maxColumns) {
      columns.put(j, column);
    }
    return column;
  }

  /**
   * From the kept columns (both triangles averaged, as the default), or, where some are not kept, from the entries
   * among the candidates computed (a candidate not computed yet costs one pass).
   */
  @Override
  public double[] gramSubmatrix(int[] active) {
    if (Arrays.stream(active).allMatch(columns::containsKey) || scorer == null) {
      return GaussianColumns.super.gramSubmatrix(active);
    }
    for (int j : active) {
      if (!computed.contains(j)) {
        gramColumn(j);
      }
    }
    int k = active.length;
    double[] out = new double[k * k];
    for (int b = 0; b < k; b++) {
      for (int a = 0; a < k; a++) {
        out[b * k + a] = block.get(key(active[a], active[b]));
      }
    }
    return out;
  }

  /** {@return how many columns have been computed} */
  public int columnsComputed() {
    return computed.size();
  }

  /** {@return how many whole columns are kept} */
  public int columnsKept() {
    return columns.size();
  }

  /**
   * From the active candidates' columns when they fit the columns kept (those of candidates no longer active dropped
   * first; as the default), else from the scorer, S NaN for a candidate zero on the data (no action) either way.
   */
  @Override
  public double[][] sparsityQuality(int[] active, double[] covariance, double[] mean, double beta) {
    if (scorer == null || active.length <= maxColumns) {
      long missing = Arrays.stream(active).filter(j -> !columns.containsKey(j)).count();
      if (columns.size() + missing > maxColumns) {
        Set<Integer> kept = new HashSet<>();
        for (int j : active) {
          kept.add(j);
        }
        columns.keySet().retainAll(kept);
      }
      return GaussianColumns.super.sparsityQuality(active, covariance, mean, beta);
    }
    columns.clear(); // scored apart from here on while the active set is this large
    double[][] sq = scorer.sparsityQuality(active, covariance, mean, beta);
    for (int i = 0; i < m; i++) {
      if (!(diagonal[i] > 0.0)) {
        sq[0][i] = Double.NaN;
        sq[1][i] = 0.0;
      }
    }
    return sq;
  }

  @Override
  public double targetSquares() {
    return targetSquares;
  }

  @Override
  public double targetSum() {
    return targetSum;
  }

  @Override
  public double weightSum() {
    return weightSum;
  }

  @Override
  public long count() {
    return count;
  }
}
