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

import io.github.sparkrvm.linalg.ClassLayout;

/**
 * The seam between the sparse Bayesian outer loops and the data. The solvers ask for what they need at the
 * current active basis and weights; an implementation computes it in memory or across a cluster. Active sets
 * are ascending candidate indices.
 */
public interface DesignStatistics {

  /** {@return the number of candidate basis functions} */
  int numCandidates();

  /** {@return the Gaussian sufficient statistics over all candidates (one pass over the data)} */
  GaussianStatistics gaussian();

  /**
   * {@return the Gaussian statistics as the fast solver reads them: by default all of {@link #gaussian()} at once;
   * statistics that hold the design compute the columns of ΦᵀWΦ when they are first asked for instead}
   */
  default GaussianColumns gaussianColumns() {
    return gaussian();
  }

  /**
   * {@return the expanded design itself, one matrix with the labels of this view and the row weights, for the dual
   * form of the variational solver}
   *
   * @throws UnsupportedOperationException when these statistics can neither hold nor collect it
   */
  default DesignMatrix design() {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot give the expanded design");
  }

  /**
   * {@return the log-likelihood, gradient and negative Hessian of {@code likelihood} at weights w over the active
   * basis (one pass)}
   *
   * @param likelihood the likelihood of a row (Bernoulli or Poisson)
   * @param active the active candidates, ascending
   * @param weights their weights
   */
  LikelihoodTerms laplace(LaplaceLikelihood likelihood, int[] active, double[] weights);

  /**
   * Everything a step of the fast Laplace solver needs, in one pass: at weights w over the active basis, the
   * log-likelihood of {@code likelihood} and, for every candidate, the gradient, the B-weighted square and the cross
   * products with the active basis ({@link CandidateTerms}). The active set may be empty (w = 0: every score is 0).
   *
   * @param likelihood the likelihood of a row (Bernoulli or Poisson)
   * @param active the active candidates, ascending
   * @param weights their weights
   * @return the candidate terms
   */
  CandidateTerms laplaceCandidates(LaplaceLikelihood likelihood, int[] active, double[] weights);

  /**
   * {@return the terms of {@link #laplaceCandidates(LaplaceLikelihood, int[], double[])} over the candidates
   * {@code over} only, numbered 0 … over.length−1 in their order, the active ones by their positions among them (as
   * {@link CandidateTerms#restrictedTo} numbers them)} By default it computes every candidate's terms and keeps
   * these; the statistics over row blocks and on the driver expand and multiply these columns only, so that a pass
   * over L of M candidates costs about L/M of a full one.
   *
   * @param likelihood the likelihood of a row (Bernoulli or Poisson)
   * @param active the active candidates, ascending, each among {@code over}
   * @param weights their weights
   * @param over the candidates whose terms are wanted, ascending
   */
  default CandidateTerms laplaceCandidates(LaplaceLikelihood likelihood, int[] active, double[] weights,
      int[] over) {
    return laplaceCandidates(likelihood, active, weights).restrictedTo(over);
  }

  /**
   * {@return the Bernoulli (logistic) log-likelihood, gradient and Hessian at weights w over the active basis (one
   * pass): {@link #laplace} with {@link LaplaceLikelihood#BERNOULLI}}
   *
   * @param active the active candidates, ascending
   * @param weights their weights
   */
  default LikelihoodTerms bernoulli(int[] active, double[] weights) {
    return laplace(LaplaceLikelihood.BERNOULLI, active, weights);
  }

  /**
   * {@return the candidate terms of the Bernoulli likelihood (one pass): {@link #laplaceCandidates} with
   * {@link LaplaceLikelihood#BERNOULLI}} The active set may be empty (w = 0: y = ½ everywhere).
   *
   * @param active the active candidates, ascending
   * @param weights their weights
   */
  default CandidateTerms bernoulliCandidates(int[] active, double[] weights) {
    return laplaceCandidates(LaplaceLikelihood.BERNOULLI, active, weights);
  }

  /**
   * {@return the variational logistic terms over the active basis at the current q(w), given its second moment Σ +
   * μμᵀ (one pass)}
   *
   * @param secondMoment Σ + μμᵀ (m × m, column-major)
   * @param active the active candidates, ascending
   */
  JaakkolaJordanTerms jaakkolaJordan(int[] active, double[] secondMoment);

  /**
   * {@return the multinomial (softmax) log-likelihood, gradient and Hessian at class weights {@code weights[p]} over
   * each class' own active basis {@code active[p]} (K = active.length classes; the labels are class indices 0 … K−1),
   * in the class-major layout of {@link ClassLayout} (one pass)}
   *
   * @param active per class, the active candidates (ascending)
   * @param weights per class, their weights
   */
  LikelihoodTerms multinomial(int[][] active, double[][] weights);

  /**
   * Everything a step of the fast multinomial (softmax) solver needs, in one pass, in flat coordinates: candidate
   * c = p·M + i is basis function i in class p (class-major, as {@link ClassLayout} orders flat vectors), and the
   * negative Hessian of the log-likelihood is Φᵀ B Φ with B_pq(n) = μ_p(n)(δ_pq − μ_q(n)) times the row weight. For
   * every flat candidate: the gradient Σₙ wₙ φᵢ(xₙ)(t_p(n) − μ_p(n)), the diagonal Σₙ wₙ φᵢ(xₙ)² B_pp(n) and the
   * cross products Σₙ wₙ φᵢ(xₙ) B_(p, q)(n) φ_j(xₙ) with every active flat weight (q, j); and the log-likelihood
   * Σₙ wₙ log μ_(label n)(n). The active set may be empty (w = 0: μ = 1/K everywhere).
   *
   * @param numClasses K (the labels are class indices 0 … K−1)
   * @param flatActive the active flat candidates, ascending
   * @param weights their weights
   * @return the terms over the K·M flat candidates
   */
  CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights);

  /**
   * {@return the terms of {@link #multinomialCandidates(int, int[], double[])} over the flat candidates
   * {@code flatCandidates} only (e.g. each class' own block of class-specific features), numbered in their order,
   * the active weights by their positions among them} By default it computes every flat candidate's terms and keeps
   * these; the statistics over row blocks compute only these, class by class over the class' own columns.
   *
   * @param numClasses K (the labels are class indices 0 … K−1)
   * @param flatActive the active flat candidates, ascending, each among {@code flatCandidates}
   * @param weights their weights
   * @param flatCandidates the flat candidates whose terms are wanted, ascending
   */
  default CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights,
      int[] flatCandidates) {
    return multinomialCandidates(numClasses, flatActive, weights).restrictedTo(flatCandidates);
  }

  /**
   * {@return the statistics of the rows {@code sample} keeps, where the rows are: a copy of those rows for statistics
   * held on this JVM, a view over the cluster for row blocks (each pass skips the other rows before expanding)} The
   * pilot and the intermediate fits of a fit at scale run on such samples. Passes over the data are counted with
   * this one's.
   *
   * @param sample which rows to keep
   * @throws UnsupportedOperationException when these statistics cannot sample their rows
   */
  default DesignStatistics sample(RowSample sample) {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot sample its rows");
  }

  /**
   * {@return these statistics held on this JVM: these themselves when they are, else their rows collected to the
   * driver in one pass and expanded there}
   *
   * @throws UnsupportedOperationException when these statistics can neither hold nor collect their rows
   */
  default DesignStatistics local() {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot collect its rows");
  }

  /**
   * {@return the same data seen as the binary problem "class {@code positiveClass} against the rest": labels equal to
   * it become 1, all others 0 (for one-vs-rest)} Passes over the data are counted with this one's.
   *
   * @param positiveClass the class against the rest
   */
  DesignStatistics oneVsRest(int positiveClass);
}
