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

import dev.ludovic.netlib.blas.BLAS;
import io.github.sparkrvm.linalg.Backend;
import io.github.sparkrvm.linalg.DenseMatrices;
import io.github.sparkrvm.linalg.Logistic;
import io.github.sparkrvm.linalg.MatrixProduct;
import java.io.Serializable;

/** Accumulates {@link JaakkolaJordanTerms} block by block: ξ from one product ΦS, then ΦᵀWΛΦ from one more. */
public final class JaakkolaJordanAccumulator implements Serializable {

  /**
   * {@return the pass of the Jaakkola–Jordan terms over the active basis, at the second moment of the weights}
   *
   * @param active the active candidates, ascending
   * @param secondMoment E[wwᵀ] over them (k × k)
   */
  public static Pass<JaakkolaJordanAccumulator> pass(int[] active, double[] secondMoment) {
    int k = active.length;
    double[] moment = secondMoment.clone();
    return Pass.of("variational (Jaakkola-Jordan) terms over " + k + " basis functions", active.clone(),
        () -> new JaakkolaJordanAccumulator(moment, k), JaakkolaJordanAccumulator::add,
        JaakkolaJordanAccumulator::merge);
  }

  private final int m;
  private final double[] secondMoment;
  private final double[] precision;
  private final double[] projection;
  private double logBound;

  /**
   * {@code secondMoment} is Σ + μμᵀ (m × m, column-major).
   *
   * @param secondMoment Σ + μμᵀ (m × m, column-major)
   * @param m the number of basis functions
   */
  public JaakkolaJordanAccumulator(double[] secondMoment, int m) {
    if (secondMoment.length != m * m) {
      throw new IllegalArgumentException("expected an " + m + " × " + m + " second moment");
    }
    this.m = m;
    this.secondMoment = secondMoment.clone();
    this.precision = new double[m * m];
    this.projection = new double[m];
  }

  /**
   * Adds a block with basis {@code phi} (n × m, column-major), labels in {0, 1} and row weights.
   *
   * @param phi the block's basis values (n × m, column-major)
   * @param n the number of rows in the block
   * @param labels the labels of the rows
   * @param rowWeights the row weights
   * @return this accumulator
   */
  public JaakkolaJordanAccumulator add(double[] phi, int n, double[] labels, double[] rowWeights) {
    if (phi.length != n * m) {
      throw new IllegalArgumentException("expected a " + n + " × " + m + " basis block, got " + phi.length);
    }
    if (n == 0 || m == 0) {
      return this;
    }
    BLAS blas = Backend.blas();
    double[] phiS = new double[n * m];
    MatrixProduct.dgemm("N", "N", n, m, m, 1.0, phi, n, secondMoment, m, 0.0, phiS, n);
    double[] xi2 = new double[n];
    for (int j = 0; j < m; j++) {
      int col = j * n;
      for (int i = 0; i < n; i++) {
        xi2[i] += phiS[col + i] * phi[col + i];
      }
    }
    double[] signed = new double[n];
    double[] sqrtWeight = new double[n];
    for (int i = 0; i < n; i++) {
      double xi = Math.sqrt(Math.max(xi2[i], 0.0));
      double w = rowWeights[i];
      signed[i] = w * (2.0 * labels[i] - 1.0);
      sqrtWeight[i] = Math.sqrt(w * JaakkolaJordanTerms.lambda(xi));
      logBound += w * (-Logistic.log1pExp(-xi) - 0.5 * xi);
    }
    blas.dgemv("T", n, m, 1.0, phi, n, signed, 1, 1.0, projection, 1);
    DenseMatrices.addRowScaledGram(phi, n, m, sqrtWeight, precision);
    return this;
  }

  /**
   * Adds another partition's sums into this one.
   *
   * @param other an accumulator at the same q(w)
   * @return this accumulator
   */
  public JaakkolaJordanAccumulator merge(JaakkolaJordanAccumulator other) {
    if (other.m != m) {
      throw new IllegalArgumentException("cannot merge terms of dimension " + other.m + " and " + m);
    }
    for (int i = 0; i < precision.length; i++) {
      precision[i] += other.precision[i];
    }
    for (int i = 0; i < m; i++) {
      projection[i] += other.projection[i];
    }
    logBound += other.logBound;
    return this;
  }

  /** {@return the terms accumulated so far} */
  public JaakkolaJordanTerms result() {
    return new JaakkolaJordanTerms(m, precision.clone(), projection.clone(), logBound);
  }
}
