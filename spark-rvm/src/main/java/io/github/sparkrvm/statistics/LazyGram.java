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
 * Gaussian statistics whose Gram matrix ΦᵀWΦ is computed column by column, each column when first asked for and
 * then kept: O(N M) for a column from a design of N rows over M candidates held on the driver, where the whole
 * matrix costs O(N M²) and M² doubles. The fast solver reads the columns of the basis functions it adds and nothing
 * else of the matrix. Not for concurrent use.
 */
public final class LazyGram implements GaussianColumns {

  private final int m;
  private final double[] projection;
  private final double[] diagonal;
  private final double targetSquares;
  private final double targetSum;
  private final double weightSum;
  private final long count;
  private final IntFunction<double[]> columnOf;
  private final Map<Integer, double[]> columns = new HashMap<>();

  /**
   * Over moments already computed and a way to compute a column.
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

  @Override
  public double[] gramColumn(int j) {
    if (j < 0 || j >= m) {
      throw new IndexOutOfBoundsException("candidate " + j + " of " + m);
    }
    return columns.computeIfAbsent(j, columnOf::apply);
  }

  /** {@return how many columns have been computed} */
  public int columnsComputed() {
    return columns.size();
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
