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

import io.github.sparkrvm.linalg.Softmax;
import java.io.Serializable;
import java.util.Arrays;

/**
 * One partition's candidate terms over blocks of sparse rows, kept as sparse as the rows are: those of a
 * {@link LaplaceLikelihood} over the candidates, the Gaussian moments ({@link #gaussian}), or of the softmax over its K·M flat (class, candidate) pairs
 * ({@link #softmax}, pair p·M + i, class-major as {@code ClassLayout} orders them). The gradient and B-weighted square
 * of every candidate scored (2 doubles each) and, of the cross products φᵢᵀBφ_a with the active candidates, only those
 * some row makes nonzero (a candidate shares rows with few of the active ones), in a hash table, or in a dense array
 * when width × k is at most {@link #DENSE_DOUBLES}; and each candidate's reach (the shortfall of its rows:
 * {@link CandidateScores}; the softmax's is not summed, its adds are not bounded by it, as on the dense path). It is
 * cut into {@link CandidateChunk}s by ranges of candidates, which are summed and scored range by range elsewhere
 * ({@link CandidateChunk#scores}): the cross products of every candidate are never held in one place; or, merged,
 * given as {@link CandidateTerms} ({@link SparseCandidateAccumulator}). Per row the work is O(nonzeros × active
 * nonzeros), for the softmax O(nonzeros × K × active pairs of the row's nonzeros).
 */
public final class SparseCrossProducts implements Serializable {

  private static final long serialVersionUID = 1L;

  /** The likelihood of a row, or null for the softmax and the Gaussian moments. */
  private final LaplaceLikelihood likelihood;
  /** K, the softmax's classes (its candidates are the K·M flat pairs); 0 for a Laplace likelihood. */
  private final int classes;
  /** The candidates (flat pairs for the softmax). */
  private final int numCandidates;
  private final int[] active;
  private final int[] over;
  private final int k;
  private final double[] weights;
  /** Each candidate's position among the active ones, or −1 (built on first use, per task). */
  private transient int[] activePosition;
  /** Each candidate's position among those scored, or −1; null: every candidate, at its own index. */
  private transient int[] scoredPosition;
  private double logLikelihood;
  private final double[] gradient;
  private final double[] diagonal;
  private final double[] reach;
  /**
   * The cross products dense (entry (position, active position) at position · k + active position) when the width × k
   * of them fit {@link #DENSE_DOUBLES}; null: in the hash table.
   */
  private final double[] dense;
  /** Open addressing: key position · k + active position (−1: empty), and its sum. */
  private long[] keys;
  private double[] sums;
  private int size;

  /**
   * Terms of {@code likelihood} at {@code weights} over {@code active}, for the candidates {@code over} (null: every
   * one of the {@code numCandidates}), numbered by their positions among them.
   *
   * @param likelihood the likelihood of a row
   * @param numCandidates M
   * @param active the active candidates, ascending
   * @param weights their weights
   * @param over the candidates scored, ascending; null: every one
   */
  public SparseCrossProducts(LaplaceLikelihood likelihood, int numCandidates, int[] active, double[] weights,
      int[] over) {
    this(likelihood, numCandidates, active, weights, over, DENSE_DOUBLES);
  }

  /**
   * As the public constructor, the cross products dense when width × k is at most {@code denseDoubles}.
   *
   * @param likelihood the likelihood of a row
   * @param numCandidates M
   * @param active the active candidates, ascending
   * @param weights their weights
   * @param over the candidates scored, ascending; null: every one
   * @param denseDoubles the most cross products held dense
   */
  SparseCrossProducts(LaplaceLikelihood likelihood, int numCandidates, int[] active, double[] weights, int[] over,
      long denseDoubles) {
    this(likelihood, 0, numCandidates, active, weights, over, denseDoubles);
  }

  /**
   * The Gaussian moments of the candidates {@code over} (null: every one of {@code numCandidates}), numbered by their
   * positions among them: the projection φᵢᵀWt as the gradient, the Gram diagonal φᵢᵀWφᵢ and the Gram entries
   * φᵢᵀWφ_a with the {@code active} candidates as the cross products (the reach and log-likelihood left at 0).
   *
   * @param numCandidates M
   * @param active the active candidates, ascending
   * @param over the candidates scored, ascending; null: every one
   * @return the empty sums
   */
  public static SparseCrossProducts gaussian(int numCandidates, int[] active, int[] over) {
    return new SparseCrossProducts(null, 0, numCandidates, active, new double[active.length], over, DENSE_DOUBLES);
  }

  /**
   * The softmax's terms over the K·M flat (class, candidate) pairs p·M + i at {@code weights} over the active pairs
   * {@code flatActive}, for the pairs {@code flatOver} (null: every one), numbered by their positions among them: per
   * row, the scores of every class from its active pairs, μ = softmax, then for each nonzero φᵢ and class p the
   * gradient φᵢ w(t_p − μ_p), the square φᵢ² w μ_p(1 − μ_p) and the cross products φᵢ w μ_p(δ_pq − μ_q) φ_j with the
   * row's active pairs (q, j) (the terms of {@link MultinomialCandidateAccumulator}, from the row's nonzeros only).
   *
   * @param numClasses K (at least 2; the labels are class indices 0 … K−1)
   * @param m M, the candidates of one class
   * @param flatActive the active flat pairs, ascending
   * @param weights their weights
   * @param flatOver the flat pairs scored, ascending; null: every one
   * @return the empty sums
   */
  public static SparseCrossProducts softmax(int numClasses, int m, int[] flatActive, double[] weights,
      int[] flatOver) {
    return softmax(numClasses, m, flatActive, weights, flatOver, DENSE_DOUBLES);
  }

  /** {@link #softmax(int, int, int[], double[], int[])}, the cross products dense up to {@code denseDoubles}. */
  static SparseCrossProducts softmax(int numClasses, int m, int[] flatActive, double[] weights, int[] flatOver,
      long denseDoubles) {
    if (numClasses < 2) {
      throw new IllegalArgumentException("a softmax needs at least 2 classes; got " + numClasses);
    }
    return new SparseCrossProducts(null, numClasses, Math.multiplyExact(numClasses, m), flatActive, weights,
        flatOver, denseDoubles);
  }

  private SparseCrossProducts(LaplaceLikelihood likelihood, int classes, int numCandidates, int[] active,
      double[] weights, int[] over, long denseDoubles) {
    if (active.length != weights.length) {
      throw new IllegalArgumentException("SparseCrossProducts: " + weights.length + " weights for " + active.length
          + " active candidates");
    }
    this.likelihood = likelihood;
    this.classes = classes;
    this.numCandidates = numCandidates;
    this.active = active.clone();
    this.over = over == null ? null : over.clone();
    this.k = active.length;
    this.weights = weights.clone();
    int width = over == null ? numCandidates : over.length;
    this.gradient = new double[width];
    this.diagonal = new double[width];
    this.reach = new double[width];
    this.dense = (long) width * k <= denseDoubles ? new double[width * k] : null;
    this.keys = new long[dense == null ? 1 << 12 : 1];
    Arrays.fill(keys, -1L);
    this.sums = new double[keys.length];
  }

  /**
   * Adds a block.
   *
   * @param block the rows
   * @param labels their labels, as the view reads them
   * @return this
   */
  public SparseCrossProducts add(SparseRowBlock block, double[] labels) {
    if (activePosition == null) {
      activePosition = SparseRowBlock.positions(numCandidates, active);
      scoredPosition = over == null ? null : SparseRowBlock.positions(numCandidates, over);
    }
    if (classes > 0) {
      return addSoftmax(block, labels);
    }
    int[] start = block.start();
    int[] index = block.index();
    double[] value = block.value();
    double[] rowWeights = block.weights();
    int[] rowActive = new int[k];
    double[] rowActiveValue = new double[k];
    for (int i = 0; i < block.size(); i++) {
      int count = 0;
      double eta = 0.0;
      for (int e = start[i]; e < start[i + 1]; e++) {
        int a = activePosition[index[e]];
        if (a >= 0) {
          eta += value[e] * weights[a];
          rowActive[count] = a;
          rowActiveValue[count++] = value[e];
        }
      }
      // the Gaussian moments (no likelihood): y = 0, so r = wt and b = w
      double y = likelihood == null ? 0.0 : likelihood.mean(eta);
      double r = rowWeights[i] * (labels[i] - y);
      double b = likelihood == null ? rowWeights[i] : likelihood.weightedCurvature(rowWeights[i], y);
      double gap = likelihood == null ? 0.0 : rowWeights[i] * likelihood.shortfall(labels[i], eta);
      logLikelihood += likelihood == null ? 0.0 : rowWeights[i] * likelihood.logLikelihood(labels[i], eta);
      for (int e = start[i]; e < start[i + 1]; e++) {
        int col = scoredPosition == null ? index[e] : scoredPosition[index[e]];
        if (col < 0) {
          continue;
        }
        double v = value[e];
        double vb = v * b;
        gradient[col] += v * r;
        diagonal[col] += vb * v;
        reach[col] += gap;
        if (dense != null) {
          int at = col * k;
          for (int q = 0; q < count; q++) {
            dense[at + rowActive[q]] += vb * rowActiveValue[q];
          }
        } else {
          for (int q = 0; q < count; q++) {
            addCross((long) col * k + rowActive[q], vb * rowActiveValue[q]);
          }
        }
      }
    }
    return this;
  }

  /** {@link #add} for the softmax: the row's nonzeros against every class (see {@link #softmax}). */
  private SparseCrossProducts addSoftmax(SparseRowBlock block, double[] labels) {
    int[] start = block.start();
    int[] index = block.index();
    double[] value = block.value();
    double[] rowWeights = block.weights();
    int m = numCandidates / classes;
    // the row's active pairs: position among the active ones, class, basis value
    int[] rowActive = new int[k];
    int[] rowClass = new int[k];
    double[] rowActiveValue = new double[k];
    double[] mu = new double[classes];
    for (int i = 0; i < block.size(); i++) {
      java.util.Arrays.fill(mu, 0.0);
      int count = 0;
      for (int e = start[i]; e < start[i + 1]; e++) {
        for (int q = 0; q < classes; q++) {
          int a = activePosition[q * m + index[e]];
          if (a >= 0) {
            mu[q] += value[e] * weights[a];
            rowActive[count] = a;
            rowClass[count] = q;
            rowActiveValue[count++] = value[e];
          }
        }
      }
      int label = Softmax.classOf(labels[i], classes);
      double score = mu[label];
      double logNormaliser = Softmax.normalise(mu, 0, classes);
      double wt = rowWeights[i];
      logLikelihood += wt * (score - logNormaliser);
      for (int e = start[i]; e < start[i + 1]; e++) {
        double v = value[e];
        for (int p = 0; p < classes; p++) {
          int flat = p * m + index[e];
          int col = scoredPosition == null ? flat : scoredPosition[flat];
          if (col < 0) {
            continue;
          }
          double wmu = wt * mu[p];
          gradient[col] += v * wt * ((p == label ? 1.0 : 0.0) - mu[p]);
          diagonal[col] += v * v * wmu * (1.0 - mu[p]);
          for (int c = 0; c < count; c++) {
            int q = rowClass[c];
            double b = wmu * ((p == q ? 1.0 : 0.0) - mu[q]);
            if (dense != null) {
              dense[col * k + rowActive[c]] += v * b * rowActiveValue[c];
            } else {
              addCross((long) col * k + rowActive[c], v * b * rowActiveValue[c]);
            }
          }
        }
      }
    }
    return this;
  }

  private void addCross(long key, double v) {
    int mask = keys.length - 1;
    int slot = (int) (mix(key) & mask);
    while (keys[slot] != -1L && keys[slot] != key) {
      slot = (slot + 1) & mask;
    }
    if (keys[slot] == -1L) {
      keys[slot] = key;
      if (++size * 4 > keys.length * 3) {
        sums[slot] = v;
        grow();
        return;
      }
    }
    sums[slot] += v;
  }

  private static long mix(long key) {
    long h = key * 0x9E3779B97F4A7C15L;
    return h ^ (h >>> 32);
  }

  private void grow() {
    long[] oldKeys = keys;
    double[] oldSums = sums;
    keys = new long[oldKeys.length * 2];
    Arrays.fill(keys, -1L);
    sums = new double[keys.length];
    int mask = keys.length - 1;
    for (int s = 0; s < oldKeys.length; s++) {
      if (oldKeys[s] != -1L) {
        int slot = (int) (mix(oldKeys[s]) & mask);
        while (keys[slot] != -1L) {
          slot = (slot + 1) & mask;
        }
        keys[slot] = oldKeys[s];
        sums[slot] = oldSums[s];
      }
    }
  }

  /**
   * Adds another partition's terms over the same candidates and active set.
   *
   * @param other the other partial result
   * @return this
   */
  public SparseCrossProducts merge(SparseCrossProducts other) {
    for (int i = 0; i < gradient.length; i++) {
      gradient[i] += other.gradient[i];
      diagonal[i] += other.diagonal[i];
      reach[i] += other.reach[i];
    }
    if (dense != null) {
      for (int i = 0; i < dense.length; i++) {
        dense[i] += other.dense[i];
      }
    }
    for (int slot = 0; slot < other.keys.length; slot++) {
      if (other.keys[slot] != -1L) {
        addCross(other.keys[slot], other.sums[slot]);
      }
    }
    logLikelihood += other.logLikelihood;
    return this;
  }

  /**
   * {@return the terms as {@link CandidateTerms}: the cross products written out dense (width × k), the active
   * candidates numbered as the scored ones are (their positions among {@code over}, or themselves)}
   */
  public CandidateTerms terms() {
    int width = gradient.length;
    double[] cross = new double[width * k];
    if (dense != null) {
      for (int col = 0; col < width; col++) {
        for (int a = 0; a < k; a++) {
          cross[a * width + col] = dense[col * k + a];
        }
      }
    }
    for (int slot = 0; slot < keys.length; slot++) {
      if (keys[slot] != -1L) {
        cross[(int) (keys[slot] % k) * width + (int) (keys[slot] / k)] = sums[slot];
      }
    }
    return new CandidateTerms(width, over == null ? active.clone() : CandidateTerms.positionsIn(active, over),
        logLikelihood, gradient.clone(), diagonal.clone(), cross);
  }

  /**
   * The most cross products (2²⁴ doubles, 128 MiB) a partition sums in a dense array rather than a hash table: on many rows nearly every candidate shares a row with nearly every active feature (10⁶ rows × 2¹⁸ features,
   * 50 active: each candidate in about 76 rows of 5 active features), and the table then holds as many entries as
   * the array, at twice the bytes and a probe each.
   */
  public static final long DENSE_DOUBLES = 1L << 24;

  /**
   * {@return the terms cut into {@code chunks} ranges of ⌈width / chunks⌉ positions (the last may be shorter), in
   * order}
   *
   * @param part the partition these terms are of
   * @param chunks the number of ranges (at least 1)
   */
  public CandidateChunk[] chunks(int part, int chunks) {
    int width = gradient.length;
    int per = chunkWidth(width, chunks);
    int[] counts = new int[chunks];
    for (long key : keys) {
      if (key != -1L) {
        counts[(int) (key / Math.max(k, 1)) / per]++;
      }
    }
    int[][] position = new int[chunks][];
    int[][] active = new int[chunks][];
    double[][] value = new double[chunks][];
    for (int c = 0; c < chunks; c++) {
      position[c] = new int[counts[c]];
      active[c] = new int[counts[c]];
      value[c] = new double[counts[c]];
    }
    int[] fill = new int[chunks];
    for (int s = 0; s < keys.length; s++) {
      if (keys[s] != -1L) {
        int col = (int) (keys[s] / k);
        int c = col / per;
        position[c][fill[c]] = col - c * per;
        active[c][fill[c]] = (int) (keys[s] % k);
        value[c][fill[c]++] = sums[s];
      }
    }
    CandidateChunk[] out = new CandidateChunk[chunks];
    for (int c = 0; c < chunks; c++) {
      int from = Math.min(width, c * per);
      int to = Math.min(width, from + per);
      out[c] = new CandidateChunk(part, from, to - from, Arrays.copyOfRange(gradient, from, to),
          Arrays.copyOfRange(diagonal, from, to), Arrays.copyOfRange(reach, from, to), position[c], active[c], value[c],
          dense == null ? null : Arrays.copyOfRange(dense, from * k, to * k));
    }
    return out;
  }

  /**
   * {@return the positions in each of {@code chunks} ranges over {@code width} candidates}
   *
   * @param width the candidates scored
   * @param chunks the number of ranges
   */
  public static int chunkWidth(int width, int chunks) {
    return Math.max(1, (width + chunks - 1) / chunks);
  }
}
