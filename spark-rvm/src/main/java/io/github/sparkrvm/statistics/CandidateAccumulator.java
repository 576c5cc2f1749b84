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
import io.github.sparkrvm.linalg.MatrixProduct;
import io.github.sparkrvm.linalg.WeightedSquares;
import java.io.Serializable;

/**
 * Accumulates {@link CandidateTerms} of a {@link LaplaceLikelihood} block by block: per block, the scores Φ_a w with
 * one dgemv, the gradient of every candidate with one dgemv, the diagonal in eight lanes ({@link WeightedSquares}),
 * and the cross products Φᵀ(WBΦ_a) with one dgemm (never a rank-1 update per row).
 */
public final class CandidateAccumulator implements Serializable {

  /**
   * {@return the pass of the candidate terms of {@code likelihood} at {@code weights} over {@code active}: of every
   * candidate (each block expanded over all of them once), or of the candidates {@code over} only (each block
   * expanded over those: a pass over L of M costs about L/M), numbered in their order}
   *
   * @param likelihood the likelihood of a row
   * @param m the number of candidates
   * @param active the active candidates, ascending
   * @param weights their weights
   * @param over the candidates whose terms are wanted, ascending (containing {@code active}); null: every one
   */
  public static Pass<CandidateAccumulator> pass(LaplaceLikelihood likelihood, int m, int[] active, double[] weights,
      int[] over) {
    double[] w = weights.clone();
    if (over == null) {
      int[] act = active.clone();
      return Pass.of(likelihood.title() + " candidate statistics over " + m + " candidates", null,
          () -> new CandidateAccumulator(likelihood, m, act, w), CandidateAccumulator::add,
          CandidateAccumulator::merge);
    }
    int[] columns = over.clone();
    int[] act = CandidateTerms.positionsIn(active, columns);
    return Pass.of(likelihood.title() + " candidate statistics over " + columns.length + " of " + m + " candidates",
        columns, () -> new CandidateAccumulator(likelihood, columns.length, act, w), CandidateAccumulator::add,
        CandidateAccumulator::merge);
  }

  /**
   * {@return the pass of the scores of every candidate: the log-likelihood, gradient and weighted square of
   * {@link #pass}, the cross products left at 0} Each block is expanded over every candidate as for the full terms,
   * but the product Φᵀ(WBΦ_a), N·M·k multiply-adds and most of a full pass's arithmetic, is not formed.
   *
   * @param likelihood the likelihood of a row
   * @param m the number of candidates
   * @param active the active candidates, ascending
   * @param weights their weights
   */
  public static Pass<CandidateAccumulator> scores(LaplaceLikelihood likelihood, int m, int[] active,
      double[] weights) {
    double[] w = weights.clone();
    int[] act = active.clone();
    return Pass.of(likelihood.title() + " candidate scores (no cross products) over " + m + " candidates", null,
        () -> new CandidateAccumulator(likelihood, m, act, w, false), CandidateAccumulator::add,
        CandidateAccumulator::merge);
  }

  private static final long serialVersionUID = 1L;

  private final LaplaceLikelihood likelihood;
  private final int m;
  private final int[] active;
  private final double[] weights;
  private final double[] gradient;
  private final double[] diagonal;
  private final double[] cross;
  /** Whether the cross products are formed ({@link #scores}: not). */
  private final boolean crossed;
  private double logLikelihood;

  /**
   * For the Bernoulli (logistic) likelihood over {@code m} candidates, at {@code weights} over the {@code active}
   * candidates.
   *
   * @param m the number of candidates M
   * @param active the active candidates, ascending
   * @param weights their weights
   */
  public CandidateAccumulator(int m, int[] active, double[] weights) {
    this(LaplaceLikelihood.BERNOULLI, m, active, weights);
  }

  /**
   * For {@code likelihood} over {@code m} candidates, at {@code weights} over the {@code active} candidates.
   *
   * @param likelihood the likelihood of a row
   * @param m the number of candidates M
   * @param active the active candidates, ascending
   * @param weights their weights
   */
  public CandidateAccumulator(LaplaceLikelihood likelihood, int m, int[] active, double[] weights) {
    this(likelihood, m, active, weights, true);
  }

  private CandidateAccumulator(LaplaceLikelihood likelihood, int m, int[] active, double[] weights,
      boolean crossed) {
    this.crossed = crossed;
    this.likelihood = likelihood;
    if (active.length != weights.length) {
      throw new IllegalArgumentException("CandidateAccumulator: " + weights.length + " weights for "
          + active.length + " active candidates");
    }
    this.m = m;
    this.active = active.clone();
    this.weights = weights.clone();
    this.gradient = new double[m];
    this.diagonal = new double[m];
    this.cross = new double[m * active.length];
  }

  /**
   * Adds a block with the basis of every candidate.
   *
   * @param phi the block's basis over every candidate (n × M, column-major)
   * @param n the number of rows in the block
   * @param labels the labels of the rows (0/1; counts)
   * @param rowWeights the row weights
   * @return this accumulator
   */
  public CandidateAccumulator add(double[] phi, int n, double[] labels, double[] rowWeights) {
    if (phi.length != n * m) {
      throw new IllegalArgumentException("expected a " + n + " × " + m + " basis block, got " + phi.length);
    }
    if (n == 0) {
      return this;
    }
    int k = active.length;
    BLAS blas = Backend.blas();
    double[] phiActive = new double[n * k];
    for (int a = 0; a < k; a++) {
      System.arraycopy(phi, active[a] * n, phiActive, a * n, n);
    }
    double[] eta = new double[n];
    if (k > 0) {
      blas.dgemv("N", n, k, 1.0, phiActive, n, weights, 1, 0.0, eta, 1);
    }
    double[] residual = new double[n];
    double[] b = new double[n];
    for (int i = 0; i < n; i++) {
      double y = likelihood.mean(eta[i]);
      residual[i] = rowWeights[i] * (labels[i] - y);
      b[i] = likelihood.weightedCurvature(rowWeights[i], y);
      logLikelihood += rowWeights[i] * likelihood.logLikelihood(labels[i], eta[i]);
    }
    blas.dgemv("T", n, m, 1.0, phi, n, residual, 1, 1.0, gradient, 1);
    WeightedSquares.addTo(phi, n, m, b, diagonal);
    if (k > 0 && crossed) {
      for (int a = 0; a < k; a++) {
        int col = a * n;
        for (int i = 0; i < n; i++) {
          phiActive[col + i] *= b[i];
        }
      }
      MatrixProduct.dgemm("T", "N", m, k, n, 1.0, phi, n, phiActive, n, 1.0, cross, m);
    }
    return this;
  }

  /**
   * Adds another partial result over the same candidates and active set.
   *
   * @param other the other partial result
   * @return this accumulator
   */
  public CandidateAccumulator merge(CandidateAccumulator other) {
    if (other.m != m || other.active.length != active.length || other.likelihood != likelihood) {
      throw new IllegalArgumentException("cannot merge candidate terms of different sizes");
    }
    for (int i = 0; i < m; i++) {
      gradient[i] += other.gradient[i];
      diagonal[i] += other.diagonal[i];
    }
    for (int i = 0; i < cross.length; i++) {
      cross[i] += other.cross[i];
    }
    logLikelihood += other.logLikelihood;
    return this;
  }

  /** {@return the terms accumulated so far} */
  public CandidateTerms result() {
    return new CandidateTerms(m, active.clone(), logLikelihood, gradient.clone(), diagonal.clone(), cross.clone());
  }
}
