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

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * How far a radial basis function reaches: the squared distance from each centre to its nearest training row at
 * another point (rows equal to the centre, its own among them, left out), and from it the largest γ at which a
 * typical basis function is still as wide as that distance. Beyond it, a radial basis function
 * covers its own row alone and a fit of such indicators explains each row by its own weight: the evidence of a
 * sparse Bayesian model keeps rising as γ grows there (a noisy regression's rows become "outliers" it explains one by
 * one), while the model stops predicting between its rows. The search for γ by the evidence stays below it.
 */
public final class KernelReach {

  /** The value a typical basis function gives its centre's nearest neighbour at the largest γ allowed: e^(−1/2). */
  public static final double NEIGHBOUR_VALUE = Math.exp(-0.5);

  private KernelReach() {}

  /**
   * {@return the largest γ at which the median basis function of {@code kernel}'s kind gives its centre's nearest
   * other row at least {@link #NEIGHBOUR_VALUE} of its own value: 1 / (2 × the median squared distance) (for
   * rbf-per-dimension, over every centre and dimension); +∞ for a kernel that is not radial (poly), or when most
   * centres' rows are all at one point}
   *
   * @param kernel the kernel's name ({@code rbf}, {@code rbf-per-dimension}, ...)
   * @param rows the training rows, scaled as the basis expects
   * @param centres the centres, row-major, scaled the same way
   * @param dim the number of features
   */
  public static double largestGamma(String kernel, List<RowBlock> rows, double[] centres, int dim) {
    boolean perDimension = kernel.equals("rbf-per-dimension");
    if (!perDimension && !kernel.equals("rbf")) {
      return Double.POSITIVE_INFINITY;
    }
    int m = centres.length / dim;
    double[] nearest = IntStream.range(0, m).parallel().mapToObj(j -> nearestOther(rows, centres, j, dim,
        perDimension)).flatMapToDouble(Arrays::stream).sorted().toArray();
    if (nearest.length == 0) {
      return Double.POSITIVE_INFINITY;
    }
    double median = nearest[nearest.length / 2];
    return median < Double.POSITIVE_INFINITY ? -Math.log(NEIGHBOUR_VALUE) / median : Double.POSITIVE_INFINITY;
  }

  /**
   * {@return the smallest positive squared distance from centre {@code j} to the rows: over all features (rbf), or
   * per feature (rbf-per-dimension, one value per feature); +∞ where every row is at the centre}
   */
  private static double[] nearestOther(List<RowBlock> rows, double[] centres, int j, int dim, boolean perDimension) {
    double[] nearest = new double[perDimension ? dim : 1];
    Arrays.fill(nearest, Double.POSITIVE_INFINITY);
    for (RowBlock block : rows) {
      double[] x = block.features();
      for (int i = 0; i < block.size(); i++) {
        double sum = 0.0;
        for (int f = 0; f < dim; f++) {
          double diff = x[i * dim + f] - centres[j * dim + f];
          if (perDimension) {
            keep(nearest, f, diff * diff);
          } else {
            sum += diff * diff;
          }
        }
        if (!perDimension) {
          keep(nearest, 0, sum);
        }
      }
    }
    return nearest;
  }

  private static void keep(double[] nearest, int at, double v) {
    if (v > 0.0 && v < nearest[at]) {
      nearest[at] = v;
    }
  }
}
