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

import io.github.sparkrvm.datasets.Table;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * dlib's RVM, the single-machine reference of the benchmarks ({@code benchmarks/dlib/rvm_reference.cpp}, built by
 * {@code benchmarks/dlib/build.sh} against Debian's {@code libdlib-dev} into
 * {@code benchmarks/target/dlib/rvm-reference}), run as a child process on CSV files that spark-rvm fits too.
 */
final class DlibReference {

  private DlibReference() {}

  /**
   * One dlib fit, as the program measured it.
   *
   * @param loss test error rate (binary, multiclass) or test mean squared error (regression)
   * @param vectors the distinct training rows kept as relevance vectors
   * @param seconds the training time (wall clock)
   * @param cpuSeconds the process's CPU time up to the end of training (NaN from a program that does not report it)
   */
  record Result(double loss, int vectors, double seconds, double cpuSeconds) {}

  /** {@return the project folder: the working directory, or its parent when run from the benchmarks module} */
  static Path projectRoot() {
    Path root = Path.of("").toAbsolutePath();
    if (!Files.isDirectory(root.resolve("data")) && Files.isDirectory(root.resolve("../data"))) {
      root = root.resolve("..").normalize();
    }
    return root;
  }

  /**
   * {@return the built reference program under the project folder, or null (with a line on stderr saying how to
   * build it) when it is not there}
   *
   * @param root the project folder
   */
  static Path binary(Path root) {
    Path binary = root.resolve("benchmarks/target/dlib/rvm-reference");
    if (!Files.isExecutable(binary)) {
      System.err.println("dlib reference not built (run benchmarks/dlib/build.sh; it needs Debian's libdlib-dev): "
          + "the dlib columns stay empty");
      return null;
    }
    return binary;
  }

  /**
   * Writes a table as the program reads it: a header line, then one row per line, the features and the label last,
   * each with {@link Double#toString} (which round-trips exactly, so a reader of the file sees the same values).
   *
   * @param t the rows
   * @param path the file
   * @throws IOException when the file cannot be written
   */
  static void writeCsv(Table t, Path path) throws IOException {
    try (Writer w = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
      int d = t.x()[0].length;
      for (int j = 0; j < d; j++) {
        w.write("x" + j + ",");
      }
      w.write("label\n");
      for (int i = 0; i < t.size(); i++) {
        StringBuilder line = new StringBuilder();
        for (double v : t.x()[i]) {
          line.append(v).append(',');
        }
        w.write(line.append(t.t()[i]).append('\n').toString());
      }
    }
  }

  /** How many times its CPU limit the reference may run by the wall clock before it is stopped. */
  static final int WALL_LIMIT_FACTOR = 4;

  private static final Pattern JSON_NUMBER = Pattern.compile("\"(\\w+)\":([-+0-9.eE]+|nan|inf)");

  /**
   * Runs the reference on one pair of files. It is stopped once it has used {@code limitSeconds} of CPU time (on a
   * shared machine the wall clock of a one-thread program grows with the other work, its CPU time much less), or
   * after {@code WALL_LIMIT_FACTOR} times that of wall clock.
   *
   * @param binary the program ({@link #binary})
   * @param mode binary, regression or multiclass (the program's modes)
   * @param gamma the RBF kernel's γ in exp(−γ‖a − b‖²)
   * @param trainCsv the training rows ({@link #writeCsv})
   * @param testCsv the test rows
   * @param limitSeconds the CPU seconds it may use
   * @return its result, or empty when it was stopped before it finished
   * @throws IOException when the program cannot be started
   * @throws InterruptedException when interrupted while waiting for it
   * @throws IllegalStateException when it fails (its output says why)
   */
  static Optional<Result> run(Path binary, String mode, double gamma, Path trainCsv, Path testCsv,
      long limitSeconds) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(binary.toString(), mode, Double.toString(gamma), trainCsv.toString(),
        testCsv.toString()).redirectErrorStream(true).start();
    long start = System.nanoTime();
    // the program prints one short line at its end, so the pipe cannot fill while it runs
    while (!process.waitFor(1, TimeUnit.SECONDS)) {
      double cpu = process.toHandle().info().totalCpuDuration().map(d -> d.toMillis() / 1e3).orElse(0.0);
      double wall = (System.nanoTime() - start) / 1e9;
      if (cpu >= limitSeconds || wall >= WALL_LIMIT_FACTOR * limitSeconds) {
        process.destroyForcibly().waitFor();
        return Optional.empty();
      }
    }
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (process.exitValue() != 0) {
      throw new IllegalStateException("the dlib reference failed on " + trainCsv + ": " + out);
    }
    Map<String, Double> values = new LinkedHashMap<>();
    Matcher m = JSON_NUMBER.matcher(out);
    while (m.find()) {
      values.put(m.group(1), Double.parseDouble(m.group(2)));
    }
    if (!values.containsKey("basis") || !values.containsKey("seconds")) {
      throw new IllegalStateException("the dlib reference printed no result for " + trainCsv + ": " + out);
    }
    double loss = values.getOrDefault("regression".equals(mode) ? "mse" : "error", Double.NaN);
    return Optional.of(new Result(loss, values.get("basis").intValue(), values.get("seconds"),
        values.getOrDefault("cpu", Double.NaN)));
  }
}
