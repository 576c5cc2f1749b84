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
import io.github.sparkrvm.linalg.Backend;
import io.github.sparkrvm.linalg.DenseMatrices;
import java.io.Serializable;

/**
 * Accumulates the log-likelihood of a {@link LaplaceLikelihood}, its gradient {@code Φᵀ W (t − μ)} and negative
 * Hessian {@code Φᵀ W B Φ} (B = diag(μ(1 − μ)) for Bernoulli, diag(μ) for Poisson) at fixed weights, block by block,
 * with one matrix product per block.
 */
public final class LaplaceAccumulator implements Serializable {

  /**
   * {@return the pass of the likelihood terms of {@code likelihood} at {@code weights} over the active basis}
   *
   * @param likelihood the likelihood of a row
   * @param active the active candidates, ascending
   * @param weights their weights
   */
  public static Pass<LaplaceAccumulator> pass(LaplaceLikelihood likelihood, int[] active, double[] weights) {
    double[] w = weights.clone();
    return Pass.of(likelihood.title() + " likelihood terms over " + active.length + " basis functions",
        active.clone(), () -> new LaplaceAccumulator(likelihood, w), LaplaceAccumulator::add,
        LaplaceAccumulator::merge);
  }

  private final LaplaceLikelihood likelihood;
  private final double[] weights;
  private final int m;
  private final double[] gradient;
  private final double[] hessian;
  private double logLikelihood;

  /**
   * An empty accumulator at the given weights.
   *
   * @param likelihood the likelihood of a row
   * @param weights the weights of the active basis functions (copied)
   */
  public LaplaceAccumulator(LaplaceLikelihood likelihood, double[] weights) {
    this.likelihood = likelihood;
    this.weights = weights.clone();
    this.m = weights.length;
    this.gradient = new double[m];
    this.hessian = new double[m * m];
  }

  /**
   * Adds a block with basis {@code phi} (n × m, column-major), labels (0/1; counts) and row weights.
   *
   * @param phi the block's basis values (n × m, column-major)
   * @param n the number of rows in the block
   * @param labels the labels of the rows
   * @param rowWeights the row weights
   * @return this accumulator
   */
  public LaplaceAccumulator add(double[] phi, int n, double[] labels, double[] rowWeights) {
    if (phi.length != n * m) {
      throw new IllegalArgumentException("expected a " + n + " × " + m + " basis block, got " + phi.length);
    }
    if (n == 0) {
      return this;
    }
    BLAS blas = Backend.blas();
    double[] eta = new double[n];
    if (m > 0) {
      blas.dgemv("N", n, m, 1.0, phi, n, weights, 1, 0.0, eta, 1);
    }
    double[] residual = new double[n];
    double[] sqrtB = new double[n];
    for (int i = 0; i < n; i++) {
      double y = likelihood.mean(eta[i]);
      residual[i] = rowWeights[i] * (labels[i] - y);
      sqrtB[i] = Math.sqrt(likelihood.weightedCurvature(rowWeights[i], y));
      logLikelihood += rowWeights[i] * likelihood.logLikelihood(labels[i], eta[i]);
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
  public LaplaceAccumulator merge(LaplaceAccumulator other) {
    if (other.m != m || other.likelihood != likelihood) {
      throw new IllegalArgumentException("cannot merge terms of dimension " + other.m + " (" + other.likelihood
          + ") and " + m + " (" + likelihood + ")");
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
