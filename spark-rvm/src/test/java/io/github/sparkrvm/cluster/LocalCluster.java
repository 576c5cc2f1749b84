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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * A real multi-JVM Spark cluster inside a test: {@code local-cluster[2,1,1024]} starts a Master and two Workers in
 * this JVM and the executors as separate JVMs (as described in the project's cluster notes). The Workers launch
 * executors with this JVM's class path; {@code SPARK_HOME} (set by the build) needs a {@code jars} folder.
 */
public final class LocalCluster {

  private LocalCluster() {}

  public static SparkSession start(String appName) {
    SparkSession active = SparkSession.getActiveSession().getOrElse(() -> null);
    if (active != null) {
      active.stop();
    }
    String sparkHome = System.getenv("SPARK_HOME");
    if (sparkHome == null) {
      throw new IllegalStateException("SPARK_HOME must be set (the build sets it to target/spark-home)");
    }
    try {
      Files.createDirectories(Path.of(sparkHome, "jars"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    SparkSession spark = SparkSession.builder()
        .master("local-cluster[2,1,1024]")
        .appName(appName)
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.executor.memory", "512m")
        .config("spark.executor.extraClassPath", System.getProperty("java.class.path"))
        .config("spark.executorEnv.SPARK_SCALA_VERSION", "2.13")
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    return spark;
  }

  /** Executor id → process id of the executor JVMs, learned from a small job (waits for both executors). */
  public static Map<String, Long> executorPids(SparkSession spark, int expected) {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    Map<String, Long> pids = new TreeMap<>();
    long deadline = System.currentTimeMillis() + 60_000;
    while (pids.size() < expected && System.currentTimeMillis() < deadline) {
      List<String> seen = jsc.parallelize(IntStream.range(0, 64).boxed().toList(), 16)
          .map(i -> SparkEnv.get().executorId() + ":" + ProcessHandle.current().pid()).distinct().collect();
      for (String s : seen) {
        String[] parts = s.split(":");
        pids.put(parts[0], Long.parseLong(parts[1]));
      }
    }
    return pids;
  }
}
