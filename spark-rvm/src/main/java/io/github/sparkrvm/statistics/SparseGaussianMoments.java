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

import java.io.Serializable;

/**
 * Accumulates, over blocks of sparse rows ({@link SparseRowBlock}, the linear kernel), what the fast Gaussian solver
 * reads besides the columns of the Gram matrix: ΦᵀWt, the diagonal of ΦᵀWΦ and the targets' weighted moments, in
 * O(nonzeros); and, on its own pass, one column of ΦᵀWΦ ({@link #column}). M doubles each, never M × M.
 */
public final class SparseGaussianMoments implements Serializable {

  private static final long serialVersionUID = 1L;

  private final double[] projection;
  private final double[] diagonal;
  private double targetSquares;
  private double targetSum;
  private double weightSum;
  private long count;

  /**
   * Empty moments over {@code numCandidates} candidates.
   *
   * @param numCandidates M
   */
  public SparseGaussianMoments(int numCandidates) {
    projection = new double[numCandidates];
    diagonal = new double[numCandidates];
  }

  /**
   * Adds a block.
   *
   * @param block the rows
   * @param targets their targets
   * @return these moments
   */
  public SparseGaussianMoments add(SparseRowBlock block, double[] targets) {
    int[] start = block.start();
    int[] index = block.index();
    double[] value = block.value();
    double[] w = block.weights();
    for (int i = 0; i < block.size(); i++) {
      double wt = w[i] * targets[i];
      targetSquares += wt * targets[i];
      targetSum += wt;
      weightSum += w[i];
      for (int e = start[i]; e < start[i + 1]; e++) {
        projection[index[e]] += value[e] * wt;
        diagonal[index[e]] += w[i] * value[e] * value[e];
      }
    }
    count += block.size();
    return this;
  }

  /**
   * Adds other rows' moments.
   *
   * @param other moments over the same candidates
   * @return these moments
   */
  public SparseGaussianMoments merge(SparseGaussianMoments other) {
    for (int j = 0; j < projection.length; j++) {
      projection[j] += other.projection[j];
      diagonal[j] += other.diagonal[j];
    }
    targetSquares += other.targetSquares;
    targetSum += other.targetSum;
    weightSum += other.weightSum;
    count += other.count;
    return this;
  }

  /**
   * {@return these moments with the Gram matrix's columns computed by {@code columnOf} when the solver asks for them
   * (up to {@code maxColumns} kept whole, the rest at the candidates asked for only) and the candidates scored from
   * the kept columns or by {@code scorer}}
   *
   * @param columnOf column j of ΦᵀWΦ (a pass of {@link #column} over the data)
   * @param scorer S and Q of every candidate (a pass that scores them apart)
   * @param maxColumns the most whole columns kept ({@link LazyGram#scoredApart})
   */
  public LazyGram scoredApart(java.util.function.IntFunction<double[]> columnOf, LazyGram.Scorer scorer,
      int maxColumns) {
    return LazyGram.scoredApart(projection, diagonal, targetSquares, targetSum, weightSum, count, columnOf, scorer,
        maxColumns);
  }

  /**
   * Adds the block's part of column j of ΦᵀWΦ, Σ over the rows that hold candidate j of wₙ φⱼ(xₙ) φ(xₙ), to
   * {@code column} (O(nonzeros of those rows)).
   *
   * @param block the rows
   * @param j the candidate
   * @param column the column so far (length M)
   * @return the column
   */
  public static double[] column(SparseRowBlock block, int j, double[] column) {
    int[] start = block.start();
    int[] index = block.index();
    double[] value = block.value();
    double[] w = block.weights();
    for (int i = 0; i < block.size(); i++) {
      int at = java.util.Arrays.binarySearch(index, start[i], start[i + 1], j);
      if (at < 0) {
        continue;
      }
      double scale = w[i] * value[at];
      for (int e = start[i]; e < start[i + 1]; e++) {
        column[index[e]] += scale * value[e];
      }
    }
    return column;
  }
}
