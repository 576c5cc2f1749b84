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

package io.github.sparkrvm.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.sparkrvm.RvmModel;
import io.github.sparkrvm.SparkTestSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job end to end through Spark's own SparkSubmit, as a user runs it: {@code bin/spark-rvm} against a
 * {@code local-cluster} (executors in their own JVMs) and against the standalone cluster of
 * {@code bin/start-local-cluster}.
 */
class SubmitIT {

  static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  /** Runs a bin/ script; returns its standard output, failing with its output when it exits non-zero. */
  static List<String> run(Path log, String... command) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(ROOT.resolve("bin").resolve(command[0]).toString());
    cmd.addAll(List.of(command).subList(1, command.length));
    Process p = new ProcessBuilder(cmd).directory(ROOT.toFile()).redirectError(log.toFile()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(10, TimeUnit.MINUTES), "timed out: " + cmd);
    assertEquals(0, p.exitValue(), () -> cmd + "\nstdout:\n" + out + "\nstderr:\n" + read(log));
    return out.lines().toList();
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      return e.toString();
    }
  }

  static JsonNode lastJson(List<String> lines) throws IOException {
    return new ObjectMapper().readTree(lines.get(lines.size() - 1));
  }

  private static void trainThenEvaluate(String master, Path dir) throws Exception {
    String model = dir.resolve("model").toString();
    Path log = dir.resolve("stderr.log");
    List<String> trained = run(log, "spark-rvm", "--master", master, "train",
        "--input", "data/ripley_synth/synth.tr.csv", "--label-col", "yc", "--model", model,
        "--family", "bernoulli", "--gamma", "4", "--standardization", "false", "--max-basis", "80", "--seed", "3");
    JsonNode fit = lastJson(trained);
    assertEquals(250, fit.get("rows").asLong());
    int iterations = fit.get("iterations").asInt();
    assertTrue(iterations > 1 && fit.get("converged").asBoolean(), fit.toString());
    assertEquals(1, trained.size(), "stdout holds the JSON line only: " + trained);
    // one progress line per step on stderr: of both paths of the fast classifier on the driver, then the kept fit's
    // line, which names the saved model's iterations
    List<String> steps = read(log).lines().filter(l -> l.startsWith("iteration ")).toList();
    for (int i = 0; i < steps.size(); i++) {
      assertTrue(steps.get(i).startsWith("iteration " + i + ": "), "numbered on from the first path's: " + steps);
    }
    assertTrue(steps.size() > iterations + 1, "the steps of both paths, on stderr: " + steps.size());
    assertTrue(read(log).lines().anyMatch(l -> l.startsWith("kept: the saved model's fit, " + iterations
        + " iterations")), "the kept fit is named");

    SparkTestSession.get(); // the test JVM reads the saved model with its own local session
    RvmModel loaded = RvmModel.load(model);
    assertEquals(loaded.numRelevanceVectors(), fit.get("relevanceVectors").asInt());

    JsonNode metrics = lastJson(run(log, "spark-rvm", "--master", master, "evaluate", "--model", model,
        "--input", "data/ripley_synth/synth.te.csv", "--label-col", "yc"));
    assertEquals(1000, metrics.get("rows").asLong());
    double accuracy = metrics.get("accuracy").asDouble();
    assertEquals(1.0 - accuracy, metrics.get("error").asDouble(), 1e-12);
    assertTrue(accuracy >= 0.88, metrics.toString());
    assertTrue(metrics.get("auc").asDouble() > 0.9, metrics.toString());
    assertTrue(metrics.get("logLoss").asDouble() < 0.4, metrics.toString());

    // the job's accuracy is the saved model's, computed here independently
    Dataset<Row> test = new VectorAssembler().setInputCols(new String[] {"xs", "ys"}).setOutputCol("features")
        .transform(SparkTestSession.get().read().option("header", "true").option("inferSchema", "true")
            .csv(ROOT.resolve("data/ripley_synth/synth.te.csv").toString()));
    double here = new MulticlassClassificationEvaluator().setLabelCol("yc").setMetricName("accuracy")
        .evaluate(loaded.transform(test));
    assertEquals(here, accuracy, 1e-12);
  }

  @Test
  void trainThenEvaluateOnALocalCluster(@TempDir Path dir) throws Exception {
    trainThenEvaluate("local-cluster[2,1,1024]", dir);
  }

  @Test
  void trainThenEvaluateOnTheStandaloneCluster(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("cluster.log");
    // ports of their own, so that a cluster a developer left running does not interfere
    try {
      runWithPorts(log, "start-local-cluster");
      trainThenEvaluate("spark://127.0.0.1:" + MASTER_PORT, dir);
    } finally {
      runWithPorts(log, "stop-local-cluster");
    }
  }

  static final String MASTER_PORT = "17077";

  private static void runWithPorts(Path log, String script) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(ROOT.resolve("bin").resolve(script).toString()).directory(ROOT.toFile())
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    pb.environment().put("SPARK_RVM_MASTER_PORT", MASTER_PORT);
    pb.environment().put("SPARK_RVM_WEBUI_PORT", "18080");
    Process p = pb.start();
    assertTrue(p.waitFor(3, TimeUnit.MINUTES));
    assertEquals(0, p.exitValue(), () -> script + ":\n" + read(log));
  }
}
