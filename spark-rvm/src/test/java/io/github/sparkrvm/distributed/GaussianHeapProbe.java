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

import io.github.sparkrvm.SparkTestSession;
import io.github.sparkrvm.SparseProblem;
import io.github.sparkrvm.solvers.FastGaussianSolver;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.SparseBayesOptions;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.GaussianColumns;
import io.github.sparkrvm.statistics.LazyGram;
import io.github.sparkrvm.statistics.Pass;
import io.github.sparkrvm.util.IterationListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

/**
 * A measurement, not part of the suite (its name is not a test's: run it with {@code -Dtest=GaussianHeapProbe}): the
 * fast gaussian fit on 1,500 sparse rows over 2¹⁸ features with 100 true ones, every Gram column of the active
 * features kept whole (as before issue 44's O(M + k²) work) against at most 75 kept (the cache of 15% of a 1 GiB
 * driver), the rest scored apart: seconds, passes, the whole columns kept at the end and the heap sampled every 50 ms
 * (executors included: local mode). Prints one line per setting; results in
 * benchmarks/results/sparse-gaussian-driver-memory.md.
 */
class GaussianHeapProbe {

  @Test
  void measure() throws Exception {
    int d = 1 << 18;
    double[] truth = new double[100];
    for (int j = 0; j < truth.length; j++) {
      truth[j] = (j % 2 == 0 ? 1 : -1) * (1.0 + (j % 5) * 0.25);
    }
    List<TrainingRow> rows = new SparseProblem(d, truth, 8, 100).rows(1500, 23, 0.5);
    double[] ones = new double[d];
    Arrays.fill(ones, 1.0);
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
    SparseStatistics sparse = SparseStatistics.of(jsc.parallelize(rows, 2), ones, true, 2);
    try {
      for (int maxColumns : new int[] {Integer.MAX_VALUE, 75}) {
        LazyGram[] seen = new LazyGram[1];
        DesignStatistics stats = new DesignStatistics() {
          @Override
          public int numCandidates() {
            return sparse.numCandidates();
          }

          @Override
          public <A> A pass(Pass<A> pass) {
            return sparse.pass(pass);
          }

          @Override
          public DesignStatistics oneVsRest(int positiveClass) {
            throw new UnsupportedOperationException();
          }

          @Override
          public GaussianColumns gaussianColumns() {
            return seen[0] = (LazyGram) sparse.gaussianColumns(maxColumns);
          }
        };
        System.gc();
        AtomicLong peak = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
          Runtime rt = Runtime.getRuntime();
          while (running.get()) {
            peak.accumulateAndGet(rt.totalMemory() - rt.freeMemory(), Math::max);
            try {
              Thread.sleep(50);
            } catch (InterruptedException e) {
              return;
            }
          }
        });
        sampler.setDaemon(true);
        sampler.start();
        int before = sparse.passes();
        long t0 = System.nanoTime();
        RelevanceFit fit = FastGaussianSolver.of(new SparseBayesOptions(400, 1e-6, 1e9, 0.0, 0.0, 1), null)
            .fit(stats, IterationListener.none());
        double seconds = (System.nanoTime() - t0) / 1e9;
        running.set(false);
        sampler.join();
        long planted = Arrays.stream(fit.active()).filter(j -> j >= 1 && j <= truth.length).count();
        System.err.printf("maxColumns %d: %.1f s, %d passes, %d steps, %d active (%d planted), %d columns computed, "
            + "%d kept whole (%d MiB), heap peak sample %d MiB, load %s%n", maxColumns, seconds,
            sparse.passes() - before, fit.iterations(), fit.active().length, planted, seen[0].columnsComputed(),
            seen[0].columnsKept(), (long) seen[0].columnsKept() * 8L * sparse.numCandidates() >> 20,
            peak.get() >> 20, Files.readString(Path.of("/proc/loadavg")).trim());
      }
    } finally {
      sparse.release();
    }
  }
}
