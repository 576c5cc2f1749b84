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
package io.github.sparkrvm.linalg;

import java.util.Locale;

/**
 * {@code exp} over a run of an array, the kernel expansions' inner loop (an RBF basis block is one exponential per row
 * and basis function: 4 million of them for 4096 rows over 1001 candidates).
 *
 * <p>Two ways, decided once per JVM: where the JDK's vector API is loaded ({@code --add-modules
 * jdk.incubator.vector}, which Spark's launcher and this project's JVM flags add) on x86-64, whose JDK ships the
 * vector exponential as compiled SIMD code, the exponentials are taken several lanes at a time (about 4× faster than
 * {@link Math#exp} one by one on AVX-512, measured); elsewhere (another architecture, or the module absent) with
 * {@link Math#exp}. Both are within 1 ulp of the exact value, as {@link Math#exp}'s contract asks, but not bit for bit
 * the same: a fit's last bits depend on which way its JVM took, as they do on the BLAS back end.
 */
public final class Exponentials {

  /** Whether this JVM takes the vector way. */
  private static final boolean VECTOR = vectorAvailable();

  private Exponentials() {}

  /** {@return "vector" or "scalar": the way this JVM takes, for benchmark and log lines} */
  public static String implementation() {
    return VECTOR ? "vector" : "scalar";
  }

  /**
   * Sets {@code values[i] = exp(scale · values[i])} for {@code from ≤ i < to}.
   *
   * @param values the array
   * @param from the first index
   * @param to one past the last index
   * @param scale the factor applied before the exponential
   */
  public static void scaledInPlace(double[] values, int from, int to, double scale) {
    if (VECTOR) {
      VectorExponentials.scaledInPlace(values, from, to, scale);
    } else {
      for (int i = from; i < to; i++) {
        values[i] = Math.exp(scale * values[i]);
      }
    }
  }

  private static boolean vectorAvailable() {
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    if (!(arch.equals("amd64") || arch.equals("x86_64"))) {
      return false;
    }
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      return false;
    }
    try {
      return VectorExponentials.lanes() >= 4;
    } catch (LinkageError e) {
      return false;
    }
  }
}
