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

import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.linalg.MatrixProduct;
import io.github.sparkrvm.linalg.Softmax;
import java.io.Serializable;
import java.util.Arrays;

/**
 * Accumulates the softmax log-likelihood, its gradient and negative Hessian at fixed class weights, block by block.
 * Class p has weights over its own active candidates; a block arrives as the basis over the union of the classes'
 * active candidates ({@link ClassLayout#union}), expanded once. Per block: the scores of every class summed over the
 * active pairs, the gradient Φ_pᵀ W (t⁽ᵖ⁾ − μ⁽ᵖ⁾) of every class from one {@code dgemm}, and the Hessian blocks
 * (p, q ≥ p), {@code Φ_pᵀ W diag(μ⁽ᵖ⁾(δ_pq − μ⁽q⁾)) Φ_q}, from one {@code dgemm} per class p ({@link SoftmaxBlock};
 * the blocks below the diagonal are their transposes, filled in by {@link #result}).
 *
 * <p>Without its curvature ({@link #slopePass}) the pass forms the scores and gradient only ({@link #slope}): the
 * softmax's mode searches step on a Hessian they hold between exact evaluations (see {@code PosteriorMode}).
 *
 * <p>Flat vectors and the (K·M) × (K·M) Hessian are class-major ({@link ClassLayout}); labels are class indices.
 */
public final class MultinomialAccumulator implements Serializable {

  /**
   * {@return the pass of the softmax likelihood terms: each block expanded once over the union of the classes'
   * active candidates, the scores, gradient and every Hessian block taken from it}
   *
   * @param active per class, the active candidates, ascending
   * @param weights per class, their weights
   */
  public static Pass<MultinomialAccumulator> pass(int[][] active, double[][] weights) {
    return Pass.of("softmax likelihood terms, " + active.length + " classes", ClassLayout.union(active),
        () -> new MultinomialAccumulator(active, weights, true), MultinomialAccumulator::add,
        MultinomialAccumulator::merge).ofClasses();
  }

  /**
   * {@return the pass of the softmax log-likelihood and gradient alone ({@link #slope}): the terms of {@link #pass}
   * without the Hessian's class blocks}
   *
   * @param active per class, the active candidates, ascending
   * @param weights per class, their weights
   */
  public static Pass<MultinomialAccumulator> slopePass(int[][] active, double[][] weights) {
    return Pass.of("softmax log-likelihood and gradient, " + active.length + " classes", ClassLayout.union(active),
        () -> new MultinomialAccumulator(active, weights, false), MultinomialAccumulator::add,
        MultinomialAccumulator::merge).ofClasses();
  }

  private final int classes;
  private final int[] union;
  /** For each class, the positions of its active candidates among the union's. */
  private final int[][] positions;
  /** The union's position of every active pair, class-major (the Hessian's order). */
  private final int[] columns;
  /** Every active pair's weight, class-major (the Hessian's order). */
  private final double[] flatWeights;
  private final int[] offset;
  private final int dim;
  private final double[] gradient;
  /** Whether the Hessian's class blocks are formed (else {@link #hessian} is empty). */
  private final boolean curvature;
  private final double[] hessian;
  private double logLikelihood;

  /**
   * Terms at {@code weights[p]} over {@code active[p]} (ascending candidate indices) for each class p.
   *
   * @param active per class, the kept candidates (ascending)
   * @param weights per class, the weights on them
   */
  public MultinomialAccumulator(int[][] active, double[][] weights) {
    this(active, weights, true);
  }

  private MultinomialAccumulator(int[][] active, double[][] weights, boolean curvature) {
    if (active.length < 2 || weights.length != active.length) {
      throw new IllegalArgumentException("a softmax needs at least 2 classes and one weight vector per class");
    }
    this.classes = active.length;
    this.union = ClassLayout.union(active);
    this.positions = new int[classes][];
    for (int p = 0; p < classes; p++) {
      if (weights[p].length != active[p].length) {
        throw new IllegalArgumentException("class " + p + ": " + weights[p].length + " weights for "
            + active[p].length + " basis functions");
      }
      positions[p] = new int[active[p].length];
      for (int a = 0; a < active[p].length; a++) {
        int pos = Arrays.binarySearch(union, active[p][a]);
        positions[p][a] = pos;
      }
    }
    this.offset = ClassLayout.offsets(active);
    this.dim = offset[classes];
    this.columns = new int[dim];
    this.flatWeights = new double[dim];
    for (int p = 0; p < classes; p++) {
      System.arraycopy(positions[p], 0, columns, offset[p], positions[p].length);
      System.arraycopy(weights[p], 0, flatWeights, offset[p], positions[p].length);
    }
    this.gradient = new double[dim];
    this.curvature = curvature;
    this.hessian = new double[curvature ? dim * dim : 0];
  }

  /** {@return the candidates a block's basis must be expanded over, ascending} */
  public int[] union() {
    return union.clone();
  }

  /**
   * Adds a block: {@code phi} is its basis over {@link #union()} (n × union, column-major), labels are class
   * indices 0 … K−1, with row weights.
   *
   * @param phi the block's basis values (n × m, column-major)
   * @param n the number of rows in the block
   * @param labels the labels of the rows
   * @param rowWeights the row weights
   * @return this accumulator
   */
  public MultinomialAccumulator add(double[] phi, int n, double[] labels, double[] rowWeights) {
    int u = union.length;
    if (phi.length != n * u) {
      throw new IllegalArgumentException("expected a " + n + " × " + u + " basis block, got " + phi.length);
    }
    if (n == 0) {
      return this;
    }
    // scores: n × K, column-major; then, row by row, the softmax μ
    double[] mu = SoftmaxBlock.scores(phi, n, columns, offset, flatWeights);
    double[] row = new double[classes];
    double[] residual = new double[n * classes];
    for (int i = 0; i < n; i++) {
      for (int p = 0; p < classes; p++) {
        row[p] = mu[p * n + i];
      }
      int label = Softmax.classOf(labels[i], classes);
      double score = row[label];
      double logNormaliser = Softmax.normalise(row, 0, classes);
      logLikelihood += rowWeights[i] * (score - logNormaliser);
      for (int p = 0; p < classes; p++) {
        mu[p * n + i] = row[p];
        residual[p * n + i] = rowWeights[i] * ((p == label ? 1.0 : 0.0) - row[p]);
      }
    }
    if (u == 0) {
      return this;
    }
    // gradient: Φ_Uᵀ R (union × K), then each class reads its own positions
    double[] unionGradient = new double[u * classes];
    MatrixProduct.dgemm("T", "N", u, classes, n, 1.0, phi, n, residual, n, 0.0, unionGradient, u);
    for (int p = 0; p < classes; p++) {
      for (int a = 0; a < positions[p].length; a++) {
        gradient[offset[p] + a] += unionGradient[p * u + positions[p][a]];
      }
    }
    if (!curvature) {
      return this;
    }
    // the Hessian's class blocks p ≤ q (SoftmaxBlock), from the union's columns of the active pairs
    double[] right = SoftmaxBlock.negativelyScaled(phi, n, columns, offset, mu);
    SoftmaxBlock.addUpperBlocks(phi, n, columns, offset, mu, rowWeights, right, hessian);
    return this;
  }

  /**
   * Adds another partition's sums into this one.
   *
   * @param other an accumulator at the same weights
   * @return this accumulator
   */
  public MultinomialAccumulator merge(MultinomialAccumulator other) {
    if (other.dim != dim || other.classes != classes || other.curvature != curvature) {
      throw new IllegalArgumentException("cannot merge terms of dimension " + other.dim + " and " + dim);
    }
    for (int i = 0; i < dim; i++) {
      gradient[i] += other.gradient[i];
    }
    for (int i = 0; i < hessian.length; i++) {
      hessian[i] += other.hessian[i];
    }
    logLikelihood += other.logLikelihood;
    return this;
  }

  /** {@return the terms so far, with the Hessian's blocks below the diagonal filled in from those above} */
  public LikelihoodTerms result() {
    if (!curvature) {
      throw new IllegalStateException("a pass without the Hessian has no terms; read its slope()");
    }
    return new LikelihoodTerms(dim, logLikelihood, gradient.clone(), SoftmaxBlock.withLowerBlocks(hessian, offset));
  }

  /** {@return the log-likelihood and gradient so far} */
  public LikelihoodSlope slope() {
    return new LikelihoodSlope(dim, logLikelihood, gradient.clone());
  }

}
