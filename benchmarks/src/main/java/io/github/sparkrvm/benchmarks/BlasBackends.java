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
import dev.ludovic.netlib.lapack.LAPACK;
import io.github.sparkrvm.RvmEstimator;
import io.github.sparkrvm.RvmModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * The BLAS and LAPACK back ends {@code dev.ludovic.netlib} can use, on the same fits: the Java one (VectorBLAS, with
 * F2jLAPACK), the system's {@code libblas.so.3} / {@code liblapack.so.3} (on Debian the reference implementation of
 * {@code libblas3} and {@code liblapack3}, which other packages such as dlib pull in), and OpenBLAS
 * ({@code libopenblas0-pthread}) with one thread and with its default thread count. Each back end runs in a JVM of
 * its own (netlib picks its implementation once per JVM), chosen by netlib's properties
 * {@code dev.ludovic.netlib.blas.nativeLib[Path]} and {@code dev.ludovic.netlib.lapack.nativeLib[Path]}; the back
 * ends take turns, {@code repeats} rounds, and the table gives each fit's median. Writes
 * {@code benchmarks/results/blas-backends.md}.
 *
 * <p>The fits, on Ripley's two-class mixture (as {@link KernelScaling}), bernoulli, RBF γ = 4, maxBasis 1000:
 * <ul>
 *   <li>{@code em} on 1,000 rows: every iteration factorises the 1001 × 1001 Hessian on the driver (LAPACK);</li>
 *   <li>{@code fast} on 10,000 rows, on the driver: the cross products of every candidate with the active set
 *       (dgemm over the 10⁴ × 1001 design, on both cores);</li>
 *   <li>{@code fast} on 100,000 rows, over the cluster: every pass expands the blocks over the 1001 candidates
 *       (dgemm) on the executors.</li>
 * </ul>
 *
 * <p>Run: {@code mvn -B -q -pl benchmarks exec:exec@blas} after installing (see the README); arguments: the
 * directory holding OpenBLAS' {@code libblas.so.3} and {@code liblapack.so.3} (default Debian's
 * {@code /usr/lib/x86_64-linux-gnu/openblas-pthread}; "-" runs without OpenBLAS), the rounds (default 3).
 */
public final class BlasBackends {

  private static final String CHILD = "--child";

  private BlasBackends() {}

  /** A back end: its name and the JVM properties and environment that select it. */
  private record Backend(String name, List<String> properties, Map<String, String> environment) {}

  /** One fit's result in one child JVM. */
  private record Fit(String workload, String blas, String lapack, double seconds, double cpuSeconds, int vectors,
      double testError) {

    String line() {
      return String.join("\t", workload, blas, lapack, Double.toString(seconds), Double.toString(cpuSeconds),
          Integer.toString(vectors), Double.toString(testError));
    }

    static Fit parse(String line) {
      String[] f = line.split("\t");
      return new Fit(f[0], f[1], f[2], Double.parseDouble(f[3]), Double.parseDouble(f[4]), Integer.parseInt(f[5]),
          Double.parseDouble(f[6]));
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && CHILD.equals(args[0])) {
      child();
      return;
    }
    String openBlasDir = args.length > 0 ? args[0] : "/usr/lib/x86_64-linux-gnu/openblas-pthread";
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    List<Backend> backends = new ArrayList<>();
    // a library name that does not exist makes netlib fall back to its Java implementations
    backends.add(new Backend("Java (VectorBLAS, F2jLAPACK)", List.of("-Ddev.ludovic.netlib.blas.nativeLib=none",
        "-Ddev.ludovic.netlib.lapack.nativeLib=none"), Map.of()));
    backends.add(new Backend("system libblas.so.3 / liblapack.so.3", List.of(), Map.of()));
    if (!"-".equals(openBlasDir)) {
      Path blas = Path.of(openBlasDir, "libblas.so.3");
      Path lapack = Path.of(openBlasDir, "liblapack.so.3");
      if (!Files.isRegularFile(blas) || !Files.isRegularFile(lapack)) {
        throw new IllegalArgumentException("OpenBLAS is not in " + openBlasDir + " (no libblas.so.3 and "
            + "liblapack.so.3 there): install Debian's libopenblas0-pthread, pass the directory holding them, or "
            + "pass - to run without OpenBLAS");
      }
      List<String> props = List.of("-Ddev.ludovic.netlib.blas.nativeLibPath=" + blas,
          "-Ddev.ludovic.netlib.lapack.nativeLibPath=" + lapack);
      backends.add(new Backend("OpenBLAS, 1 thread", props, Map.of("OPENBLAS_NUM_THREADS", "1")));
      backends.add(new Backend("OpenBLAS, default threads", props, Map.of()));
    }
    Map<String, Map<String, List<Fit>>> byBackend = new LinkedHashMap<>();
    for (int round = 0; round < rounds; round++) {
      for (Backend b : backends) {
        for (Fit fit : runChild(b)) {
          byBackend.computeIfAbsent(b.name(), k -> new LinkedHashMap<>())
              .computeIfAbsent(fit.workload(), k -> new ArrayList<>()).add(fit);
        }
      }
    }
    String report = report(backends, byBackend, rounds);
    Files.writeString(Machine.result("blas-backends.md"), report);
    System.out.print(report);
  }

  /** Runs the fits in a JVM of its own with the back end's properties; its output lines are the fits. */
  private static List<Fit> runChild(Backend backend) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!arg.startsWith("-Ddev.ludovic.netlib")) {
        command.add(arg);
      }
    }
    command.addAll(backend.properties());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), BlasBackends.class.getName(), CHILD));
    ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
    pb.environment().remove("OPENBLAS_NUM_THREADS");
    pb.environment().putAll(backend.environment());
    Process p = pb.start();
    List<Fit> fits = new ArrayList<>();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        if (line.startsWith("fit\t")) {
          fits.add(Fit.parse(line.substring(4)));
        }
      }
    }
    int status = p.waitFor();
    if (status != 0) {
      throw new IllegalStateException("the " + backend.name() + " run exited with status " + status);
    }
    return fits;
  }

  private static void child() {
    SparkSession spark = SparkSession.builder().master("local[2]").appName("spark-rvm benchmark: BLAS back ends")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      Dataset<Row> test = KernelScaling.data(spark, 20_000, 2, 4).persist(StorageLevel.MEMORY_AND_DISK());
      test.count();
      // warm-up, untimed
      estimator("fast").setMaxBasis(100).fit(KernelScaling.data(spark, 2_000, 3, 2));
      fit("em, 1,000 rows (driver: 1001 × 1001 factorisations)", estimator("em"), spark, 1_000, test);
      fit("fast, 10,000 rows (driver: candidate cross products)", estimator("fast"), spark, 10_000, test);
      fit("fast, 100,000 rows (cluster: block expansions)", estimator("fast"), spark, 100_000, test);
    } finally {
      spark.stop();
    }
  }

  private static void fit(String workload, RvmEstimator estimator, SparkSession spark, long rows,
      Dataset<Row> test) {
    Dataset<Row> train = KernelScaling.data(spark, rows, 1, 8).persist(StorageLevel.MEMORY_AND_DISK());
    train.count();
    Machine.Timed<RvmModel> fit = Machine.timed(() -> estimator.fit(train));
    RvmModel model = fit.value();
    double seconds = fit.seconds();
    double cpuSeconds = fit.cpuSeconds();
    double error = 1.0 - new MulticlassClassificationEvaluator().setMetricName("accuracy")
        .evaluate(model.transform(test));
    train.unpersist();
    System.out.println("fit\t" + new Fit(workload, BLAS.getInstance().getClass().getSimpleName(),
        LAPACK.getInstance().getClass().getSimpleName(), seconds, cpuSeconds, model.numRelevanceVectors(), error)
        .line());
    System.out.flush();
  }

  private static RvmEstimator estimator(String solver) {
    return new RvmEstimator().setFamily("bernoulli").setKernel("rbf").setGamma(4.0).setStandardization(false)
        .setMaxBasis(1000).setSolver(solver);
  }


  private static double median(List<Fit> fits, java.util.function.ToDoubleFunction<Fit> of) {
    double[] s = fits.stream().mapToDouble(of).sorted().toArray();
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
  }

  private static String report(List<Backend> backends, Map<String, Map<String, List<Fit>>> byBackend, int rounds) {
    StringBuilder r = new StringBuilder("# BLAS and LAPACK back ends\n\n")
        .append("The same three fits under each back end that `dev.ludovic.netlib` (Spark's BLAS) can load, each "
            + "back end in a JVM of its own, the back ends taking turns for ").append(rounds).append(" rounds. "
            + "Ripley's two-class mixture, bernoulli, RBF γ = 4, maxBasis 1000, local[2]; test error on 20,000 fresh "
            + "rows. See `BlasBackends`' javadoc for what each fit exercises. Fit seconds (wall clock) and CPU "
            + "seconds (of the whole JVM: driver and both executor threads) are medians over the rounds, each "
            + "round's value in brackets; on a shared machine the wall clock grows with the other work, the CPU "
            + "time much less, so the speed-ups are given for both.\n\nCommand: `mvn -B -q -pl benchmarks "
            + "exec:exec@blas` after `mvn -B -q -pl benchmarks -am -DskipTests install`\n\n## Machine\n\n")
        .append(Machine.describe())
        .append("\n(The machine lines name the benchmark's parent JVM; each row below names the implementations its "
            + "own JVM loaded.)\n\n## Results\n\n| fit | back end | BLAS; LAPACK loaded | fit seconds | CPU seconds "
            + "| speed-up over Java (wall; CPU) | relevance vectors | test error |\n|---|---|---|---|---|---|---|---|\n");
    Map<String, List<Fit>> java = byBackend.get(backends.get(0).name());
    for (String workload : java.keySet()) {
      double baseWall = median(java.get(workload), Fit::seconds);
      double baseCpu = median(java.get(workload), Fit::cpuSeconds);
      for (Backend b : backends) {
        List<Fit> fits = byBackend.get(b.name()).get(workload);
        Fit first = fits.get(0);
        double wall = median(fits, Fit::seconds);
        double cpu = median(fits, Fit::cpuSeconds);
        r.append(String.format("| %s | %s | %s; %s | %.2f %s | %.2f %s | %.2f; %.2f | %d | %.2f%% |%n", workload,
            b.name(), first.blas(), first.lapack(), wall, rounded(fits, Fit::seconds), cpu,
            rounded(fits, Fit::cpuSeconds), baseWall / wall, baseCpu / cpu, first.vectors(),
            100 * first.testError()));
      }
    }
    return r.toString();
  }

  private static String rounded(List<Fit> fits, java.util.function.ToDoubleFunction<Fit> of) {
    return Arrays.toString(fits.stream().mapToDouble(f -> Math.round(of.applyAsDouble(f) * 10) / 10.0).toArray());
  }
}
