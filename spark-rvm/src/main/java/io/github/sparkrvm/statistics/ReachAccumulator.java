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
 * Accumulates each candidate's reach over expanded blocks ({@link CandidateScores}): the row weight times the
 * {@link LaplaceLikelihood#shortfall} of every row where the candidate is nonzero, the scores from the active
 * candidates' weights. The rows kept sparse compute it in their own pass ({@link SparseCrossProducts}).
 */
public final class ReachAccumulator implements Serializable {

  private static final long serialVersionUID = 1L;

  private final LaplaceLikelihood likelihood;
  /** The active candidates' columns in the expanded block. */
  private final int[] activeColumns;
  private final double[] weights;
  private final double[] reach;

  private ReachAccumulator(LaplaceLikelihood likelihood, int[] activeColumns, double[] weights, int width) {
    this.likelihood = likelihood;
    this.activeColumns = activeColumns;
    this.weights = weights;
    this.reach = new double[width];
  }

  /**
   * {@return the pass accumulating the reach of every candidate, or of those of {@code over} (in their order)}
   *
   * @param likelihood the likelihood of a row
   * @param numCandidates M
   * @param active the active candidates, ascending (each among {@code over})
   * @param weights their weights
   * @param over the candidates wanted, ascending; null: every one
   */
  public static Pass<ReachAccumulator> pass(LaplaceLikelihood likelihood, int numCandidates, int[] active,
      double[] weights, int[] over) {
    int[] columns = over == null ? active.clone() : CandidateTerms.positionsIn(active, over);
    double[] w = weights.clone();
    int width = over == null ? numCandidates : over.length;
    return Pass.of(likelihood.title() + " reach of " + width + " candidates", over == null ? null : over.clone(),
        () -> new ReachAccumulator(likelihood, columns, w, width), ReachAccumulator::add, ReachAccumulator::merge);
  }

  private void add(double[] phi, int rows, double[] labels, double[] rowWeights) {
    int width = reach.length;
    for (int n = 0; n < rows; n++) {
      double eta = 0.0;
      for (int a = 0; a < activeColumns.length; a++) {
        eta += phi[activeColumns[a] * rows + n] * weights[a];
      }
      double gap = rowWeights[n] * likelihood.shortfall(labels[n], eta);
      for (int j = 0; j < width; j++) {
        if (phi[j * rows + n] != 0.0) {
          reach[j] += gap;
        }
      }
    }
  }

  private ReachAccumulator merge(ReachAccumulator other) {
    for (int j = 0; j < reach.length; j++) {
      reach[j] += other.reach[j];
    }
    return this;
  }

  /** {@return the reach of each candidate} */
  public double[] reach() {
    return reach.clone();
  }
}
