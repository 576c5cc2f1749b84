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

import io.github.sparkrvm.linalg.Backend;
import io.github.sparkrvm.linalg.Exponentials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;

/** A description of the machine a benchmark ran on, and where results go. */
final class Machine {

  private Machine() {}

  static String describe() {
    String cpu = "unknown CPU";
    try {
      cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
          .findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse(cpu);
    } catch (IOException | RuntimeException e) {
      // not Linux: keep the generic name
    }
    Runtime rt = Runtime.getRuntime();
    return String.format("- date: %s%n- CPU: %s, %d cores available to the JVM%n- JVM: %s %s, max heap %d MiB%n"
            + "- the fit's BLAS and LAPACK: %s; RBF exponentials: %s%n- %s%n- %s%n- %s%n", LocalDate.now(), cpu,
        rt.availableProcessors(), System.getProperty("java.vm.name"), System.getProperty("java.version"),
        rt.maxMemory() >> 20, Backend.describe(), Exponentials.implementation(), flags(), load(), speed());
  }

  /**
   * {@return the JVM's flags that choose the back ends: the vector module, netlib's native libraries, and
   * OpenBLAS's threads}
   */
  static String flags() {
    return String.format("JVM flags: jdk.incubator.vector %s; dev.ludovic.netlib.blas.nativeLib=%s, "
            + "dev.ludovic.netlib.lapack.nativeLib=%s; OPENBLAS_NUM_THREADS=%s; system libblas.so.3: %s",
        Backend.vectorModule() ? "loaded (--add-modules)" : "NOT loaded",
        System.getProperty("dev.ludovic.netlib.blas.nativeLib", "(unset)"),
        System.getProperty("dev.ludovic.netlib.lapack.nativeLib", "(unset)"),
        Optional.ofNullable(System.getenv("OPENBLAS_NUM_THREADS")).orElse("(unset)"), systemBlas());
  }

  /** {@return where the system's libblas.so.3 points (Debian's alternatives), or "unknown"} */
  private static String systemBlas() {
    try {
      return Path.of("/usr/lib/x86_64-linux-gnu/libblas.so.3").toRealPath().toString();
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /** The side of the reference matrix {@link #speed} factors. */
  private static final int REFERENCE_SIZE = 340;

  /**
   * The machine's speed when the report is written: a fixed single-threaded workload, F2J's Cholesky factor
   * ({@code dpotrf}, which {@link io.github.sparkrvm.linalg.Cholesky} ran up to issue 43) of the same 340 × 340
   * positive-definite matrix, the median of 21 after 10 untimed. The speed of this
   * machine moved by up to 2× within one session (4.4 to 9.1 ms a factor), more than the changes the benchmarks
   * compare: results written at different times compare only when their references agree.
   */
  static String speed() {
    int n = REFERENCE_SIZE;
    double[] x = new SplittableRandom(20).doubles(2L * n * n).toArray();
    double[] a = new double[n * n];
    Backend.blas().dgemm("T", "N", n, n, 2 * n, 1.0, x, 2 * n, x, 2 * n, 0.0, a, n);
    for (int i = 0; i < n; i++) {
      a[i * n + i] += n;
    }
    double[] times = new double[21];
    for (int r = -10; r < times.length; r++) {
      // F2J's dpotrf itself, as in every result written before Cholesky ran its panels on the fit's BLAS (issue 43)
      double[] factor = a.clone();
      org.netlib.util.intW info = new org.netlib.util.intW(0);
      long t0 = System.nanoTime();
      Backend.lapack().dpotrf("L", n, factor, n, info);
      boolean factored = info.val == 0;
      if (r >= 0) {
        times[r] = (System.nanoTime() - t0) / 1e6;
      }
      if (!factored) {
        return "speed reference: the reference matrix did not factor";
      }
    }
    Arrays.sort(times);
    return String.format("speed reference when this was written: %.1f ms for the Cholesky factor of a fixed %d × %d "
        + "matrix (one thread, median of 21; compare results written at different times only when these agree)",
        times[times.length / 2], n, n);
  }

  /**
   * The machine's load averages when the report is written: above the number of cores, other work shared them and
   * the absolute times are inflated (the ratios against a peer in the same run less so).
   */
  static String load() {
    try {
      String[] avg = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return String.format("load average over the last 1, 5, 15 minutes when this was written: %s, %s, %s (on %d "
          + "cores)", avg[0], avg[1], avg[2], Runtime.getRuntime().availableProcessors());
    } catch (IOException | RuntimeException e) {
      return "load average: not available on this system";
    }
  }

  /**
   * A result with the wall-clock seconds and the CPU seconds of this JVM (every thread: the driver's and Spark's local
   * executors') it took; on a shared machine the wall clock grows with the other work, the CPU time much less.
   */
  record Timed<T>(T value, double seconds, double cpuSeconds) {}

  /** {@return {@code work}'s result, timed} */
  static <T> Timed<T> timed(java.util.function.Supplier<T> work) {
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    long cpu0 = os.getProcessCpuTime();
    long t0 = System.nanoTime();
    T value = work.get();
    return new Timed<>(value, (System.nanoTime() - t0) / 1e9, (os.getProcessCpuTime() - cpu0) / 1e9);
  }

  /** benchmarks/results/NAME, from the repository root or the benchmarks module. */
  static Path result(String name) throws IOException {
    Path here = Path.of("").toAbsolutePath();
    Path dir = Files.isDirectory(here.resolve("benchmarks")) ? here.resolve("benchmarks/results")
        : here.resolve("results");
    Files.createDirectories(dir);
    return dir.resolve(name);
  }
}
