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
  /** Row-major numCentres × dim, i.e. the column-major dim × numCentres matrix Cᵀ, with the squared norms. */
  private final Kernel.Centres centres;

  private BasisFunctions(Kernel kernel, boolean intercept, int dim, double[] centres) {
    this.kernel = kernel;
    this.intercept = intercept;
    this.dim = dim;
    this.numCentres = kernel.numCentres(dim, centres.length);
    this.centres = Kernel.Centres.of(dim, numCentres, centres);
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
    if (!kernel.hasCentres()) {
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

  /**
   * {@return the basis of any kernel: {@link #kernel} for a kernel with centres, {@link #linear} (whose centres must
   * then be empty) otherwise}
   *
   * @param kernel the kernel
   * @param intercept whether basis function 0 is a bias
   * @param dim the number of input features
   * @param centres the centres, row-major (one centre of length dim per row); empty for the linear kernel
   */
  public static BasisFunctions of(Kernel kernel, boolean intercept, int dim, double[] centres) {
    if (kernel.hasCentres()) {
      return kernel(kernel, intercept, dim, centres);
    }
    if (centres.length != 0) {
      throw new IllegalArgumentException("kernel " + kernel.name() + " has no centres, but " + centres.length
          + " centre values were given");
    }
    return new BasisFunctions(kernel, intercept, dim, new double[0]);
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
    return (intercept ? 1 : 0) + kernel.tableSize(dim, numCentres);
  }

  /** {@return the candidate basis (the bias apart) as the kernel's table [rows, columns]: see {@link Kernel#table}} */
  public int[] table() {
    return kernel.table(dim, numCentres);
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
   * {@return the candidates of each class when the input features are {@code numClasses} consecutive blocks of
   * {@code blockSize} class-specific features (Zhang &amp; Malik 2005, appendix A.1): class p gets the bias (when
   * there is one) and the features p·blockSize … (p + 1)·blockSize − 1, ascending}
   *
   * @param numClasses K
   * @param blockSize B, the features per class
   * @throws IllegalArgumentException unless the kernel is linear and the features number K·B
   */
  public int[][] classBlocks(int numClasses, int blockSize) {
    if (!(kernel instanceof Kernel.Linear)) {
      throw new IllegalArgumentException("class feature blocks need the linear basis, not " + kernel);
    }
    if (blockSize < 1 || (long) numClasses * blockSize != dim) {
      throw new IllegalArgumentException(numClasses + " class blocks of " + blockSize + " features do not make the "
          + dim + " features of the basis");
    }
    int first = intercept ? 1 : 0;
    int[][] blocks = new int[numClasses][first + blockSize];
    for (int p = 0; p < numClasses; p++) {
      for (int j = 0; j < blockSize; j++) {
        blocks[p][first + j] = first + p * blockSize + j; // bias (0) first when there is one
      }
    }
    return blocks;
  }

  /**
   * {@return the centre of candidate j (a copy); only for kernel bases}
   *
   * @param j a candidate index, not the bias
   */
  public double[] centre(int j) {
    int c = kernel.centreOf(sourceIndex(j), numCentres);
    return Arrays.copyOfRange(centres.values(), c * dim, (c + 1) * dim);
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
    return kernel.value(x, centres, sourceIndex(j));
  }

  /**
   * {@return the basis of the block at the active candidates: a column-major {@code block.size() × active.length}
   * matrix, built with one {@code dgemm} for kernel bases (RBF: ‖x‖² + ‖c‖² − 2XCᵀ)}
   *
   * @param block the rows
   * @param active the candidates to evaluate, ascending
   */
  public double[] expand(RowBlock block, int[] active) {
    return expand(block, active, null);
  }

  /**
   * {@return the basis of the block at the active candidates, as {@link #expand(RowBlock, int[])}, written into
   * {@code reuse} when it has exactly {@code block.size() × active.length} entries (every one is overwritten), else
   * into a new array} A pass expands thousands of blocks of the same size: one array for them all spares the JVM an
   * allocation of up to 32 MiB per block (4096 rows × 1001 candidates), which it must clear and later collect.
   *
   * @param block the rows
   * @param active the candidates to evaluate, ascending
   * @param reuse the previous block's basis, or null
   */
  public double[] expand(RowBlock block, int[] active, double[] reuse) {
    int n = block.size();
    int k = active.length;
    double[] out = reuse != null && reuse.length == n * k ? reuse : new double[n * k];
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
    int[] positions = new int[kk];
    for (int j = 0; j < kk; j++) {
      positions[j] = sourceIndex(active[first + j]);
    }
    kernel.expand(block.features(), n, centres, positions, out, first * n);
    return out;
  }
}
