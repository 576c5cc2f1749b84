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
import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.FeatureScaling;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.LikelihoodTerms;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.junit.jupiter.api.Test;

/** The fast solver's one-pass statistics: blocked BLAS on the cluster against the plain in-memory loops. */
class CandidateStatisticsParityTest {

  private static void assertClose(double[] expected, double[] actual) {
    assertEquals(expected.length, actual.length);
    double scale = Arrays.stream(expected).map(Math::abs).max().orElse(1.0);
    assertArrayEquals(expected, actual, 1e-9 * Math.max(scale, 1.0));
  }

  private static void assertSame(CandidateTerms a, CandidateTerms b) {
    assertArrayEquals(a.active(), b.active());
    assertEquals(a.logLikelihood(), b.logLikelihood(), 1e-9 * Math.abs(a.logLikelihood()));
    assertClose(a.gradient(), b.gradient());
    assertClose(a.diagonal(), b.diagonal());
    assertClose(a.cross(), b.cross());
  }

  /** The table's rows with these weights as cached blocks (identity scaling, so the features are the basis'). */
  private static JavaRDD<RowBlock> blocks(TestData.Table table, double[] rowWeights, int partitions, int blockRows) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
    List<TrainingRow> rows = new ArrayList<>();
    for (int i = 0; i < table.size(); i++) {
      rows.add(new TrainingRow(table.x()[i], table.t()[i], rowWeights[i]));
    }
    return BlockStatistics.toBlocks(jsc.parallelize(rows, partitions), FeatureScaling.identity(table.x()[0].length),
        blockRows).cache();
  }

  @Test
  void candidateTermsAgreeWithThePlainLoops() {
    TestData.Table table = TestData.ripley("tr");
    double[] rowWeights = new SplittableRandom(3).doubles(table.size(), 0.0, 2.0).toArray();
    double[] centres = Arrays.stream(table.x()).limit(40).flatMapToDouble(Arrays::stream).toArray();
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2, centres);
    InMemoryStatistics memory = InMemoryStatistics.of(basis, table.x(), table.t(), rowWeights);
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
    JavaRDD<RowBlock> blocks = blocks(table, rowWeights, 3, 7); // blocks of 7 rows over 3 partitions
    Broadcast<BasisFunctions> bc = jsc.broadcast(basis);
    BlockStatistics cluster = new BlockStatistics(blocks, bc, 2);
    try {
      int m = basis.numCandidates();
      // the empty active set (w = 0, the fast solver's first pass)
      assertSame(memory.bernoulliCandidates(new int[0], new double[0]),
          cluster.bernoulliCandidates(new int[0], new double[0]));
      int[] active = {0, 3, 11, 25, m - 1};
      double[] w = new SplittableRandom(5).doubles(active.length, -2, 2).toArray();
      int passes = cluster.passes();
      CandidateTerms a = memory.bernoulliCandidates(active, w);
      CandidateTerms b = cluster.bernoulliCandidates(active, w);
      assertEquals(passes + 1, cluster.passes(), "one pass");
      assertSame(a, b);
      // their active rows are the Newton terms
      LikelihoodTerms newton = memory.bernoulli(active, w);
      LikelihoodTerms fromCandidates = b.activeTerms();
      assertEquals(newton.logLikelihood(), fromCandidates.logLikelihood(), 1e-9 * Math.abs(newton.logLikelihood()));
      assertClose(newton.gradient(), fromCandidates.gradient());
      assertClose(newton.hessian(), fromCandidates.hessian());
      // and a one-vs-rest view relabels the same way in both
      TestData.Table blobs = TestData.blobs(20, 3, 0.9, 2);
      double[] ones = new double[blobs.size()];
      Arrays.fill(ones, 1.0);
      DesignStatistics memoryView = InMemoryStatistics.of(basis, blobs.x(), blobs.t(), ones).oneVsRest(2);
      JavaRDD<RowBlock> blobBlocks = blocks(blobs, ones, 2, 5);
      DesignStatistics clusterView = new BlockStatistics(blobBlocks, bc, 2).oneVsRest(2);
      assertSame(memoryView.bernoulliCandidates(active, w), clusterView.bernoulliCandidates(active, w));
      blobBlocks.unpersist();
    } finally {
      blocks.unpersist();
      bc.destroy();
    }
  }

  @Test
  void softmaxCandidateTermsAgreeWithThePlainLoops() {
    // three blobs (40 rows each) with random row weights; 21 candidates (20 centres and a bias) × 3 classes; blocks of
    // 7 rows over 3 partitions
    TestData.Table table = TestData.blobs(40, 3, 0.9, 8);
    double[] rowWeights = new SplittableRandom(4).doubles(table.size(), 0.0, 2.0).toArray();
    double[] centres = Arrays.stream(table.x()).limit(20).flatMapToDouble(Arrays::stream).toArray();
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.7), true, 2, centres);
    InMemoryStatistics memory = InMemoryStatistics.of(basis, table.x(), table.t(), rowWeights);
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
    JavaRDD<RowBlock> blocks = blocks(table, rowWeights, 3, 7);
    Broadcast<BasisFunctions> bc = jsc.broadcast(basis);
    BlockStatistics cluster = new BlockStatistics(blocks, bc, 2);
    try {
      int m = basis.numCandidates();
      CandidateTerms empty = cluster.multinomialCandidates(3, new int[0], new double[0]);
      assertEquals(3 * m, empty.numCandidates());
      assertSame(memory.multinomialCandidates(3, new int[0], new double[0]), empty);
      // flat candidates p·M + i: class 0 {0, 5}, class 1 {0, 13}, class 2 {7, M − 1}
      int[] active = {0, 5, m, m + 13, 2 * m + 7, 3 * m - 1};
      double[] w = new SplittableRandom(6).doubles(active.length, -2, 2).toArray();
      int passes = cluster.passes();
      CandidateTerms b = cluster.multinomialCandidates(3, active, w);
      assertEquals(passes + 1, cluster.passes(), "one pass");
      assertSame(memory.multinomialCandidates(3, active, w), b);
      // and collected to the driver, the same terms without a pass
      io.github.sparkrvm.statistics.LocalStatistics local = cluster.collectLocal();
      passes = cluster.passes();
      assertSame(memory.multinomialCandidates(3, active, w), local.multinomialCandidates(3, active, w));
      assertSame(memory.multinomialCandidates(3, new int[0], new double[0]),
          local.multinomialCandidates(3, new int[0], new double[0]));
      assertEquals(passes, cluster.passes(), "no pass");
      // restricted to some flat candidates (per-class candidate sets), the cluster and the driver compute only those,
      // class by class, and agree with the plain loops' terms of all K·M pairs restricted to them; a class may have
      // none, and the empty active set has its terms too
      int[] allowed = {0, 3, 5, 9, m, m + 13, m + 14, 2 * m + 7, 3 * m - 1};
      for (int[] act : new int[][] {active, {}}) {
        double[] wa = act.length == 0 ? new double[0] : w;
        CandidateTerms expected = memory.multinomialCandidates(3, act, wa).restrictedTo(allowed);
        assertEquals(allowed.length, expected.numCandidates());
        passes = cluster.passes();
        assertSame(expected, cluster.multinomialCandidates(3, act, wa, allowed));
        assertEquals(passes + 1, cluster.passes(), "one pass");
        assertSame(expected, local.multinomialCandidates(3, act, wa, allowed));
      }
      int[] twoClasses = {1, 2, 2 * m, 2 * m + 7, 3 * m - 1};
      assertSame(memory.multinomialCandidates(3, new int[] {2 * m + 7}, new double[] {0.4}).restrictedTo(twoClasses),
          local.multinomialCandidates(3, new int[] {2 * m + 7}, new double[] {0.4}, twoClasses));
      assertThrows(IllegalArgumentException.class,
          () -> local.multinomialCandidates(3, active, w, new int[] {0, 5}), "an active pair outside the candidates");
      // a one-vs-rest view has binary labels: no softmax terms
      assertThrows(IllegalStateException.class, () -> cluster.oneVsRest(1).multinomialCandidates(3, active, w));
    } finally {
      blocks.unpersist();
      bc.destroy();
    }
  }
}
