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

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.linalg.Logistic;
import io.github.sparkrvm.linalg.Softmax;

/**
 * The statistics seam over a dense design matrix Φ (N × M, column-major) held on one JVM, computed with plain
 * loops. It is the reference the distributed implementation is checked against, and serves small data and tests.
 */
public final class InMemoryStatistics implements RowCollection {

  private final int n;
  private final int m;
  private final double[] phi;
  private final double[] targets;
  private final double[] rowWeights;

  /**
   * Over a given design matrix.
   *
   * @param phi the design matrix (n × m, column-major)
   * @param n the number of rows
   * @param m the number of basis functions
   * @param targets the targets of the rows
   * @param rowWeights the row weights
   */
  public InMemoryStatistics(double[] phi, int n, int m, double[] targets, double[] rowWeights) {
    if (phi.length != n * m || targets.length != n || rowWeights.length != n) {
      throw new IllegalArgumentException("InMemoryStatistics: sizes do not match " + n + " rows × " + m + " columns");
    }
    this.n = n;
    this.m = m;
    this.phi = phi.clone();
    this.targets = targets.clone();
    this.rowWeights = rowWeights.clone();
  }

  /**
   * Evaluates every candidate of {@code basis} at every row of {@code x} (rows of length basis.dim()).
   *
   * @param basis the candidate basis functions
   * @param x the rows, one per entry
   * @param targets the targets of the rows
   * @param rowWeights the row weights
   * @return the statistics
   */
  public static InMemoryStatistics of(BasisFunctions basis, double[][] x, double[] targets, double[] rowWeights) {
    int n = x.length;
    int m = basis.numCandidates();
    double[] phi = new double[n * m];
    for (int j = 0; j < m; j++) {
      for (int i = 0; i < n; i++) {
        phi[j * n + i] = basis.value(j, x[i]);
      }
    }
    return new InMemoryStatistics(phi, n, m, targets, rowWeights);
  }

  @Override
  public int numCandidates() {
    return m;
  }

  /**
   * Entry (row i, candidate j) of the design matrix.
   *
   * @param i a row
   * @param j a candidate
   * @return φ_j(x_i)
   */
  public double phi(int i, int j) {
    return phi[j * n + i];
  }

  /** {@return the design itself, with the targets and row weights, for the dual form of the variational solver} */
  @Override
  public DesignMatrix design() {
    return new DesignMatrix(n, m, phi.clone(), targets.clone(), rowWeights.clone());
  }

  /** {@return the accumulator of the pass over the design as one block, over the pass' columns} */
  @Override
  public <A> A pass(Pass<A> pass) {
    int[] over = pass.columns();
    double[] block = phi;
    if (over != null) {
      block = new double[n * over.length];
      for (int a = 0; a < over.length; a++) {
        System.arraycopy(phi, over[a] * n, block, a * n, n);
      }
    }
    A acc = pass.create().create();
    pass.add().add(acc, block.clone(), n, targets.clone(), rowWeights.clone());
    return acc;
  }

  /** {@return the same rows as driver-side statistics in one block} */
  @Override
  public LocalStatistics local() {
    return new LocalStatistics(java.util.List.of(new LocalStatistics.ExpandedBlock(n, phi.clone(), targets.clone(),
        rowWeights.clone())), m);
  }

  /** {@return the rows {@code sample} keeps, as {@link LocalStatistics#sample} keeps them} */
  @Override
  public RowCollection sample(RowSample sample) {
    return local().sample(sample);
  }

  @Override
  public DesignStatistics oneVsRest(int positiveClass) {
    double[] binary = new double[n];
    for (int i = 0; i < n; i++) {
      binary[i] = targets[i] == positiveClass ? 1.0 : 0.0;
    }
    return new InMemoryStatistics(phi, n, m, binary, rowWeights);
  }

  @Override
  public GaussianStatistics gaussian() {
    double[] gram = new double[m * m];
    double[] projection = new double[m];
    double targetSquares = 0.0;
    double targetSum = 0.0;
    double weightSum = 0.0;
    for (int i = 0; i < n; i++) {
      double w = rowWeights[i];
      targetSquares += w * targets[i] * targets[i];
      targetSum += w * targets[i];
      weightSum += w;
    }
    for (int a = 0; a < m; a++) {
      double p = 0.0;
      for (int i = 0; i < n; i++) {
        p += phi(i, a) * rowWeights[i] * targets[i];
      }
      projection[a] = p;
      for (int b = 0; b <= a; b++) {
        double s = 0.0;
        for (int i = 0; i < n; i++) {
          s += phi(i, a) * rowWeights[i] * phi(i, b);
        }
        gram[a * m + b] = s;
        gram[b * m + a] = s;
      }
    }
    return new GaussianStatistics(m, gram, projection, targetSquares, targetSum, weightSum, n);
  }

  @Override
  public LikelihoodTerms laplace(LaplaceLikelihood likelihood, int[] active, double[] weights) {
    int k = active.length;
    double[] gradient = new double[k];
    double[] hessian = new double[k * k];
    double logLikelihood = 0.0;
    for (int i = 0; i < n; i++) {
      double eta = 0.0;
      for (int a = 0; a < k; a++) {
        eta += phi(i, active[a]) * weights[a];
      }
      double y = likelihood.mean(eta);
      double w = rowWeights[i];
      logLikelihood += w * likelihood.logLikelihood(targets[i], eta);
      double b = likelihood.weightedCurvature(w, y);
      for (int a = 0; a < k; a++) {
        double pa = phi(i, active[a]);
        gradient[a] += pa * w * (targets[i] - y);
        for (int c = 0; c < k; c++) {
          hessian[c * k + a] += pa * b * phi(i, active[c]);
        }
      }
    }
    return new LikelihoodTerms(k, logLikelihood, gradient, hessian);
  }

  @Override
  public CandidateTerms laplaceCandidates(LaplaceLikelihood likelihood, int[] active, double[] weights) {
    int k = active.length;
    double[] gradient = new double[m];
    double[] diagonal = new double[m];
    double[] cross = new double[m * k];
    double logLikelihood = 0.0;
    for (int i = 0; i < n; i++) {
      double eta = 0.0;
      for (int a = 0; a < k; a++) {
        eta += phi(i, active[a]) * weights[a];
      }
      double y = likelihood.mean(eta);
      double w = rowWeights[i];
      logLikelihood += w * likelihood.logLikelihood(targets[i], eta);
      double b = likelihood.weightedCurvature(w, y);
      for (int j = 0; j < m; j++) {
        double pj = phi(i, j);
        gradient[j] += pj * w * (targets[i] - y);
        diagonal[j] += pj * b * pj;
        for (int a = 0; a < k; a++) {
          cross[a * m + j] += pj * b * phi(i, active[a]);
        }
      }
    }
    return new CandidateTerms(m, active.clone(), logLikelihood, gradient, diagonal, cross);
  }

  @Override
  public CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights) {
    if (numClasses < 2) {
      throw new IllegalArgumentException("a softmax needs at least 2 classes; got " + numClasses);
    }
    int k = flatActive.length;
    int dim = numClasses * m;
    double[] gradient = new double[dim];
    double[] diagonal = new double[dim];
    double[] cross = new double[dim * k];
    double logLikelihood = 0.0;
    double[] mu = new double[numClasses];
    for (int i = 0; i < n; i++) {
      java.util.Arrays.fill(mu, 0.0);
      for (int a = 0; a < k; a++) {
        mu[flatActive[a] / m] += phi(i, flatActive[a] % m) * weights[a];
      }
      int label = Softmax.classOf(targets[i], numClasses);
      double score = mu[label];
      double logNormaliser = Softmax.normalise(mu, 0, numClasses);
      double w = rowWeights[i];
      logLikelihood += w * (score - logNormaliser);
      for (int p = 0; p < numClasses; p++) {
        for (int j = 0; j < m; j++) {
          double pj = phi(i, j);
          int c = p * m + j;
          gradient[c] += pj * w * ((p == label ? 1.0 : 0.0) - mu[p]);
          diagonal[c] += pj * w * mu[p] * (1.0 - mu[p]) * pj;
          for (int a = 0; a < k; a++) {
            int q = flatActive[a] / m;
            double b = w * mu[p] * ((p == q ? 1.0 : 0.0) - mu[q]);
            cross[a * dim + c] += pj * b * phi(i, flatActive[a] % m);
          }
        }
      }
    }
    return new CandidateTerms(dim, flatActive.clone(), logLikelihood, gradient, diagonal, cross);
  }

  @Override
  public JaakkolaJordanTerms jaakkolaJordan(int[] active, double[] secondMoment) {
    int k = active.length;
    double[] precision = new double[k * k];
    double[] projection = new double[k];
    double logBound = 0.0;
    double[] phiRow = new double[k];
    for (int i = 0; i < n; i++) {
      for (int a = 0; a < k; a++) {
        phiRow[a] = phi(i, active[a]);
      }
      double xi = Math.sqrt(Math.max(DenseMatrices.quadraticForm(secondMoment, k, phiRow), 0.0));
      double w = rowWeights[i];
      double lambda = JaakkolaJordanTerms.lambda(xi);
      logBound += w * (-Logistic.log1pExp(-xi) - 0.5 * xi);
      for (int a = 0; a < k; a++) {
        projection[a] += w * (2.0 * targets[i] - 1.0) * phiRow[a];
        for (int c = 0; c < k; c++) {
          precision[c * k + a] += w * lambda * phiRow[a] * phiRow[c];
        }
      }
    }
    return new JaakkolaJordanTerms(k, precision, projection, logBound);
  }

  @Override
  public LikelihoodTerms multinomial(int[][] active, double[][] weights) {
    int classes = active.length;
    int[] offset = ClassLayout.offsets(active);
    int dim = offset[classes];
    double[] gradient = new double[dim];
    double[] hessian = new double[dim * dim];
    double logLikelihood = 0.0;
    double[] mu = new double[classes];
    for (int i = 0; i < n; i++) {
      for (int p = 0; p < classes; p++) {
        double u = 0.0;
        for (int a = 0; a < active[p].length; a++) {
          u += phi(i, active[p][a]) * weights[p][a];
        }
        mu[p] = u;
      }
      int label = Softmax.classOf(targets[i], classes);
      double score = mu[label];
      double logNormaliser = Softmax.normalise(mu, 0, classes);
      double w = rowWeights[i];
      logLikelihood += w * (score - logNormaliser);
      for (int p = 0; p < classes; p++) {
        for (int a = 0; a < active[p].length; a++) {
          double pa = phi(i, active[p][a]);
          gradient[offset[p] + a] += pa * w * ((p == label ? 1.0 : 0.0) - mu[p]);
          for (int q = 0; q < classes; q++) {
            double b = w * mu[p] * ((p == q ? 1.0 : 0.0) - mu[q]);
            for (int c = 0; c < active[q].length; c++) {
              hessian[(offset[q] + c) * dim + offset[p] + a] += pa * b * phi(i, active[q][c]);
            }
          }
        }
      }
    }
    return new LikelihoodTerms(dim, logLikelihood, gradient, hessian);
  }
}
