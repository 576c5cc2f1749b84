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

import io.github.sparkrvm.RvmEstimator;
import io.github.sparkrvm.RvmModel;
import io.github.sparkrvm.datasets.Datasets;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * The inputs of DESIGN.md's cost model, measured: the default fit of the ESL mixture (as {@link FitScaling}'s) on
 * one master, every Spark job it starts timed by a listener. A fit's time is its statistics passes (the jobs named
 * "statistics pass", each over some basis functions and all the rows or a sample of them) plus what the driver does
 * between them (the pilot and the fits on a sample, the solver's steps, the collection and expansion of the rows on
 * the driver, the summary pass). Each pass takes L (the job's latency: scheduling, task launch, the broadcast, the
 * merge of the partitions' statistics on the driver) plus its rows × its per-row cost over the cores, the per-row
 * cost a + b · (its basis functions): a and b fitted here by least squares to the passes' task CPU seconds (Spark's
 * task metrics, which other work on a shared machine inflates far less than the wall clock), L measured as the
 * median of 20 jobs of 8 empty tasks and as the median over the passes of (wall − task CPU / cores).
 *
 * <p>Arguments: the rows (default 250000); the master (default local[2]; a {@code spark://} master gets this JVM's
 * classpath and module flags for its executors); the results file (default scale-out-runs.md, appended to); the cores
 * (default: Spark's default parallelism); maxDriverDesignSizeInMB (default: the estimator's; a small one keeps a
 * fit of a few hundred thousand rows on the cluster, every step a pass).
 */
public final class ScaleOutCost {

  private static final int PARTITIONS = 8;

  private ScaleOutCost() {}

  /** A job of the fit: what it did, how long it took, and its tasks' CPU seconds. */
  private record Job(String description, double seconds, double cpuSeconds) {}

  /** Records every job's description and duration, and the CPU time of its tasks. */
  private static final class Jobs extends SparkListener {
    private final Map<Integer, Long> starts = new ConcurrentHashMap<>();
    private final Map<Integer, String> descriptions = new ConcurrentHashMap<>();
    private final Map<Integer, Integer> jobOfStage = new ConcurrentHashMap<>();
    private final Map<Integer, Long> cpuNanos = new ConcurrentHashMap<>();
    private final List<Job> done = java.util.Collections.synchronizedList(new ArrayList<>());

    @Override
    public void onJobStart(SparkListenerJobStart start) {
      starts.put(start.jobId(), start.time());
      String d = start.properties() == null ? null : start.properties().getProperty("spark.job.description");
      descriptions.put(start.jobId(), d == null ? "" : d);
      for (Object stage : scala.jdk.javaapi.CollectionConverters.asJava(start.stageIds())) {
        jobOfStage.put((Integer) stage, start.jobId());
      }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
      Integer job = jobOfStage.get(end.stageId());
      if (job != null && end.taskMetrics() != null) {
        cpuNanos.merge(job, end.taskMetrics().executorCpuTime(), Long::sum);
      }
    }

    @Override
    public void onJobEnd(SparkListenerJobEnd end) {
      Long t = starts.get(end.jobId());
      if (t != null) {
        done.add(new Job(descriptions.get(end.jobId()), (end.time() - t) / 1e3,
            cpuNanos.getOrDefault(end.jobId(), 0L) / 1e9));
      }
    }

    List<Job> take() {
      synchronized (done) {
        List<Job> jobs = List.copyOf(done);
        done.clear();
        return jobs;
      }
    }
  }

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 250_000;
    String master = args.length > 1 ? args[1] : "local[2]";
    String resultName = args.length > 2 ? args[2] : "scale-out-runs.md";
    SparkSession.Builder builder = SparkSession.builder().master(master).appName("spark-rvm benchmark: scale-out")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1");
    if (master.startsWith("spark://")) {
      List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
          .filter(a -> a.startsWith("--add") || a.startsWith("-Ddev.ludovic") || a.startsWith("-XX:+Ignore")
              || a.startsWith("-Djdk.reflect") || a.startsWith("-Dio.netty")).toList();
      String classpath = Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
          .map(p -> java.nio.file.Path.of(p).toAbsolutePath().toString())
          .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
      builder.config("spark.executor.extraClassPath", classpath)
          .config("spark.executorEnv.SPARK_SCALA_VERSION", "2.13")
          .config("spark.executor.extraJavaOptions", String.join(" ", flags))
          .config("spark.executor.memory", "3g");
    }
    SparkSession spark = builder.getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    int cores = args.length > 3 ? Integer.parseInt(args[3]) : spark.sparkContext().defaultParallelism();
    Jobs jobs = new Jobs();
    spark.sparkContext().addSparkListener(jobs);
    try {
      double[][] means = Datasets.eslMixtureMeans(Datasets.eslMixtureDir());
      // warm-up, untimed: the JIT on the driver and on every executor
      estimator().setMaxBasis(100).fit(FitScaling.data(spark, means, 20_000, 3, PARTITIONS));
      double latency = latency(spark);
      Dataset<Row> train = FitScaling.data(spark, means, rows, FitScaling.drawSeed(0), PARTITIONS)
          .persist(StorageLevel.MEMORY_AND_DISK());
      train.count();
      jobs.take();
      RvmEstimator estimator = estimator();
      if (args.length > 4) {
        estimator.setMaxDriverDesignSizeInMB(Double.parseDouble(args[4]));
      }
      Machine.Timed<RvmModel> fit = Machine.timed(() -> estimator.fit(train));
      List<Job> all = jobs.take();
      String report = report(rows, master, cores, latency, fit, all, List.of("maxDriverDesignSizeInMB "
          + (args.length > 4 ? args[4] : "default")));
      Files.writeString(Machine.result(resultName), report, java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
      System.out.print(report);
    } finally {
      spark.stop();
    }
  }

  /** {@return the median seconds of 20 jobs of {@value #PARTITIONS} empty tasks, after 5 untimed} */
  private static double latency(SparkSession spark) {
    double[] t = new double[20];
    for (int r = -5; r < t.length; r++) {
      long t0 = System.nanoTime();
      spark.sparkContext().parallelize(
          scala.jdk.javaapi.CollectionConverters.asScala(List.of(1, 2, 3, 4, 5, 6, 7, 8)).toSeq(), PARTITIONS,
          scala.reflect.ClassTag$.MODULE$.apply(Integer.class)).count();
      if (r >= 0) {
        t[r] = (System.nanoTime() - t0) / 1e9;
      }
    }
    Arrays.sort(t);
    return t[t.length / 2];
  }

  private static final Pattern PASS = Pattern.compile("statistics pass \\d+: .* over (\\d+) basis functions"
      + "(?: \\(a sample of about ([0-9.Ee-]+) of the rows\\))?");

  private static String report(long rows, String master, int cores, double latency, Machine.Timed<RvmModel> fit,
      List<Job> all, List<String> plan) {
    // the passes: (rows in the pass, basis functions, seconds, tasks' CPU seconds)
    List<double[]> passes = new ArrayList<>();
    double otherJobs = 0;
    for (Job j : all) {
      Matcher m = PASS.matcher(j.description());
      if (m.find()) {
        double fraction = m.group(2) == null ? 1.0 : Double.parseDouble(m.group(2));
        passes.add(new double[] {fraction * rows, Integer.parseInt(m.group(1)), j.seconds(), j.cpuSeconds()});
      } else {
        otherJobs += j.seconds();
      }
    }
    // least squares on the tasks' CPU seconds, which the other work on a shared machine inflates far less than the
    // wall clock: cpu = rows * a + rows * functions * b
    double s11 = 0, s12 = 0, s22 = 0, t1 = 0, t2 = 0, passSeconds = 0, passCpu = 0;
    for (double[] p : passes) {
      double x1 = p[0];
      double x2 = p[0] * p[1];
      double y = p[3];
      s11 += x1 * x1;
      s12 += x1 * x2;
      s22 += x2 * x2;
      t1 += x1 * y;
      t2 += x2 * y;
      passSeconds += p[2];
      passCpu += p[3];
    }
    double det = s11 * s22 - s12 * s12;
    double a = (t1 * s22 - t2 * s12) / det;
    double b = (s11 * t2 - s12 * t1) / det;
    // what a pass costs beyond its tasks' arithmetic spread over the cores: latency, scheduling, the merge
    double overhead = passes.isEmpty() ? Double.NaN
        : passes.stream().mapToDouble(p -> p[2] - p[3] / cores).sorted().toArray()[passes.size() / 2];
    double driver = fit.seconds() - passSeconds;
    long full = passes.stream().filter(p -> p[1] > 500).count();
    RvmModel model = fit.value();
    StringBuilder r = new StringBuilder();
    r.append(String.format("%n## %,d rows on %s (%d cores)%n%n%s%n", rows, master, cores, Machine.describe()));
    r.append(String.format("Plan: %s%n%n", String.join("; ", plan)));
    r.append(String.format("| fit seconds | CPU seconds (driver JVM) | passes (over > 500 functions) | Σ pass seconds "
        + "| Σ pass task CPU seconds | other jobs' seconds | driver seconds (fit − passes) | empty job L (s) "
        + "| pass overhead (median of wall − CPU/cores, s) | a (µs/row) | b (ns/row/function) | relevance vectors "
        + "| log ML |%n|---|---|---|---|---|---|---|---|---|---|---|---|---|%n"));
    double[] history = model.summary().logMarginalLikelihood();
    r.append(String.format(
        "| %.1f | %.1f | %d (%d) | %.1f | %.1f | %.1f | %.1f | %.3f | %.3f | %.2f | %.2f | %d | %.1f |%n",
        fit.seconds(), fit.cpuSeconds(), passes.size(), full, passSeconds, passCpu, otherJobs, driver, latency,
        overhead, a * 1e6, b * 1e9, model.numRelevanceVectors(), history[history.length - 1]));
    r.append(String.format("%nPasses (rows, basis functions, seconds, task CPU seconds): "));
    for (double[] p : passes) {
      r.append(String.format("(%.0f, %.0f, %.2f, %.2f) ", p[0], p[1], p[2], p[3]));
    }
    r.append('\n');
    return r.toString();
  }

  /** The estimator as {@link FitScaling}'s: only the family, the kernel and γ. */
  private static RvmEstimator estimator() {
    return new RvmEstimator().setFamily("bernoulli").setKernel("rbf").setGamma(1.0);
  }
}
