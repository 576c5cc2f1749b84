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

package io.github.sparkrvm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.sparkrvm.SparkTestSession;
import io.github.sparkrvm.SparseProblem;
import io.github.sparkrvm.SparseSoftmaxProblem;
import io.github.sparkrvm.distributed.TrainingRow;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on wide sparse LibSVM input in a driver of 1 GiB, as issue 44 asks: indices up to 2¹⁸ (262,144 features),
 * kernel linear with solver fast, trained and then predicting, each in a JVM of its own started with {@code -Xmx1g}
 * (the rows stay sparse; the dense path would need 6 matrices of 262,145² doubles).
 */
class RvmJobWideLibsvmTest {

  private static final int FEATURES = 1 << 18;

  /**
   * 5 true features among 2¹⁸: the first five indices; and noise from a vocabulary of 100 features spread over all
   * the indices (each in about 120 rows: a feature seen in one row only would be kept to explain that row, as the
   * ARD criterion q² &gt; s keeps it, and each kept feature costs the driver 2¹⁸ doubles).
   */
  private static final SparseProblem PROBLEM = new SparseProblem(FEATURES, new double[] {2.5, -2.5, 2.0, -2.0, 3.0},
      8, 100);

  private static void write(Path file, List<TrainingRow> rows, boolean lastIndex) throws IOException {
    StringBuilder out = new StringBuilder();
    for (int r = 0; r < rows.size(); r++) {
      TrainingRow row = rows.get(r);
      SparseVector v = (SparseVector) row.vector();
      out.append((int) row.label());
      for (int i = 0; i < v.indices().length; i++) {
        out.append(' ').append(v.indices()[i] + 1).append(':').append(v.values()[i]);
      }
      if (lastIndex && r == 0 && v.indices()[v.indices().length - 1] != FEATURES - 1) {
        out.append(' ').append(FEATURES).append(":0.5"); // the largest index LibSVM can hold here, 2^18
      }
      out.append('\n');
    }
    Files.writeString(file, out.toString());
  }

  /** Runs the job in a JVM of its own with a heap of 1 GiB; returns its standard output. */
  private static List<String> job(Path log, String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (!flag.startsWith("-Xmx") && !flag.startsWith("-javaagent") && !flag.startsWith("-agentlib")) {
        cmd.add(flag); // the module openings Spark needs, and the BLAS flags, as the tests run
      }
    }
    cmd.add("-Xmx1g");
    cmd.add("-Dspark.master=local[2]");
    cmd.add("-Dspark.ui.enabled=false");
    cmd.add("-Dspark.driver.host=127.0.0.1");
    cmd.add("-Dspark.driver.bindAddress=127.0.0.1");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(RvmJob.class.getName());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(10, TimeUnit.MINUTES), "timed out: " + args[0]);
    assertEquals(0, p.exitValue(), () -> args[0] + "\nstdout:\n" + out + "\nstderr (end):\n" + tail(log));
    return out.lines().toList();
  }

  private static String tail(Path log) {
    try {
      String all = Files.readString(log);
      return all.substring(Math.max(0, all.length() - 6000));
    } catch (IOException e) {
      return e.toString();
    }
  }

  @Test
  void trainsAndPredictsWithIndicesUpTo2To18InA1GiBDriver(@TempDir Path dir) throws Exception {
    Path train = dir.resolve("train.libsvm");
    Path test = dir.resolve("test.libsvm");
    write(train, PROBLEM.rows(1500, 11, Double.NaN), true);
    write(test, PROBLEM.rows(500, 12, Double.NaN), true);
    String model = dir.resolve("model").toString();
    Path log = dir.resolve("stderr.log");
    List<String> trained = job(log, "train", "--input", train.toString(), "--format", "libsvm",
        "--num-features", String.valueOf(FEATURES), "--model", model, "--family", "bernoulli", "--kernel", "linear",
        "--solver", "fast");
    JsonNode fit = new ObjectMapper().readTree(trained.get(trained.size() - 1));
    assertEquals(1500, fit.get("rows").asLong(), fit.toString());
    // the dense path is refused in this driver (six 262,145² matrices); the sparse one keeps the bias, the true
    // features and some of the 100 noise ones (ARD keeps about a third of pure noise features seen this often)
    int kept = fit.get("relevanceVectors").asInt();
    assertTrue(kept >= 5 && kept <= 60, fit.toString());
    String predictions = dir.resolve("predictions").toString();
    job(log, "predict", "--model", model, "--input", test.toString(), "--format", "libsvm", "--output", predictions);
    Dataset<Row> scored = SparkTestSession.get().read().parquet(predictions);
    assertEquals(500, scored.count());
    double accuracy = scored.filter("prediction = label").count() / 500.0;
    // the Bayes rule on these rows is right about 80% of the time; a model of the noise features alone, 50%
    assertTrue(accuracy > 0.7, "accuracy " + accuracy);
  }
  @Test
  void trainsAndPredictsASoftmaxWithIndicesUpTo2To18InA1GiBDriver(@TempDir Path dir) throws Exception {
    // 3 classes, each with 3 true features of its own (indices 0 … 8), noise from a vocabulary of 100 features
    SparseSoftmaxProblem problem = new SparseSoftmaxProblem(FEATURES,
        new double[][] {{3.0, 2.5, -2.5}, {3.0, -3.0, 2.5}, {2.5, 3.0, -2.5}}, 8, 100);
    Path train = dir.resolve("train.libsvm");
    Path test = dir.resolve("test.libsvm");
    List<TrainingRow> testRows = problem.rows(500, 14);
    write(train, problem.rows(1500, 13), true);
    write(test, testRows, true);
    String model = dir.resolve("model").toString();
    Path log = dir.resolve("stderr.log");
    List<String> trained = job(log, "train", "--input", train.toString(), "--format", "libsvm",
        "--num-features", String.valueOf(FEATURES), "--model", model, "--family", "multinomial",
        "--multi-class-strategy", "softmax", "--kernel", "linear", "--solver", "fast");
    JsonNode fit = new ObjectMapper().readTree(trained.get(trained.size() - 1));
    assertEquals(1500, fit.get("rows").asLong(), fit.toString());
    String predictions = dir.resolve("predictions").toString();
    job(log, "predict", "--model", model, "--input", test.toString(), "--format", "libsvm", "--output", predictions);
    Dataset<Row> scored = SparkTestSession.get().read().parquet(predictions);
    assertEquals(500, scored.count());
    double accuracy = scored.filter("prediction = label").count() / 500.0;
    // the Bayes rule (the true scores' argmax) on the same rows: the best any model can do there
    long bayes = testRows.stream().filter(r -> problem.bayesClass(r.vector()) == (int) r.label()).count();
    assertTrue(accuracy >= bayes / 500.0 - 0.05, "accuracy " + accuracy + " against the Bayes rule's "
        + bayes / 500.0 + ": " + fit);
  }
}
