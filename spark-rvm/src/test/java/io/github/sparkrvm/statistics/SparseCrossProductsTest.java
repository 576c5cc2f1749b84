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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A partition's sparse candidate terms held in the hash table and in the dense array give the same terms, and cut
 * into ranges and scored ({@link CandidateChunk#scores}) the same S and Q as {@link CandidateScores#of} over all of
 * them: the known answer is the whole computed one way.
 */
class SparseCrossProductsTest {

  /** Two blocks of random sparse rows over 60 candidates (candidate 0 the bias), Bernoulli labels. */
  private static List<SparseRowBlock> blocks() {
    SplittableRandom random = new SplittableRandom(3);
    SparseRowBlock[] out = new SparseRowBlock[2];
    for (int b = 0; b < 2; b++) {
      int n = 50;
      int[] start = new int[n + 1];
      int[] index = new int[n * 6];
      double[] value = new double[n * 6];
      double[] labels = new double[n];
      double[] weights = new double[n];
      int e = 0;
      for (int i = 0; i < n; i++) {
        index[e] = 0;
        value[e++] = 1.0;
        int[] features = random.ints(5, 1, 60).distinct().sorted().toArray();
        for (int j : features) {
          index[e] = j;
          value[e++] = 0.5 + random.nextDouble();
        }
        start[i + 1] = e;
        labels[i] = random.nextInt(2);
        weights[i] = 0.5 + random.nextDouble();
      }
      out[b] = new SparseRowBlock(n, start, Arrays.copyOf(index, e), Arrays.copyOf(value, e), labels, weights);
    }
    return List.of(out);
  }

  private static SparseCrossProducts summed(long denseDoubles, int[] active, double[] w, int[] over) {
    List<SparseRowBlock> blocks = blocks();
    SparseCrossProducts first = new SparseCrossProducts(LaplaceLikelihood.BERNOULLI, 60, active, w, over,
        denseDoubles).add(blocks.get(0), blocks.get(0).labels());
    SparseCrossProducts second = new SparseCrossProducts(LaplaceLikelihood.BERNOULLI, 60, active, w, over,
        denseDoubles).add(blocks.get(1), blocks.get(1).labels());
    return first.merge(second);
  }

  @Test
  void theHashTableAndTheDenseArrayGiveTheSameTermsAndScores() {
    int[] active = {0, 3, 17, 42};
    double[] w = {0.2, -1.0, 0.7, 1.3};
    for (int[] over : new int[][] {null, {0, 1, 3, 5, 17, 42, 59}}) {
      CandidateTerms hashed = summed(0, active, w, over).terms();
      CandidateTerms dense = summed(Long.MAX_VALUE, active, w, over).terms();
      assertArrayEquals(hashed.gradient(), dense.gradient(), 1e-12);
      assertArrayEquals(hashed.diagonal(), dense.diagonal(), 1e-12);
      assertArrayEquals(hashed.cross(), dense.cross(), 1e-12);
      assertEquals(hashed.logLikelihood(), dense.logLikelihood(), 1e-12);
      // S and Q by ranges (3 of them) from either, against CandidateScores.of over the whole terms
      int k = active.length;
      double[] covariance = {2.0, 0.3, 0.0, 0.1, 0.3, 1.5, 0.2, 0.0, 0.0, 0.2, 1.0, 0.05, 0.1, 0.0, 0.05, 0.8};
      double[] shift = {0.01, -0.02, 0.0, 0.03};
      CandidateScores whole = CandidateScores.of(dense.numCandidates(), k, dense.gradient(), dense.diagonal(),
          dense.cross(), covariance, shift, null);
      for (long limit : new long[] {0, Long.MAX_VALUE}) {
        CandidateChunk[] chunks = summed(limit, active, w, over).chunks(0, 3);
        double[] bigS = new double[dense.numCandidates()];
        double[] bigQ = new double[dense.numCandidates()];
        for (CandidateChunk c : chunks) {
          CandidateScores part = CandidateChunk.scores(List.of(c), k, covariance, shift);
          System.arraycopy(part.sparsity(), 0, bigS, c.from(), c.width());
          System.arraycopy(part.quality(), 0, bigQ, c.from(), c.width());
        }
        assertArrayEquals(whole.sparsity(), bigS, 1e-12);
        assertArrayEquals(whole.quality(), bigQ, 1e-12);
      }
    }
  }
}
