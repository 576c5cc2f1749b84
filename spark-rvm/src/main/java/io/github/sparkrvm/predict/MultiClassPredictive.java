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

package io.github.sparkrvm.predict;

import dev.ludovic.netlib.blas.BLAS;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.linalg.Backend;
import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.linalg.MatrixProduct;
import java.io.Serializable;

/**
 * The posterior predictive of a fitted multi-class model at a point already on the basis' scale: the mean
 * μ_p = φ_pᵀw⁽ᵖ⁾ of every class' latent score and their K × K covariance S_pq = φ_pᵀΣ_pqφ_q, from the joint
 * posterior covariance Σ of the kept weights (class-major, {@link ClassLayout}). The basis is evaluated once per
 * point, over the union of the classes' kept basis functions.
 */
public final class MultiClassPredictive implements Serializable {

  private final BasisFunctions basis;
  private final int[] union;
  private final int[][] positions;
  private final double[][] weights;
  private final double[] covariance;
  private final int[] offset;
  /** Σ = LLᵀ's factor for {@link #block}, computed once on first use; null until then, or when Σ has none. */
  private double[] factor;
  private boolean factored;

  /** The class scores' means and K × K covariance (column-major) at a point. */
  public record Latents(double[] mean, double[] covariance) {

    /** {@return the number of classes K} */
    public int numClasses() {
      return mean.length;
    }

    /**
     * {@return the variance of class p's score}
     *
     * @param p the class
     */
    public double variance(int p) {
      return covariance[p * mean.length + p];
    }
  }

  /**
   * @param union the kept candidates of all classes (indices into {@code basis})
   * @param positions per class, the positions of its kept basis functions in {@code union}
   * @param weights per class, their weights
   * @param covariance the joint posterior covariance of all classes' weights (class-major, column-major)
   * @param basis the candidate basis functions
   */
  public MultiClassPredictive(BasisFunctions basis, int[] union, int[][] positions, double[][] weights,
      double[] covariance) {
    this.offset = ClassLayout.offsets(positions);
    int dim = offset[positions.length];
    for (int p = 0; p < positions.length; p++) {
      if (weights[p].length != positions[p].length) {
        throw new IllegalArgumentException("MultiClassPredictive: " + weights[p].length + " weights for the "
            + positions[p].length + " basis functions of class " + p);
      }
    }
    if (covariance.length != dim * dim) {
      throw new IllegalArgumentException("MultiClassPredictive: a covariance of " + covariance.length
          + " entries for " + dim + " weights");
    }
    this.basis = basis;
    this.union = union.clone();
    this.positions = positions;
    this.weights = weights;
    this.covariance = covariance;
  }

  /** {@return the number of classes K} */
  public int numClasses() {
    return positions.length;
  }

  /**
   * {@return the latent scores' means and covariance at x}
   *
   * @param x a point, on the basis' scale
   */
  public Latents at(double[] x) {
    return at(x, true);
  }

  /**
   * {@return the latent scores' means at x, with a zero covariance: what the probabilities at the posterior mode
   * need, without the O(k²) quadratic forms of the covariance}
   *
   * @param x a point, on the basis' scale
   */
  public Latents means(double[] x) {
    return at(x, false);
  }

  /**
   * Computes the factor of Σ that {@link #block} uses for the covariances, if not done yet: call it once before the
   * predictive is shipped to many tasks, so that they share it.
   *
   * @return this predictive
   */
  public synchronized MultiClassPredictive prepareCovariance() {
    if (!factored) {
      factor = BlockAlgebra.factor(covariance, offset[positions.length]);
      factored = true;
    }
    return this;
  }

  /**
   * {@return the latent scores of a block of points, one per point: the same values as {@link #at} (or, without the
   * covariance, {@link #means}) row by row, up to rounding, from matrix products over the block} With Σ = LLᵀ and
   * Z_p = Φ_p L_p (L_p: class p's rows of L), S_pq of row i is the dot product of row i of Z_p and Z_q.
   *
   * @param rows the points, row-major (n × dim), on the basis' scale
   * @param n the number of points
   * @param withCovariance whether to compute the scores' covariances (else zero, as {@link #means})
   */
  public Latents[] block(double[] rows, int n, boolean withCovariance) {
    int classes = positions.length;
    int dim = offset[classes];
    BLAS blas = Backend.blas();
    double[] phiUnion = basis.expand(RowBlock.unweighted(n, basis.dim(), rows, new double[n]), union);
    double[][] phi = new double[classes][];
    double[][] mean = new double[classes][];
    for (int p = 0; p < classes; p++) {
      int kp = positions[p].length;
      phi[p] = new double[n * kp];
      for (int a = 0; a < kp; a++) {
        System.arraycopy(phiUnion, positions[p][a] * n, phi[p], a * n, n);
      }
      mean[p] = new double[n];
      if (n > 0 && kp > 0) {
        blas.dgemv("N", n, kp, 1.0, phi[p], n, weights[p], 1, 0.0, mean[p], 1);
      }
    }
    double[][] s = new double[classes * classes][];
    if (withCovariance) {
      prepareCovariance();
      double[][] z = new double[classes][];
      for (int p = 0; p < classes; p++) {
        int kp = positions[p].length;
        // with the factor, Z_p = Φ_p L_p has nonzero columns 0 … offset[p + 1] only (L is lower triangular)
        int width = factor != null ? offset[p + 1] : dim;
        z[p] = new double[n * width];
        if (n > 0 && kp > 0 && width > 0) {
          MatrixProduct.dgemm("N", "N", n, width, kp, 1.0, phi[p], 0, n, factor != null ? factor : covariance,
              offset[p], dim, 0.0, z[p], 0, n);
        }
      }
      for (int p = 0; p < classes; p++) {
        for (int q = 0; q < classes; q++) {
          s[q * classes + p] = factor != null
              ? BlockAlgebra.rowwiseDots(z[p], 0, z[q], 0, n, Math.min(offset[p + 1], offset[q + 1]))
              : BlockAlgebra.rowwiseDots(z[p], offset[q] * n, phi[q], 0, n, positions[q].length);
        }
      }
    }
    Latents[] out = new Latents[n];
    for (int i = 0; i < n; i++) {
      double[] m = new double[classes];
      double[] c = new double[classes * classes];
      for (int p = 0; p < classes; p++) {
        m[p] = mean[p][i];
        if (withCovariance) {
          for (int q = 0; q < classes; q++) {
            c[q * classes + p] = s[q * classes + p][i];
          }
          c[p * classes + p] = Math.max(c[p * classes + p], 0.0);
        }
      }
      out[i] = new Latents(m, c);
    }
    return out;
  }

  private Latents at(double[] x, boolean withCovariance) {
    int classes = positions.length;
    int dim = offset[classes];
    double[] phiUnion = new double[union.length];
    for (int j = 0; j < union.length; j++) {
      phiUnion[j] = basis.value(union[j], x);
    }
    // the flat basis vector: class p's kept functions at its offset
    double[] phi = new double[dim];
    double[] mean = new double[classes];
    for (int p = 0; p < classes; p++) {
      for (int a = 0; a < positions[p].length; a++) {
        phi[offset[p] + a] = phiUnion[positions[p][a]];
        mean[p] += phi[offset[p] + a] * weights[p][a];
      }
    }
    // S_pq = φ_pᵀ Σ_pq φ_q
    double[] s = new double[classes * classes];
    if (!withCovariance) {
      return new Latents(mean, s);
    }
    for (int q = 0; q < classes; q++) {
      for (int c = offset[q]; c < offset[q + 1]; c++) {
        double phiC = phi[c];
        if (phiC == 0.0) {
          continue;
        }
        int col = c * dim;
        for (int p = 0; p < classes; p++) {
          double sum = 0.0;
          for (int a = offset[p]; a < offset[p + 1]; a++) {
            sum += phi[a] * covariance[col + a];
          }
          s[q * classes + p] += sum * phiC;
        }
      }
    }
    for (int p = 0; p < classes; p++) {
      s[p * classes + p] = Math.max(s[p * classes + p], 0.0);
    }
    return new Latents(mean, s);
  }
}
