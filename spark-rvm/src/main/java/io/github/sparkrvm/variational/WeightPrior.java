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

import io.github.sparkrvm.linalg.Logistic;
import java.util.Arrays;

/**
 * The variational factors over the prior precisions of the weights (Bishop &amp; Tipping 2000; Kropotov et al. 2010).
 * Weights are laid out as an optional bias (index 0, with a precision of its own) followed by a rows × cols table,
 * row-major. The table's precision of w_ij is
 * <ul>
 *   <li>{@link Structure#ARD}: its own α_ij;</li>
 *   <li>{@link Structure#GRID_PRODUCT} (p-gridRVM): α_i β_j, updates (16)–(17);</li>
 *   <li>{@link Structure#GRID_SUM} (s-gridRVM): α_i + β_j, with the log-sum bound (31) and updates (33)–(35).</li>
 * </ul>
 * Every precision has a Gamma(a0, b0) prior and a Gamma variational factor.
 */
public final class WeightPrior {

  /** How the table's precisions combine. */
  public enum Structure {
    /** Every table entry has its own precision α_ij. */
    ARD,
    /** The precision of entry (i, j) is the product α_i β_j (p-gridRVM). */
    GRID_PRODUCT,
    /** The precision of entry (i, j) is the sum α_i + β_j (s-gridRVM). */
    GRID_SUM
  }

  private static final double HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

  private final Structure structure;
  private final boolean bias;
  private final int rows;
  private final int cols;
  private final double a0;
  private final double b0;
  private GammaFactor biasFactor;
  /** ARD: one per table entry; grids: one per row. */
  private final GammaFactor[] alpha;
  /** Grids: one per column. */
  private final GammaFactor[] beta;
  /** s-grid: the logs of the bound's tangent points, log η_i = E log α_i and log ζ_j = E log β_j (kept as logs,
   *  since η can underflow when a row's share of the shrinkage vanishes). */
  private final double[] logEta;
  private final double[] logZeta;

  /**
   * Factors whose mean precision is {@code initialPrecision} for every weight.
   *
   * @param structure how the table's precisions combine
   * @param bias whether candidate 0 is a bias with a precision of its own
   * @param rows table rows (M1)
   * @param cols table columns (M2)
   * @param a0 the prior's shape
   * @param b0 the prior's rate
   * @param initialPrecision the starting mean precision of every weight
   */
  public WeightPrior(Structure structure, boolean bias, int rows, int cols, double a0, double b0,
      double initialPrecision) {
    if (rows < 1 || cols < 1) {
      throw new IllegalArgumentException("the basis table needs at least one row and one column");
    }
    if (!(a0 > 0.0) || !(b0 > 0.0)) {
      throw new IllegalArgumentException("the variational hyperprior needs positive a0 and b0");
    }
    this.structure = structure;
    this.bias = bias;
    this.rows = rows;
    this.cols = cols;
    this.a0 = a0;
    this.b0 = b0;
    this.biasFactor = withMean(initialPrecision);
    int alphas = structure == Structure.ARD ? rows * cols : rows;
    this.alpha = new GammaFactor[alphas];
    this.beta = new GammaFactor[structure == Structure.ARD ? 0 : cols];
    double each = structure == Structure.GRID_SUM ? initialPrecision / 2 : initialPrecision;
    Arrays.fill(alpha, withMean(each));
    Arrays.fill(beta, withMean(structure == Structure.GRID_PRODUCT ? 1.0 : each));
    this.logEta = new double[structure == Structure.GRID_SUM ? rows : 0];
    this.logZeta = new double[structure == Structure.GRID_SUM ? cols : 0];
    tighten();
  }

  private static GammaFactor withMean(double mean) {
    return new GammaFactor(1.0, 1.0 / mean);
  }

  /** {@return the number of weights (bias included)} */
  public int size() {
    return (bias ? 1 : 0) + rows * cols;
  }

  private int offset() {
    return bias ? 1 : 0;
  }

  /** {@return E[precision] of every weight, for Σ = (diag(E λ) + data term)⁻¹} */
  public double[] meanPrecision() {
    double[] out = new double[size()];
    if (bias) {
      out[0] = biasFactor.mean();
    }
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        out[offset() + i * cols + j] = switch (structure) {
          case ARD -> alpha[i * cols + j].mean();
          case GRID_PRODUCT -> alpha[i].mean() * beta[j].mean();
          case GRID_SUM -> alpha[i].mean() + beta[j].mean();
        };
      }
    }
    return out;
  }

  /**
   * Updates the factors in turn given E[w²] of every weight; each update raises the bound.
   *
   * @param secondMoment E[w²] of every weight, the diagonal of Σ + μμᵀ (length m)
   */
  public void update(double[] secondMoment) {
    if (bias) {
      biasFactor = new GammaFactor(a0 + 0.5, b0 + 0.5 * secondMoment[0]);
    }
    int off = offset();
    switch (structure) {
      case ARD -> {
        for (int k = 0; k < alpha.length; k++) {
          alpha[k] = new GammaFactor(a0 + 0.5, b0 + 0.5 * secondMoment[off + k]);
        }
      }
      case GRID_PRODUCT -> {
        for (int i = 0; i < rows; i++) {
          double s = 0.0;
          for (int j = 0; j < cols; j++) {
            s += beta[j].mean() * secondMoment[off + i * cols + j];
          }
          alpha[i] = new GammaFactor(a0 + 0.5 * cols, b0 + 0.5 * s); // (16)
        }
        for (int j = 0; j < cols; j++) {
          double s = 0.0;
          for (int i = 0; i < rows; i++) {
            s += alpha[i].mean() * secondMoment[off + i * cols + j];
          }
          beta[j] = new GammaFactor(a0 + 0.5 * rows, b0 + 0.5 * s); // (17)
        }
        rescale();
      }
      case GRID_SUM -> {
        tighten(); // (35)
        for (int i = 0; i < rows; i++) {
          double share = 0.0;
          double s = 0.0;
          for (int j = 0; j < cols; j++) {
            share += rowShare(i, j);
            s += secondMoment[off + i * cols + j];
          }
          alpha[i] = new GammaFactor(a0 + 0.5 * share, b0 + 0.5 * s); // (33)
        }
        for (int j = 0; j < cols; j++) {
          double share = 0.0;
          double s = 0.0;
          for (int i = 0; i < rows; i++) {
            share += 1.0 - rowShare(i, j);
            s += secondMoment[off + i * cols + j];
          }
          beta[j] = new GammaFactor(a0 + 0.5 * share, b0 + 0.5 * s); // (34)
        }
      }
      default -> throw new IllegalStateException();
    }
  }

  /**
   * p-grid: α_i β_j is unchanged by α_i → cα_i, β_j → β_j/c, so the data term of the bound is flat along that scale
   * and coordinate ascent creeps along it. Here q(α_i) and q(β_j) are rescaled by the c that maximises the bound
   * (only the Gamma(a0, b0) prior terms depend on it: (R − C) a0 log c − b0 c Σ E[α_i] − b0 Σ E[β_j] / c), a
   * parameter-expansion step that cannot lower the bound.
   */
  private void rescale() {
    double sumAlpha = 0.0;
    for (GammaFactor a : alpha) {
      sumAlpha += a.mean();
    }
    double sumBeta = 0.0;
    for (GammaFactor b : beta) {
      sumBeta += b.mean();
    }
    double k = (rows - cols) * a0;
    double c = (k + Math.sqrt(k * k + 4.0 * b0 * b0 * sumAlpha * sumBeta)) / (2.0 * b0 * sumAlpha);
    if (!(c > 0.0) || Double.isInfinite(c)) {
      return;
    }
    for (int i = 0; i < alpha.length; i++) {
      alpha[i] = new GammaFactor(alpha[i].shape(), alpha[i].rate() / c);
    }
    for (int j = 0; j < beta.length; j++) {
      beta[j] = new GammaFactor(beta[j].shape(), beta[j].rate() * c);
    }
  }

  /** s-grid: the tangent points of (31) that make it tight at the current factors (35). */
  private void tighten() {
    for (int i = 0; i < logEta.length; i++) {
      logEta[i] = alpha[i].meanLog();
    }
    for (int j = 0; j < logZeta.length; j++) {
      logZeta[j] = beta[j].meanLog();
    }
  }

  /** η_i / (η_i + ζ_j), from the logs. */
  private double rowShare(int i, int j) {
    return Logistic.sigmoid(logEta[i] - logZeta[j]);
  }

  /**
   * {@return the prior's part of the variational lower bound: E[log p(w | λ)] (for s-grid, its bound G) plus −KL(q ‖
   * p) of every precision factor}
   *
   * @param secondMoment E[w²] of every weight, the diagonal of Σ + μμᵀ (length m)
   */
  public double bound(double[] secondMoment) {
    double total = 0.0;
    if (bias) {
      total += 0.5 * biasFactor.meanLog() - 0.5 * biasFactor.mean() * secondMoment[0] - HALF_LOG_TWO_PI
          + biasFactor.negativeKl(a0, b0);
    }
    int off = offset();
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        double w2 = secondMoment[off + i * cols + j];
        total -= HALF_LOG_TWO_PI;
        switch (structure) {
          case ARD -> {
            GammaFactor a = alpha[i * cols + j];
            total += 0.5 * a.meanLog() - 0.5 * a.mean() * w2;
          }
          case GRID_PRODUCT -> total += 0.5 * (alpha[i].meanLog() + beta[j].meanLog())
              - 0.5 * alpha[i].mean() * beta[j].mean() * w2;
          case GRID_SUM -> {
            // (31): log(η + ζ) + [η(E log α − log η) + ζ(E log β − log ζ)] / (η + ζ), in logs
            double share = rowShare(i, j);
            double logSum = Math.max(logEta[i], logZeta[j])
                + Math.log1p(Math.exp(-Math.abs(logEta[i] - logZeta[j])));
            total += 0.5 * (logSum + share * (alpha[i].meanLog() - logEta[i])
                + (1.0 - share) * (beta[j].meanLog() - logZeta[j]))
                - 0.5 * (alpha[i].mean() + beta[j].mean()) * w2;
          }
          default -> throw new IllegalStateException();
        }
      }
    }
    for (GammaFactor a : alpha) {
      total += a.negativeKl(a0, b0);
    }
    for (GammaFactor b : beta) {
      total += b.negativeKl(a0, b0);
    }
    return total;
  }

  /** {@return E[α_i] per row (grids) or per table entry (ARD)} */
  public double[] rowRelevance() {
    return Arrays.stream(alpha).mapToDouble(GammaFactor::mean).toArray();
  }

  /** {@return E[β_j] per column (grids; empty for ARD)} */
  public double[] columnRelevance() {
    return Arrays.stream(beta).mapToDouble(GammaFactor::mean).toArray();
  }
}
