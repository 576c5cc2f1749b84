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

package io.github.sparkrvm.solvers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.statistics.MultinomialAccumulator;
import io.github.sparkrvm.statistics.MultinomialCandidateAccumulator;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The softmax candidate terms in flat coordinates on random data (37 rows, 6 candidates, 3 classes): the blocked BLAS
 * accumulator and the in-memory loops against a naive per-row sum written from the definitions, their active rows
 * against the classic multinomial terms, the gradient against finite differences of the log-likelihood, and (K = 2)
 * the relation to the logistic candidate terms.
 */
class MultinomialCandidateTermsTest {

  private static final int N = 37;
  private static final int M = 6;
  private static final int K = 3;

  private final SplittableRandom random = new SplittableRandom(11);
  private final double[] phi = random.doubles(N * M, -1.5, 1.5).toArray();
  private final double[] labels = random.ints(N, 0, K).asDoubleStream().toArray();
  private final double[] rowWeights = random.doubles(N, 0.2, 2.0).toArray();
  /** class 0: candidates 0, 4; class 1: 1 (= 7 − 6), 5; class 2: 0 (= 12 − 12), 5 */
  private final int[] active = {0, 4, 7, 11, 12, 17};
  private final double[] weights = random.doubles(active.length, -1.5, 1.5).toArray();

  private static void assertClose(double[] expected, double[] actual, String what) {
    assertEquals(expected.length, actual.length, what);
    double scale = Arrays.stream(expected).map(Math::abs).max().orElse(1.0);
    assertArrayEquals(expected, actual, 1e-9 * Math.max(scale, 1.0), what);
  }

  private static void assertSame(CandidateTerms expected, CandidateTerms actual) {
    assertEquals(expected.numCandidates(), actual.numCandidates());
    assertArrayEquals(expected.active(), actual.active());
    assertEquals(expected.logLikelihood(), actual.logLikelihood(), 1e-9 * Math.abs(expected.logLikelihood()));
    assertClose(expected.gradient(), actual.gradient(), "gradient");
    assertClose(expected.diagonal(), actual.diagonal(), "diagonal");
    assertClose(expected.cross(), actual.cross(), "cross");
  }

  private double phi(int n, int i) {
    return phi[i * N + n];
  }

  /** μ(n) at flat weights over the flat active set, from the definition. */
  private double[] mu(int n, int[] act, double[] w) {
    double[] u = new double[K];
    for (int a = 0; a < act.length; a++) {
      u[act[a] / M] += w[a] * phi(n, act[a] % M);
    }
    double max = Arrays.stream(u).max().orElseThrow();
    double sum = 0.0;
    for (int p = 0; p < K; p++) {
      u[p] = Math.exp(u[p] - max);
      sum += u[p];
    }
    for (int p = 0; p < K; p++) {
      u[p] /= sum;
    }
    return u;
  }

  private double logLikelihood(int[] act, double[] w) {
    double s = 0.0;
    for (int n = 0; n < N; n++) {
      s += rowWeights[n] * Math.log(mu(n, act, w)[(int) labels[n]]);
    }
    return s;
  }

  /** The terms summed row by row, each row's K × K B written out. */
  private CandidateTerms naive(int[] act, double[] w) {
    int dim = K * M;
    int k = act.length;
    double[] gradient = new double[dim];
    double[] diagonal = new double[dim];
    double[] cross = new double[dim * k];
    for (int n = 0; n < N; n++) {
      double[] mu = mu(n, act, w);
      double[][] b = new double[K][K];
      for (int p = 0; p < K; p++) {
        for (int q = 0; q < K; q++) {
          b[p][q] = rowWeights[n] * mu[p] * ((p == q ? 1.0 : 0.0) - mu[q]);
        }
      }
      for (int c = 0; c < dim; c++) {
        int p = c / M;
        double f = phi(n, c % M);
        gradient[c] += rowWeights[n] * f * ((labels[n] == p ? 1.0 : 0.0) - mu[p]);
        diagonal[c] += f * b[p][p] * f;
        for (int a = 0; a < k; a++) {
          cross[a * dim + c] += f * b[p][act[a] / M] * phi(n, act[a] % M);
        }
      }
    }
    return new CandidateTerms(dim, act.clone(), logLikelihood(act, w), gradient, diagonal, cross);
  }

  /** The accumulator over two blocks of rows (20 and 17), merged. */
  private CandidateTerms blocked(int[] act, double[] w) {
    MultinomialCandidateAccumulator first = new MultinomialCandidateAccumulator(K, M, act, w);
    MultinomialCandidateAccumulator second = new MultinomialCandidateAccumulator(K, M, act, w);
    int split = 20;
    first.add(rows(0, split), split, Arrays.copyOfRange(labels, 0, split), Arrays.copyOfRange(rowWeights, 0, split));
    second.add(rows(split, N), N - split, Arrays.copyOfRange(labels, split, N),
        Arrays.copyOfRange(rowWeights, split, N));
    return first.merge(second).result();
  }

  private double[] rows(int from, int to) {
    int n = to - from;
    double[] out = new double[n * M];
    for (int i = 0; i < M; i++) {
      System.arraycopy(phi, i * N + from, out, i * n, n);
    }
    return out;
  }

  @Test
  void blockedAndInMemoryTermsAgreeWithTheNaiveSum() {
    InMemoryStatistics memory = new InMemoryStatistics(phi, N, M, labels, rowWeights);
    CandidateTerms expected = naive(active, weights);
    assertSame(expected, memory.multinomialCandidates(K, active, weights));
    assertSame(expected, blocked(active, weights));
    // the empty active set: μ = 1/K, log-likelihood −Σ w log K, B_pp = w (K − 1)/K²
    CandidateTerms empty = naive(new int[0], new double[0]);
    assertEquals(-Arrays.stream(rowWeights).sum() * Math.log(K), empty.logLikelihood(), 1e-12);
    assertSame(empty, memory.multinomialCandidates(K, new int[0], new double[0]));
    assertSame(empty, blocked(new int[0], new double[0]));
    for (int i = 0; i < M; i++) {
      double s = 0.0;
      for (int n = 0; n < N; n++) {
        s += rowWeights[n] * phi(n, i) * phi(n, i) * (K - 1.0) / (K * K);
      }
      for (int p = 0; p < K; p++) {
        assertEquals(s, empty.diagonal()[p * M + i], 1e-12 * s);
      }
    }
  }

  /**
   * A shortlist's pass (restricted to some flat pairs, the active ones among them) takes the active pairs' rows from
   * their Hessian's class blocks above the diagonal and their transposes: the same terms as the naive sum to 1e-12,
   * over two blocks as over one.
   */
  @Test
  void restrictedTermsTakeTheActiveRowsFromTheUpperClassBlocks() {
    int[] over = {0, 2, 4, 7, 9, 11, 12, 13, 17};
    CandidateTerms expected = naive(active, weights).restrictedTo(over);
    MultinomialCandidateAccumulator whole = new MultinomialCandidateAccumulator(K, M, active, weights, over);
    CandidateTerms one = whole.add(phi, N, labels, rowWeights).result();
    MultinomialCandidateAccumulator first = new MultinomialCandidateAccumulator(K, M, active, weights, over);
    MultinomialCandidateAccumulator second = new MultinomialCandidateAccumulator(K, M, active, weights, over);
    int split = 20;
    first.add(rows(0, split), split, Arrays.copyOfRange(labels, 0, split), Arrays.copyOfRange(rowWeights, 0, split));
    second.add(rows(split, N), N - split, Arrays.copyOfRange(labels, split, N),
        Arrays.copyOfRange(rowWeights, split, N));
    CandidateTerms two = first.merge(second).result();
    for (CandidateTerms t : new CandidateTerms[] {one, two}) {
      assertArrayEquals(expected.active(), t.active());
      assertEquals(expected.logLikelihood(), t.logLikelihood(), 1e-12 * Math.abs(expected.logLikelihood()));
      double scale = Arrays.stream(expected.cross()).map(Math::abs).max().orElseThrow();
      assertArrayEquals(expected.gradient(), t.gradient(), 1e-12 * scale, "gradient");
      assertArrayEquals(expected.diagonal(), t.diagonal(), 1e-12 * scale, "diagonal");
      assertArrayEquals(expected.cross(), t.cross(), 1e-12 * scale, "cross");
    }
  }

  /**
   * The pass beside the active pairs' Hessian (a shortlist's, once a mode search has ended with the exact terms over
   * the active pairs) forms every other term and takes the active rows from the Newton terms' pass at the same weights:
   * the terms of the pass that forms them, bit for bit (both sum the same class blocks by the same code), and the naive
   * sum's to 1e-12.
   */
  @Test
  void termsBesideTheActiveHessianAreTheFullPassTerms() {
    InMemoryStatistics memory = new InMemoryStatistics(phi, N, M, labels, rowWeights);
    int[] over = {0, 2, 4, 7, 9, 11, 12, 13, 17};
    int[][] byClass = FastMultinomialSolver.byClass(active, M, K);
    double[] activeHessian = memory.pass(MultinomialAccumulator.pass(byClass, ClassLayout.split(weights, byClass)))
        .result().hessian();
    CandidateTerms beside = memory.multinomialCandidates(K, active, weights, over, activeHessian);
    CandidateTerms full = memory.multinomialCandidates(K, active, weights, over);
    assertArrayEquals(full.active(), beside.active());
    assertEquals(full.logLikelihood(), beside.logLikelihood());
    assertArrayEquals(full.gradient(), beside.gradient());
    assertArrayEquals(full.diagonal(), beside.diagonal());
    assertArrayEquals(full.cross(), beside.cross());
    CandidateTerms expected = naive(active, weights).restrictedTo(over);
    double scale = Arrays.stream(expected.cross()).map(Math::abs).max().orElseThrow();
    assertArrayEquals(expected.cross(), beside.cross(), 1e-12 * scale, "cross");
  }

  /**
   * The Hessian entries among pairs outside the active set (the adds of a batch) are the cross products the naive sum
   * gives them with each other once they are active at weight 0 (the scores do not move), to 1e-12.
   */
  @Test
  void theEntriesAmongAddsAreTheirCrossProductsAtWeightZero() {
    InMemoryStatistics memory = new InMemoryStatistics(phi, N, M, labels, rowWeights);
    int[] among = {2, 8, 13};
    int[] both = java.util.stream.IntStream.concat(Arrays.stream(active), Arrays.stream(among)).sorted().toArray();
    double[] w = new double[both.length];
    for (int a = 0; a < active.length; a++) {
      w[Arrays.binarySearch(both, active[a])] = weights[a];
    }
    CandidateTerms expected = naive(both, w);
    double[] entries = memory.multinomialCrossAmong(K, active, weights, among);
    int s = among.length;
    double scale = Arrays.stream(expected.cross()).map(Math::abs).max().orElseThrow();
    for (int b = 0; b < s; b++) {
      for (int a = 0; a < s; a++) {
        double e = expected.cross()[Arrays.binarySearch(both, among[b]) * K * M + among[a]];
        assertEquals(e, entries[b * s + a], 1e-12 * scale, among[a] + ", " + among[b]);
      }
    }
  }

  @Test
  void activeRowsAreTheClassicMultinomialTerms() {
    InMemoryStatistics memory = new InMemoryStatistics(phi, N, M, labels, rowWeights);
    int[][] byClass = FastMultinomialSolver.byClass(active, M, K);
    assertArrayEquals(new int[][] {{0, 4}, {1, 5}, {0, 5}}, byClass);
    LikelihoodTerms classic = memory.multinomial(byClass, ClassLayout.split(weights, byClass));
    LikelihoodTerms fromCandidates = blocked(active, weights).activeTerms();
    assertEquals(classic.logLikelihood(), fromCandidates.logLikelihood(), 1e-9 * Math.abs(classic.logLikelihood()));
    assertClose(classic.gradient(), fromCandidates.gradient(), "gradient");
    assertClose(classic.hessian(), fromCandidates.hessian(), "hessian");
  }

  @Test
  void gradientAndDiagonalAreDerivativesOfTheLogLikelihood() {
    // every flat candidate active, at the same weights on the active ones and 0 elsewhere
    int[] all = new int[K * M];
    Arrays.setAll(all, c -> c);
    double[] w = new double[K * M];
    for (int a = 0; a < active.length; a++) {
      w[active[a]] = weights[a];
    }
    CandidateTerms terms = blocked(active, weights);
    double h = 1e-5;
    for (int c = 0; c < K * M; c++) {
      double[] up = w.clone();
      double[] down = w.clone();
      up[c] += h;
      down[c] -= h;
      double lp = logLikelihood(all, up);
      double l0 = logLikelihood(all, w);
      double lm = logLikelihood(all, down);
      assertEquals((lp - lm) / (2 * h), terms.gradient()[c], 1e-6 * (1 + Math.abs(terms.gradient()[c])), "g " + c);
      // the negative second derivative is the diagonal of Φᵀ B Φ
      assertEquals(-(lp - 2 * l0 + lm) / (h * h), terms.diagonal()[c], 1e-3 * (1 + terms.diagonal()[c]), "d " + c);
    }
  }

  @Test
  void withTwoClassesAndClassOneWeightsOnlyTheTermsAreTheLogisticOnes() {
    // K = 2 with weights on class 1 only: μ₁ = σ(φᵀw), so class 1's rows are the Bernoulli candidate terms with
    // labels 1{t = 1}, and class 0's are their negatives (gradient, cross) or equal (diagonal: μ₀μ₁ either way)
    double[] binary = new double[N];
    for (int n = 0; n < N; n++) {
      binary[n] = labels[n] == 1.0 ? 1.0 : 0.0;
    }
    int[] logistic = {1, 3, 4};
    int[] flat = {M + 1, M + 3, M + 4};
    double[] w = {0.7, -1.2, 0.4};
    CandidateTerms bernoulli = new InMemoryStatistics(phi, N, M, binary, rowWeights).bernoulliCandidates(logistic, w);
    CandidateTerms softmax = new InMemoryStatistics(phi, N, M, binary, rowWeights).multinomialCandidates(2, flat, w);
    assertEquals(bernoulli.logLikelihood(), softmax.logLikelihood(), 1e-12 * Math.abs(bernoulli.logLikelihood()));
    for (int i = 0; i < M; i++) {
      assertEquals(bernoulli.gradient()[i], softmax.gradient()[M + i], 1e-12);
      assertEquals(-bernoulli.gradient()[i], softmax.gradient()[i], 1e-12);
      assertEquals(bernoulli.diagonal()[i], softmax.diagonal()[M + i], 1e-12);
      assertEquals(bernoulli.diagonal()[i], softmax.diagonal()[i], 1e-12);
      for (int a = 0; a < flat.length; a++) {
        assertEquals(bernoulli.cross()[a * M + i], softmax.cross()[a * 2 * M + M + i], 1e-12);
        assertEquals(-bernoulli.cross()[a * M + i], softmax.cross()[a * 2 * M + i], 1e-12);
      }
    }
  }
}
