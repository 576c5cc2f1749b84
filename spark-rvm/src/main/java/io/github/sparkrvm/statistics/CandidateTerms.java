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

/**
 * What one pass over the data returns for the fast Laplace solver at weights w over the active basis (k of the M
 * candidates): the log-likelihood and, for every candidate i, the gradient φᵢᵀW(t − y), the weighted square φᵢᵀWBφᵢ
 * and the cross products φᵢᵀWBΦ_a with the active basis (y the mean and B the curvature of the {@link
 * LaplaceLikelihood}: B = diag(y(1 − y)) for Bernoulli, diag(y) for Poisson; W the row weights).
 * The likelihood terms over the active basis are the active rows of these.
 *
 * @param numCandidates M
 * @param active the active candidate indices (k of them, ascending)
 * @param logLikelihood Σ W log p(t | w)
 * @param gradient φᵢᵀW(t − y) for every candidate (length M)
 * @param diagonal φᵢᵀWBφᵢ for every candidate (length M)
 * @param cross φᵢᵀWBφ_a (M × k, column-major: entry (i, a) at a·M + i)
 */
public record CandidateTerms(int numCandidates, int[] active, double logLikelihood, double[] gradient,
    double[] diagonal, double[] cross) {

  /**
   * Checks the sizes.
   *
   * @param numCandidates M
   * @param active the active candidate indices (k of them, ascending)
   * @param logLikelihood Σ W log p(t | w)
   * @param gradient φᵢᵀW(t − y) for every candidate (length M)
   * @param diagonal φᵢᵀWBφᵢ for every candidate (length M)
   * @param cross φᵢᵀWBφ_a (M × k, column-major)
   */
  public CandidateTerms {
    int m = numCandidates;
    if (gradient.length != m || diagonal.length != m || cross.length != m * active.length) {
      throw new IllegalArgumentException("CandidateTerms: sizes do not match " + m + " candidates × "
          + active.length + " active");
    }
  }

  /** {@return the log-likelihood, gradient and Hessian ΦᵀWBΦ over the active basis, taken from the candidate terms} */
  public LikelihoodTerms activeTerms() {
    int k = active.length;
    int m = numCandidates;
    double[] g = new double[k];
    double[] h = new double[k * k];
    for (int a = 0; a < k; a++) {
      g[a] = gradient[active[a]];
      for (int c = 0; c < k; c++) {
        h[c * k + a] = cross[c * m + active[a]];
      }
    }
    return new LikelihoodTerms(k, logLikelihood, g, h);
  }

  /**
   * {@return these terms over the candidates {@code candidates} only, numbered 0 … candidates.length−1 in their order,
   * the active candidates by their positions among them}
   *
   * @param candidates candidates of these terms, ascending, including every active one
   * @throws IllegalArgumentException when an active candidate is not among them
   */
  public CandidateTerms restrictedTo(int[] candidates) {
    int c = candidates.length;
    int k = active.length;
    int[] positions = positionsIn(active, candidates);
    double[] g = new double[c];
    double[] d = new double[c];
    double[] x = new double[c * k];
    for (int j = 0; j < c; j++) {
      g[j] = gradient[candidates[j]];
      d[j] = diagonal[candidates[j]];
      for (int a = 0; a < k; a++) {
        x[a * c + j] = cross[a * numCandidates + candidates[j]];
      }
    }
    return new CandidateTerms(c, positions, logLikelihood, g, d, x);
  }

  /**
   * {@return the positions of the candidates {@code active} among {@code candidates} (both ascending)}
   *
   * @param active candidates, ascending
   * @param candidates candidates, ascending, including every one of {@code active}
   * @throws IllegalArgumentException when one of {@code active} is not among {@code candidates}
   */
  public static int[] positionsIn(int[] active, int[] candidates) {
    int[] positions = new int[active.length];
    for (int a = 0; a < active.length; a++) {
      positions[a] = java.util.Arrays.binarySearch(candidates, active[a]);
      if (positions[a] < 0) {
        throw new IllegalArgumentException("active candidate " + active[a] + " is not among the candidates kept");
      }
    }
    return positions;
  }
}
