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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.classification.GBTClassificationModel;
import org.apache.spark.ml.classification.GBTClassifier;
import org.apache.spark.ml.classification.RandomForestClassificationModel;
import org.apache.spark.ml.classification.RandomForestClassifier;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * The RVM against the nonlinear classifiers a Spark user would try instead, Spark's own {@code GBTClassifier} and
 * {@code RandomForestClassifier} at their defaults, on the same rows of the ESL mixture as {@link FitScaling} (its
 * generator; Bayes error 21%): the RVM as a new user sets it up (family bernoulli, kernel rbf, γ = 1 on the
 * standardised features, everything else at its default), the trees with nothing set but their columns. Per size
 * and classifier: fit seconds, the CPU seconds of the JVM over the fit (driver and executor threads), test error on
 * 100,000 fresh rows, and the model's size (relevance vectors or tree nodes, and the bytes its {@code save} writes).
 * Writes {@code benchmarks/results/tree-comparison.md}.
 *
 * <p>Run: {@code mvn -B -q -pl benchmarks -am -DskipTests package exec:exec@trees}; arguments (optional): the
 * training sizes (default 1000000), the master (default local[2]).
 */
public final class TreeComparison {

  private static final int TEST_ROWS = 100_000;
  private static final int PARTITIONS = 8;

  private TreeComparison() {}

  private record Run(long rows, String classifier, double seconds, double cpuSeconds, double testError, String size,
      long bytes) {}

  public static void main(String[] args) throws Exception {
    String[] sizes = (args.length > 0 ? args[0] : "1000000").split(",");
    String master = args.length > 1 ? args[1] : "local[2]";
    double[][] means = Datasets.eslMixtureMeans(Datasets.eslMixtureDir());
    SparkSession spark = GridData.spark("trees", master);
    Path scratch = Files.createTempDirectory("spark-rvm-trees");
    try {
      Dataset<Row> test = FitScaling.data(spark, means, TEST_ROWS, 2, 4).persist(StorageLevel.MEMORY_AND_DISK());
      test.count();
      // warm-up, untimed: each classifier once on small data so that the first timed fit does not pay the JIT alone
      Dataset<Row> small = FitScaling.data(spark, means, 2_000, 3, 2);
      rvm().setMaxBasis(100).fit(small);
      new GBTClassifier().fit(small);
      new RandomForestClassifier().fit(small);
      List<Run> runs = new ArrayList<>();
      for (String size : sizes) {
        long rows = Long.parseLong(size.trim());
        Dataset<Row> train = FitScaling.data(spark, means, rows, 1, PARTITIONS)
            .persist(StorageLevel.MEMORY_AND_DISK());
        train.count();
        runs.add(run(rows, "RvmEstimator (bernoulli, rbf γ = 1, defaults)", rvm(), train, test, scratch));
        runs.add(run(rows, "GBTClassifier (defaults)", new GBTClassifier(), train, test, scratch));
        runs.add(run(rows, "RandomForestClassifier (defaults)", new RandomForestClassifier(), train, test,
            scratch));
        train.unpersist();
      }
      String report = report(runs, master);
      Files.writeString(Machine.result("tree-comparison.md"), report);
      System.out.print(report);
    } finally {
      spark.stop();
      delete(scratch);
    }
  }

  private static RvmEstimator rvm() {
    return new RvmEstimator().setFamily("bernoulli").setKernel("rbf").setGamma(1.0);
  }

  private static <M extends Model<M>> Run run(long rows, String name, Estimator<M> estimator, Dataset<Row> train,
      Dataset<Row> test, Path scratch) throws IOException {
    Machine.Timed<M> fit = Machine.timed(() -> estimator.fit(train));
    M model = fit.value();
    double seconds = fit.seconds();
    double cpuSeconds = fit.cpuSeconds();
    double error = 1.0 - new MulticlassClassificationEvaluator().setMetricName("accuracy")
        .evaluate(model.transform(test));
    String size;
    if (model instanceof RvmModel m) {
      size = m.numRelevanceVectors() + " relevance vectors";
    } else if (model instanceof GBTClassificationModel m) {
      size = m.getNumTrees() + " trees, " + m.totalNumNodes() + " nodes";
    } else if (model instanceof RandomForestClassificationModel m) {
      size = m.getNumTrees() + " trees, " + m.totalNumNodes() + " nodes";
    } else {
      throw new IllegalStateException("no size for " + model.getClass().getName());
    }
    Path dir = scratch.resolve(name.replaceAll("[^A-Za-z]", "") + rows);
    ((MLWritable) model).write().overwrite().save(dir.toString());
    Run run = new Run(rows, name, seconds, cpuSeconds, error, size, bytes(dir));
    System.out.println(run);
    return run;
  }

  /** The bytes of the files under {@code dir}, Hadoop's checksum files left out. */
  private static long bytes(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().endsWith(".crc"))
          .mapToLong(p -> p.toFile().length()).sum();
    }
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }


  private static String report(List<Run> runs, String master) {
    StringBuilder r = new StringBuilder("# The RVM against Spark's tree ensembles at their defaults\n\n")
        .append("The ESL mixture (the rows of `fit-scaling.md`: each class ten Gaussians N(m, I/5) around "
            + "`data/esl_mixture/means.csv`; Bayes error 21%), ").append(PARTITIONS).append(" partitions drawn on "
            + "the executors and cached before the fits, on ").append(master).append(". The RVM as a new user sets "
            + "it up (family bernoulli, kernel rbf, γ = 1 on the standardised features, every other param at its "
            + "default); `GBTClassifier` and `RandomForestClassifier` with nothing set (20 trees of depth 5, 32 "
            + "bins). Test error on ").append(String.format("%,d", TEST_ROWS)).append(" fresh rows; CPU seconds of "
            + "the whole JVM over the fit; model bytes as `save` writes them (Hadoop's .crc files left out)."
            + "\n\nCommand: `mvn -B -q -pl benchmarks -am -DskipTests package exec:exec@trees`\n\n## Machine\n\n")
        .append(Machine.describe())
        .append("\n## Results\n\n| N | classifier | fit seconds | CPU seconds | test error | model | model bytes |\n"
            + "|---|---|---|---|---|---|---|\n");
    for (Run run : runs) {
      r.append(String.format("| %,d | %s | %.1f | %.1f | %.2f%% | %s | %,d |%n", run.rows(), run.classifier(),
          run.seconds(), run.cpuSeconds(), 100 * run.testError(), run.size(), run.bytes()));
    }
    return r.toString();
  }
}
