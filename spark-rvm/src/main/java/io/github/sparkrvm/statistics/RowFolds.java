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

import io.github.sparkrvm.basis.RowBlock;
import java.util.List;

/**
 * Seeded folds of training rows, each row's fold decided by a hash of its features, its label and the seed alone
 * ({@link RowSample#hash}, the hash of the seeded row sample):
 * the same rows fall in the same folds however the rows were partitioned, blocked or ordered (equal rows fall
 * together). Folds are about, not exactly, equal in size.
 *
 * @param folds the number of folds, at least 2
 * @param seed the seed
 */
public record RowFolds(int folds, long seed) {

  /** Checks the number of folds. */
  public RowFolds {
    if (folds < 2) {
      throw new IllegalArgumentException("at least two folds expected; got " + folds);
    }
  }

  /**
   * {@return the fold of row {@code row} of {@code block}, 0 … folds − 1}
   *
   * @param block the block
   * @param row the row's index in the block
   */
  public int foldOf(RowBlock block, int row) {
    long h = RowSample.hash(seed, block.features(), row * block.dim(), block.dim(), 1, block.labels()[row]);
    return (int) Math.floorMod(h, (long) folds);
  }

  /**
   * {@return the fold of every row of {@code blocks}, in their order}
   *
   * @param blocks the rows
   */
  public int[] of(List<RowBlock> blocks) {
    int n = 0;
    for (RowBlock b : blocks) {
      n += b.size();
    }
    int[] fold = new int[n];
    int at = 0;
    for (RowBlock b : blocks) {
      for (int i = 0; i < b.size(); i++) {
        fold[at++] = foldOf(b, i);
      }
    }
    return fold;
  }
}
