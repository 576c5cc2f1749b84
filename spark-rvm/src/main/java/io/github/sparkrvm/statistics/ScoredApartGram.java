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

import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Gaussian statistics over rows kept sparse on a cluster, of which the driver holds O(M + c²) and a bounded cache: the
 * projection ΦᵀWt, the Gram diagonal and the targets' moments (M doubles each), the Gram entries among the c
 * candidates whose columns the fit has asked for (the active ones, and those it deleted), each column computed by one
 * pass, and up to {@code maxColumns} whole columns. While the active candidates' columns fit that cache, the
 * candidates' S and Q come from them (one dgemm, no pass, as {@link LazyGram} gives them); beyond, {@link
 * #sparsityQuality} asks the rows (one pass, each candidate's Gram entries with the active ones summed and scored
 * where they are, the driver receiving S and Q only), so that the fit goes on in O(M + k²) where the M × k columns
 * would not fit. Not for concurrent use.
 */
public final class ScoredApartGram implements GaussianColumns {

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
  private final Scorer scorer;
  private final int maxColumns;
  /** The whole columns kept, at most {@link #maxColumns}. */
  private final Map<Integer, double[]> columns = new HashMap<>();
  /** The candidates whose columns were computed, in that order. */
  private final java.util.Set<Integer> computed = new java.util.LinkedHashSet<>();
  /** The Gram entries among them, keyed by {@link #key}. */
  private final Map<Long, Double> block = new HashMap<>();

  /**
   * Over moments already computed, a way to compute a column and a way to score the candidates.
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
  public ScoredApartGram(double[] projection, double[] diagonal, double targetSquares, double targetSum,
      double weightSum, long count, IntFunction<double[]> columnOf, Scorer scorer, int maxColumns) {
    if (projection.length != diagonal.length) {
      throw new IllegalArgumentException("ScoredApartGram: a projection of " + projection.length + " and a diagonal "
          + "of " + diagonal.length + " candidates");
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
   * Column j: from the cache, or computed by a pass and kept there while it has room; its entries at the candidates
   * computed so far are kept in any case.
   */
  @Override
  public double[] gramColumn(int j) {
    if (j < 0 || j >= m) {
      throw new IndexOutOfBoundsException("candidate " + j + " of " + m);
    }
    double[] cached = columns.get(j);
    if (cached != null) {
      return cached;
    }
    double[] column = columnOf.apply(j);
    computed.add(j);
    for (int i : computed) {
      block.put(key(i, j), column[i]);
    }
    if (columns.size() < maxColumns) {
      columns.put(j, column);
    }
    return column;
  }

  /** The entries among {@code active}, from those kept; a candidate not computed yet costs one pass. */
  @Override
  public double[] gramSubmatrix(int[] active) {
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

  /** {@return how many whole columns are kept} */
  public int columnsKept() {
    return columns.size();
  }

  /** {@return how many columns have been computed} */
  public int columnsComputed() {
    return computed.size();
  }

  /**
   * From the active candidates' columns when they fit the cache (the columns of candidates no longer active dropped
   * first), else from the scorer, S NaN for a candidate zero on the data (no action) either way.
   */
  @Override
  public double[][] sparsityQuality(int[] active, double[] covariance, double[] mean, double beta) {
    if (active.length <= maxColumns) {
      long missing = java.util.Arrays.stream(active).filter(j -> !columns.containsKey(j)).count();
      if (columns.size() + missing > maxColumns) {
        java.util.Set<Integer> kept = new java.util.HashSet<>();
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
