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

import io.github.sparkrvm.linalg.Exponentials;
import io.github.sparkrvm.linalg.MatrixProduct;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How a basis function is built from the (standardised) input features. {@link Rbf} and {@link Polynomial} place
 * one basis function {@code k(x, c)} on every candidate centre c; {@link Linear} uses the input features themselves
 * as the basis, so that the relevance determination ranks features; {@link RbfPerDimension} places one function
 * per (input dimension, centre), a table for the grid priors.
 *
 * <p>A kernel owns everything that differs between these: the table its candidate basis forms ({@link #table}), the
 * value of one basis function ({@link #value}) and of a block of them ({@link #expand}), how a model keeps the basis
 * functions a fit retained ({@link #keep}, {@link #keepsPositions}), and its name and params as the stages and the
 * saved model spell them ({@link #name}, {@link #params}, {@link #gamma}, {@link #degree}, {@link #coef0}). Code
 * outside this package asks the kernel instead of testing its type.
 */
public sealed interface Kernel extends Serializable
    permits Kernel.Rbf, Kernel.Polynomial, Kernel.Linear, Kernel.RbfPerDimension {

  /** {@return the name of the kernel as the {@code kernel} param spells it} */
  String name();

  /** {@return the rbf and poly scale gamma; NaN for a kernel without one (linear)} */
  default double gamma() {
    return Double.NaN;
  }

  /** {@return the poly degree; 0 for a kernel without one} */
  default int degree() {
    return 0;
  }

  /** {@return the poly constant; 0 for a kernel without one} */
  default double coef0() {
    return 0.0;
  }

  /**
   * {@return the params this kernel uses, by the names of the stages' params ({@code gamma}, {@code degree},
   * {@code coef0}), in that order; empty for the linear kernel} They are the kernel's part of a fitted model's state.
   */
  Map<String, Object> params();

  /**
   * {@return whether the basis functions are placed on centres; false when they are the input features themselves
   * (linear), whose relevance then ranks the features}
   */
  default boolean hasCentres() {
    return true;
  }

  /**
   * {@return the candidate basis (the bias apart) as a table [rows, columns], row-major: a single column of one
   * function per centre (rbf, poly), of one per input feature (linear), or input dimensions × centres
   * (rbf-per-dimension)}
   *
   * @param dim the number of input features
   * @param numCentres the number of centres (0 for linear)
   */
  int[] table(int dim, int numCentres);

  /**
   * {@return whether a grid prior may fold the table into any other rows × columns of the same size (gridShape):
   * true for the linear kernel, whose features can form any table their order allows}
   */
  default boolean refoldable() {
    return false;
  }

  /**
   * {@return a description of {@link #table} for messages, e.g. "kernel rbf makes a single column of 40 basis
   * functions"}
   *
   * @param dim the number of input features
   * @param numCentres the number of centres (0 for linear)
   */
  default String describeTable(int dim, int numCentres) {
    return "kernel " + name() + " makes a single column of " + tableSize(dim, numCentres) + " basis functions";
  }

  /**
   * {@return the number of candidate basis functions, the bias apart: the size of {@link #table}}
   *
   * @param dim the number of input features
   * @param numCentres the number of centres (0 for linear)
   */
  default int tableSize(int dim, int numCentres) {
    int[] t = table(dim, numCentres);
    return t[0] * t[1];
  }

  /**
   * {@return the number of centres in {@code centreValues} values, row-major rows of dim (0 for linear)}
   *
   * @param dim the number of input features
   * @param centreValues the number of centre values
   */
  default int numCentres(int dim, int centreValues) {
    return hasCentres() ? centreValues / Math.max(dim, 1) : 0;
  }

  /**
   * {@return the centre (row of the centres) that the basis function at table position {@code position} sits on}
   *
   * @param position a position in {@link #table}, row-major
   * @param numCentres the number of centres
   */
  default int centreOf(int position, int numCentres) {
    return position;
  }

  /**
   * {@return the basis function at table position {@code position} at the point x}
   *
   * @param x a point of {@code centres.dim()} features
   * @param centres the centres
   * @param position a position in {@link #table}, row-major
   */
  double value(double[] x, Centres centres, int position);

  /**
   * Writes the basis functions at table positions {@code positions} at every row of x into {@code out}: column j
   * (of n values) at {@code offset + j n}, i.e. a column-major n × positions.length matrix.
   *
   * @param x the rows, row-major (n × {@code centres.dim()})
   * @param n the number of rows
   * @param centres the centres
   * @param positions positions in {@link #table}
   * @param out where the columns go
   * @param offset the position of the first column in out
   */
  void expand(double[] x, int n, Centres centres, int[] positions, double[] out, int offset);

  /**
   * {@return whether a model keeps its basis functions as positions in the table of the fit ({@link Kept#features},
   * with every centre of the fit: linear, rbf-per-dimension) rather than as the centres they sit on (rbf, poly)}
   */
  default boolean keepsPositions() {
    return false;
  }

  /**
   * {@return whether the basis function at table position p reads input feature p alone (linear): a model then needs
   * only its kept features of a point, not the whole point}
   */
  default boolean featureWise() {
    return false;
  }

  /**
   * {@return what a model keeps of the basis functions at table positions {@code positions} of a fit on
   * {@code centres}: their centres (rbf, poly), the positions (linear), or the positions and every centre
   * (rbf-per-dimension)}
   *
   * @param positions the kept positions in {@link #table}, ascending
   * @param centres every centre of the fit, row-major (rows of dim), on the scale the model keeps
   * @param dim the number of input features
   */
  default Kept keep(int[] positions, double[] centres, int dim) {
    double[] kept = new double[positions.length * dim];
    for (int i = 0; i < positions.length; i++) {
      System.arraycopy(centres, positions[i] * dim, kept, i * dim, dim);
    }
    return new Kept(new int[0], kept);
  }

  /**
   * {@return for each kept table position, the [input dimension, centre] it stands for, when the table is input
   * dimensions × centres (rbf-per-dimension); empty for the other kernels}
   *
   * @param positions kept positions in {@link #table}
   * @param numCentres the number of centres
   */
  default int[][] dimensionAndCentre(int[] positions, int numCentres) {
    return new int[0][];
  }

  /**
   * Builds the kernel the params name.
   *
   * @param name the kernel's name
   * @param gamma the rbf and poly scale
   * @param degree the poly degree
   * @param coef0 the poly constant
   * @return the kernel
   */
  static Kernel of(String name, double gamma, int degree, double coef0) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "rbf" -> new Rbf(gamma);
      case "poly" -> new Polynomial(gamma, degree, coef0);
      case "linear" -> new Linear();
      case "rbf-per-dimension" -> new RbfPerDimension(gamma);
      default -> throw new IllegalArgumentException("kernel must be one of rbf, linear, poly, rbf-per-dimension; got '" + name + "'");
    };
  }

  /**
   * What a model keeps of a fit's basis functions: table positions (linear, rbf-per-dimension; empty otherwise) and
   * centres, row-major (the kept ones for rbf and poly, every one for rbf-per-dimension, none for linear).
   *
   * @param features the kept positions in the table
   * @param centres the centres kept
   */
  record Kept(int[] features, double[] centres) {}

  /**
   * The centres of a kernel basis, row-major ({@code count} rows of {@code dim}), with their squared norms.
   *
   * @param dim the number of input features
   * @param count the number of centres
   * @param values the centres, row-major
   * @param squaredNorms ‖c‖² of each centre
   */
  record Centres(int dim, int count, double[] values, double[] squaredNorms) implements Serializable {

    /**
     * {@return the centres, with their squared norms computed}
     *
     * @param dim the number of input features
     * @param count the number of centres
     * @param values the centres, row-major
     */
    public static Centres of(int dim, int count, double[] values) {
      return new Centres(dim, count, values, squaredNorms(values, count, dim));
    }

    /**
     * {@return the squared norm of each row of a row-major matrix}
     *
     * @param rowMajor the rows
     * @param rows the number of rows
     * @param dim the row length
     */
    static double[] squaredNorms(double[] rowMajor, int rows, int dim) {
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

    /** The centres at {@code positions}, row-major, for a matrix product. */
    double[] gather(int[] positions) {
      double[] c = new double[positions.length * dim];
      for (int j = 0; j < positions.length; j++) {
        System.arraycopy(values, positions[j] * dim, c, j * dim, dim);
      }
      return c;
    }
  }

  /** {@code exp(-gamma ‖x − c‖²)}. */
  record Rbf(double gamma) implements Kernel {
    /**
     * Checks that gamma is positive and finite.
     *
     * @param gamma the scale, positive and finite
     */
    public Rbf {
      if (!(gamma > 0.0) || Double.isInfinite(gamma)) {
        throw new IllegalArgumentException("gamma must be a positive finite number; got " + gamma);
      }
    }

    @Override
    public String name() {
      return "rbf";
    }

    @Override
    public Map<String, Object> params() {
      return Map.of("gamma", gamma);
    }

    @Override
    public int[] table(int dim, int numCentres) {
      return new int[] {numCentres, 1};
    }

    @Override
    public double value(double[] x, Centres centres, int position) {
      int dim = centres.dim();
      double[] c = centres.values();
      int off = position * dim;
      double s = 0.0;
      for (int f = 0; f < dim; f++) {
        double diff = x[f] - c[off + f];
        s += diff * diff;
      }
      return Exponentials.exp(-gamma * s);
    }

    /**
     * The squared distances, then their exponentials. Up to {@link #DIRECT_DISTANCES_MAX_DIM} features the distances
     * are summed directly, feature by feature over the block's rows; above, as ‖x‖² + ‖c‖² − 2XCᵀ with one
     * {@code dgemm} (clamped at 0 against cancellation). Each column is exponentiated as soon as its distances are
     * final (while it is in the cache), by {@link Exponentials}, with the bits of {@link #value}'s
     * {@link Exponentials#exp}.
     */
    @Override
    public void expand(double[] x, int n, Centres centres, int[] positions, double[] out, int offset) {
      if (centres.dim() <= DIRECT_DISTANCES_MAX_DIM) {
        directKernelValues(x, n, centres, positions, out, offset);
      } else {
        productKernelValues(x, n, centres, positions, out, offset);
      }
    }

    /**
     * The most features for which {@link #expand} sums the squared differences directly: for 4096 rows and 1001
     * centres on one core (netlib's Java BLAS) that took 6 ms at 2 features, 20 at 8 and 37 at 16, the matrix
     * product 25, 36 and 37 ms (and 48 against 143 at 64).
     */
    static final int DIRECT_DISTANCES_MAX_DIM = 8;

    /**
     * exp(−γ‖x − c‖²), ‖x − c‖² summed feature by feature over the rows of a column (x transposed once to features ×
     * rows), by {@link Exponentials#ofScaledSquaredDistances}: in the vector lanes where the JVM takes them.
     */
    private void directKernelValues(double[] x, int n, Centres centres, int[] positions, double[] out, int offset) {
      int dim = centres.dim();
      double[] byFeature = new double[n * dim];
      for (int i = 0; i < n; i++) {
        for (int f = 0; f < dim; f++) {
          byFeature[f * n + i] = x[i * dim + f];
        }
      }
      double[] c = centres.values();
      for (int j = 0; j < positions.length; j++) {
        Exponentials.ofScaledSquaredDistances(byFeature, n, dim, c, positions[j] * dim, -gamma, out, offset + j * n);
      }
    }

    /** exp(−γ‖x − c‖²), ‖x − c‖² as ‖x‖² + ‖c‖² − 2XCᵀ with one {@code dgemm}, clamped at 0. */
    private void productKernelValues(double[] x, int n, Centres centres, int[] positions, double[] out, int offset) {
      int dim = centres.dim();
      int kk = positions.length;
      double[] c = centres.gather(positions);
      MatrixProduct.dgemm("T", "N", n, kk, dim, -2.0, x, 0, dim, c, 0, dim, 0.0, out, offset, n);
      double[] xNorms = Centres.squaredNorms(x, n, dim);
      for (int j = 0; j < kk; j++) {
        double cNorm = centres.squaredNorms()[positions[j]];
        int col = offset + j * n;
        for (int i = 0; i < n; i++) {
          out[col + i] = Math.max(out[col + i] + xNorms[i] + cNorm, 0.0);
        }
        Exponentials.scaledInPlace(out, col, col + n, -gamma);
      }
    }
  }

  /** {@code (gamma xᵀc + coef0)^degree}. */
  record Polynomial(double gamma, int degree, double coef0) implements Kernel {
    /**
     * Checks gamma and the degree.
     *
     * @param gamma the scale of the inner product, positive and finite
     * @param degree the degree, at least 1
     * @param coef0 the constant added
     */
    public Polynomial {
      if (!(gamma > 0.0) || Double.isInfinite(gamma)) {
        throw new IllegalArgumentException("gamma must be a positive finite number; got " + gamma);
      }
      if (degree < 1) {
        throw new IllegalArgumentException("degree must be at least 1; got " + degree);
      }
      if (!Double.isFinite(coef0)) {
        throw new IllegalArgumentException("coef0 must be finite; got " + coef0);
      }
    }

    @Override
    public String name() {
      return "poly";
    }

    @Override
    public Map<String, Object> params() {
      Map<String, Object> params = new LinkedHashMap<>();
      params.put("gamma", gamma);
      params.put("degree", degree);
      params.put("coef0", coef0);
      return java.util.Collections.unmodifiableMap(params);
    }

    @Override
    public int[] table(int dim, int numCentres) {
      return new int[] {numCentres, 1};
    }

    /**
     * {@return the kernel value from the inner product}
     *
     * @param innerProduct xᵀc
     */
    public double fromInnerProduct(double innerProduct) {
      double base = gamma * innerProduct + coef0;
      return degree == 1 ? base : Math.pow(base, degree);
    }

    @Override
    public double value(double[] x, Centres centres, int position) {
      int dim = centres.dim();
      double[] c = centres.values();
      int off = position * dim;
      double dot = 0.0;
      for (int f = 0; f < dim; f++) {
        dot += x[f] * c[off + f];
      }
      return fromInnerProduct(dot);
    }

    /** XCᵀ with one {@code dgemm}, then the kernel of each inner product. */
    @Override
    public void expand(double[] x, int n, Centres centres, int[] positions, double[] out, int offset) {
      int dim = centres.dim();
      int kk = positions.length;
      double[] c = centres.gather(positions);
      MatrixProduct.dgemm("T", "N", n, kk, dim, 1.0, x, 0, dim, c, 0, dim, 0.0, out, offset, n);
      int end = offset + n * kk;
      for (int i = offset; i < end; i++) {
        out[i] = fromInnerProduct(out[i]);
      }
    }
  }

  /** The basis is the input features: candidate j is {@code x ↦ x_j}. */
  record Linear() implements Kernel {
    @Override
    public String name() {
      return "linear";
    }

    @Override
    public Map<String, Object> params() {
      return Map.of();
    }

    @Override
    public boolean hasCentres() {
      return false;
    }

    @Override
    public int[] table(int dim, int numCentres) {
      return new int[] {dim, 1};
    }

    @Override
    public boolean refoldable() {
      return true;
    }

    @Override
    public String describeTable(int dim, int numCentres) {
      return "kernel linear makes a table of the " + dim + " input features";
    }

    @Override
    public double value(double[] x, Centres centres, int position) {
      return x[position];
    }

    @Override
    public void expand(double[] x, int n, Centres centres, int[] positions, double[] out, int offset) {
      int dim = centres.dim();
      for (int j = 0; j < positions.length; j++) {
        int f = positions[j];
        int col = offset + j * n;
        for (int i = 0; i < n; i++) {
          out[col + i] = x[i * dim + f];
        }
      }
    }

    @Override
    public boolean keepsPositions() {
      return true;
    }

    @Override
    public boolean featureWise() {
      return true;
    }

    @Override
    public Kept keep(int[] positions, double[] centres, int dim) {
      return new Kept(positions.clone(), new double[0]);
    }
  }

  /**
   * {@code exp(-gamma (x_i − c_i)²)} for every input dimension i and centre c (Kropotov et al. 2010): the basis is a
   * table of (input dimensions) × (centres), row-major, as the grid priors expect.
   */
  record RbfPerDimension(double gamma) implements Kernel {
    /**
     * Checks that gamma is positive and finite.
     *
     * @param gamma the scale, positive and finite
     */
    public RbfPerDimension {
      if (!(gamma > 0.0) || Double.isInfinite(gamma)) {
        throw new IllegalArgumentException("gamma must be a positive finite number; got " + gamma);
      }
    }

    @Override
    public String name() {
      return "rbf-per-dimension";
    }

    @Override
    public Map<String, Object> params() {
      return Map.of("gamma", gamma);
    }

    @Override
    public int[] table(int dim, int numCentres) {
      return new int[] {dim, numCentres};
    }

    @Override
    public String describeTable(int dim, int numCentres) {
      return "kernel rbf-per-dimension makes a table of " + dim + " input dimensions x " + numCentres + " centres";
    }

    @Override
    public int centreOf(int position, int numCentres) {
      return position % numCentres;
    }

    @Override
    public double value(double[] x, Centres centres, int position) {
      int numCentres = centres.count();
      int f = position / numCentres;
      double diff = x[f] - centres.values()[(position % numCentres) * centres.dim() + f];
      return Exponentials.exp(-gamma * (diff * diff));
    }

    @Override
    public void expand(double[] x, int n, Centres centres, int[] positions, double[] out, int offset) {
      int dim = centres.dim();
      int numCentres = centres.count();
      double[] values = centres.values();
      for (int j = 0; j < positions.length; j++) {
        int source = positions[j];
        int f = source / numCentres;
        double centre = values[(source % numCentres) * dim + f];
        int col = offset + j * n;
        for (int i = 0; i < n; i++) {
          double diff = x[i * dim + f] - centre;
          out[col + i] = diff * diff;
        }
        Exponentials.scaledInPlace(out, col, col + n, -gamma);
      }
    }

    @Override
    public boolean keepsPositions() {
      return true;
    }

    @Override
    public Kept keep(int[] positions, double[] centres, int dim) {
      return new Kept(positions.clone(), centres.clone());
    }

    @Override
    public int[][] dimensionAndCentre(int[] positions, int numCentres) {
      int[][] out = new int[positions.length][];
      for (int i = 0; i < positions.length; i++) {
        out[i] = new int[] {positions[i] / numCentres, positions[i] % numCentres};
      }
      return out;
    }
  }
}
