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

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.statistics.CandidateAccumulator;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.SparseCandidateAccumulator;
import io.github.sparkrvm.statistics.SparseRowBlock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Where the sparse layout of the linear kernel is faster than the dense one (issue 44): the time of one block's
 * candidate terms of the fast Bernoulli solver (the pass every step makes), dense (the block expanded over every
 * candidate, {@link CandidateAccumulator}'s BLAS products) against sparse ({@link SparseCandidateAccumulator} over
 * compressed sparse rows), for M candidates, a share of nonzero features and k active ones, in one thread. The
 * dense time includes the expansion, as a pass over the cluster makes it. Writes
 * {@code results/sparse-layout-switch.md}.
 */
public final class SparseLayoutSwitch {

  private SparseLayoutSwitch() {}

  /**
   * Runs the measurement.
   *
   * @param args none
   * @throws IOException when the results cannot be written
   */
  public static void main(String[] args) throws IOException {
    int n = 2048;
    int k = 20;
    StringBuilder table = new StringBuilder("| candidates M | nonzero share | dense ms | sparse ms | dense / sparse |\n"
        + "|---:|---:|---:|---:|---:|\n");
    for (int d : new int[] {255, 1023, 4095}) {
      for (double density : new double[] {0.005, 0.02, 0.05, 0.2, 0.5}) {
        double[] times = time(n, d, density, k);
        table.append(String.format(java.util.Locale.ROOT, "| %d | %.3f | %.1f | %.1f | %.1f |%n", d + 1, density,
            times[0], times[1], times[0] / times[1]));
        System.err.print(table.substring(table.lastIndexOf("| " + (d + 1))));
      }
    }
    String text = "# Sparse or dense rows for the linear kernel's fast fit\n\n"
        + "One block of " + n + " rows: the candidate terms of the fast Bernoulli solver at " + k + " active features "
        + "(gradient, diagonal and cross products of every candidate), dense (the block expanded over every candidate "
        + "and the BLAS products of `CandidateAccumulator`) against sparse (`SparseCandidateAccumulator` over "
        + "compressed sparse rows); the median of 7 runs after 3 warm-ups, one thread.\n\n"
        + "Command: `mvn -B -q -pl benchmarks exec:exec@sparseswitch`. The machine was shared with other builds "
        + "(see the load).\n\n## Machine\n\n" + Machine.describe() + "\n## Results\n\n" + table;
    Path out = Machine.result("sparse-layout-switch.md");
    Files.writeString(out, text);
    System.err.println("wrote " + out);
  }

  /** {@return the median milliseconds of the dense and the sparse candidate terms of one block} */
  private static double[] time(int n, int d, double density, int k) {
    SplittableRandom random = new SplittableRandom(d * 31L + (long) (density * 1000));
    double[] x = new double[n * d];
    double[] t = new double[n];
    double[] w = new double[n];
    Arrays.fill(w, 1.0);
    int[] start = new int[n + 1];
    int[] index = new int[n * (d + 1)];
    double[] value = new double[n * (d + 1)];
    int e = 0;
    for (int i = 0; i < n; i++) {
      index[e] = 0;
      value[e++] = 1.0;
      for (int j = 0; j < d; j++) {
        if (random.nextDouble() < density) {
          x[i * d + j] = 0.5 + random.nextDouble();
          index[e] = j + 1;
          value[e++] = x[i * d + j];
        }
      }
      start[i + 1] = e;
      t[i] = random.nextBoolean() ? 1.0 : 0.0;
    }
    SparseRowBlock sparse = new SparseRowBlock(n, start, Arrays.copyOf(index, e), Arrays.copyOf(value, e), t, w);
    RowBlock dense = new RowBlock(n, d, x, t, w);
    BasisFunctions basis = BasisFunctions.linear(true, d);
    int m = d + 1;
    int[] all = new int[m];
    Arrays.setAll(all, j -> j);
    int[] active = random.ints(0, m).distinct().limit(k).sorted().toArray();
    double[] weights = random.doubles(k, -0.5, 0.5).toArray();
    double[] denseMs = new double[10];
    double[] sparseMs = new double[10];
    for (int r = 0; r < 10; r++) {
      long t0 = System.nanoTime();
      new CandidateAccumulator(LaplaceLikelihood.BERNOULLI, m, active, weights)
          .add(basis.expand(dense, all), n, t, w).result();
      long t1 = System.nanoTime();
      new SparseCandidateAccumulator(LaplaceLikelihood.BERNOULLI, m, active, weights, null).add(sparse, t).result();
      long t2 = System.nanoTime();
      denseMs[r] = (t1 - t0) / 1e6;
      sparseMs[r] = (t2 - t1) / 1e6;
    }
    return new double[] {median(Arrays.copyOfRange(denseMs, 3, 10)), median(Arrays.copyOfRange(sparseMs, 3, 10))};
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }
}
