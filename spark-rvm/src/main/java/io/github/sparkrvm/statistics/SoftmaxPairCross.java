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

import io.github.sparkrvm.linalg.Softmax;
import java.io.Serializable;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The softmax's negative Hessian entries among a few flat (class, basis function) pairs, Σₙ wₙ φᵢ B_pq(n) φ_j with
 * B_pq(n) = μ_p(n)(δ_pq − μ_q(n)), at weights over an active set that need not hold them: the entries between two
 * adds of a fast step, which the candidates pass at the mode (their cross products with the active pairs, and each
 * one's own square) does not give. Per block: the scores over the active pairs ({@link SoftmaxBlock#scores}), the
 * softmax row by row, then n multiply-adds per entry: a few of the n·k²/2 of a pass over the active set and the adds.
 * Flat pairs are class-major (c = p·M + i); labels are not read.
 */
public final class SoftmaxPairCross implements Serializable {

  private static final long serialVersionUID = 1L;

  /**
   * {@return the pass of the entries among {@code flatPairs} at {@code weights} over {@code flatActive}: each block
   * expanded over the basis functions of both}
   *
   * @param numClasses K
   * @param m M, the candidates per class
   * @param flatActive the active flat pairs, ascending
   * @param weights their weights
   * @param flatPairs the flat pairs whose entries are wanted, ascending
   */
  public static Pass<SoftmaxPairCross> pass(int numClasses, int m, int[] flatActive, double[] weights,
      int[] flatPairs) {
    int[] columns = IntStream.concat(Arrays.stream(flatActive), Arrays.stream(flatPairs)).map(c -> c % m).distinct()
        .sorted().toArray();
    return Pass.of("softmax Hessian among " + flatPairs.length + " (class, candidate) pairs, " + numClasses
        + " classes", columns, () -> new SoftmaxPairCross(numClasses, m, flatActive, weights, flatPairs, columns),
        SoftmaxPairCross::add, SoftmaxPairCross::merge).ofClasses();
  }

  private final int classes;
  private final int[] activeOffset;
  /** Each active pair's column among the pass' columns. */
  private final int[] activeColumns;
  private final double[] weights;
  private final int[] pairClass;
  /** Each pair's column among the pass' columns. */
  private final int[] pairColumns;
  private final double[] entries;

  private SoftmaxPairCross(int numClasses, int m, int[] flatActive, double[] weights, int[] flatPairs,
      int[] columns) {
    if (flatActive.length != weights.length) {
      throw new IllegalArgumentException("SoftmaxPairCross: " + weights.length + " weights for " + flatActive.length
          + " active pairs");
    }
    this.classes = numClasses;
    this.weights = weights.clone();
    this.activeOffset = new int[numClasses + 1];
    this.activeColumns = new int[flatActive.length];
    for (int a = 0; a < flatActive.length; a++) {
      if (a > 0 && flatActive[a] <= flatActive[a - 1]) {
        throw new IllegalArgumentException("flat active pairs must be ascending; got " + flatActive[a]);
      }
      activeOffset[flatActive[a] / m + 1]++;
      activeColumns[a] = Arrays.binarySearch(columns, flatActive[a] % m);
    }
    for (int p = 0; p < numClasses; p++) {
      activeOffset[p + 1] += activeOffset[p];
    }
    this.pairClass = new int[flatPairs.length];
    this.pairColumns = new int[flatPairs.length];
    for (int a = 0; a < flatPairs.length; a++) {
      pairClass[a] = flatPairs[a] / m;
      pairColumns[a] = Arrays.binarySearch(columns, flatPairs[a] % m);
    }
    this.entries = new double[flatPairs.length * flatPairs.length];
  }

  /**
   * Adds a block.
   *
   * @param phi the block's basis over the pass' columns (n rows, column-major)
   * @param n the rows
   * @param labels the rows' labels (not read)
   * @param rowWeights the rows' weights
   * @return this accumulator
   */
  public SoftmaxPairCross add(double[] phi, int n, double[] labels, double[] rowWeights) {
    if (n == 0) {
      return this;
    }
    double[] mu = SoftmaxBlock.scores(phi, n, activeColumns, activeOffset, weights);
    double[] row = new double[classes];
    for (int i = 0; i < n; i++) {
      for (int p = 0; p < classes; p++) {
        row[p] = mu[p * n + i];
      }
      Softmax.normalise(row, 0, classes);
      for (int p = 0; p < classes; p++) {
        mu[p * n + i] = row[p];
      }
    }
    int s = pairClass.length;
    for (int b = 0; b < s; b++) {
      for (int a = 0; a < s; a++) {
        int p = pairClass[a];
        int q = pairClass[b];
        double delta = p == q ? 1.0 : 0.0;
        int x = pairColumns[a] * n;
        int y = pairColumns[b] * n;
        double sum = 0.0;
        for (int i = 0; i < n; i++) {
          sum += rowWeights[i] * mu[p * n + i] * (delta - mu[q * n + i]) * phi[x + i] * phi[y + i];
        }
        entries[b * s + a] += sum;
      }
    }
    return this;
  }

  /**
   * Adds another partition's sums into this one.
   *
   * @param other an accumulator over the same pairs
   * @return this accumulator
   */
  public SoftmaxPairCross merge(SoftmaxPairCross other) {
    if (other.entries.length != entries.length) {
      throw new IllegalArgumentException("cannot merge the entries among different pairs");
    }
    for (int i = 0; i < entries.length; i++) {
      entries[i] += other.entries[i];
    }
    return this;
  }

  /** {@return the entries among the pairs (s × s, column-major, in their order)} */
  public double[] result() {
    return entries.clone();
  }
}
