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

package io.github.sparkrvm.benchmarks;

import dev.ludovic.netlib.blas.BLAS;
import io.github.sparkrvm.statistics.LaplaceAccumulator;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Benchmark 3: the throughput of the Hessian accumulation of one row block (ΦᵀBΦ, the gradient and the
 * log-likelihood, {@link LaplaceAccumulator#add} with {@link LaplaceLikelihood#BERNOULLI}) in GFLOP/s, beside the
 * machine's dgemm rate measured in the same run with the same BLAS on the same shapes. Writes
 * {@code benchmarks/results/hessian-throughput.md}.
 *
 * <p>Run: {@code mvn -B -q -pl benchmarks exec:exec@hessian} (see the README).
 */
public final class HessianThroughput {

  private HessianThroughput() {}

  public static void main(String[] args) throws Exception {
    int[][] shapes = {{4096, 101}, {4096, 500}, {20000, 500}};
    StringBuilder table = new StringBuilder(
        "| block rows n | basis m | dgemm ΦᵀΦ GFLOP/s | Hessian pass GFLOP/s | ratio |\n|---|---|---|---|---|\n");
    for (int[] shape : shapes) {
      int n = shape[0];
      int m = shape[1];
      SplittableRandom random = new SplittableRandom(42);
      double[] phi = random.doubles((long) n * m, -1, 1).toArray();
      double[] weights = random.doubles(m, -0.1, 0.1).toArray();
      double[] labels = new double[n];
      double[] rowWeights = new double[n];
      for (int i = 0; i < n; i++) {
        labels[i] = random.nextInt(2);
        rowWeights[i] = 1.0;
      }
      double flops = 2.0 * n * (double) m * m; // the m × m product dominates: n m² multiply-adds
      double[] c = new double[m * m];
      double gemm = best(5, () -> BLAS.getInstance().dgemm("T", "N", m, m, n, 1.0, phi, n, phi, n, 0.0, c, m));
      double pass = best(5,
          () -> new LaplaceAccumulator(LaplaceLikelihood.BERNOULLI, weights).add(phi, n, labels, rowWeights));
      table.append(String.format("| %d | %d | %.1f | %.1f | %.0f%% |%n", n, m, flops / gemm / 1e9,
          flops / pass / 1e9, 100 * gemm / pass));
    }
    String report = "# Hessian accumulation throughput (benchmark 3)\n\n"
        + "One row block's logistic Hessian ΦᵀBΦ, gradient and log-likelihood (`LaplaceAccumulator.add` for "
        + "Bernoulli, which scales the rows by √b and calls one dgemm), against a bare dgemm ΦᵀΦ of the same shape, "
        + "with the same BLAS in the same run; best of 5 after a second of warm-up. FLOPs counted as 2nm² for both.\n\n"
        + "Command: `mvn -B -q -pl benchmarks exec:exec@hessian`\n\n## Machine\n\n"
        + Machine.describe() + "\n## Results\n\n" + table
        + "\nTarget (issue): the pass at 50% or more of the dgemm rate.\n";
    Path out = Machine.result("hessian-throughput.md");
    Files.writeString(out, report);
    System.out.print(report);
  }

  /** The best of {@code runs} timings in seconds, after at least a second (and three runs) of warm-up for the JIT. */
  private static double best(int runs, Runnable task) {
    long warm = System.nanoTime();
    for (int i = 0; i < 3 || System.nanoTime() - warm < 1_000_000_000L; i++) {
      task.run();
    }
    double best = Double.MAX_VALUE;
    for (int r = 0; r < runs; r++) {
      long t0 = System.nanoTime();
      task.run();
      best = Math.min(best, (System.nanoTime() - t0) / 1e9);
    }
    return best;
  }
}
