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
package io.github.sparkrvm.linalg;

import java.util.Arrays;

/**
 * The weighted sums of squares of a block's columns, Σᵢ bᵢ φᵢⱼ² for every column j: the diagonal of ΦᵀBΦ, which a
 * candidates pass needs for every candidate (10⁹ terms a pass at 10⁶ rows over 1001 candidates).
 *
 * <p>Each column is summed in eight lanes: row i goes to lane i mod 8 as the rounded (φᵢⱼ bᵢ) φᵢⱼ, and the lanes are
 * added pairwise at the end, ((s₀ + s₁) + (s₂ + s₃)) + ((s₄ + s₅) + (s₆ + s₇)). A single running sum is one chain of
 * dependent additions, each waiting for the one before (about 0.9 ns a term on this project's benchmark machine);
 * eight independent ones go through the vector unit ({@link VectorSquares}, where the JDK's vector API is loaded and
 * a vector holds four or eight doubles) or through the scalar pipelines. Both compute the same bits, with no fused
 * multiply-add, so a sum does not depend on the machine or the way its JVM took.
 */
public final class WeightedSquares {

  /** The lanes of every sum. */
  static final int LANES = 8;

  /** Whether this JVM takes the vector lanes. */
  private static final boolean VECTOR = vectorAvailable();

  private WeightedSquares() {}

  /** {@return "vector" or "scalar": the way this JVM sums the lanes, for reports and tests} */
  public static String implementation() {
    return VECTOR ? "vector" : "scalar";
  }

  /**
   * Adds Σᵢ bᵢ φᵢⱼ² over the block's n rows to {@code out[j]}, for each of its m columns.
   *
   * @param phi the block (n × m, column-major)
   * @param n the rows
   * @param m the columns
   * @param b the rows' weights (n)
   * @param out the m sums, added to
   */
  public static void addTo(double[] phi, int n, int m, double[] b, double[] out) {
    if (phi.length < n * m || b.length < n || out.length < m) {
      throw new IllegalArgumentException("WeightedSquares: a " + n + " × " + m + " block needs " + n * m
          + " values, " + n + " weights and " + m + " sums; got " + phi.length + ", " + b.length + " and "
          + out.length);
    }
    double[] lanes = new double[LANES];
    for (int j = 0; j < m; j++) {
      Arrays.fill(lanes, 0.0);
      int whole = VECTOR ? VectorSquares.addWhole(phi, j * n, n, b, lanes) : 0;
      addScalar(phi, j * n, whole, n, b, lanes);
      out[j] += sumOfLanes(lanes);
    }
  }

  /**
   * Adds rows {@code from} to {@code n} of the column at {@code col} to their lanes ({@code from} a multiple of
   * {@link #LANES}), one at a time.
   */
  static void addScalar(double[] phi, int col, int from, int n, double[] b, double[] lanes) {
    int i = from;
    for (int end = from + (n - from) / LANES * LANES; i < end; i += LANES) {
      for (int l = 0; l < LANES; l++) {
        double v = phi[col + i + l];
        lanes[l] += v * b[i + l] * v;
      }
    }
    for (; i < n; i++) {
      double v = phi[col + i];
      lanes[i & (LANES - 1)] += v * b[i] * v;
    }
  }

  /** {@return the eight lanes added pairwise} */
  static double sumOfLanes(double[] lanes) {
    return ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
  }

  private static boolean vectorAvailable() {
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      return false;
    }
    try {
      return VectorSquares.supported();
    } catch (LinkageError e) {
      return false;
    }
  }
}
