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

import dev.ludovic.netlib.blas.BLAS;
import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.linalg.Logistic;
import java.io.Serializable;

/**
 * Accumulates the logistic log-likelihood, gradient {@code Φᵀ W (t − y)} and Hessian {@code Φᵀ W B Φ}
 * (B = diag(y(1 − y))) at fixed weights, block by block, with one matrix product per block.
 */
public final class BernoulliAccumulator implements Serializable {

  private final double[] weights;
  private final int m;
  private final double[] gradient;
  private final double[] hessian;
  private double logLikelihood;

  /**
   * An empty accumulator at the given weights.
   *
   * @param weights the weights of the active basis functions (copied)
   */
  public BernoulliAccumulator(double[] weights) {
    this.weights = weights.clone();
    this.m = weights.length;
    this.gradient = new double[m];
    this.hessian = new double[m * m];
  }

  /**
   * Adds a block with basis {@code phi} (n × m, column-major), labels in {0, 1} and row weights.
   *
   * @param phi the block's basis values (n × m, column-major)
   * @param n the number of rows in the block
   * @param labels the labels of the rows
   * @param rowWeights the row weights
   * @return this accumulator
   */
  public BernoulliAccumulator add(double[] phi, int n, double[] labels, double[] rowWeights) {
    if (phi.length != n * m) {
      throw new IllegalArgumentException("expected a " + n + " × " + m + " basis block, got " + phi.length);
    }
    if (n == 0) {
      return this;
    }
    BLAS blas = BLAS.getInstance();
    double[] eta = new double[n];
    if (m > 0) {
      blas.dgemv("N", n, m, 1.0, phi, n, weights, 1, 0.0, eta, 1);
    }
    double[] residual = new double[n];
    double[] sqrtB = new double[n];
    for (int i = 0; i < n; i++) {
      double y = Logistic.sigmoid(eta[i]);
      residual[i] = rowWeights[i] * (labels[i] - y);
      sqrtB[i] = Math.sqrt(rowWeights[i] * y * (1.0 - y));
      logLikelihood += rowWeights[i] * Logistic.logLikelihood(labels[i], eta[i]);
    }
    if (m > 0) {
      blas.dgemv("T", n, m, 1.0, phi, n, residual, 1, 1.0, gradient, 1);
      DenseMatrices.addRowScaledGram(phi, n, m, sqrtB, hessian);
    }
    return this;
  }

  /**
   * Adds another partition's sums into this one.
   *
   * @param other an accumulator at the same weights
   * @return this accumulator
   */
  public BernoulliAccumulator merge(BernoulliAccumulator other) {
    if (other.m != m) {
      throw new IllegalArgumentException("cannot merge terms of dimension " + other.m + " and " + m);
    }
    for (int i = 0; i < m; i++) {
      gradient[i] += other.gradient[i];
    }
    for (int i = 0; i < hessian.length; i++) {
      hessian[i] += other.hessian[i];
    }
    logLikelihood += other.logLikelihood;
    return this;
  }

  /** {@return the log-likelihood, gradient and Hessian accumulated so far} */
  public LikelihoodTerms result() {
    return new LikelihoodTerms(m, logLikelihood, gradient.clone(), hessian.clone());
  }
}
