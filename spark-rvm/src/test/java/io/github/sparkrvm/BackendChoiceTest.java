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

package io.github.sparkrvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.sparkrvm.linalg.Backend;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fit runs on the back end {@link Backend} chooses, not on netlib's default, and says so in its log (issue 43).
 *
 * <p>The machine's C library stands in for a native BLAS: netlib loads it as the system BLAS ({@code nativeLibPath})
 * and makes it its default ({@code JNIBLAS}, {@code JNILAPACK}), but it has none of BLAS's functions, so any call to
 * netlib's default ends the JVM. A JVM of its own, started without the vector module and without the tests'
 * {@code nativeLib=none}, fits Ripley's data twice: the fits end, the log names the chosen back end and netlib's
 * native default and the exponentials' way ("squaring" where the processor has a fused multiply-add), the missing
 * module is warned of once, and the model is the one this JVM fits on {@code VectorBLAS}.
 * A second JVM with the same flags calls netlib's default once and dies, so the first one's survival means something.
 * No package to install: every Linux has a C library.
 */
class BackendChoiceTest {

  /** The child JVM's mode: fit and print, or call netlib's default. */
  private static final String FIT = "fit";
  private static final String CALL_DEFAULT = "call-default";

  @Test
  void theFitRunsOnTheChosenBackEndWhenNetlibsDefaultIsNative(@TempDir Path dir) throws Exception {
    Optional<Path> libc = cLibrary();
    assumeTrue(libc.isPresent(), "no C library found in /proc/self/maps (not Linux)");

    Child died = run(libc.get(), CALL_DEFAULT, dir);
    assertNotEquals(0, died.exit, "a call to netlib's default (the C library as BLAS) ends the JVM:\n" + died.output);

    Child child = run(libc.get(), FIT, dir);
    assertEquals(0, child.exit, child.output);
    assertTrue(child.output.contains("netlib's default: JNIBLAS and JNILAPACK"), child.output);
    long fits = child.lines("BLAS and LAPACK: Java11BLAS and F2jLAPACK (netlib's default: JNIBLAS and JNILAPACK)");
    assertEquals(2, fits, "each fit's log names the chosen back end and netlib's default:\n" + child.output);
    // without the module the exponentials are squared in plain Java where the processor has a fused multiply-add
    String way = fusedMultiplyAddInHardware() ? "squaring" : "Math.exp";
    assertEquals(2, child.lines("; exponentials: " + way + ")"), "each fit's log names the exponentials' way:\n"
        + child.output);
    long warnings = child.output.lines().filter(l -> l.contains(" WARN ") && l.contains("jdk.incubator.vector"))
        .count();
    assertEquals(1, warnings, "one WARN for the missing vector module over two fits:\n" + child.output);

    // the same model as this JVM's fit on VectorBLAS (the products' last bits differ, not the model)
    String[] result = child.output.lines().filter(l -> l.startsWith("result ")).findFirst().orElseThrow()
        .split(" ");
    Result here = fitRipley(SparkTestSession.get());
    assertEquals(here.vectors, Integer.parseInt(result[1]), child.output);
    assertEquals(here.error, Double.parseDouble(result[2]), 1e-12, child.output);
    assertEquals(here.logEvidence, Double.parseDouble(result[3]), 1e-6 * Math.abs(here.logEvidence), child.output);
  }

  /** {@return HotSpot's {@code UseFMA} in this JVM, which the child shares (the same machine and JVM)} */
  private static boolean fusedMultiplyAddInHardware() {
    return Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
        .getVMOption("UseFMA").getValue());
  }

  /** What a child JVM printed and how it ended. */
  private record Child(int exit, String output) {
    long lines(String text) {
      return output.lines().filter(l -> l.contains(text)).count();
    }
  }

  /** A fit's relevance vectors, test error on Ripley's test set and log evidence. */
  private record Result(int vectors, double error, double logEvidence) {}

  private static Result fitRipley(SparkSession spark) {
    Dataset<Row> train = SparkTestSession.frame(spark, TestData.ripley("tr"), 2);
    Dataset<Row> test = SparkTestSession.frame(spark, TestData.ripley("te"), 2);
    RvmClassificationModel model = new RvmClassifier().setGamma(4.0).setStandardization(false).fit(train);
    double accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy")
        .evaluate(model.transform(test));
    double[] evidence = model.rvmSummary().logMarginalLikelihood();
    return new Result(model.numRelevanceVectors(), 1.0 - accuracy, evidence[evidence.length - 1]);
  }

  /**
   * Starts this class's {@link #main} in a JVM of its own (a crash writes its report in {@code dir}): this
   * JVM's options less the vector module and netlib's
   * {@code nativeLib=none}, the C library as netlib's native BLAS and LAPACK.
   */
  private static Child run(Path libc, String mode, Path dir) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xmx1g", "-XX:-CreateCoredumpOnCrash",
        "-XX:ErrorFile=" + dir.resolve("crash-%p.log")));
    for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (option.startsWith("--add-opens") || option.startsWith("-Djdk.reflect") || option.startsWith("-Dio.netty")) {
        command.add(option);
      }
    }
    command.addAll(List.of("-Ddev.ludovic.netlib.blas.nativeLibPath=" + libc,
        "-Ddev.ludovic.netlib.lapack.nativeLibPath=" + libc, "-cp", System.getProperty("java.class.path"),
        BackendChoiceTest.class.getName(), mode));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    Process process = builder.start();
    byte[] output = process.getInputStream().readAllBytes();
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
    }
    return new Child(process.exitValue(), new String(output, StandardCharsets.UTF_8));
  }

  /** {@return the C library this JVM has mapped, from /proc/self/maps} */
  private static Optional<Path> cLibrary() throws IOException {
    Path maps = Path.of("/proc/self/maps");
    if (!Files.isReadable(maps)) {
      return Optional.empty();
    }
    try (Stream<String> lines = Files.lines(maps)) {
      return lines.map(l -> l.substring(l.lastIndexOf(' ') + 1))
          .filter(p -> p.matches(".*/libc(\\.so\\.6|-[0-9.]+\\.so)$")).findFirst().map(Path::of);
    }
  }

  /**
   * The child JVM: {@value #CALL_DEFAULT} calls netlib's default BLAS once; {@value #FIT} fits Ripley's data twice
   * with the fit's INFO log on the console, then prints "result" with the second fit's vectors, error and evidence.
   *
   * @param args the mode
   */
  public static void main(String[] args) {
    if (CALL_DEFAULT.equals(args[0])) {
      System.out.println(dev.ludovic.netlib.blas.BLAS.getInstance().ddot(2, new double[] {1, 2}, 1,
          new double[] {3, 4}, 1));
      return;
    }
    Configurator.setLevel("io.github.sparkrvm.RvmTraining", Level.INFO);
    SparkSession spark = SparkSession.builder().master("local[1]").appName("backend-choice")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    Configurator.setLevel("io.github.sparkrvm.RvmTraining", Level.INFO);
    fitRipley(spark);
    Result result = fitRipley(spark);
    System.out.println("result " + result.vectors + " " + result.error + " " + result.logEvidence);
    spark.stop();
  }
}
