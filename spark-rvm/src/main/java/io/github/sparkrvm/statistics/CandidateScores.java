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
import io.github.sparkrvm.linalg.MatrixProduct;
import java.io.Serializable;

/**
 * The sparsity and quality factors of the fast solver (Tipping &amp; Faul 2003) for every candidate scored, at a mode
 * over k active candidates with covariance Σ: Sᵢ = φᵢᵀBφᵢ − cᵢᵀΣcᵢ and Qᵢ = gᵢ + cᵢᵀδ, with cᵢ = Φ_aᵀBφᵢ the
 * cross products of candidate i with the active ones, gᵢ its gradient and δ = w − Σ(Hw + g_a) the shift of the IRLS
 * form (0 at the exact mode). What a step ranks its actions by: M doubles each, not the M × k cross products they
 * come from. Besides, each candidate's reach: the most that the log-likelihood of the rows where it is nonzero can
 * gain, Σ over those rows of the row weight times {@link LaplaceLikelihood#shortfall} (a candidate changes the scores
 * of those rows only, so no add of it gains more in likelihood; the Gaussian approximation's gain of a candidate
 * seen in a few badly fitted rows can be several times this).
 *
 * @param sparsity S of every candidate scored
 * @param quality Q of every candidate scored
 * @param reach the largest gain in log-likelihood an add of each could bring
 */
@DefaultSerializer(JavaSerializer.class) // Spark's Kryo (spark.serializer) cannot serialize records
public record CandidateScores(double[] sparsity, double[] quality, double[] reach) implements Serializable {

  /**
   * Checks the sizes.
   *
   * @param sparsity S of every candidate scored
   * @param quality Q of every candidate scored
   * @param reach the largest gain in log-likelihood an add of each could bring
   */
  public CandidateScores {
    if (sparsity.length != quality.length || reach.length != quality.length) {
      throw new IllegalArgumentException("CandidateScores: " + sparsity.length + " S and " + quality.length + " Q");
    }
  }

  /**
   * {@return S and Q of m candidates from their terms: one dgemm cΣ for all of them, then a dot product each}
   *
   * @param m the number of candidates
   * @param k the number of active candidates
   * @param gradient gᵢ of each candidate (length m)
   * @param diagonal φᵢᵀBφᵢ of each candidate (length m)
   * @param cross cᵢ of each (m × k, column-major: entry (i, a) at a·m + i)
   * @param covariance Σ (k × k)
   * @param shift δ (length k)
   * @param reach the largest gain in log-likelihood an add of each could bring (length m; null: unknown, +∞)
   */
  public static CandidateScores of(int m, int k, double[] gradient, double[] diagonal, double[] cross,
      double[] covariance, double[] shift, double[] reach) {
    double[] times = new double[m * k];
    if (k > 0) {
      MatrixProduct.dgemm("N", "N", m, k, k, 1.0, cross, m, covariance, k, 0.0, times, m);
    }
    double[] bigS = new double[m];
    double[] bigQ = gradient.clone();
    for (int i = 0; i < m; i++) {
      double quad = 0.0;
      for (int a = 0; a < k; a++) {
        quad += times[a * m + i] * cross[a * m + i];
        bigQ[i] += cross[a * m + i] * shift[a];
      }
      bigS[i] = diagonal[i] - quad;
    }
    double[] bound = reach;
    if (bound == null) {
      bound = new double[m];
      java.util.Arrays.fill(bound, Double.POSITIVE_INFINITY);
    }
    return new CandidateScores(bigS, bigQ, bound);
  }
}
