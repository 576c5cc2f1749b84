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

/**
 * The settings of the sparse Bayesian outer loop.
 *
 * @param maxIter the largest number of α re-estimation steps
 * @param tol convergence: the largest change of log α (and log β) in a step, with no basis function pruned
 * @param alphaMax a basis function whose α exceeds this is pruned (its weight is effectively zero)
 * @param alphaPriorShape a of the Gamma(a, b) hyperprior on each α (0: the improper, scale-free prior)
 * @param alphaPriorRate b of the Gamma(a, b) hyperprior on each α
 * @param maxAddsPerStep the fast classifiers: the most basis functions one step may add (1: one at a time)
 * @param noisePrecision family gaussian: the noise precision β held fixed through the fit, or 0 to learn it (the
 *     default); the classifiers have no noise and take 0 only
 * @param supportPrior the fast solvers: the prior on which candidates are relevant ({@link SupportPrior#NONE}: ARD
 *     alone)
 */
public record SparseBayesOptions(int maxIter, double tol, double alphaMax, double alphaPriorShape,
    double alphaPriorRate, int maxAddsPerStep, double noisePrecision, SupportPrior supportPrior) {

  /**
   * Checks the settings.
   *
   * @param maxIter the largest number of α re-estimation steps
   * @param tol convergence: the largest change of log α (and log β) in a step, with no basis function pruned
   * @param alphaMax a basis function whose α exceeds this is pruned (its weight is effectively zero)
   * @param alphaPriorShape a of the Gamma(a, b) hyperprior on each α (0: the improper, scale-free prior)
   * @param alphaPriorRate b of the Gamma(a, b) hyperprior on each α
   * @param maxAddsPerStep the fast classifiers: the most basis functions one step may add (1: one at a time)
   * @param noisePrecision family gaussian: the noise precision β held fixed through the fit, or 0 to learn it
   * @param supportPrior the fast solvers: the prior on which candidates are relevant
   */
  public SparseBayesOptions {
    if (maxIter < 1) {
      throw new IllegalArgumentException("maxIter must be at least 1; got " + maxIter);
    }
    if (!(tol > 0.0)) {
      throw new IllegalArgumentException("tol must be positive; got " + tol);
    }
    if (!(alphaMax > 0.0)) {
      throw new IllegalArgumentException("alphaMax must be positive; got " + alphaMax);
    }
    if (!(alphaPriorShape >= 0.0) || !(alphaPriorRate >= 0.0)
        || Double.isInfinite(alphaPriorShape) || Double.isInfinite(alphaPriorRate)) {
      throw new IllegalArgumentException("alphaPriorShape and alphaPriorRate must be finite and non-negative");
    }
    if (maxAddsPerStep < 1) {
      throw new IllegalArgumentException("maxAddsPerStep must be at least 1; got " + maxAddsPerStep);
    }
    if (!(noisePrecision >= 0.0) || Double.isInfinite(noisePrecision)) {
      throw new IllegalArgumentException("noisePrecision must be finite and non-negative (0: learn it); got "
          + noisePrecision);
    }
    if (supportPrior == null) {
      throw new IllegalArgumentException("the support prior must be given (SupportPrior.NONE: ARD alone)");
    }
  }

  /**
   * The settings with ARD alone (no prior on which candidates are relevant).
   *
   * @param maxIter the largest number of α re-estimation steps
   * @param tol convergence: the largest change of log α (and log β) in a step, with no basis function pruned
   * @param alphaMax a basis function whose α exceeds this is pruned (its weight is effectively zero)
   * @param alphaPriorShape a of the Gamma(a, b) hyperprior on each α (0: the improper, scale-free prior)
   * @param alphaPriorRate b of the Gamma(a, b) hyperprior on each α
   * @param maxAddsPerStep the fast classifiers: the most basis functions one step may add (1: one at a time)
   * @param noisePrecision family gaussian: the noise precision β held fixed through the fit, or 0 to learn it
   */
  public SparseBayesOptions(int maxIter, double tol, double alphaMax, double alphaPriorShape, double alphaPriorRate,
      int maxAddsPerStep, double noisePrecision) {
    this(maxIter, tol, alphaMax, alphaPriorShape, alphaPriorRate, maxAddsPerStep, noisePrecision, SupportPrior.NONE);
  }

  /**
   * The settings with the noise precision learnt (family gaussian) or absent (the classifiers).
   *
   * @param maxIter the largest number of α re-estimation steps
   * @param tol convergence: the largest change of log α (and log β) in a step, with no basis function pruned
   * @param alphaMax a basis function whose α exceeds this is pruned (its weight is effectively zero)
   * @param alphaPriorShape a of the Gamma(a, b) hyperprior on each α (0: the improper, scale-free prior)
   * @param alphaPriorRate b of the Gamma(a, b) hyperprior on each α
   * @param maxAddsPerStep the fast classifiers: the most basis functions one step may add (1: one at a time)
   */
  public SparseBayesOptions(int maxIter, double tol, double alphaMax, double alphaPriorShape, double alphaPriorRate,
      int maxAddsPerStep) {
    this(maxIter, tol, alphaMax, alphaPriorShape, alphaPriorRate, maxAddsPerStep, 0.0);
  }

  /** {@return whether β is held at {@link #noisePrecision} rather than learnt} */
  public boolean noiseFixed() {
    return noisePrecision > 0.0;
  }

  /**
   * {@return these settings with β held at {@code beta} (0: learnt)}
   *
   * @param beta the noise precision to hold, or 0 to learn it
   */
  public SparseBayesOptions withNoisePrecision(double beta) {
    return new SparseBayesOptions(maxIter, tol, alphaMax, alphaPriorShape, alphaPriorRate, maxAddsPerStep, beta,
        supportPrior);
  }

  /** {@return the defaults of the estimator, with maxAddsPerStep 1 (its automatic choice below 100,000 rows)} */
  public static SparseBayesOptions defaults() {
    return new SparseBayesOptions(1000, 1e-3, 1e9, 0.0, 0.0, 1);
  }

  /**
   * {@return these settings with {@code maxAddsPerStep} replaced}
   *
   * @param adds the most basis functions one step of a fast classifier may add
   */
  public SparseBayesOptions withMaxAddsPerStep(int adds) {
    return new SparseBayesOptions(maxIter, tol, alphaMax, alphaPriorShape, alphaPriorRate, adds, noisePrecision,
        supportPrior);
  }

  /**
   * {@return these settings with {@code maxIter} replaced}
   *
   * @param iterations the most steps of the outer loop
   */
  public SparseBayesOptions withMaxIter(int iterations) {
    return new SparseBayesOptions(iterations, tol, alphaMax, alphaPriorShape, alphaPriorRate, maxAddsPerStep,
        noisePrecision, supportPrior);
  }

  /**
   * {@return these settings with the prior on which candidates are relevant replaced}
   *
   * @param prior the support prior
   */
  public SparseBayesOptions withSupportPrior(SupportPrior prior) {
    return new SparseBayesOptions(maxIter, tol, alphaMax, alphaPriorShape, alphaPriorRate, maxAddsPerStep,
        noisePrecision, prior);
  }
}
