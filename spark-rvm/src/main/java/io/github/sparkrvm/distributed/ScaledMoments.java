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

import java.io.Serializable;
import java.util.Arrays;

/**
 * Weighted means and variances of n columns in one pass (Welford's update, Chan's merge), each column kept on the
 * scale of its largest magnitude seen: values are divided by the power of two 2^e at or below their column's
 * largest |x| before they are squared, and the running mean and sum of squared deviations are rescaled (exactly,
 * by powers of two) when a larger value raises e. So every finite input gives finite, accurate moments: a column
 * of values near 1e200 (whose squares overflow) or near 1e-200 (whose squares underflow to 0) has the mean and
 * standard deviation of the same column at scale 1, times the scale.
 *
 * <p>Sparse rows ({@link #addNonzeros}) touch their nonzero columns only: a column keeps the weight of the rows
 * folded into it, and the zeros of the rows it has not seen are folded in as one group (Chan's merge with a group
 * of mean 0) when the column is next touched or read, so a row costs O(its nonzeros), not O(columns). Rows added
 * dense fold every column, as before.
 */
final class ScaledMoments implements Serializable {

  private static final long serialVersionUID = 1L;
  /** The exponent of a column that has held only zeros. */
  private static final int NONE = Integer.MIN_VALUE;

  private final int[] exponent;
  /** The weighted mean of each column, divided by 2^exponent. */
  private final double[] mean;
  /** The weighted sum of squared deviations of each column, divided by 4^exponent. */
  private final double[] m2;
  /** The weight of the rows folded into each column (below weightSum when sparse rows left zeros to fold). */
  private final double[] columnWeight;
  /** Whether some column has zeros of sparse rows still to fold. */
  private boolean unfolded;
  private double weightSum;

  ScaledMoments(int columns) {
    exponent = new int[columns];
    Arrays.fill(exponent, NONE);
    mean = new double[columns];
    m2 = new double[columns];
    columnWeight = new double[columns];
  }

  int columns() {
    return mean.length;
  }

  /** Adds a row of finite values with finite weight w &gt; 0. */
  void add(double[] x, double w) {
    foldAll();
    double total = weightSum + w;
    for (int j = 0; j < x.length; j++) {
      if (x[j] != 0.0) {
        raise(j, Math.getExponent(x[j]));
      }
      double xs = exponent[j] == NONE ? 0.0 : Math.scalb(x[j], -exponent[j]);
      double delta = xs - mean[j];
      mean[j] += delta * (w / total);
      m2[j] += w * delta * (xs - mean[j]);
      columnWeight[j] = total;
    }
    weightSum = total;
  }

  /**
   * Adds a sparse row of finite values with finite weight w &gt; 0: {@code values[i]} in column {@code indices[i]},
   * zeros elsewhere (O(nonzeros)).
   *
   * @param indices the nonzero columns, ascending
   * @param values their values
   * @param w the row's weight
   */
  void addNonzeros(int[] indices, double[] values, double w) {
    for (int i = 0; i < indices.length; i++) {
      int j = indices[i];
      double x = values[i];
      if (x == 0.0) {
        continue;
      }
      fold(j);
      raise(j, Math.getExponent(x));
      double total = columnWeight[j] + w;
      double xs = Math.scalb(x, -exponent[j]);
      double delta = xs - mean[j];
      mean[j] += delta * (w / total);
      m2[j] += w * delta * (xs - mean[j]);
      columnWeight[j] = total;
    }
    weightSum += w;
    unfolded = true;
  }

  /** Folds into column j the zeros of the rows it has not seen (one group of mean 0, Chan's merge). */
  private void fold(int j) {
    double zeros = weightSum - columnWeight[j];
    if (zeros <= 0.0) {
      return;
    }
    double seen = columnWeight[j];
    double total = seen + zeros;
    double delta = -mean[j];
    mean[j] += delta * (zeros / total);
    m2[j] += delta * delta * (seen / total) * zeros;
    columnWeight[j] = weightSum;
  }

  /** Folds the zeros of sparse rows into every column (O(columns); nothing when every row was dense). */
  private void foldAll() {
    if (unfolded) {
      for (int j = 0; j < mean.length; j++) {
        fold(j);
      }
      unfolded = false;
    }
  }

  /** Adds the moments of the same columns over other rows. */
  void merge(ScaledMoments other) {
    if (!(other.weightSum > 0.0)) {
      return;
    }
    foldAll();
    other.foldAll();
    double total = weightSum + other.weightSum;
    for (int j = 0; j < mean.length; j++) {
      if (other.exponent[j] != NONE) {
        raise(j, other.exponent[j]);
      }
      int shift = other.exponent[j] == NONE ? 0 : other.exponent[j] - exponent[j];
      double otherMean = Math.scalb(other.mean[j], shift);
      double otherM2 = Math.scalb(other.m2[j], 2 * shift);
      double delta = otherMean - mean[j];
      mean[j] += delta * (other.weightSum / total);
      m2[j] += otherM2 + delta * delta * (weightSum / total) * other.weightSum;
      columnWeight[j] = total;
    }
    weightSum = total;
  }

  /** Moves column j to exponent e when e is larger than its own. */
  private void raise(int j, int e) {
    if (e <= exponent[j]) {
      return;
    }
    if (exponent[j] != NONE) {
      mean[j] = Math.scalb(mean[j], exponent[j] - e);
      m2[j] = Math.scalb(m2[j], 2 * (exponent[j] - e));
    }
    exponent[j] = e;
  }

  /** {@return the sum of the weights} */
  double weightSum() {
    return weightSum;
  }

  /** {@return the weighted mean of column j} */
  double mean(int j) {
    fold(j);
    return exponent[j] == NONE ? 0.0 : Math.scalb(mean[j], exponent[j]);
  }

  /** {@return the weighted (population) standard deviation of column j; finite for finite inputs} */
  double standardDeviation(int j) {
    fold(j);
    if (exponent[j] == NONE || !(weightSum > 0.0)) {
      return 0.0;
    }
    return Math.scalb(Math.sqrt(Math.max(m2[j] / weightSum, 0.0)), exponent[j]);
  }

  /**
   * {@return the binary exponent of column j's largest magnitude (2^e &lt;= max |x| &lt; 2^(e+1)), or
   * {@link Integer#MIN_VALUE} when it held only zeros}
   */
  int maxExponent(int j) {
    return exponent[j];
  }
}
