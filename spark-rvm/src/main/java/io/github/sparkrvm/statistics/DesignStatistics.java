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
 *
 * <p>A source of rows implements three methods: the number of candidates, one generic {@link #pass} of an
 * accumulator over chosen columns, and its one-vs-rest view. Every family's statistics are a {@link Pass} written
 * once beside its accumulator, which the default methods here run; a source may still compute one its own way
 * (statistics held on the driver read the Gram matrix column by column, {@link #gaussianColumns}). Holding the rows
 * on the driver is a capability of its own ({@link RowCollection}).
 */
public interface DesignStatistics {

  /** {@return the number of candidate basis functions} */
  int numCandidates();

  /**
   * {@return the accumulator of one pass over the data: every block of rows expanded over the pass' columns and added
   * to an accumulator, with the labels of this view; the accumulators merged in the order of the rows}
   *
   * @param pass what the pass computes and how
   * @param <A> the accumulator
   * @throws IllegalStateException when the pass reads class labels and this is a one-vs-rest view
   */
  <A> A pass(Pass<A> pass);

  /** {@return the Gaussian sufficient statistics over all candidates (one pass over the data)} */
  default GaussianStatistics gaussian() {
    return pass(GaussianAccumulator.pass(numCandidates())).result();
  }

  /**
   * {@return the Gaussian statistics as the fast solver reads them: by default all of {@link #gaussian()} at once;
   * statistics that hold the design compute the columns of ΦᵀWΦ when they are first asked for instead}
   */
  default GaussianColumns gaussianColumns() {
    return gaussian();
  }

  /**
   * {@return the log-likelihood, gradient and negative Hessian of {@code likelihood} at weights w over the active
   * basis (one pass)}
   *
   * @param likelihood the likelihood of a row (Bernoulli or Poisson)
   * @param active the active candidates, ascending
   * @param weights their weights
   */
  default LikelihoodTerms laplace(LaplaceLikelihood likelihood, int[] active, double[] weights) {
    return pass(LaplaceAccumulator.pass(likelihood, active, weights)).result();
  }

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
  default CandidateTerms laplaceCandidates(LaplaceLikelihood likelihood, int[] active, double[] weights) {
    return pass(CandidateAccumulator.pass(likelihood, numCandidates(), active, weights, null)).result();
  }

  /**
   * {@return the log-likelihood, gradient and weighted square of {@link #laplaceCandidates(LaplaceLikelihood, int[],
   * double[])} for every candidate, in one pass that does not form the cross products (left at 0 in the result): the
   * N·M·k multiply-adds that are most of a full pass}
   *
   * @param likelihood the likelihood of a row (Bernoulli or Poisson)
   * @param active the active candidates, ascending
   * @param weights their weights
   */
  default CandidateTerms laplaceScores(LaplaceLikelihood likelihood, int[] active, double[] weights) {
    return pass(CandidateAccumulator.scores(likelihood, numCandidates(), active, weights)).result();
  }

  /**
   * {@return the terms of {@link #laplaceCandidates(LaplaceLikelihood, int[], double[])} over the candidates
   * {@code over} only, numbered 0 … over.length−1 in their order, the active ones by their positions among them (as
   * {@link CandidateTerms#restrictedTo} numbers them)} Each block is expanded over these columns only, so that a
   * pass over L of M candidates costs about L/M of a full one.
   *
   * @param likelihood the likelihood of a row (Bernoulli or Poisson)
   * @param active the active candidates, ascending, each among {@code over}
   * @param weights their weights
   * @param over the candidates whose terms are wanted, ascending
   */
  default CandidateTerms laplaceCandidates(LaplaceLikelihood likelihood, int[] active, double[] weights,
      int[] over) {
    return pass(CandidateAccumulator.pass(likelihood, numCandidates(), active, weights, over)).result();
  }

  /**
   * {@return the sparsity and quality factors S and Q of every candidate (or of those of {@code over}, in their order)
   * at weights w over the active basis whose posterior covariance is Σ = {@code covariance}, with the shift δ of the
   * IRLS form, and each one's reach ({@link CandidateScores}): by default from the terms of {@link #laplaceCandidates}
   * (one pass, M × k cross products in one place) and a pass for the reach} A source whose {@link #scoresApart} is true sums each candidate's cross products and
   * scores it where they are, never holding those of every candidate in one place.
   *
   * @param likelihood the likelihood of a row (Bernoulli or Poisson)
   * @param active the active candidates, ascending (each among {@code over})
   * @param weights their weights
   * @param covariance Σ (k × k)
   * @param shift δ (length k)
   * @param over the candidates scored, ascending; null: every one
   */
  default CandidateScores laplaceScores(LaplaceLikelihood likelihood, int[] active, double[] weights,
      double[] covariance, double[] shift, int[] over) {
    CandidateTerms t = over == null ? laplaceCandidates(likelihood, active, weights)
        : laplaceCandidates(likelihood, active, weights, over);
    double[] reach = pass(ReachAccumulator.pass(likelihood, numCandidates(), active, weights, over)).reach();
    return CandidateScores.of(t.numCandidates(), active.length, t.gradient(), t.diagonal(), t.cross(), covariance,
        shift, reach);
  }

  /**
   * {@return whether the fast solver should score candidates with {@link #laplaceScores} (a pass of its own after the
   * active terms, the cross products summed and scored apart) rather than from {@link #laplaceCandidates}' M × k
   * cross products: true where those would not fit one place (rows kept sparse over a cluster)}
   */
  default boolean scoresApart() {
    return false;
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
  default JaakkolaJordanTerms jaakkolaJordan(int[] active, double[] secondMoment) {
    return pass(JaakkolaJordanAccumulator.pass(active, secondMoment)).result();
  }

  /**
   * {@return the multinomial (softmax) log-likelihood, gradient and Hessian at class weights {@code weights[p]} over
   * each class' own active basis {@code active[p]} (K = active.length classes; the labels are class indices 0 … K−1),
   * in the class-major layout of {@link ClassLayout} (one pass)}
   *
   * @param active per class, the active candidates (ascending)
   * @param weights per class, their weights
   */
  default LikelihoodTerms multinomial(int[][] active, double[][] weights) {
    return pass(MultinomialAccumulator.pass(active, weights)).result();
  }

  /**
   * {@return the log-likelihood and gradient of {@link #multinomial} without its Hessian: one pass that forms no
   * product of the basis with itself}
   *
   * @param active per class, the active candidates (ascending)
   * @param weights per class, their weights
   */
  default LikelihoodSlope multinomialSlope(int[][] active, double[][] weights) {
    return pass(MultinomialAccumulator.slopePass(active, weights)).slope();
  }

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
  default CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights) {
    return pass(MultinomialCandidateAccumulator.pass(numClasses, numCandidates(), flatActive, weights, null))
        .result();
  }

  /**
   * {@return the terms of {@link #multinomialCandidates(int, int[], double[])} over the flat candidates
   * {@code flatCandidates} only (e.g. each class' own block of class-specific features), numbered in their order,
   * the active weights by their positions among them} The pass computes only these, class by class over the class'
   * own columns.
   *
   * @param numClasses K (the labels are class indices 0 … K−1)
   * @param flatActive the active flat candidates, ascending, each among {@code flatCandidates}
   * @param weights their weights
   * @param flatCandidates the flat candidates whose terms are wanted, ascending
   */
  default CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights,
      int[] flatCandidates) {
    return pass(MultinomialCandidateAccumulator.pass(numClasses, numCandidates(), flatActive, weights,
        flatCandidates)).result();
  }

  /**
   * {@return the terms of {@link #multinomialCandidates(int, int[], double[], int[])}, where the negative Hessian among
   * the active pairs at these weights is known ({@code activeHessian}, k × k, column-major, from a pass over the active
   * pairs): the pass leaves it out and the result holds it} By default that pass ({@link
   * MultinomialCandidateAccumulator#besideActive}); a source without it computes every term.
   *
   * @param numClasses K (the labels are class indices 0 … K−1)
   * @param flatActive the active flat candidates, ascending, each among {@code flatCandidates}
   * @param weights their weights
   * @param flatCandidates the flat candidates whose terms are wanted, ascending
   * @param activeHessian the negative Hessian among the active pairs at {@code weights}
   */
  default CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights,
      int[] flatCandidates, double[] activeHessian) {
    return pass(MultinomialCandidateAccumulator.besideActive(numClasses, numCandidates(), flatActive, weights,
        flatCandidates)).result(activeHessian);
  }

  /**
   * {@return the log-likelihood, gradient and weighted square of {@link #multinomialCandidates(int, int[], double[])}
   * for every flat pair, in one pass that does not form the cross products (left at 0 in the result)}
   */
  default CandidateTerms multinomialScores(int numClasses, int[] flatActive, double[] weights) {
    return pass(MultinomialCandidateAccumulator.scores(numClasses, numCandidates(), flatActive, weights)).result();
  }

  /**
   * {@return the sparsity and quality factors S and Q of every flat (class, candidate) pair of the softmax (or of
   * those of {@code flatOver}, in their order) at weights w over the active pairs whose posterior covariance is Σ,
   * with the shift δ of the IRLS form ({@link CandidateScores}; the softmax's adds are not bounded by a reach: +∞)}
   * By default from the terms of {@link #multinomialCandidates} (one pass, K·M × k cross products in one place); a
   * source whose {@link #scoresApart} is true sums and scores each range of pairs apart.
   *
   * @param numClasses K (the labels are class indices 0 … K−1)
   * @param flatActive the active flat pairs, ascending (each among {@code flatOver})
   * @param weights their weights
   * @param covariance Σ (k × k)
   * @param shift δ (length k)
   * @param flatOver the flat pairs scored, ascending; null: every one
   */
  default CandidateScores multinomialScores(int numClasses, int[] flatActive, double[] weights, double[] covariance,
      double[] shift, int[] flatOver) {
    CandidateTerms t = flatOver == null ? multinomialCandidates(numClasses, flatActive, weights)
        : multinomialCandidates(numClasses, flatActive, weights, flatOver);
    return CandidateScores.of(t.numCandidates(), flatActive.length, t.gradient(), t.diagonal(), t.cross(),
        covariance, shift, null);
  }

  /**
   * {@return the softmax's negative Hessian entries among the flat pairs {@code flatPairs} (s × s, column-major, in
   * their order) at {@code weights} over {@code flatActive}, which need not hold them (one pass, n·s² multiply-adds
   * besides the scores)} The entries between the adds of a fast step, which its candidates pass does not give.
   */
  default double[] multinomialCrossAmong(int numClasses, int[] flatActive, double[] weights, int[] flatPairs) {
    return pass(SoftmaxPairCross.pass(numClasses, numCandidates(), flatActive, weights, flatPairs)).result();
  }

  /**
   * {@return the same data seen as the binary problem "class {@code positiveClass} against the rest": labels equal to
   * it become 1, all others 0 (for one-vs-rest)} Passes over the data are counted with this one's.
   *
   * @param positiveClass the class against the rest
   */
  DesignStatistics oneVsRest(int positiveClass);
}
