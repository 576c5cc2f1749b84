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

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;

/**
 * One partition's terms of the candidates scored at positions {@code from} … {@code from + width − 1} (a chunk of
 * them): their gradients and B-weighted squares, and their nonzero cross products with the active candidates as
 * (position, active position, value) triples. The chunks of one range from every partition are summed where the
 * range is scored ({@link #scores}), in the order of the partitions (the same bits whatever order they arrive in),
 * so that no one place holds the cross products of every candidate.
 *
 * @param part the partition the chunk comes from
 * @param from the first position of the range
 * @param width the positions in the range
 * @param gradient gᵢ of each position (length width)
 * @param diagonal φᵢᵀBφᵢ of each position (length width)
 * @param reach the shortfall of the rows where each position is nonzero (length width; {@link CandidateScores})
 * @param position the position (from 0 in the range) of each nonzero cross product
 * @param activePosition the active candidate's position of each
 * @param value each cross product
 * @param dense the cross products dense (position · k + active position), besides the triples; or null
 */
@DefaultSerializer(JavaSerializer.class) // Spark's Kryo (spark.serializer) cannot serialize records
public record CandidateChunk(int part, int from, int width, double[] gradient, double[] diagonal, double[] reach,
    int[] position,
    int[] activePosition, double[] value, double[] dense) implements Serializable {

  /**
   * Checks the sizes.
   *
   * @param part the partition the chunk comes from
   * @param from the first position of the range
   * @param width the positions in the range
   * @param gradient gᵢ of each position
   * @param diagonal φᵢᵀBφᵢ of each position
   * @param reach the shortfall of the rows where each position is nonzero
   * @param position the position of each nonzero cross product
   * @param activePosition the active candidate's position of each
   * @param value each cross product
   * @param dense the cross products dense, or null
   */
  public CandidateChunk {
    if (gradient.length != width || diagonal.length != width || reach.length != width
        || position.length != value.length
        || activePosition.length != value.length) {
      throw new IllegalArgumentException("CandidateChunk: inconsistent sizes");
    }
  }

  /**
   * {@return S and Q of the range's candidates from the chunks of every partition over it: their terms summed (width ×
   * k doubles), then {@link CandidateScores#of}}
   *
   * @param chunks every partition's chunk of one range
   * @param k the number of active candidates
   * @param covariance Σ (k × k)
   * @param shift δ of the IRLS form (length k)
   */
  public static CandidateScores scores(Iterable<CandidateChunk> chunks, int k, double[] covariance,
      double[] shift) {
    java.util.List<CandidateChunk> ordered = new java.util.ArrayList<>();
    chunks.forEach(ordered::add);
    ordered.sort(java.util.Comparator.comparingInt(CandidateChunk::part));
    int width = -1;
    double[] gradient = null;
    double[] diagonal = null;
    double[] reach = null;
    double[] cross = null;
    for (CandidateChunk c : ordered) {
      if (gradient == null) {
        width = c.width();
        gradient = new double[width];
        diagonal = new double[width];
        reach = new double[width];
        cross = new double[width * k];
      }
      for (int i = 0; i < width; i++) {
        gradient[i] += c.gradient()[i];
        diagonal[i] += c.diagonal()[i];
        reach[i] += c.reach()[i];
      }
      if (c.dense() != null) {
        for (int i = 0; i < width; i++) {
          for (int a = 0; a < k; a++) {
            cross[a * width + i] += c.dense()[i * k + a];
          }
        }
      }
      for (int e = 0; e < c.value().length; e++) {
        cross[c.activePosition()[e] * width + c.position()[e]] += c.value()[e];
      }
    }
    if (gradient == null) {
      throw new IllegalArgumentException("CandidateChunk.scores: no chunk");
    }
    return CandidateScores.of(width, k, gradient, diagonal, cross, covariance, shift, reach);
  }
}
