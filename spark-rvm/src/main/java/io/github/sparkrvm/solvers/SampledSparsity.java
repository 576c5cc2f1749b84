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

package io.github.sparkrvm.solvers;

import io.github.sparkrvm.linalg.Cholesky;
import io.github.sparkrvm.linalg.MatrixProduct;
import io.github.sparkrvm.statistics.CandidateTerms;

/**
 * Every candidate's sparsity S and quality Q at a posterior mode, from a pass over every row that does not form the
 * cross products (the gradient and weighted square of each candidate, exact) and the full terms of a sample of the
 * rows held on the driver (the cross products). At the mode Q is the gradient, φᵢᵀW(t − y), taken exact. S is the
 * part of candidate i's weighted square φᵢᵀWBφᵢ that the active basis does not explain: its explained fraction is
 * estimated on the sample, Sᵢ = Dᵢ (1 − s c̃ᵢᵀ(s H̃ + A)⁻¹c̃ᵢ / D̃ᵢ), with D, D̃ the weighted squares over every row and
 * the sample, c̃ᵢ the sample's cross products with the active basis, H̃ its Hessian over them and s = ΣD / ΣD̃ the
 * rows' scale. On the sample alone, s D̃ᵢ − s² c̃ᵢᵀ(s H̃ + A)⁻¹c̃ᵢ is the Schur complement of a positive semi-definite
 * matrix, so the fraction lies in [0, 1]. A pass over every candidate without the product Φᵀ(WBΦ_a) costs the
 * expansion and two sweeps over it; the sample's product on the driver, the sample's share of the N·M·k.
 */
final class SampledSparsity {

  private SampledSparsity() {}

  /**
   * {@return S and Q of every candidate ({S, Q}, each of length M)}
   *
   * @param scores the log-likelihood, gradient and weighted square over every row (cross products unused)
   * @param sample the full terms over the sample's rows at the same weights and active basis
   * @param alpha α of the active candidates
   */
  static double[][] of(CandidateTerms scores, CandidateTerms sample, double[] alpha) {
    int m = scores.numCandidates();
    int k = alpha.length;
    if (sample.numCandidates() != m || sample.active().length != k) {
      throw new IllegalArgumentException("the sample's terms are over " + sample.numCandidates() + " candidates and "
          + sample.active().length + " active ones, the scores' over " + m + " and " + k);
    }
    double[] exact = scores.diagonal();
    double[] sampled = sample.diagonal();
    double sumExact = 0.0;
    double sumSampled = 0.0;
    for (int i = 0; i < m; i++) {
      sumExact += exact[i];
      sumSampled += sampled[i];
    }
    double scale = sumSampled > 0.0 ? sumExact / sumSampled : 1.0;
    double[] explained = new double[m];
    if (k > 0) {
      double[] precision = sample.activeTerms().hessian().clone();
      for (int j = 0; j < precision.length; j++) {
        precision[j] *= scale;
      }
      for (int a = 0; a < k; a++) {
        precision[a * k + a] += alpha[a];
      }
      double[] covariance = Cholesky.factorWithJitter(precision, k).inverse();
      double[] cross = sample.cross();
      double[] times = new double[m * k];
      MatrixProduct.dgemm("N", "N", m, k, k, 1.0, cross, m, covariance, k, 0.0, times, m);
      for (int i = 0; i < m; i++) {
        double quad = 0.0;
        for (int a = 0; a < k; a++) {
          quad += times[a * m + i] * cross[a * m + i];
        }
        explained[i] = sampled[i] > 0.0 ? Math.min(1.0, Math.max(0.0, scale * quad / sampled[i])) : 0.0;
      }
    }
    double[] bigS = new double[m];
    for (int i = 0; i < m; i++) {
      bigS[i] = exact[i] * (1.0 - explained[i]);
    }
    return new double[][] {bigS, scores.gradient().clone()};
  }
}
