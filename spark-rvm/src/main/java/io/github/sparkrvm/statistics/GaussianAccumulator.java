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

import io.github.sparkrvm.linalg.Backend;
import io.github.sparkrvm.linalg.DenseMatrices;
import java.io.Serializable;

/** Accumulates {@link GaussianStatistics} block by block; blocks' partial sums merge. */
public final class GaussianAccumulator implements Serializable {

  /**
   * {@return the pass of the Gaussian sufficient statistics ΦᵀWΦ, ΦᵀWt and the targets' moments over every candidate}
   *
   * @param m the number of candidates
   */
  public static Pass<GaussianAccumulator> pass(int m) {
    return Pass.of("Gaussian statistics over " + m + " candidates", null, () -> new GaussianAccumulator(m),
        GaussianAccumulator::add, GaussianAccumulator::merge);
  }

  private final int m;
  private final double[] gram;
  private final double[] projection;
  private double targetSquares;
  private double targetSum;
  private double weightSum;
  private long count;

  /**
   * An empty accumulator.
   *
   * @param numBasis the number of candidate basis functions
   */
  public GaussianAccumulator(int numBasis) {
    this.m = numBasis;
    this.gram = new double[numBasis * numBasis];
    this.projection = new double[numBasis];
  }

  /**
   * Adds a block: {@code phi} is its basis (n × m, column-major), {@code targets} and {@code rowWeights} its
   * labels and weights.
   *
   * @param phi the block's basis values (n × m, column-major)
   * @param n the number of rows in the block
   * @param targets the targets of the rows
   * @param rowWeights the row weights
   * @return this accumulator
   */
  public GaussianAccumulator add(double[] phi, int n, double[] targets, double[] rowWeights) {
    if (phi.length != n * m) {
      throw new IllegalArgumentException("expected a " + n + " × " + m + " basis block, got " + phi.length);
    }
    if (n == 0) {
      return this;
    }
    double[] sqrtW = new double[n];
    double[] wt = new double[n];
    for (int i = 0; i < n; i++) {
      sqrtW[i] = Math.sqrt(rowWeights[i]);
      wt[i] = rowWeights[i] * targets[i];
      targetSquares += rowWeights[i] * targets[i] * targets[i];
      targetSum += wt[i];
      weightSum += rowWeights[i];
    }
    DenseMatrices.addRowScaledGram(phi, n, m, sqrtW, gram);
    if (m > 0) {
      Backend.blas().dgemv("T", n, m, 1.0, phi, n, wt, 1, 1.0, projection, 1);
    }
    count += n;
    return this;
  }

  /**
   * Adds another accumulator's sums into this one.
   *
   * @param other an accumulator of the same shape
   * @return this accumulator
   */
  public GaussianAccumulator merge(GaussianAccumulator other) {
    if (other.m != m) {
      throw new IllegalArgumentException("cannot merge statistics of " + other.m + " and " + m + " basis functions");
    }
    for (int i = 0; i < gram.length; i++) {
      gram[i] += other.gram[i];
    }
    for (int i = 0; i < m; i++) {
      projection[i] += other.projection[i];
    }
    targetSquares += other.targetSquares;
    targetSum += other.targetSum;
    weightSum += other.weightSum;
    count += other.count;
    return this;
  }

  /** {@return the sufficient statistics accumulated so far} */
  public GaussianStatistics result() {
    return new GaussianStatistics(m, gram.clone(), projection.clone(), targetSquares, targetSum, weightSum, count);
  }
}
