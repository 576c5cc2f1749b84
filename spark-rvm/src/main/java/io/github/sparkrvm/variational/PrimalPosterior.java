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

package io.github.sparkrvm.variational;

import io.github.sparkrvm.linalg.Cholesky;
import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.solvers.Reestimation;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.GaussianStatistics;
import io.github.sparkrvm.statistics.JaakkolaJordanTerms;

/**
 * q(w) in the primal form: the M × M precision diag(a) + ΦᵀDΦ is factored (Cholesky) and inverted every step,
 * O(M³). Regression reads ΦᵀWΦ from the Gaussian sufficient statistics (no pass after them); classification makes
 * one pass per step for ΦᵀWΛΦ and ξ ({@link DesignStatistics#jaakkolaJordan}).
 */
final class PrimalPosterior implements WeightPosterior {

  private final int m;
  private final GaussianStatistics gaussian;
  private final DesignStatistics design;
  private double[] mean;
  private double[] covariance;
  private double logDetPrecision;
  private JaakkolaJordanTerms terms;
  private int passes;

  private PrimalPosterior(int m, GaussianStatistics gaussian, DesignStatistics design) {
    this.m = m;
    this.gaussian = gaussian;
    this.design = design;
    this.mean = new double[m];
    this.covariance = new double[m * m];
  }

  /** Regression from the Gaussian sufficient statistics of all candidates. */
  static PrimalPosterior gaussian(GaussianStatistics stats) {
    return new PrimalPosterior(stats.numBasis(), stats, null);
  }

  /** Classification through the statistics seam (one pass per step). */
  static PrimalPosterior bernoulli(DesignStatistics stats) {
    return new PrimalPosterior(stats.numCandidates(), null, stats);
  }

  private GaussianStatistics gaussianStatistics() {
    if (gaussian == null) {
      throw new IllegalStateException("this posterior was built for a Bernoulli likelihood");
    }
    return gaussian;
  }

  private DesignStatistics designStatistics() {
    if (design == null) {
      throw new IllegalStateException("this posterior was built for a Gaussian likelihood");
    }
    return design;
  }

  @Override
  public int size() {
    return m;
  }

  @Override
  public void fitGaussian(double[] precision, double noisePrecision) {
    double[] gram = gaussianStatistics().gram();
    double[] p = new double[m * m];
    for (int i = 0; i < m * m; i++) {
      p[i] = noisePrecision * gram[i];
    }
    Cholesky chol = Cholesky.factorWithJitter(DenseMatrices.plusDiagonal(p, m, precision), m);
    covariance = chol.inverse();
    mean = chol.solve(gaussian.projection());
    for (int i = 0; i < m; i++) {
      mean[i] *= noisePrecision;
    }
    logDetPrecision = chol.logDeterminant();
  }

  /** E‖t − Φw‖² = tᵀt − 2μᵀΦᵀt + μᵀΦᵀΦμ + tr(ΦᵀΦΣ), all weighted. */
  @Override
  public double expectedResidual() {
    GaussianStatistics stats = gaussianStatistics();
    double[] gram = stats.gram();
    double trace = 0.0;
    for (int i = 0; i < m * m; i++) {
      trace += gram[i] * covariance[i];
    }
    return Math.max(stats.targetSquares() - 2 * DenseMatrices.dot(mean, stats.projection())
        + DenseMatrices.quadraticForm(gram, m, mean), 0.0) + trace;
  }

  @Override
  public double weightSum() {
    return gaussianStatistics().weightSum();
  }

  @Override
  public double checkedTargetVariance() {
    return gaussianStatistics().checkedTargetVariance();
  }

  @Override
  public double basisMeanSquare() {
    GaussianStatistics stats = gaussianStatistics();
    double s = 0.0;
    for (int i = 0; i < m; i++) {
      s += stats.gram()[i * m + i] / stats.weightSum();
    }
    return s;
  }

  @Override
  public void startBernoulli(double[] precision) {
    designStatistics();
    mean = new double[m];
    covariance = new double[m * m];
    logDetPrecision = 0.0;
    for (int i = 0; i < m; i++) {
      covariance[i * m + i] = 1.0 / precision[i];
      logDetPrecision -= Math.log(covariance[i * m + i]);
    }
  }

  @Override
  public double tightenJaakkolaJordan() {
    double[] moment = covariance.clone();
    for (int j = 0; j < m; j++) {
      for (int i = 0; i < m; i++) {
        moment[j * m + i] += mean[i] * mean[j];
      }
    }
    terms = designStatistics().jaakkolaJordan(Reestimation.indices(m), moment);
    passes++;
    return terms.logBound() + 0.5 * DenseMatrices.dot(mean, terms.projection());
  }

  @Override
  public void fitBernoulli(double[] precision) {
    if (terms == null) {
      throw new IllegalStateException("tightenJaakkolaJordan must come first");
    }
    double[] p = new double[m * m];
    for (int i = 0; i < m * m; i++) {
      p[i] = 2.0 * terms.precision()[i];
    }
    Cholesky chol = Cholesky.factorWithJitter(DenseMatrices.plusDiagonal(p, m, precision), m);
    covariance = chol.inverse();
    mean = chol.solve(terms.projection());
    for (int i = 0; i < m; i++) {
      mean[i] *= 0.5;
    }
    logDetPrecision = chol.logDeterminant();
  }

  @Override
  public double[] mean() {
    return mean;
  }

  @Override
  public double[] varianceDiagonal() {
    double[] d = new double[m];
    for (int i = 0; i < m; i++) {
      d[i] = covariance[i * m + i];
    }
    return d;
  }

  @Override
  public double logDetPrecision() {
    return logDetPrecision;
  }

  @Override
  public double[] covariance() {
    return covariance;
  }

  @Override
  public int passes() {
    return passes;
  }
}
