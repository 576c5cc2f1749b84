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

import dev.ludovic.netlib.blas.BLAS;
import io.github.sparkrvm.linalg.Backend;
import io.github.sparkrvm.linalg.Cholesky;
import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.linalg.Logistic;
import io.github.sparkrvm.linalg.MatrixProduct;
import io.github.sparkrvm.statistics.DesignMatrix;
import io.github.sparkrvm.statistics.GaussianStatistics;
import io.github.sparkrvm.statistics.JaakkolaJordanTerms;

/**
 * q(w) in the dual (Woodbury) form, on the expanded design Φ (N × M) held in memory: with A = diag(a),
 * Ψ = D^½Φ and the N × N matrix K = I + ΨA⁻¹Ψᵀ (factored by Cholesky and inverted, N³),
 * <ul>
 *   <li>Σ = A⁻¹ − A⁻¹Ψᵀ K⁻¹ ΨA⁻¹, so diag Σ = 1/aᵢ − ψᵢᵀK⁻¹ψᵢ / aᵢ² (ψᵢ column i of Ψ);</li>
 *   <li>μ = ΣΦᵀr = A⁻¹Φᵀ(r − D^½K⁻¹D^½ G r) with G = ΦA⁻¹Φᵀ, and Φμ = G(r − D^½K⁻¹D^½ G r);</li>
 *   <li>log |Σ⁻¹| = log |A| + log |K| (the matrix determinant lemma);</li>
 *   <li>the rows' latent variances diag(ΦΣΦᵀ) = diag(G − GD^½K⁻¹D^½G), which give the Gaussian likelihood's
 *       E‖t − Φw‖² and the Jaakkola–Jordan ξₙ² = (ΦΣΦᵀ)ₙₙ + (Φμ)ₙ².</li>
 * </ul>
 * A step costs O(N²M + N³) (G and K⁻¹Ψ, for the diagonal of Σ, are the N²M terms; both are matrix products,
 * which the Java BLAS vectorises, unlike its triangular solves) and holds two N × M work copies
 * beside Φ and a few N × N matrices; the full Σ (M × M) is formed only when asked for, at the end of a fit. This
 * symmetric form needs no D⁻¹, so rows of weight 0 are allowed.
 */
final class DualPosterior implements WeightPosterior {

  private final DesignMatrix design;
  private final int n;
  private final int m;
  /** ΦA^-½ while G is formed, then K⁻¹Ψ of the last fit. */
  private final double[] work;
  /** Ψ = D^½Φ of the last fit. */
  private final double[] psi;
  private double[] precision;
  private double[] mean;
  private double[] varianceDiagonal;
  private double[] latentMean;
  private double[] latentVariance;
  private double logDetPrecision;
  /** λ(ξₙ) of the last Jaakkola–Jordan tightening. */
  private double[] lambda;

  /**
   * Over a design held in memory.
   *
   * @param design Φ with its targets and row weights
   */
  DualPosterior(DesignMatrix design) {
    this.design = design;
    this.n = design.rows();
    this.m = design.cols();
    this.work = new double[n * m];
    this.psi = new double[n * m];
    this.mean = new double[m];
  }

  @Override
  public int size() {
    return m;
  }

  /** q(w) for Σ = (diag(a) + ΦᵀDΦ)⁻¹ and μ = ΣΦᵀr. */
  private void fit(double[] a, double[] d, double[] r) {
    BLAS blas = Backend.blas();
    double[] phi = design.phi();
    precision = a.clone();
    for (int j = 0; j < m; j++) {
      double s = 1.0 / Math.sqrt(a[j]);
      int col = j * n;
      for (int i = 0; i < n; i++) {
        work[col + i] = phi[col + i] * s;
      }
    }
    // G = ΦA⁻¹Φᵀ
    double[] g = new double[n * n];
    if (m > 0 && n > 0) {
      MatrixProduct.dgemm("N", "T", n, n, m, 1.0, work, n, work, n, 0.0, g, n);
    }
    double[] sd = new double[n];
    for (int i = 0; i < n; i++) {
      sd[i] = Math.sqrt(d[i]);
    }
    double[] k = new double[n * n];
    for (int j = 0; j < n; j++) {
      for (int i = 0; i < n; i++) {
        k[j * n + i] = sd[i] * g[j * n + i] * sd[j] + (i == j ? 1.0 : 0.0);
      }
    }
    Cholesky chol = Cholesky.factorWithJitter(k, n);
    double[] kInverse = chol.inverse();
    logDetPrecision = chol.logDeterminant();
    for (int j = 0; j < m; j++) {
      logDetPrecision += Math.log(a[j]);
    }
    // μ and Φμ
    double[] u = DenseMatrices.multiply(g, n, r);
    for (int i = 0; i < n; i++) {
      u[i] *= sd[i];
    }
    double[] y = chol.solve(u);
    double[] z = new double[n];
    for (int i = 0; i < n; i++) {
      z[i] = r[i] - sd[i] * y[i];
    }
    latentMean = DenseMatrices.multiply(g, n, z);
    mean = new double[m];
    if (m > 0 && n > 0) {
      blas.dgemv("T", n, m, 1.0, phi, n, z, 1, 0.0, mean, 1);
    }
    for (int j = 0; j < m; j++) {
      mean[j] /= a[j];
    }
    // diag Σ = 1/aᵢ − ψᵢᵀK⁻¹ψᵢ / aᵢ², with Ψ = D^½Φ and K⁻¹Ψ by one product (dgemm, where a triangular solve
    // would run unvectorised in the Java BLAS)
    for (int j = 0; j < m; j++) {
      int col = j * n;
      for (int i = 0; i < n; i++) {
        psi[col + i] = sd[i] * phi[col + i];
      }
    }
    if (m > 0 && n > 0) {
      MatrixProduct.dgemm("N", "N", n, m, n, 1.0, kInverse, n, psi, n, 0.0, work, n);
    }
    varianceDiagonal = new double[m];
    for (int j = 0; j < m; j++) {
      int col = j * n;
      double s = 0.0;
      for (int i = 0; i < n; i++) {
        s += psi[col + i] * work[col + i];
      }
      varianceDiagonal[j] = 1.0 / a[j] - s / (a[j] * a[j]);
    }
    // diag(ΦΣΦᵀ) = diag G − diag(G D^½ K⁻¹ D^½ G)
    double[] h = new double[n * n];
    for (int j = 0; j < n; j++) {
      for (int i = 0; i < n; i++) {
        h[j * n + i] = sd[i] * g[j * n + i];
      }
    }
    double[] p = new double[n * n];
    if (n > 0) {
      MatrixProduct.dgemm("N", "N", n, n, n, 1.0, kInverse, n, h, n, 0.0, p, n);
    }
    latentVariance = new double[n];
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int i = 0; i < n; i++) {
        s += h[j * n + i] * p[j * n + i];
      }
      latentVariance[j] = g[j * n + j] - s;
    }
  }

  @Override
  public void fitGaussian(double[] a, double noisePrecision) {
    double[] d = new double[n];
    double[] r = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = noisePrecision * design.rowWeights()[i];
      r[i] = d[i] * design.targets()[i];
    }
    fit(a, d, r);
  }

  @Override
  public double expectedResidual() {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
      double e = design.targets()[i] - latentMean[i];
      s += design.rowWeights()[i] * (e * e + latentVariance[i]);
    }
    return s;
  }

  @Override
  public double weightSum() {
    return design.weightSum();
  }

  @Override
  public double checkedTargetVariance() {
    double squares = 0.0;
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
      double w = design.rowWeights()[i];
      double t = design.targets()[i];
      squares += w * t * t;
      sum += w * t;
    }
    return new GaussianStatistics(0, new double[0], new double[0], squares, sum, weightSum(), n)
        .checkedTargetVariance();
  }

  @Override
  public double basisMeanSquare() {
    double[] phi = design.phi();
    double s = 0.0;
    for (int j = 0; j < m; j++) {
      int col = j * n;
      for (int i = 0; i < n; i++) {
        s += design.rowWeights()[i] * phi[col + i] * phi[col + i];
      }
    }
    return s / weightSum();
  }

  @Override
  public void startBernoulli(double[] a) {
    fit(a, new double[n], new double[n]);
  }

  @Override
  public double tightenJaakkolaJordan() {
    lambda = new double[n];
    double bound = 0.0;
    for (int i = 0; i < n; i++) {
      double xi = Math.sqrt(Math.max(latentVariance[i] + latentMean[i] * latentMean[i], 0.0));
      double w = design.rowWeights()[i];
      lambda[i] = JaakkolaJordanTerms.lambda(xi);
      bound += w * (-Logistic.log1pExp(-xi) - 0.5 * xi) + 0.5 * w * (2.0 * design.targets()[i] - 1.0) * latentMean[i];
    }
    return bound;
  }

  @Override
  public void fitBernoulli(double[] a) {
    if (lambda == null) {
      throw new IllegalStateException("tightenJaakkolaJordan must come first");
    }
    double[] d = new double[n];
    double[] r = new double[n];
    for (int i = 0; i < n; i++) {
      double w = design.rowWeights()[i];
      d[i] = 2.0 * w * lambda[i];
      r[i] = 0.5 * w * (2.0 * design.targets()[i] - 1.0);
    }
    fit(a, d, r);
  }

  @Override
  public double[] mean() {
    return mean;
  }

  @Override
  public double[] varianceDiagonal() {
    return varianceDiagonal;
  }

  @Override
  public double logDetPrecision() {
    return logDetPrecision;
  }

  /** Σ = A⁻¹ − (ΨA⁻¹)ᵀ(K⁻¹ΨA⁻¹): one M × M × N product. */
  @Override
  public double[] covariance() {
    double[] left = new double[n * m];
    double[] right = new double[n * m];
    for (int j = 0; j < m; j++) {
      int col = j * n;
      for (int i = 0; i < n; i++) {
        left[col + i] = psi[col + i] / precision[j];
        right[col + i] = work[col + i] / precision[j];
      }
    }
    double[] c = new double[m * m];
    if (m > 0 && n > 0) {
      MatrixProduct.dgemm("T", "N", m, m, n, -1.0, left, n, right, n, 0.0, c, m);
    }
    for (int j = 0; j < m; j++) {
      for (int i = 0; i < j; i++) {
        double s = 0.5 * (c[j * m + i] + c[i * m + j]);
        c[j * m + i] = s;
        c[i * m + j] = s;
      }
      c[j * m + j] = varianceDiagonal[j];
    }
    return c;
  }

  @Override
  public int passes() {
    return 0;
  }
}
