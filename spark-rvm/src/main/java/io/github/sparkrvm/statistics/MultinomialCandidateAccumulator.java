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

import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.linalg.MatrixProduct;
import io.github.sparkrvm.linalg.Softmax;
import java.io.Serializable;

/**
 * Accumulates the softmax {@link CandidateTerms} block by block, in flat coordinates: candidate c = p·M + i stands
 * for basis function i in class p (class-major, as {@link ClassLayout} orders flat vectors), and
 * B_pq(n) = μ_p(n)(δ_pq − μ_q(n)) times the row weight. Per block, over the basis of every candidate (n × M): the
 * scores of every class summed over the active pairs ({@link SoftmaxBlock#scores}), then the softmax μ row by row; the gradient Φᵀ W (T − μ) and the
 * diagonal (Φ∘Φ)ᵀ diag(B_pp) of every (class, candidate) pair with one {@code dgemm} each; and the cross products
 * with the active weights with one {@code dgemm} Φᵀ V, V (n × k·K) having column (a, p) = W B_(p, q_a) φ_(j_a) for
 * the active flat weight a = (q_a, j_a) (never a rank-1 update per row).
 *
 * <p>Restricted to some flat candidates (e.g. each class' own block of class-specific features, or a round's shortlist),
 * it computes the terms of those only, each over its class' column: the cross products cost n × (candidates) × k
 * instead of n × K·M × k (the active pairs' own rows, their Hessian, from its class blocks above the diagonal:
 * {@link SoftmaxBlock}), and the result numbers the candidates (and the active weights among them) in the order
 * given.
 */
public final class MultinomialCandidateAccumulator implements Serializable {

  /**
   * {@return the pass of the softmax candidate terms at {@code weights}: each block expanded over every candidate
   * once; of every flat (class, candidate) pair, or of the flat pairs {@code flatCandidates} only}
   *
   * @param numClasses K
   * @param m the number of candidates
   * @param flatActive the active flat pairs, ascending
   * @param weights their weights
   * @param flatCandidates the flat pairs whose terms are wanted, ascending; null: every one
   */
  public static Pass<MultinomialCandidateAccumulator> pass(int numClasses, int m, int[] flatActive,
      double[] weights, int[] flatCandidates) {
    int[] act = flatActive.clone();
    double[] w = weights.clone();
    if (flatCandidates == null) {
      return Pass.of("softmax candidate statistics over " + m + " candidates, " + numClasses + " classes", null,
          () -> new MultinomialCandidateAccumulator(numClasses, m, act, w), MultinomialCandidateAccumulator::add,
          MultinomialCandidateAccumulator::merge).ofClasses();
    }
    int[] candidates = flatCandidates.clone();
    return Pass.of("softmax candidate statistics over " + candidates.length + " of " + numClasses * m
        + " (class, candidate) pairs, " + numClasses + " classes", null,
        () -> new MultinomialCandidateAccumulator(numClasses, m, act, w, candidates),
        MultinomialCandidateAccumulator::add, MultinomialCandidateAccumulator::merge).ofClasses();
  }

  /**
   * {@return the pass of {@link #pass} over the flat pairs {@code flatCandidates} that leaves out the Hessian among the
   * active pairs (N·(k² + Σ m_p²)/2 multiply-adds, most of the pass at k ≈ 300), where a pass over the active pairs
   * at the same weights already holds it: its result is read with {@link #result(double[])}}
   *
   * @param numClasses K
   * @param m the number of candidates
   * @param flatActive the active flat pairs, ascending
   * @param weights their weights
   * @param flatCandidates the flat pairs whose terms are wanted, ascending, the active ones among them
   */
  public static Pass<MultinomialCandidateAccumulator> besideActive(int numClasses, int m, int[] flatActive,
      double[] weights, int[] flatCandidates) {
    int[] act = flatActive.clone();
    double[] w = weights.clone();
    int[] candidates = flatCandidates.clone();
    return Pass.of("softmax candidate statistics beside the active pairs' Hessian over " + candidates.length + " of "
        + numClasses * m + " (class, candidate) pairs, " + numClasses + " classes", null,
        () -> new MultinomialCandidateAccumulator(numClasses, m, act, w, candidates, true, false),
        MultinomialCandidateAccumulator::add, MultinomialCandidateAccumulator::merge).ofClasses();
  }

  /**
   * {@return the pass of the softmax log-likelihood, gradient and diagonal of every flat pair at {@code weights}, the
   * cross products not formed (left at 0): the N·K·M·k multiply-adds that are most of a full pass}
   *
   * @param numClasses K
   * @param m the number of candidates
   * @param flatActive the active flat pairs, ascending
   * @param weights their weights
   */
  public static Pass<MultinomialCandidateAccumulator> scores(int numClasses, int m, int[] flatActive,
      double[] weights) {
    int[] act = flatActive.clone();
    double[] w = weights.clone();
    return Pass.of("softmax candidate scores (no cross products) over " + m + " candidates, " + numClasses
        + " classes", null, () -> new MultinomialCandidateAccumulator(numClasses, m, act, w, null, false, true),
        MultinomialCandidateAccumulator::add, MultinomialCandidateAccumulator::merge).ofClasses();
  }

  private static final long serialVersionUID = 1L;

  private final int classes;
  private final int m;
  private final int[] active;
  /** The active pairs' weights. */
  private final double[] weights;
  /** Whether the cross products are formed (else left at 0). */
  private final boolean crossed;
  /** With {@link #restrict}: whether the Hessian among the active pairs is formed (else given to the result). */
  private final boolean activeCurvature;
  private final double[] gradient;
  private final double[] diagonal;
  private final double[] cross;
  /** The flat candidates whose terms are computed, ascending; null: all K·M. */
  private final int[] restrict;
  /** With {@link #restrict}: where each class' candidates start in it (K + 1 entries). */
  private final int[] classStart;
  /** With {@link #restrict}: the position of each active weight among the candidates. */
  private final int[] activePositions;
  /** With {@link #restrict}: the positions of the candidates that are not active, ascending. */
  private final int[] others;
  /** With {@link #restrict}: where each class' candidates that are not active start in {@link #others}. */
  private final int[] othersStart;
  /** The first active pair of each class (K + 1 entries). */
  private final int[] activeOffset;
  /** Each active pair's basis function (its column in a block's basis). */
  private final int[] activeColumns;
  /**
   * With {@link #restrict}: the Hessian over the active pairs (k × k), its class blocks (p, q ≥ p) only
   * ({@link SoftmaxBlock}); their rows of the cross products are taken from it, {@link #cross} holding those of the
   * other candidates.
   */
  private final double[] activeHessian;
  private double logLikelihood;

  /**
   * Terms for {@code numClasses} classes over {@code m} candidates each, at {@code weights} over the flat active
   * candidates.
   *
   * @param numClasses K, at least 2
   * @param m M, the candidates per class
   * @param flatActive the active flat candidates p·M + i, ascending
   * @param weights their weights
   */
  public MultinomialCandidateAccumulator(int numClasses, int m, int[] flatActive, double[] weights) {
    this(numClasses, m, flatActive, weights, null);
  }

  /**
   * Terms for {@code numClasses} classes over the flat candidates {@code flatCandidates} only, at {@code weights}
   * over the flat active candidates (which must be among them).
   *
   * @param numClasses K, at least 2
   * @param m M, the candidates per class
   * @param flatActive the active flat candidates p·M + i, ascending
   * @param weights their weights
   * @param flatCandidates the flat candidates whose terms are computed, ascending; null: all K·M
   */
  public MultinomialCandidateAccumulator(int numClasses, int m, int[] flatActive, double[] weights,
      int[] flatCandidates) {
    this(numClasses, m, flatActive, weights, flatCandidates, true, true);
  }

  private MultinomialCandidateAccumulator(int numClasses, int m, int[] flatActive, double[] weights,
      int[] flatCandidates, boolean crossed, boolean activeCurvature) {
    this.crossed = crossed;
    this.activeCurvature = activeCurvature;
    if (numClasses < 2) {
      throw new IllegalArgumentException("a softmax needs at least 2 classes; got " + numClasses);
    }
    if (flatActive.length != weights.length) {
      throw new IllegalArgumentException("MultinomialCandidateAccumulator: " + weights.length + " weights for "
          + flatActive.length + " active candidates");
    }
    this.classes = numClasses;
    this.m = m;
    this.active = flatActive.clone();
    this.weights = weights.clone();
    this.activeOffset = new int[numClasses + 1];
    this.activeColumns = new int[flatActive.length];
    for (int a = 0; a < flatActive.length; a++) {
      int c = flatActive[a];
      if (c < 0 || c >= m * numClasses || (a > 0 && c <= flatActive[a - 1])) {
        throw new IllegalArgumentException("flat active candidates must be ascending in [0, " + m * numClasses
            + "); got " + c);
      }
      activeOffset[c / m + 1]++;
      activeColumns[a] = c % m;
    }
    for (int p = 0; p < numClasses; p++) {
      activeOffset[p + 1] += activeOffset[p];
    }
    int dim = m * numClasses;
    int k = flatActive.length;
    if (flatCandidates == null) {
      this.restrict = null;
      this.classStart = null;
      this.activePositions = null;
      this.others = null;
      this.othersStart = null;
      this.activeHessian = new double[0];
      this.gradient = new double[dim];
      this.diagonal = new double[dim];
      this.cross = new double[dim * k];
      return;
    }
    this.restrict = flatCandidates.clone();
    this.classStart = new int[numClasses + 1];
    for (int c = 0; c < restrict.length; c++) {
      if (restrict[c] < 0 || restrict[c] >= dim || (c > 0 && restrict[c] <= restrict[c - 1])) {
        throw new IllegalArgumentException("flat candidates must be ascending in [0, " + dim + "); got "
            + restrict[c]);
      }
      classStart[restrict[c] / m + 1]++;
    }
    for (int p = 0; p < numClasses; p++) {
      classStart[p + 1] += classStart[p];
    }
    this.activePositions = new int[k];
    for (int a = 0; a < k; a++) {
      activePositions[a] = java.util.Arrays.binarySearch(restrict, flatActive[a]);
      if (activePositions[a] < 0) {
        throw new IllegalArgumentException("active flat candidate " + flatActive[a] + " is not among the "
            + "candidates");
      }
    }
    this.others = new int[restrict.length - k];
    this.othersStart = new int[numClasses + 1];
    for (int c = 0, j = 0; c < restrict.length; c++) {
      if (java.util.Arrays.binarySearch(activePositions, c) < 0) {
        others[j++] = c;
        othersStart[restrict[c] / m + 1]++;
      }
    }
    for (int p = 0; p < numClasses; p++) {
      othersStart[p + 1] += othersStart[p];
    }
    this.activeHessian = new double[activeCurvature ? k * k : 0];
    this.gradient = new double[restrict.length];
    this.diagonal = new double[restrict.length];
    this.cross = new double[others.length * k];
  }

  /**
   * Adds a block.
   *
   * @param phi the basis of every candidate at the block's rows (n × M, column-major)
   * @param n the number of rows in the block
   * @param labels the labels of the rows: class indices 0 … K−1
   * @param rowWeights the row weights
   * @return this accumulator
   */
  public MultinomialCandidateAccumulator add(double[] phi, int n, double[] labels, double[] rowWeights) {
    if (phi.length != n * m) {
      throw new IllegalArgumentException("expected a " + n + " × " + m + " basis block, got " + phi.length);
    }
    if (n == 0) {
      return this;
    }
    int k = active.length;
    // scores n × K (column-major), then the softmax row by row
    double[] mu = SoftmaxBlock.scores(phi, n, activeColumns, activeOffset, weights);
    double[] row = new double[classes];
    double[] residual = new double[n * classes];
    double[] curvature = new double[n * classes];
    for (int i = 0; i < n; i++) {
      for (int p = 0; p < classes; p++) {
        row[p] = mu[p * n + i];
      }
      int label = Softmax.classOf(labels[i], classes);
      double score = row[label];
      double logNormaliser = Softmax.normalise(row, 0, classes);
      double wt = rowWeights[i];
      logLikelihood += wt * (score - logNormaliser);
      for (int p = 0; p < classes; p++) {
        mu[p * n + i] = row[p];
        residual[p * n + i] = wt * ((p == label ? 1.0 : 0.0) - row[p]);
        curvature[p * n + i] = wt * row[p] * (1.0 - row[p]);
      }
    }
    if (m == 0) {
      return this;
    }
    if (restrict != null) {
      return addRestricted(phi, n, mu, residual, curvature, rowWeights);
    }
    // gradient and diagonal: M × K each, column-major, which is the flat class-major layout
    MatrixProduct.dgemm("T", "N", m, classes, n, 1.0, phi, n, residual, n, 1.0, gradient, m);
    double[] squares = new double[phi.length];
    for (int i = 0; i < phi.length; i++) {
      squares[i] = phi[i] * phi[i];
    }
    MatrixProduct.dgemm("T", "N", m, classes, n, 1.0, squares, n, curvature, n, 1.0, diagonal, m);
    if (k == 0 || !crossed) {
      return this;
    }
    // V: column a·K + p is W B_(p, q_a) φ_(j_a); then Φᵀ V (M × k·K) is the cross matrix, entry (p·M + i, a) at
    // (a·K + p)·M + i = a·(K·M) + p·M + i
    double[] v = new double[n * k * classes];
    double[] pairScale = new double[n * classes];
    for (int p = 0; p < classes; p++) {
      scaledActiveColumns(p, phi, n, mu, rowWeights, pairScale, v, p * n, classes * n);
    }
    MatrixProduct.dgemm("T", "N", m, k * classes, n, 1.0, phi, n, v, n, 1.0, cross, m);
    return this;
  }

  /**
   * The terms of the restricted candidates: the gradient Φ_pᵀ W(t_p − μ_p) and the diagonal (Φ_p∘Φ_p)ᵀ diag(B_pp) of
   * class p's candidates Φ_p; the cross products of the candidates that are not active with every active pair in one
   * product; and those of the active pairs with each other, the Hessian over them, from its class blocks above the
   * diagonal ({@link SoftmaxBlock}: about half the k × k products, the rest their transposes). Candidate (p, i)
   * against active pair a = (q, j) is Σ_rows φ_i W μ_p (δ_pq − μ_q) φ_j = (W μ_p ∘ φ_i)ᵀ(−μ_q ∘ φ_j), plus
   * (W μ_p ∘ φ_i)ᵀ φ_j when q = p: so every such candidate's column scaled by W μ_p (its class') against every active
   * column scaled by −μ_q (its own class') in one {@code dgemm}, then each class' candidates against its own active
   * columns unscaled. One wide product instead of one per class: a class' products have only its few candidates
   * (about 6 rows), which the Java BLAS runs at about half the rate of a wide one.
   */
  private MultinomialCandidateAccumulator addRestricted(double[] phi, int n, double[] mu, double[] residual,
      double[] curvature, double[] rowWeights) {
    int k = active.length;
    int o = others.length;
    for (int p = 0; p < classes; p++) {
      for (int c = classStart[p]; c < classStart[p + 1]; c++) {
        int src = (restrict[c] - p * m) * n;
        double g = 0.0;
        double d = 0.0;
        for (int i = 0; i < n; i++) {
          double x = phi[src + i];
          g += x * residual[p * n + i];
          d += x * x * curvature[p * n + i];
        }
        gradient[c] += g;
        diagonal[c] += d;
      }
    }
    if (k == 0) {
      return this;
    }
    double[] right = SoftmaxBlock.negativelyScaled(phi, n, activeColumns, activeOffset, mu);
    if (o > 0) {
      double[] left = new double[n * o];
      for (int j = 0; j < o; j++) {
        int c = others[j];
        int p = restrict[c] / m;
        int src = (restrict[c] - p * m) * n;
        for (int i = 0; i < n; i++) {
          left[j * n + i] = rowWeights[i] * mu[p * n + i] * phi[src + i];
        }
      }
      MatrixProduct.dgemm("T", "N", o, k, n, 1.0, left, n, right, n, 1.0, cross, o);
      // each class' candidates against its own active pairs (a contiguous run of the class-major active pairs),
      // unscaled
      double[] own = new double[n * k];
      for (int p = 0; p < classes; p++) {
        int from = activeOffset[p];
        int kp = activeOffset[p + 1] - from;
        int s = othersStart[p + 1] - othersStart[p];
        if (kp == 0 || s == 0) {
          continue;
        }
        for (int a = 0; a < kp; a++) {
          System.arraycopy(phi, activeColumns[from + a] * n, own, a * n, n);
        }
        MatrixProduct.dgemm("T", "N", s, kp, n, 1.0, left, othersStart[p] * n, n, own, 0, n, 1.0, cross,
            from * o + othersStart[p], o);
      }
    }
    if (activeCurvature) {
      SoftmaxBlock.addUpperBlocks(phi, n, activeColumns, activeOffset, mu, rowWeights, right, activeHessian);
    }
    return this;
  }

  /**
   * Writes, for class p and every active pair a = (q, j), the column W B_(p, q) φ_j of the block (n rows) to
   * {@code out} from {@code offset + a · stride}: the rows' curvatures between p and every class q
   * ({@link #curvatureOfPair}, into {@code pairScale}, n × K) times the active basis function.
   */
  private void scaledActiveColumns(int p, double[] phi, int n, double[] mu, double[] rowWeights, double[] pairScale,
      double[] out, int offset, int stride) {
    for (int q = 0; q < classes; q++) {
      curvatureOfPair(mu, n, p, q, rowWeights, pairScale, q * n);
    }
    for (int a = 0; a < active.length; a++) {
      int src = (active[a] % m) * n;
      int scale = active[a] / m * n;
      int dst = offset + a * stride;
      for (int i = 0; i < n; i++) {
        out[dst + i] = pairScale[scale + i] * phi[src + i];
      }
    }
  }

  /**
   * Sets {@code out[i]} to row i's weight times μ⁽ᵖ⁾ᵢ(δ_pq − μ⁽q⁾ᵢ), the row's curvature between classes p and q, for
   * the block's n rows ({@code mu} n × K, column-major): computed once for every column of class q it scales.
   *
   * @param mu the block's softmax probabilities
   * @param n the rows
   * @param p one class
   * @param q the other class (p itself for the diagonal block)
   * @param rowWeights the rows' weights
   * @param out where the n curvatures go, from {@code at} on
   * @param at the first position of {@code out} written
   */
  private static void curvatureOfPair(double[] mu, int n, int p, int q, double[] rowWeights, double[] out, int at) {
    double delta = p == q ? 1.0 : 0.0;
    for (int i = 0; i < n; i++) {
      out[at + i] = rowWeights[i] * mu[p * n + i] * (delta - mu[q * n + i]);
    }
  }

  /**
   * Adds another partial result over the same classes, candidates and active set.
   *
   * @param other an accumulator at the same weights
   * @return this accumulator
   */
  public MultinomialCandidateAccumulator merge(MultinomialCandidateAccumulator other) {
    if (other.m != m || other.classes != classes || other.active.length != active.length
        || other.gradient.length != gradient.length) {
      throw new IllegalArgumentException("cannot merge candidate terms of different sizes");
    }
    for (int i = 0; i < gradient.length; i++) {
      gradient[i] += other.gradient[i];
      diagonal[i] += other.diagonal[i];
    }
    for (int i = 0; crossed && i < cross.length; i++) {
      cross[i] += other.cross[i];
    }
    for (int i = 0; i < activeHessian.length; i++) {
      activeHessian[i] += other.activeHessian[i];
    }
    logLikelihood += other.logLikelihood;
    return this;
  }

  /**
   * {@return the terms accumulated so far, over the K·M flat candidates, or over the restricted ones in their order
   * (the active weights then numbered by their positions among them)}
   */
  public CandidateTerms result() {
    if (restrict == null) {
      return new CandidateTerms(gradient.length, active.clone(), logLikelihood, gradient.clone(), diagonal.clone(),
          cross.clone());
    }
    if (!activeCurvature) {
      throw new IllegalStateException("a pass beside the active pairs' Hessian is read with result(hessian)");
    }
    return result(SoftmaxBlock.withLowerBlocks(activeHessian, activeOffset));
  }

  /**
   * {@return the terms of a pass over some flat pairs ({@link #besideActive}, or {@link #pass} restricted), their
   * active pairs' rows of the cross products the negative Hessian {@code h} among the active pairs (k × k,
   * column-major, class-major as the active pairs are ordered)}
   *
   * @param h the negative Hessian among the active pairs at the same weights
   */
  public CandidateTerms result(double[] h) {
    int k = active.length;
    if (restrict == null || h.length != k * k) {
      throw new IllegalArgumentException("the terms over some pairs take the " + k + " × " + k
          + " Hessian among the active pairs; got " + h.length + " entries");
    }
    int total = restrict.length;
    double[] full = new double[total * k];
    for (int a = 0; a < k; a++) {
      for (int j = 0; j < others.length; j++) {
        full[a * total + others[j]] = cross[a * others.length + j];
      }
      for (int b = 0; b < k; b++) {
        full[a * total + activePositions[b]] = h[a * k + b];
      }
    }
    return new CandidateTerms(total, activePositions.clone(), logLikelihood, gradient.clone(), diagonal.clone(), full);
  }

}
