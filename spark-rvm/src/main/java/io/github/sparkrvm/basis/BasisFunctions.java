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

package io.github.sparkrvm.basis;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import dev.ludovic.netlib.blas.BLAS;
import java.io.Serializable;
import java.util.Arrays;

/**
 * The candidate basis functions of a fit, over standardised features: an optional bias (candidate 0 when
 * {@code intercept}), then one function per centre (RBF and polynomial kernels), per input feature (linear), or per
 * (input dimension, centre) pair, dimension-major (RBF per dimension: the table of dim rows × centres columns).
 * Active sets are ascending arrays of candidate indices.
 *
 * <p>{@link #value} evaluates one function at one point (the reference); {@link #expand} builds the basis of a
 * whole {@link RowBlock} with one matrix product.
 */
@DefaultSerializer(JavaSerializer.class) // its Kernel is a record, which Spark's Kryo cannot serialize
public final class BasisFunctions implements Serializable {

  private final Kernel kernel;
  private final boolean intercept;
  private final int dim;
  private final int numCentres;
  /** Row-major numCentres × dim, i.e. the column-major dim × numCentres matrix Cᵀ. */
  private final double[] centres;
  private final double[] centreSquaredNorms;

  private BasisFunctions(Kernel kernel, boolean intercept, int dim, double[] centres) {
    this.kernel = kernel;
    this.intercept = intercept;
    this.dim = dim;
    this.centres = centres;
    this.numCentres = kernel instanceof Kernel.Linear ? 0 : centres.length / Math.max(dim, 1);
    this.centreSquaredNorms = squaredNorms(centres, numCentres, dim);
  }

  /**
   * Kernel basis functions centred on {@code centres} (row-major, one centre of size dim per row).
   *
   * @param kernel the kernel
   * @param intercept whether basis function 0 is a bias
   * @param dim the number of input features
   * @param centres the centres, row-major (one centre of length dim per row)
   * @return the basis
   */
  public static BasisFunctions kernel(Kernel kernel, boolean intercept, int dim, double[] centres) {
    if (kernel instanceof Kernel.Linear) {
      throw new IllegalArgumentException("the linear kernel has no centres: use BasisFunctions.linear");
    }
    if (dim <= 0 || centres.length % dim != 0) {
      throw new IllegalArgumentException("centres must hold a whole number of rows of size " + dim);
    }
    return new BasisFunctions(kernel, intercept, dim, centres.clone());
  }

  /**
   * {@return the input features as the basis (ARD over features)}
   *
   * @param intercept whether basis function 0 is a bias
   * @param dim the number of input features
   */
  public static BasisFunctions linear(boolean intercept, int dim) {
    return new BasisFunctions(new Kernel.Linear(), intercept, dim, new double[0]);
  }

  /** {@return the kernel} */
  public Kernel kernel() {
    return kernel;
  }

  /** {@return whether basis function 0 is the bias} */
  public boolean intercept() {
    return intercept;
  }

  /** {@return the number of input features} */
  public int dim() {
    return dim;
  }

  /** {@return the number of candidate basis functions, the bias included} */
  public int numCandidates() {
    int table = kernel instanceof Kernel.Linear ? dim
        : kernel instanceof Kernel.RbfPerDimension ? dim * numCentres : numCentres;
    return (intercept ? 1 : 0) + table;
  }

  /**
   * {@return true when candidate {@code j} is the bias}
   *
   * @param j a candidate index
   */
  public boolean isBias(int j) {
    return intercept && j == 0;
  }

  /** {@return the number of centres (0 for the linear kernel)} */
  public int numCentres() {
    return numCentres;
  }

  /**
   * {@return the index of candidate j among the centres (kernel) or features (linear); for the RBF per dimension, its
   * position in the dimension-major table (dimension = index / numCentres, centre = index % numCentres)}
   *
   * @param j a candidate index, not the bias
   */
  public int sourceIndex(int j) {
    return intercept ? j - 1 : j;
  }

  /**
   * {@return the centre of candidate j (a copy); only for kernel bases}
   *
   * @param j a candidate index, not the bias
   */
  public double[] centre(int j) {
    int c = kernel instanceof Kernel.RbfPerDimension ? sourceIndex(j) % numCentres : sourceIndex(j);
    return Arrays.copyOfRange(centres, c * dim, (c + 1) * dim);
  }

  /**
   * Basis function j at the point x (length dim).
   *
   * @param j a candidate index
   * @param x the point
   * @return φ_j(x)
   */
  public double value(int j, double[] x) {
    if (isBias(j)) {
      return 1.0;
    }
    int c = sourceIndex(j);
    if (kernel instanceof Kernel.Linear) {
      return x[c];
    }
    if (kernel instanceof Kernel.RbfPerDimension perDimension) {
      int f = c / numCentres;
      double diff = x[f] - centres[(c % numCentres) * dim + f];
      return Math.exp(-perDimension.gamma() * diff * diff);
    }
    int off = c * dim;
    if (kernel instanceof Kernel.Rbf rbf) {
      double s = 0.0;
      for (int f = 0; f < dim; f++) {
        double diff = x[f] - centres[off + f];
        s += diff * diff;
      }
      return Math.exp(-rbf.gamma() * s);
    }
    Kernel.Polynomial poly = (Kernel.Polynomial) kernel;
    double dot = 0.0;
    for (int f = 0; f < dim; f++) {
      dot += x[f] * centres[off + f];
    }
    return poly.fromInnerProduct(dot);
  }

  /**
   * {@return the basis of the block at the active candidates: a column-major {@code block.size() × active.length}
   * matrix, built with one {@code dgemm} for kernel bases (RBF: ‖x‖² + ‖c‖² − 2XCᵀ)}
   *
   * @param block the rows
   * @param active the candidates to evaluate, ascending
   */
  public double[] expand(RowBlock block, int[] active) {
    int n = block.size();
    int k = active.length;
    double[] out = new double[n * k];
    if (n == 0 || k == 0) {
      return out;
    }
    int first = 0;
    if (isBias(active[0])) {
      Arrays.fill(out, 0, n, 1.0);
      first = 1;
    }
    int kk = k - first;
    if (kk == 0) {
      return out;
    }
    double[] x = block.features();
    if (kernel instanceof Kernel.Linear) {
      for (int j = first; j < k; j++) {
        int f = sourceIndex(active[j]);
        int col = j * n;
        for (int i = 0; i < n; i++) {
          out[col + i] = x[i * dim + f];
        }
      }
      return out;
    }
    if (kernel instanceof Kernel.RbfPerDimension perDimension) {
      double gamma = perDimension.gamma();
      for (int j = first; j < k; j++) {
        int source = sourceIndex(active[j]);
        int f = source / numCentres;
        double centre = centres[(source % numCentres) * dim + f];
        int col = j * n;
        for (int i = 0; i < n; i++) {
          double diff = x[i * dim + f] - centre;
          out[col + i] = Math.exp(-gamma * diff * diff);
        }
      }
      return out;
    }
    double[] c = gatherCentres(active, first);
    int offset = first * n;
    if (kernel instanceof Kernel.Rbf rbf) {
      BLAS.getInstance().dgemm("T", "N", n, kk, dim, -2.0, x, 0, dim, c, 0, dim, 0.0, out, offset, n);
      double[] xNorms = squaredNorms(x, n, dim);
      for (int j = 0; j < kk; j++) {
        double cNorm = centreSquaredNorms[sourceIndex(active[first + j])];
        int col = offset + j * n;
        for (int i = 0; i < n; i++) {
          out[col + i] = rbf.fromSquaredDistance(out[col + i] + xNorms[i] + cNorm);
        }
      }
    } else {
      Kernel.Polynomial poly = (Kernel.Polynomial) kernel;
      BLAS.getInstance().dgemm("T", "N", n, kk, dim, 1.0, x, 0, dim, c, 0, dim, 0.0, out, offset, n);
      for (int i = offset; i < out.length; i++) {
        out[i] = poly.fromInnerProduct(out[i]);
      }
    }
    return out;
  }

  private double[] gatherCentres(int[] active, int first) {
    double[] c = new double[(active.length - first) * dim];
    for (int j = first; j < active.length; j++) {
      System.arraycopy(centres, sourceIndex(active[j]) * dim, c, (j - first) * dim, dim);
    }
    return c;
  }

  private static double[] squaredNorms(double[] rowMajor, int rows, int dim) {
    double[] norms = new double[rows];
    for (int i = 0; i < rows; i++) {
      double s = 0.0;
      for (int f = 0; f < dim; f++) {
        double v = rowMajor[i * dim + f];
        s += v * v;
      }
      norms[i] = s;
    }
    return norms;
  }
}
