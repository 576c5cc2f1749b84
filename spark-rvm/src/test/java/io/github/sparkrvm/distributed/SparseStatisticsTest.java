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

package io.github.sparkrvm.distributed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.sparkrvm.SparkTestSession;
import io.github.sparkrvm.SparseProblem;
import io.github.sparkrvm.SparseSoftmaxProblem;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.FeatureScaling;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.solvers.FastBernoulliSolver;
import io.github.sparkrvm.solvers.FastGaussianSolver;
import io.github.sparkrvm.solvers.FastMultinomialSolver;
import io.github.sparkrvm.solvers.FitStart;
import io.github.sparkrvm.solvers.MultiClassFit;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.SparseBayesOptions;
import io.github.sparkrvm.solvers.SupportPrior;
import io.github.sparkrvm.statistics.CandidateScores;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.GaussianColumns;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.junit.jupiter.api.Test;

/**
 * The sparse layout of the linear kernel against the dense one on the same rows: the statistics of every pass, and
 * the fast solvers' models, agree to rounding (the strongest known answer: the dense path is the reference).
 */
class SparseStatisticsTest {

  /** 400 features (5 true), about 8 nonzeros a row: blocks of up to 4096 rows over 3 partitions. */
  private static final SparseProblem PROBLEM = new SparseProblem(400, new double[] {2.5, -2.5, 2.0, -2.0, 3.0}, 6, 0);

  private static void assertClose(double[] expected, double[] actual) {
    assertEquals(expected.length, actual.length);
    double scale = Arrays.stream(expected).map(Math::abs).max().orElse(1.0);
    assertArrayEquals(expected, actual, 1e-9 * Math.max(scale, 1.0));
  }

  private record Both(SparseStatistics sparse, BlockStatistics dense, JavaRDD<RowBlock> blocks,
      Broadcast<BasisFunctions> basis) implements AutoCloseable {
    @Override
    public void close() {
      sparse.release();
      blocks.unpersist();
      basis.destroy();
    }
  }

  /** The rows in both layouts, the features scaled by {@code scale} (no shift), with a bias. */
  private static Both both(List<TrainingRow> rows, double[] scale) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
    JavaRDD<TrainingRow> rdd = jsc.parallelize(rows, 3);
    int d = scale.length;
    JavaRDD<RowBlock> blocks = BlockStatistics.toBlocks(rdd, new FeatureScaling(new double[d], scale), 97).cache();
    Broadcast<BasisFunctions> basis = jsc.broadcast(BasisFunctions.linear(true, d));
    return new Both(SparseStatistics.of(rdd, scale, true, 2), new BlockStatistics(blocks, basis, 2), blocks, basis);
  }

  private static double[] scale(int d, long seed) {
    return new SplittableRandom(seed).doubles(d, 0.5, 2.0).toArray();
  }

  @Test
  void everyPassAgreesWithTheDenseLayout() {
    List<TrainingRow> rows = PROBLEM.rows(400, 1, Double.NaN);
    try (Both both = both(rows, scale(400, 2))) {
      int m = both.sparse().numCandidates();
      assertEquals(both.dense().numCandidates(), m);
      for (int[] active : new int[][] {{}, {0, 1, 3, 57, 400}}) {
        double[] w = new SplittableRandom(5).doubles(active.length, -1, 1).toArray();
        for (LaplaceLikelihood likelihood : new LaplaceLikelihood[] {LaplaceLikelihood.BERNOULLI,
            LaplaceLikelihood.POISSON}) {
          CandidateTerms a = both.dense().laplaceCandidates(likelihood, active, w);
          int passes = both.sparse().passes();
          CandidateTerms b = both.sparse().laplaceCandidates(likelihood, active, w);
          assertEquals(passes + 1, both.sparse().passes(), "one pass");
          assertArrayEquals(a.active(), b.active());
          assertEquals(a.logLikelihood(), b.logLikelihood(), 1e-9 * Math.abs(a.logLikelihood()));
          assertClose(a.gradient(), b.gradient());
          assertClose(a.diagonal(), b.diagonal());
          assertClose(a.cross(), b.cross());
          // over some candidates only, numbered in their order
          int[] over = {0, 1, 2, 3, 57, 100, 399, 400};
          int[] overActive = Arrays.stream(active).filter(j -> Arrays.binarySearch(over, j) >= 0).toArray();
          double[] overW = Arrays.copyOf(w, overActive.length);
          if (overActive.length == active.length) {
            CandidateTerms c = both.dense().laplaceCandidates(likelihood, overActive, overW, over);
            CandidateTerms e = both.sparse().laplaceCandidates(likelihood, overActive, overW, over);
            assertArrayEquals(c.active(), e.active());
            assertClose(c.gradient(), e.gradient());
            assertClose(c.cross(), e.cross());
          }
          // the Newton terms over the active basis: a dense pass over the active columns only
          LikelihoodTerms newton = both.dense().laplace(likelihood, active, w);
          LikelihoodTerms sparse = both.sparse().laplace(likelihood, active, w);
          assertClose(newton.gradient(), sparse.gradient());
          assertClose(newton.hessian(), sparse.hessian());
        }
      }
      // one-vs-rest views relabel the same way
      CandidateTerms view = both.sparse().oneVsRest(0).laplaceCandidates(LaplaceLikelihood.BERNOULLI, new int[0],
          new double[0]);
      assertClose(both.dense().oneVsRest(0).laplaceCandidates(LaplaceLikelihood.BERNOULLI, new int[0],
          new double[0]).gradient(), view.gradient());
      // the whole M × M Gram matrix is refused, its columns are not
      assertThrows(IllegalStateException.class, () -> both.sparse().gaussian());
    }
  }

  @Test
  void candidatesScoredApartAgreeWithTheDenseLayout() {
    List<TrainingRow> rows = PROBLEM.rows(400, 1, Double.NaN);
    try (Both both = both(rows, scale(400, 2))) {
      int[] active = {0, 1, 3, 57, 400};
      int k = active.length;
      SplittableRandom random = new SplittableRandom(11);
      double[] w = random.doubles(k, -1, 1).toArray();
      // a symmetric positive definite Σ = LLᵀ and a shift
      double[] l = random.doubles(k * k, -1, 1).toArray();
      double[] covariance = new double[k * k];
      for (int a = 0; a < k; a++) {
        for (int c = 0; c < k; c++) {
          for (int q = 0; q < k; q++) {
            covariance[c * k + a] += l[q * k + a] * l[q * k + c];
          }
        }
      }
      double[] shift = random.doubles(k, -0.1, 0.1).toArray();
      for (int[] over : new int[][] {null, {0, 1, 2, 3, 57, 100, 399, 400}}) {
        CandidateScores dense = both.dense().laplaceScores(LaplaceLikelihood.BERNOULLI, active, w, covariance, shift,
            over);
        int passes = both.sparse().passes();
        CandidateScores sparse = both.sparse().laplaceScores(LaplaceLikelihood.BERNOULLI, active, w, covariance,
            shift, over);
        assertEquals(passes + 1, both.sparse().passes(), "one pass");
        assertClose(dense.sparsity(), sparse.sparsity());
        assertClose(dense.quality(), sparse.quality());
      }
      assertEquals(true, both.sparse().scoresApart());
      assertEquals(false, both.dense().scoresApart());
    }
  }

  @Test
  void theSupportPriorKeepsThePlantedFeaturesAndDropsTheNoise() {
    // the rows of ardAloneKeepsTheTrueFeaturesAndManyNoiseFeatures, where ARD alone keeps 126 noise features:
    // with each of the 401 candidates relevant a priori with probability 1/402 (a cost of log 401 = 6.0 nats each)
    List<TrainingRow> rows = PROBLEM.rows(1000, 7, Double.NaN);
    try (Both both = both(rows, ones(400))) {
      SparseBayesOptions ard = new SparseBayesOptions(200, 1e-6, 1e9, 0.0, 0.0, 1);
      SparseBayesOptions prior = ard.withSupportPrior(SupportPrior.candidates(401));
      RelevanceFit sparse = FastBernoulliSolver.of(prior, LaplaceLikelihood.BERNOULLI, FitStart.cold())
          .fit(both.sparse(), IterationListener.none());
      RelevanceFit dense = FastBernoulliSolver.of(prior, LaplaceLikelihood.BERNOULLI, FitStart.cold())
          .fit(both.dense(), IterationListener.none());
      assertArrayEquals(dense.active(), sparse.active());
      assertArrayEquals(dense.alpha(), sparse.alpha(), 1e-9 * Arrays.stream(dense.alpha()).max().orElse(1));
      assertArrayEquals(dense.weights(), sparse.weights(), 1e-7);
      // candidates 1 … 5 are the planted features 0 … 4, candidate 0 the bias
      long planted = Arrays.stream(sparse.active()).filter(j -> j >= 1 && j <= 5).count();
      long noise = Arrays.stream(sparse.active()).filter(j -> j > 5).count();
      assertEquals(5, planted, "recall 1: " + Arrays.toString(sparse.active()));
      assertEquals(true, planted / (double) (planted + noise) >= 0.95, "precision: " + Arrays.toString(
          sparse.active()));
    }
  }

  @Test
  void gaussianColumnsAgreeWithTheDenseLayout() {
    List<TrainingRow> rows = PROBLEM.rows(300, 3, 0.5);
    try (Both both = both(rows, scale(400, 4))) {
      GaussianColumns dense = both.dense().gaussianColumns();
      GaussianColumns sparse = both.sparse().gaussianColumns();
      assertClose(dense.projection(), sparse.projection());
      assertClose(dense.gramDiagonal(), sparse.gramDiagonal());
      assertEquals(dense.targetSquares(), sparse.targetSquares(), 1e-9 * dense.targetSquares());
      assertEquals(dense.weightSum(), sparse.weightSum(), 1e-12);
      assertEquals(dense.count(), sparse.count());
      for (int j : new int[] {0, 1, 42, 400}) {
        assertClose(dense.gramColumn(j), sparse.gramColumn(j));
      }
      // S and Q at a posterior over a few candidates: the sparse rows score them apart (one pass), the dense layout
      // from the Gram columns of the active ones; and the Gram entries among them
      int[] active = {0, 1, 42, 400};
      SplittableRandom random = new SplittableRandom(17);
      double[] l = random.doubles(16, -1, 1).toArray();
      double[] covariance = new double[16];
      for (int a = 0; a < 4; a++) {
        for (int c = 0; c < 4; c++) {
          for (int q = 0; q < 4; q++) {
            covariance[c * 4 + a] += l[q * 4 + a] * l[q * 4 + c];
          }
        }
      }
      double[] mean = random.doubles(4, -1, 1).toArray();
      double[][] a = dense.sparsityQuality(active, covariance, mean, 2.5);
      GaussianColumns apart = both.sparse().gaussianColumns(0); // no column kept whole
      int passes = both.sparse().passes();
      double[][] b = apart.sparsityQuality(active, covariance, mean, 2.5);
      assertEquals(passes + 1, both.sparse().passes(), "one pass");
      assertClose(a[1], b[1]);
      // with the active columns kept (they were computed above), no pass
      passes = both.sparse().passes();
      double[][] cached = sparse.sparsityQuality(active, covariance, mean, 2.5);
      assertEquals(passes, both.sparse().passes(), "no pass");
      assertClose(a[1], cached[1]);
      for (int i = 0; i < a[0].length; i++) {
        // candidates zero on the data have no S on either layout
        assertEquals(Double.isNaN(a[0][i]), Double.isNaN(b[0][i]), "candidate " + i);
        a[0][i] = Double.isNaN(a[0][i]) ? 0.0 : a[0][i];
        b[0][i] = Double.isNaN(b[0][i]) ? 0.0 : b[0][i];
      }
      assertClose(a[0], b[0]);
      assertClose(dense.gramSubmatrix(active), apart.gramSubmatrix(active));
      assertClose(dense.gramSubmatrix(active), sparse.gramSubmatrix(active));
    }
  }

  /**
   * The fast Bernoulli solver with ARD alone (no support prior): the true features are all kept, and so are many
   * noise features (the contrast of {@link #theSupportPriorKeepsThePlantedFeaturesAndDropsTheNoise}, where both layouts
   * are compared). On the dense layout only: on the sparse one, whose steps score the candidates apart, its 130 steps
   * cost a shuffle each.
   */
  @Test
  void ardAloneKeepsTheTrueFeaturesAndManyNoiseFeatures() {
    List<TrainingRow> rows = PROBLEM.rows(1000, 7, Double.NaN);
    try (Both both = both(rows, ones(400))) {
      SparseBayesOptions options = new SparseBayesOptions(200, 1e-6, 1e9, 0.0, 0.0, 1);
      RelevanceFit dense = FastBernoulliSolver.of(options, LaplaceLikelihood.BERNOULLI, FitStart.cold())
          .fit(both.dense(), IterationListener.none());
      // candidates 1 … 5 are the true features 0 … 4 (candidate 0 is the bias): all kept
      for (int j = 1; j <= 5; j++) {
        assertEquals(true, Arrays.binarySearch(dense.active(), j) >= 0, "true feature " + (j - 1) + " kept: "
            + Arrays.toString(dense.active()));
      }
      // ARD keeps a pure noise feature whose q² > s, about P(χ²₁ > 1) ≈ 0.32 of them at the evidence's optimum
      long noise = Arrays.stream(dense.active()).filter(j -> j > 5).count();
      assertEquals(true, noise >= 10 && noise <= 0.4 * 395, noise + " of 395 noise features kept");
    }
  }

  @Test
  void fastGaussianFitEqualsTheDensePaths() {
    List<TrainingRow> rows = PROBLEM.rows(600, 9, 0.3);
    try (Both both = both(rows, ones(400))) {
      SparseBayesOptions options = new SparseBayesOptions(200, 1e-6, 1e9, 0.0, 0.0, 1);
      RelevanceFit dense = FastGaussianSolver.of(options, null).fit(both.dense(), IterationListener.none());
      RelevanceFit sparse = FastGaussianSolver.of(options, null).fit(both.sparse(), IterationListener.none());
      assertArrayEquals(dense.active(), sparse.active());
      assertArrayEquals(dense.weights(), sparse.weights(), 1e-7);
      assertEquals(dense.noisePrecision(), sparse.noisePrecision(), 1e-7 * dense.noisePrecision());
    }
  }

  /** 400 features, 3 classes of 2 true features each, about 8 nonzeros a row. */
  private static final SparseSoftmaxProblem SOFTMAX = new SparseSoftmaxProblem(400,
      new double[][] {{3.0, 2.5}, {3.0, -2.5}, {2.5, 3.0}}, 6, 0);

  @Test
  void softmaxTermsAndScoresAgreeWithTheDenseLayout() {
    List<TrainingRow> rows = SOFTMAX.rows(500, 3);
    try (Both both = both(rows, scale(400, 6))) {
      int m = both.sparse().numCandidates();
      // flat pairs p·M + i: the bias and features of each class
      for (int[] active : new int[][] {{}, {0, 1, m, m + 3, m + 57, 2 * m, 2 * m + 5, 3 * m - 1}}) {
        int k = active.length;
        SplittableRandom random = new SplittableRandom(13);
        double[] w = random.doubles(k, -1, 1).toArray();
        CandidateTerms a = both.dense().multinomialCandidates(3, active, w);
        CandidateTerms b = both.sparse().multinomialCandidates(3, active, w);
        assertArrayEquals(a.active(), b.active());
        assertEquals(a.logLikelihood(), b.logLikelihood(), 1e-9 * Math.abs(a.logLikelihood()));
        assertClose(a.gradient(), b.gradient());
        assertClose(a.diagonal(), b.diagonal());
        assertClose(a.cross(), b.cross());
        int[] over = java.util.stream.IntStream.concat(Arrays.stream(active),
            java.util.stream.IntStream.of(2, 7, m + 1, m + 399, 2 * m + 100)).distinct().sorted().toArray();
        CandidateTerms c = both.dense().multinomialCandidates(3, active, w, over);
        CandidateTerms e = both.sparse().multinomialCandidates(3, active, w, over);
        assertArrayEquals(c.active(), e.active());
        assertClose(c.gradient(), e.gradient());
        assertClose(c.diagonal(), e.diagonal());
        assertClose(c.cross(), e.cross());
        // scored apart: S and Q from a symmetric positive definite Σ = LLᵀ and a shift
        double[] l = random.doubles(k * k, -1, 1).toArray();
        double[] covariance = new double[k * k];
        for (int x = 0; x < k; x++) {
          for (int y = 0; y < k; y++) {
            for (int q = 0; q < k; q++) {
              covariance[y * k + x] += l[q * k + x] * l[q * k + y];
            }
          }
        }
        double[] shift = random.doubles(k, -0.1, 0.1).toArray();
        for (int[] scored : new int[][] {null, over}) {
          CandidateScores dense = both.dense().multinomialScores(3, active, w, covariance, shift, scored);
          int passes = both.sparse().passes();
          CandidateScores sparse = both.sparse().multinomialScores(3, active, w, covariance, shift, scored);
          assertEquals(passes + 1, both.sparse().passes(), "one pass");
          assertClose(dense.sparsity(), sparse.sparsity());
          assertClose(dense.quality(), sparse.quality());
          assertEquals(true, Arrays.stream(sparse.reach()).allMatch(r -> r == Double.POSITIVE_INFINITY),
              "no reach bound, as on the dense path");
        }
      }
      // a one-vs-rest view has no class labels
      assertThrows(IllegalStateException.class, () -> both.sparse().oneVsRest(0).multinomialScores(3, new int[0],
          new double[0], new double[0], new double[0], null));
    }
  }

  /**
   * The fast softmax with the multiplicity prior on both layouts: the same (class, feature) pairs, α and weights (the
   * sparse layout's passes are the dense one's sums in another order). The planted pairs are kept.
   */
  @Test
  void fastSoftmaxFitEqualsTheDenseLayout() {
    List<TrainingRow> rows = SOFTMAX.rows(900, 5);
    try (Both both = both(rows, ones(400))) {
      int m = both.sparse().numCandidates();
      SparseBayesOptions options = new SparseBayesOptions(200, 1e-6, 1e9, 0.0, 0.0, 1)
          .withSupportPrior(SupportPrior.multiplicity(3 * m));
      MultiClassFit dense = FastMultinomialSolver.of(3, options, FitStart.cold())
          .fit(both.dense(), IterationListener.none());
      MultiClassFit sparse = FastMultinomialSolver.of(3, options, FitStart.cold())
          .fit(both.sparse(), IterationListener.none());
      for (int p = 0; p < 3; p++) {
        assertArrayEquals(dense.active()[p], sparse.active()[p], "class " + p);
        assertArrayEquals(dense.alpha()[p], sparse.alpha()[p],
            1e-8 * Arrays.stream(dense.alpha()[p]).max().orElse(1.0), "alpha of class " + p);
        assertArrayEquals(dense.weights()[p], sparse.weights()[p], 1e-8, "weights of class " + p);
        // candidates 1 + 2p and 2 + 2p are class p's planted features
        for (int j = 1 + 2 * p; j <= 2 + 2 * p; j++) {
          assertEquals(true, Arrays.binarySearch(sparse.active()[p], j) >= 0, "class " + p + " keeps feature "
              + (j - 1) + ": " + Arrays.toString(sparse.active()[p]));
        }
      }
    }
  }

  /**
   * The fast gaussian fit scored apart (at most 2 Gram columns kept whole: from the third active feature on, every
   * step's S and Q come from a pass over the rows, the driver holding O(M + k²)) is the dense path's fit.
   */
  @Test
  void fastGaussianFitScoredApartEqualsTheDensePath() {
    List<TrainingRow> rows = new SparseProblem(400, new double[] {2.5, -2.5, 2.0}, 6, 30).rows(300, 19, 0.3);
    try (Both both = both(rows, ones(400))) {
      SparseBayesOptions options = new SparseBayesOptions(200, 1e-6, 1e9, 0.0, 0.0, 1);
      DesignStatistics apart = new DesignStatistics() {
        @Override
        public int numCandidates() {
          return both.sparse().numCandidates();
        }

        @Override
        public <A> A pass(io.github.sparkrvm.statistics.Pass<A> pass) {
          return both.sparse().pass(pass);
        }

        @Override
        public DesignStatistics oneVsRest(int positiveClass) {
          throw new UnsupportedOperationException();
        }

        @Override
        public GaussianColumns gaussianColumns() {
          return both.sparse().gaussianColumns(2);
        }
      };
      RelevanceFit dense = FastGaussianSolver.of(options, null).fit(both.dense(), IterationListener.none());
      RelevanceFit sparse = FastGaussianSolver.of(options, null).fit(apart, IterationListener.none());
      assertEquals(true, dense.active().length > 3, "more active features than columns kept: "
          + Arrays.toString(dense.active()));
      assertArrayEquals(dense.active(), sparse.active());
      assertArrayEquals(dense.weights(), sparse.weights(), 1e-7);
      assertEquals(dense.noisePrecision(), sparse.noisePrecision(), 1e-7 * dense.noisePrecision());
    }
  }

  private static double[] ones(int d) {
    double[] one = new double[d];
    Arrays.fill(one, 1.0);
    return one;
  }
}
