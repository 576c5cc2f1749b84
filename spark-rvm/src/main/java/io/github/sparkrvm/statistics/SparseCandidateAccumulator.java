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
 * Accumulates {@link CandidateTerms} of a {@link LaplaceLikelihood} over blocks of sparse rows ({@link SparseRowBlock},
 * the linear kernel): the same terms as {@link CandidateAccumulator} over the expanded basis, in O(nonzeros × active
 * nonzeros of the row) per row instead of O(candidates × (active + 2)). Per row: the score Φ_a w from the row's active
 * nonzeros, the residual r = w(t − y) and curvature b, then for each nonzero φᵢ its gradient φᵢr, diagonal φᵢ²b and
 * cross products φᵢ b φ_a with the row's active nonzeros only (the others are 0). It holds the terms of every
 * candidate scored (or of the candidates {@code over} only): M × (k + 2) doubles.
 */
public final class SparseCandidateAccumulator implements Serializable {

  private static final long serialVersionUID = 1L;

  private final LaplaceLikelihood likelihood;
  private final int numCandidates;
  private final int[] active;
  private final double[] weights;
  /** The candidates scored, ascending; null: every one. */
  private final int[] over;
  private final int width;
  /** The sums, numbered as the result numbers the candidates (merged and returned as the dense accumulator's). */
  private final CandidateAccumulator sums;
  /** Each candidate's position among the active ones, or −1 (built on first use, per task). */
  private transient int[] activePosition;
  /** Each candidate's position among {@code over}, or −1; null when every candidate is scored. */
  private transient int[] outPosition;

  /**
   * The terms of {@code likelihood} at {@code weights} over {@code active}, for every candidate or those of
   * {@code over} only, numbered in their order (the active ones by their positions among them, as
   * {@link CandidateTerms#restrictedTo} numbers them).
   *
   * @param likelihood the likelihood of a row
   * @param numCandidates M
   * @param active the active candidates, ascending (each among {@code over})
   * @param weights their weights
   * @param over the candidates scored, ascending; null: every one
   */
  public SparseCandidateAccumulator(LaplaceLikelihood likelihood, int numCandidates, int[] active, double[] weights,
      int[] over) {
    if (active.length != weights.length) {
      throw new IllegalArgumentException("SparseCandidateAccumulator: " + weights.length + " weights for "
          + active.length + " active candidates");
    }
    this.likelihood = likelihood;
    this.numCandidates = numCandidates;
    this.active = active.clone();
    this.weights = weights.clone();
    this.over = over == null ? null : over.clone();
    this.width = over == null ? numCandidates : over.length;
    this.sums = new CandidateAccumulator(likelihood, width,
        over == null ? active : CandidateTerms.positionsIn(active, over), weights);
  }

  /**
   * Adds a block.
   *
   * @param block the rows
   * @param labels their labels, as the view reads them (0/1; counts)
   * @return this accumulator
   */
  public SparseCandidateAccumulator add(SparseRowBlock block, double[] labels) {
    if (activePosition == null) {
      activePosition = SparseRowBlock.positions(numCandidates, active);
      outPosition = over == null ? null : SparseRowBlock.positions(numCandidates, over);
    }
    int[] start = block.start();
    int[] index = block.index();
    double[] value = block.value();
    double[] rowWeights = block.weights();
    double[] gradient = sums.gradientSums();
    double[] diagonal = sums.diagonalSums();
    double[] cross = sums.crossSums();
    double logLikelihood = 0.0;
    int[] rowActive = new int[active.length];
    double[] rowActiveValue = new double[active.length];
    for (int i = 0; i < block.size(); i++) {
      int count = 0;
      double eta = 0.0;
      for (int e = start[i]; e < start[i + 1]; e++) {
        int a = activePosition[index[e]];
        if (a >= 0) {
          eta += value[e] * weights[a];
          rowActive[count] = a;
          rowActiveValue[count++] = value[e];
        }
      }
      double y = likelihood.mean(eta);
      double r = rowWeights[i] * (labels[i] - y);
      double b = likelihood.weightedCurvature(rowWeights[i], y);
      logLikelihood += rowWeights[i] * likelihood.logLikelihood(labels[i], eta);
      for (int e = start[i]; e < start[i + 1]; e++) {
        int col = outPosition == null ? index[e] : outPosition[index[e]];
        if (col < 0) {
          continue;
        }
        double v = value[e];
        double vb = v * b;
        gradient[col] += v * r;
        diagonal[col] += vb * v;
        for (int q = 0; q < count; q++) {
          cross[rowActive[q] * width + col] += vb * rowActiveValue[q];
        }
      }
    }
    sums.addLogLikelihood(logLikelihood);
    return this;
  }

  /**
   * Adds another partial result over the same candidates and active set.
   *
   * @param other the other partial result
   * @return this accumulator
   */
  public SparseCandidateAccumulator merge(SparseCandidateAccumulator other) {
    sums.merge(other.sums);
    return this;
  }

  /** {@return the terms accumulated so far} */
  public CandidateTerms result() {
    return sums.result();
  }
}
