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

import io.github.sparkrvm.linalg.ClassLayout;

/**
 * What a multi-class sparse Bayesian fit ends with: for each class p, the candidates it kept, their weights, prior
 * precisions α and the posterior covariance block Σ_pp over them. A candidate can be kept for one class and pruned
 * for another.
 *
 * @param active per class, the kept candidate indices, ascending
 * @param weights per class, the posterior mode of their weights
 * @param alpha per class, their prior precisions
 * @param covariance the joint posterior covariance Σ of all the kept weights in the class-major layout of
 *     {@link ClassLayout} (column-major): the softmax posterior's, or (one-vs-rest) block diagonal with each class'
 *     own binary posterior
 * @param iterations the α re-estimation steps taken (one-vs-rest: summed over the classes)
 * @param converged whether the tolerance was met before maxIter (one-vs-rest: by every class)
 * @param logMarginalLikelihoods the objective after each step (the first entry is the starting point)
 * @param activeCounts the number of kept (class, basis function) pairs after each step
 * @param likelihoodPasses the passes over the data the fit made
 * @param evidence the final evidence (see the canonical constructor)
 * @param predictive the fits whose predictive distributions the model's probabilities average
 *     ({@link SupportPriorAverage}); null when the probabilities are this Gaussian's own
 */
public record MultiClassFit(int[][] active, double[][] weights, double[][] alpha, double[] covariance,
    int iterations, boolean converged, double[] logMarginalLikelihoods, int[] activeCounts, int likelihoodPasses,
    double evidence, PredictiveMixture predictive) implements RelevanceResult {

  /**
   * Checks that the per-class parts agree.
   *
   * @param active per class, the kept candidate indices, ascending
   * @param weights per class, the posterior mode of their weights
   * @param alpha per class, their prior precisions
   * @param covariance the joint posterior covariance Σ of all the kept weights in the class-major layout of {@link
   *     ClassLayout} (column-major): the softmax posterior's, or (one-vs-rest) block diagonal with each class' own
   *     binary posterior
   * @param iterations the α re-estimation steps taken (one-vs-rest: summed over the classes)
   * @param converged whether the tolerance was met before maxIter (one-vs-rest: by every class)
   * @param logMarginalLikelihoods the objective after each step (the first entry is the starting point)
   * @param activeCounts the number of kept (class, basis function) pairs after each step
   * @param likelihoodPasses the passes over the data the fit made
   * @param evidence the final evidence: the last objective (softmax), or the sum of the K binary fits' final ones
   *     (one-vs-rest, whose objectives follow one another); −∞ when not finite
   * @param predictive the fits whose predictive distributions the model's probabilities average; null for none
   */
  public MultiClassFit {
    evidence = Double.isFinite(evidence) ? evidence : Double.NEGATIVE_INFINITY;
    int k = active.length;
    if (weights.length != k || alpha.length != k) {
      throw new IllegalArgumentException("MultiClassFit: one entry per class expected");
    }
    int dim = ClassLayout.dim(active);
    if (covariance.length != dim * dim) {
      throw new IllegalArgumentException("MultiClassFit: a covariance of " + covariance.length + " entries for "
          + dim + " weights");
    }
    for (int p = 0; p < k; p++) {
      int m = active[p].length;
      if (weights[p].length != m || alpha[p].length != m) {
        throw new IllegalArgumentException("MultiClassFit: sizes of class " + p + " do not match " + m
            + " basis functions");
      }
    }
  }

  /**
   * A fit whose probabilities are its own Gaussian's.
   *
   * @param active per class, the kept candidate indices, ascending
   * @param weights per class, the posterior mode of their weights
   * @param alpha per class, their prior precisions
   * @param covariance the joint posterior covariance Σ of all the kept weights (as above)
   * @param iterations the α re-estimation steps taken
   * @param converged whether the tolerance was met before maxIter
   * @param logMarginalLikelihoods the objective after each step (the first entry is the starting point)
   * @param activeCounts the number of kept (class, basis function) pairs after each step
   * @param likelihoodPasses the passes over the data the fit made
   * @param evidence the final evidence (as above)
   */
  public MultiClassFit(int[][] active, double[][] weights, double[][] alpha, double[] covariance, int iterations,
      boolean converged, double[] logMarginalLikelihoods, int[] activeCounts, int likelihoodPasses, double evidence) {
    this(active, weights, alpha, covariance, iterations, converged, logMarginalLikelihoods, activeCounts,
        likelihoodPasses, evidence, null);
  }

  /**
   * A fit whose final evidence is its last objective (softmax).
   *
   * @param active per class, the kept candidate indices, ascending
   * @param weights per class, the posterior mode of their weights
   * @param alpha per class, their prior precisions
   * @param covariance the joint posterior covariance Σ of all the kept weights (as above)
   * @param iterations the α re-estimation steps taken
   * @param converged whether the tolerance was met before maxIter
   * @param logMarginalLikelihoods the objective after each step (the first entry is the starting point)
   * @param activeCounts the number of kept (class, basis function) pairs after each step
   * @param likelihoodPasses the passes over the data the fit made
   */
  public MultiClassFit(int[][] active, double[][] weights, double[][] alpha, double[] covariance, int iterations,
      boolean converged, double[] logMarginalLikelihoods, int[] activeCounts, int likelihoodPasses) {
    this(active, weights, alpha, covariance, iterations, converged, logMarginalLikelihoods, activeCounts,
        likelihoodPasses, logMarginalLikelihoods.length == 0 ? Double.NEGATIVE_INFINITY
            : logMarginalLikelihoods[logMarginalLikelihoods.length - 1]);
  }

  /** {@return the number of classes K} */
  public int numClasses() {
    return active.length;
  }

  @Override
  public MultiClassFit withLikelihoodPasses(int passes) {
    return new MultiClassFit(active, weights, alpha, covariance, iterations, converged, logMarginalLikelihoods,
        activeCounts, passes, evidence, predictive);
  }

  /**
   * {@return this fit with the predictive mixture its probabilities are to average}
   *
   * @param mixture the fits and their shares
   */
  public MultiClassFit withPredictive(PredictiveMixture mixture) {
    return new MultiClassFit(active, weights, alpha, covariance, iterations, converged, logMarginalLikelihoods,
        activeCounts, likelihoodPasses, evidence, mixture);
  }

  /** {@return the number of kept (class, basis function) pairs} */
  @Override
  public int size() {
    int n = 0;
    for (int[] a : active) {
      n += a.length;
    }
    return n;
  }
}
