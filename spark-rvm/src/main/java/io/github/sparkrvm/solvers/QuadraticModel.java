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

import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.LikelihoodTerms;

/**
 * The second-order Taylor model of a log-likelihood over u candidates around the weights w₀ (zero on the candidates
 * not in the model there): q(w) = ℓ₀ + gᵀd − ½dᵀHd with d = w − w₀, from the terms of one pass over all u candidates
 * at w₀ (ℓ₀ the log-likelihood, g its gradient, H the negative Hessian ΦᵀBΦ over the u candidates). As a
 * {@link FastLaplaceSolver.Likelihood} it is evaluated on the driver from those terms, with no pass over the data:
 * its gradient at w is g − Hd, its negative Hessian H everywhere.
 *
 * <p>This is the IRLS surrogate of the Laplace approximation: at w₀ its candidate terms are exactly the likelihood's,
 * so its sparsity Sᵢ and quality Qᵢ, and the fast rule's actions there, are those of the likelihood; and for a
 * quadratic log-likelihood the Laplace approximation of the evidence is exact, so the fast solver over it climbs the
 * Gaussian evidence of the model with every action's gain exactly as predicted. Away from w₀ it differs from the
 * likelihood by the change of the curvature B, which {@link SurrogateSteps} checks against the likelihood itself.
 */
final class QuadraticModel implements FastLaplaceSolver.Likelihood {

  private final int u;
  private final double logLikelihood;
  private final double[] gradient;
  private final double[] hessian;
  private final double[] centre;

  /**
   * The model around {@code centre}.
   *
   * @param terms the likelihood terms over all u candidates at {@code centre}
   * @param centre w₀ over the u candidates (zero where a candidate is not in the model)
   */
  QuadraticModel(LikelihoodTerms terms, double[] centre) {
    this.u = terms.dim();
    if (centre.length != u) {
      throw new IllegalArgumentException("QuadraticModel: a centre of " + centre.length + " weights for terms over "
          + u + " candidates");
    }
    this.logLikelihood = terms.logLikelihood();
    this.gradient = terms.gradient();
    this.hessian = terms.hessian();
    this.centre = centre.clone();
  }

  /** {@return u, the number of candidates of the model} */
  int numCandidates() {
    return u;
  }

  /** {@return the model's candidate terms over all u candidates at {@code weights} over {@code active}} */
  @Override
  public CandidateTerms candidates(int[] active, double[] weights) {
    int k = active.length;
    double[] d = displacement(active, weights);
    double[] g = gradientAt(d);
    double[] diagonal = new double[u];
    for (int i = 0; i < u; i++) {
      diagonal[i] = hessian[i * u + i];
    }
    double[] cross = new double[u * k];
    for (int a = 0; a < k; a++) {
      System.arraycopy(hessian, active[a] * u, cross, a * u, u); // H is symmetric: column active[a] is its row
    }
    return new CandidateTerms(u, active.clone(), valueAt(d, g), g, diagonal, cross);
  }

  @Override
  public LikelihoodTerms terms(int[] active, double[] weights) {
    return candidates(active, weights).activeTerms();
  }

  /** d = w − w₀ over the u candidates, w being {@code weights} on {@code active} and zero elsewhere. */
  private double[] displacement(int[] active, double[] weights) {
    if (weights.length != active.length) {
      throw new IllegalArgumentException("QuadraticModel: " + weights.length + " weights for " + active.length
          + " candidates");
    }
    double[] d = new double[u];
    for (int i = 0; i < u; i++) {
      d[i] = -centre[i];
    }
    for (int a = 0; a < active.length; a++) {
      d[active[a]] += weights[a];
    }
    return d;
  }

  /** g − Hd (over the non-zero entries of d only). */
  private double[] gradientAt(double[] d) {
    double[] g = gradient.clone();
    for (int j = 0; j < u; j++) {
      double dj = d[j];
      if (dj != 0.0) {
        for (int i = 0; i < u; i++) {
          g[i] -= hessian[j * u + i] * dj;
        }
      }
    }
    return g;
  }

  /** q = ℓ₀ + gᵀd − ½dᵀHd = ℓ₀ + ½(g + (g − Hd))ᵀd, from the gradient at d. */
  private double valueAt(double[] d, double[] gradientAtD) {
    double value = logLikelihood;
    for (int i = 0; i < u; i++) {
      value += 0.5 * (gradient[i] + gradientAtD[i]) * d[i];
    }
    return value;
  }
}
