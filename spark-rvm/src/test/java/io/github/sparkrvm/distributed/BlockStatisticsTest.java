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
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.SparkTestSession;
import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.FeatureScaling;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.DesignMatrix;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.GaussianStatistics;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LazyGram;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.RowSample;
import io.github.sparkrvm.statistics.SubsetPasses;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.junit.jupiter.api.Test;

/** The distributed, blocked, BLAS statistics agree with the plain in-memory loops. */
class BlockStatisticsTest {

  private static void assertClose(double[] expected, double[] actual, double relative) {
    assertEquals(expected.length, actual.length);
    double scale = Arrays.stream(expected).map(Math::abs).max().orElse(1.0);
    assertArrayEquals(expected, actual, relative * Math.max(scale, 1.0));
  }

  /** The log-likelihood, gradient and Hessian of {@code actual} within 1e-9 (relative) of {@code expected}'s. */
  private static void assertSameTerms(LikelihoodTerms expected, LikelihoodTerms actual) {
    assertEquals(expected.logLikelihood(), actual.logLikelihood(), 1e-9 * Math.abs(expected.logLikelihood()));
    assertClose(expected.gradient(), actual.gradient(), 1e-9);
    assertClose(expected.hessian(), actual.hessian(), 1e-9);
  }

  /** The table's rows as cached blocks over the cluster, and what to release after. */
  private record Cluster(BlockStatistics stats, JavaRDD<RowBlock> blocks, Broadcast<BasisFunctions> basis) {
    void release() {
      stats.releaseCachedSample();
      blocks.unpersist();
      basis.destroy();
    }
  }

  /** Identity scaling (the in-memory basis sees the same features); blocks of 7 rows over 3 partitions. */
  private static Cluster cluster(BasisFunctions basis, TestData.Table table, double[] rowWeights) {
    return cluster(basis, table, rowWeights, 3, 7);
  }

  /** Identity scaling; blocks of at most {@code blockRows} rows over {@code partitions} partitions. */
  private static Cluster cluster(BasisFunctions basis, TestData.Table table, double[] rowWeights, int partitions,
      int blockRows) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
    List<TrainingRow> rows = new ArrayList<>();
    for (int i = 0; i < table.size(); i++) {
      rows.add(new TrainingRow(table.x()[i], table.t()[i], rowWeights[i]));
    }
    JavaRDD<RowBlock> blocks = BlockStatistics.toBlocks(jsc.parallelize(rows, partitions),
        FeatureScaling.identity(basis.dim()), blockRows).cache();
    Broadcast<BasisFunctions> bc = jsc.broadcast(basis);
    return new Cluster(new BlockStatistics(blocks, bc, 2), blocks, bc);
  }

  private static void check(BasisFunctions basis, TestData.Table table, double[] rowWeights) {
    InMemoryStatistics memory = InMemoryStatistics.of(basis, table.x(), table.t(), rowWeights);
    Cluster on = cluster(basis, table, rowWeights);
    BlockStatistics cluster = on.stats();
    LocalStatistics local = cluster.collectLocal();
    assertEquals(1, cluster.passes(), "collecting the design is one pass");
    assertEquals(table.size(), local.rows());
    for (DesignStatistics stats : List.of(cluster, local)) {
      checkAgainst(memory, stats, basis.numCandidates());
    }
    checkColumns(memory.gaussian(), local.gaussianColumns());
    assertEquals(1 + 4, cluster.passes(), "the cluster's four evaluations pass over the data, the local ones do not");
    // the collected design, its rows in their canonical order (sorted by features, label, weight)
    int d = table.x()[0].length;
    RowBlock sorted = RowBlock.canonical(List.of(new RowBlock(table.size(), d, TestData.flatten(table.x()),
        table.t(), rowWeights)));
    double[][] sortedX = new double[sorted.size()][];
    for (int i = 0; i < sorted.size(); i++) {
      sortedX[i] = Arrays.copyOfRange(sorted.features(), i * d, (i + 1) * d);
    }
    DesignMatrix design = local.design();
    assertClose(InMemoryStatistics.of(basis, sortedX, sorted.labels(), sorted.weights()).design().phi(), design.phi(),
        1e-12);
    assertArrayEquals(sorted.labels(), design.targets());
    assertArrayEquals(sorted.weights(), design.rowWeights());
    on.release();
  }

  /** The lazy Gram's moments, columns and submatrices equal the whole Gram's, and it computes only what is read. */
  private static void checkColumns(GaussianStatistics full, LazyGram lazy) {
    int m = full.numBasis();
    assertEquals(m, lazy.numBasis());
    assertClose(full.projection(), lazy.projection(), 1e-9);
    assertClose(full.gramDiagonal(), lazy.gramDiagonal(), 1e-9);
    assertEquals(full.targetSquares(), lazy.targetSquares(), 1e-9 * full.targetSquares());
    assertEquals(full.targetSum(), lazy.targetSum(), 1e-9 * (1 + Math.abs(full.targetSum())));
    assertEquals(full.weightSum(), lazy.weightSum(), 1e-9 * full.weightSum());
    assertEquals(full.count(), lazy.count());
    assertEquals(0, lazy.columnsComputed());
    int[] read = m > 2 ? new int[] {0, m / 2, m - 1} : new int[] {0, m - 1};
    for (int j : read) {
      assertClose(full.gramColumn(j), lazy.gramColumn(j), 1e-9);
    }
    assertClose(full.gramSubmatrix(read), lazy.gramSubmatrix(read), 1e-9);
    assertEquals(java.util.Arrays.stream(read).distinct().count(), lazy.columnsComputed());
  }

  /** Every evaluation of {@code stats} equals the plain loops'. */
  private static void checkAgainst(InMemoryStatistics memory, DesignStatistics stats, int m) {
    GaussianStatistics a = memory.gaussian();
    GaussianStatistics b = stats.gaussian();
    assertClose(a.gram(), b.gram(), 1e-9);
    assertClose(a.projection(), b.projection(), 1e-9);
    assertEquals(a.targetSquares(), b.targetSquares(), 1e-9 * a.targetSquares());
    assertEquals(a.weightSum(), b.weightSum(), 1e-9 * a.weightSum());

    SplittableRandom random = new SplittableRandom(5);
    int[] active = m > 12 ? new int[] {0, 2, 5, 11, m - 1} : java.util.stream.IntStream.range(0, m).toArray();
    double[] w = random.doubles(active.length, -2, 2).toArray();
    LikelihoodTerms la = memory.bernoulli(active, w);
    LikelihoodTerms lb = stats.bernoulli(active, w);
    assertSameTerms(la, lb);

    // the Jaakkola–Jordan pass at a second moment S = Σ + μμᵀ (here a positive-definite random one)
    int k = active.length;
    double[] root = random.doubles(k * k, -0.3, 0.3).toArray();
    double[] moment = new double[k * k];
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        double s = i == j ? 0.5 : 0.0;
        for (int r = 0; r < k; r++) {
          s += root[r * k + i] * root[r * k + j];
        }
        moment[j * k + i] = s;
      }
    }
    io.github.sparkrvm.statistics.JaakkolaJordanTerms ja = memory.jaakkolaJordan(active, moment);
    io.github.sparkrvm.statistics.JaakkolaJordanTerms jb = stats.jaakkolaJordan(active, moment);
    assertEquals(ja.logBound(), jb.logBound(), 1e-9 * Math.abs(ja.logBound()));
    assertClose(ja.precision(), jb.precision(), 1e-9);
    assertClose(ja.projection(), jb.projection(), 1e-9);
    CandidateTerms ca = memory.bernoulliCandidates(active, w);
    CandidateTerms cb = stats.bernoulliCandidates(active, w);
    assertEquals(ca.logLikelihood(), cb.logLikelihood(), 1e-9 * Math.abs(ca.logLikelihood()));
    assertClose(ca.gradient(), cb.gradient(), 1e-9);
    assertClose(ca.diagonal(), cb.diagonal(), 1e-9);
    assertClose(ca.cross(), cb.cross(), 1e-9);
  }

  /**
   * The multinomial terms (class-specific active sets, each block expanded once over their union) and the
   * one-vs-rest view's Bernoulli terms agree with the plain loops.
   */
  private static void checkMultinomial(BasisFunctions basis, TestData.Table table, double[] rowWeights,
      int[][] active) {
    InMemoryStatistics memory = InMemoryStatistics.of(basis, table.x(), table.t(), rowWeights);
    Cluster on = cluster(basis, table, rowWeights);
    BlockStatistics cluster = on.stats();

    double[][] w = new double[active.length][];
    SplittableRandom random = new SplittableRandom(12);
    for (int p = 0; p < active.length; p++) {
      w[p] = random.doubles(active[p].length, -2, 2).toArray();
    }
    LocalStatistics local = cluster.collectLocal();
    for (DesignStatistics stats : List.of(cluster, local)) {
      LikelihoodTerms la = memory.multinomial(active, w);
      LikelihoodTerms lb = stats.multinomial(active, w);
      assertSameTerms(la, lb);

      int passes = cluster.passes();
      LikelihoodTerms oa = memory.oneVsRest(1).bernoulli(active[0], w[0]);
      LikelihoodTerms ob = stats.oneVsRest(1).bernoulli(active[0], w[0]);
      assertSameTerms(oa, ob);
      assertEquals(passes + (stats == cluster ? 1 : 0), cluster.passes(),
          "a view's passes count with its parent's; the local view makes none");
    }
    // a local one-vs-rest view has binary labels: no softmax terms
    assertThrows(IllegalStateException.class, () -> local.oneVsRest(1).multinomial(active, w));
    on.release();
  }

  @Test
  void multinomialTermsAgreeWithClassSpecificBases() {
    TestData.Table blobs = TestData.blobs(40, 3, 0.9, 2);
    double[] rowWeights = weights(blobs.size(), 4);
    double[] centres = Arrays.stream(blobs.x()).limit(25).flatMapToDouble(Arrays::stream).toArray();
    BasisFunctions rbf = BasisFunctions.kernel(new Kernel.Rbf(1.5), true, 2, centres);
    int[] all = java.util.stream.IntStream.range(0, rbf.numCandidates()).toArray();
    checkMultinomial(rbf, blobs, rowWeights, new int[][] {{0, 3, 4, 20}, {1, 3, 9, 25}, {2, 7}});
    checkMultinomial(rbf, blobs, rowWeights, new int[][] {all, {}, {5, 6}});
    checkMultinomial(rbf, blobs, rowWeights, new int[][] {all, all, all});
    checkMultinomial(BasisFunctions.linear(true, 2), blobs, rowWeights, new int[][] {{0, 1, 2}, {2}, {0, 1}});
  }

  private static double[] weights(int n, long seed) {
    return new SplittableRandom(seed).doubles(n, 0.0, 2.0).toArray();
  }

  /** Three active functions of {@link #ripleyRbf} and their weights, for the sampled views' passes. */
  private static final int[] RIPLEY_ACTIVE = {0, 3, 17};
  private static final double[] RIPLEY_WEIGHTS = {0.4, -1.1, 0.8};

  /** An RBF basis (γ 2, bias) centred on the first 40 of Ripley's rows. */
  private static BasisFunctions ripleyRbfBasis(TestData.Table ripley) {
    double[] centres = Arrays.stream(ripley.x()).limit(40).flatMapToDouble(Arrays::stream).toArray();
    return BasisFunctions.kernel(new Kernel.Rbf(2.0), true, 2, centres);
  }

  /** Ripley's rows over the cluster, with {@link #ripleyRbfBasis}, unit weights. */
  private static Cluster ripleyRbf(TestData.Table ripley) {
    return cluster(ripleyRbfBasis(ripley), ripley, weights(ripley.size(), 1));
  }

  /**
   * Issue 20's passes at scale over the cluster: a pass over some candidates only equals the full pass restricted to
   * them; a sampled view's passes equal the same rows collected to the driver (the view's {@code local()}), and the
   * rows kept are the same on 3 partitions (blocks of 7 rows) as the table's own draw by {@link RowSample}.
   */
  @Test
  void aShortlistPassAndASampledViewAgreeWithTheDriver() {
    TestData.Table ripley = TestData.ripley("tr");
    Cluster on = ripleyRbf(ripley);
    BlockStatistics cluster = on.stats();
    int[] over = {0, 1, 3, 9, 17, 40};
    SubsetPasses.assertSubsetPassIsTheFullPassRestricted(cluster, RIPLEY_ACTIVE, RIPLEY_WEIGHTS, over, 1e-12);

    RowSample sample = new RowSample(0.3, 11L);
    BlockStatistics view = cluster.sample(sample);
    LocalStatistics held = view.local();
    long expected = java.util.stream.IntStream.range(0, ripley.size())
        .filter(i -> sample.keeps(ripley.x()[i], 0, 2, 1, ripley.t()[i])).count();
    assertEquals(expected, held.rows());
    assertTrue(expected > 50 && expected < 110, expected + " of 250 rows kept at 0.3");
    LikelihoodTerms a = view.laplace(LaplaceLikelihood.BERNOULLI, RIPLEY_ACTIVE, RIPLEY_WEIGHTS);
    LikelihoodTerms b = held.laplace(LaplaceLikelihood.BERNOULLI, RIPLEY_ACTIVE, RIPLEY_WEIGHTS);
    assertSameTerms(b, a);
    int before = cluster.passes();
    view.laplace(LaplaceLikelihood.BERNOULLI, RIPLEY_ACTIVE, RIPLEY_WEIGHTS);
    assertEquals(before + 1, cluster.passes(), "a view's pass is counted with the statistics'");
    on.release();
  }

  /**
   * A sample view's passes read its rows cached on its first pass (every pass filtered every row of the data before),
   * with the same results; at most one sample is cached: a pass over another sample or over every row releases it,
   * as does {@link BlockStatistics#releaseCachedSample}.
   */
  @Test
  void aSampledViewCachesItsRowsOnceAndReleasesThem() {
    TestData.Table ripley = TestData.ripley("tr");
    Cluster on = ripleyRbf(ripley);
    BlockStatistics cluster = on.stats();
    List<JavaRDD<RowBlock>> cached = new ArrayList<>();
    for (RowSample sample : List.of(new RowSample(0.3, 11L), new RowSample(0.5, 12L))) {
      BlockStatistics view = cluster.sample(sample);
      JavaRDD<RowBlock> before = cluster.cachedSampleBlocks();
      LikelihoodTerms expected = view.local().laplace(LaplaceLikelihood.BERNOULLI, RIPLEY_ACTIVE, RIPLEY_WEIGHTS);
      assertEquals(before, cluster.cachedSampleBlocks(), "collecting a sample caches nothing");
      for (int pass = 0; pass < 2; pass++) {
        LikelihoodTerms a = view.laplace(LaplaceLikelihood.BERNOULLI, RIPLEY_ACTIVE, RIPLEY_WEIGHTS);
        assertSameTerms(expected, a);
        JavaRDD<RowBlock> blocks = cluster.cachedSampleBlocks();
        assertEquals(org.apache.spark.storage.StorageLevel.MEMORY_AND_DISK(), blocks.getStorageLevel());
        if (pass == 1) {
          assertEquals(cached.get(cached.size() - 1).id(), blocks.id(), "the second pass reads the same cache");
        } else {
          cached.add(blocks);
          // each partition's kept rows (of its blocks of 7) in the fewest blocks of at most 7, not a part of each
          for (List<RowBlock> partition : blocks.glom().collect()) {
            int[] sizes = partition.stream().mapToInt(RowBlock::size).toArray();
            int rows = Arrays.stream(sizes).sum();
            assertEquals((rows + 6) / 7, sizes.length, Arrays.toString(sizes));
            assertTrue(Arrays.stream(sizes).max().orElse(0) - Arrays.stream(sizes).min().orElse(0) <= 1);
          }
        }
      }
    }
    assertEquals(org.apache.spark.storage.StorageLevel.NONE(), cached.get(0).getStorageLevel(),
        "a pass over another sample releases the first");
    cluster.laplace(LaplaceLikelihood.BERNOULLI, RIPLEY_ACTIVE, RIPLEY_WEIGHTS);
    assertEquals(null, cluster.cachedSampleBlocks(), "a pass over every row releases the sample");
    assertEquals(org.apache.spark.storage.StorageLevel.NONE(), cached.get(1).getStorageLevel());
    cluster.sample(new RowSample(0.3, 11L)).laplace(LaplaceLikelihood.BERNOULLI, RIPLEY_ACTIVE, RIPLEY_WEIGHTS);
    JavaRDD<RowBlock> last = cluster.cachedSampleBlocks();
    cluster.releaseCachedSample();
    assertEquals(null, cluster.cachedSampleBlocks(), "released at the end of a fit");
    assertEquals(org.apache.spark.storage.StorageLevel.NONE(), last.getStorageLevel());
    on.release();
  }

  /**
   * The design collected to the driver is cut into blocks by the number of rows alone ({@link RowBlock#recut},
   * {@link LocalStatistics#BLOCK_ROWS}): 5,000 rows of two blobs on one partition in one block and on 3 partitions in
   * blocks of 7 rows give the same terms to the last bit, and so do their samples (cut again the same way).
   */
  @Test
  void theDriversDesignDoesNotDependOnThePartitioning() {
    TestData.Table rows = TestData.blobs(2500, 2, 1.5, 17L);
    BasisFunctions basis = ripleyRbfBasis(TestData.ripley("tr"));
    double[] rowWeights = weights(rows.size(), 5);
    Cluster one = cluster(basis, rows, rowWeights, 1, rows.size());
    Cluster three = cluster(basis, rows, rowWeights, 3, 7);
    LocalStatistics a = one.stats().collectLocal();
    LocalStatistics b = three.stats().collectLocal();
    assertArrayEquals(new int[] {1667, 1667, 1666}, a.blockRows(), "5,000 rows in blocks of at most 2048");
    assertArrayEquals(a.blockRows(), b.blockRows());
    RowSample half = new RowSample(0.5, 3L);
    for (LocalStatistics[] pair : new LocalStatistics[][] {{a, b}, {a.sample(half), b.sample(half)}}) {
      CandidateTerms x = pair[0].laplaceCandidates(LaplaceLikelihood.BERNOULLI, RIPLEY_ACTIVE, RIPLEY_WEIGHTS);
      CandidateTerms y = pair[1].laplaceCandidates(LaplaceLikelihood.BERNOULLI, RIPLEY_ACTIVE, RIPLEY_WEIGHTS);
      assertEquals(x.logLikelihood(), y.logLikelihood());
      assertArrayEquals(x.gradient(), y.gradient());
      assertArrayEquals(x.diagonal(), y.diagonal());
      assertArrayEquals(x.cross(), y.cross());
      assertArrayEquals(x.activeTerms().hessian(), y.activeTerms().hessian());
    }
    int[] sampled = a.sample(half).blockRows();
    long kept = a.sample(half).rows();
    assertTrue(kept > 2048, kept + " rows kept: more than one block");
    assertEquals(2, sampled.length, "the kept rows in the fewest blocks, not a part of each of the three");
    assertTrue(Math.abs(sampled[0] - sampled[1]) <= 1);
    one.release();
    three.release();
  }

  @Test
  void rbfBasisWithBiasAgrees() {
    TestData.Table ripley = TestData.ripley("tr");
    check(ripleyRbfBasis(ripley), ripley, weights(ripley.size(), 1));
  }

  @Test
  void polynomialBasisAgrees() {
    TestData.Table ripley = TestData.ripley("tr");
    double[] centres = Arrays.stream(ripley.x()).skip(100).limit(30).flatMapToDouble(Arrays::stream).toArray();
    check(BasisFunctions.kernel(new Kernel.Polynomial(0.7, 3, 1.0), false, 2, centres), ripley,
        weights(ripley.size(), 2));
  }

  @Test
  void rbfPerDimensionBasisAgrees() {
    TestData.Table ripley = TestData.ripley("tr");
    double[] centres = Arrays.stream(ripley.x()).skip(7).limit(9).flatMapToDouble(Arrays::stream).toArray();
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.RbfPerDimension(5.55), true, 2, centres);
    assertEquals(1 + 2 * 9, basis.numCandidates());
    // candidate 1 + f·9 + c is exp(−γ (x_f − c_f)²)
    double[] x = ripley.x()[0];
    double[] c = ripley.x()[7 + 4];
    assertEquals(Math.exp(-5.55 * Math.pow(x[1] - c[1], 2)), basis.value(1 + 9 + 4, x), 1e-15);
    check(basis, ripley, weights(ripley.size(), 4));
  }

  @Test
  void linearBasisAgrees() {
    TestData.Table ripley = TestData.ripley("tr");
    check(BasisFunctions.linear(true, 2), ripley, weights(ripley.size(), 3));
  }
}
