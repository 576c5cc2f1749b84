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
 * Accumulates {@link CandidateTerms} of a {@link LaplaceLikelihood} (or of the softmax, {@link #softmax}) over blocks of sparse rows ({@link SparseRowBlock},
 * the linear kernel): the same terms as {@link CandidateAccumulator} over the expanded basis, in O(nonzeros × active
 * nonzeros of the row) per row instead of O(candidates × (active + 2)). The rows are summed by
 * {@link SparseCrossProducts} (the cross products only where some row makes them nonzero) and the result written out
 * with every candidate's cross products: M × (k + 2) doubles.
 */
public final class SparseCandidateAccumulator implements Serializable {

  private static final long serialVersionUID = 1L;

  private final SparseCrossProducts sums;

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
    this(new SparseCrossProducts(likelihood, numCandidates, active, weights, over));
  }

  private SparseCandidateAccumulator(SparseCrossProducts sums) {
    this.sums = sums;
  }

  /**
   * {@return the softmax's terms over its K·M flat (class, candidate) pairs ({@link SparseCrossProducts#softmax}), for
   * every pair or those of {@code flatOver} only, numbered in their order}
   *
   * @param numClasses K
   * @param m M, the candidates of one class
   * @param flatActive the active flat pairs, ascending (each among {@code flatOver})
   * @param weights their weights
   * @param flatOver the flat pairs scored, ascending; null: every one
   */
  public static SparseCandidateAccumulator softmax(int numClasses, int m, int[] flatActive, double[] weights,
      int[] flatOver) {
    return new SparseCandidateAccumulator(SparseCrossProducts.softmax(numClasses, m, flatActive, weights, flatOver));
  }

  /**
   * Adds a block.
   *
   * @param block the rows
   * @param labels their labels, as the view reads them (0/1; counts)
   * @return this accumulator
   */
  public SparseCandidateAccumulator add(SparseRowBlock block, double[] labels) {
    sums.add(block, labels);
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
    return sums.terms();
  }
}
