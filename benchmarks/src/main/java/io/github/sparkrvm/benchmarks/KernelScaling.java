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
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

/**
 * Benchmark 2: the RBF-kernel RVM (bernoulli) at a fixed {@code maxBasis} of 1000 on Ripley's two-class mixture
 * (each class an equal mixture of two Gaussians with covariance 0.03·I; class 0 centred at (−0.3, 0.7) and
 * (0.4, 0.7), class 1 at (−0.7, 0.3) and (0.3, 0.3); Bayes error about 8%), for N = 10⁴, 10⁵ and 10⁶ training
 * rows: fit time, passes over the data, relevance vectors, test error on 100,000 fresh rows. Writes
 * {@code benchmarks/results/kernel-scaling.md}.
 *
 * <p>Run: {@code mvn -B -q -pl benchmarks exec:exec@scaling} after installing (see the README); arguments: solver
 * (default fast), the sizes (default 10000,100000,1000000), master (default local[2]), the values of maxAddsPerStep
 * to run at each size (default 16; for example 16,1 to compare with one add per step), maxDriverDesignSizeInMB
 * (default: the estimator's; 0 makes every step pass over the cluster).
 */
public final class KernelScaling {

  private static final double[][] CLASS0 = {{-0.3, 0.7}, {0.4, 0.7}};
  private static final double[][] CLASS1 = {{-0.7, 0.3}, {0.3, 0.3}};
  private static final double SD = Math.sqrt(0.03);

  private KernelScaling() {}

  /** {@code rows} seeded draws of the mixture, labels in {0, 1} with probability ½ each. */
  static Dataset<Row> data(SparkSession spark, long rows, long seed, int partitions) {
    JavaRDD<Row> rdd = spark.range(0, rows, 1, partitions).toJavaRDD().map(id -> {
      SplittableRandom random = new SplittableRandom(seed * 1_000_003L + id);
      int label = random.nextInt(2);
      double[] centre = (label == 0 ? CLASS0 : CLASS1)[random.nextInt(2)];
      double[] x = new double[2];
      for (int f = 0; f < 2; f++) {
        double u = 1.0 - random.nextDouble();
        x[f] = centre[f] + SD * Math.sqrt(-2.0 * Math.log(u)) * Math.cos(2.0 * Math.PI * random.nextDouble());
      }
      return RowFactory.create(Vectors.dense(x), (double) label);
    });
    StructType schema = new StructType().add("features", SQLDataTypes.VectorType()).add("label",
        DataTypes.DoubleType);
    return spark.createDataFrame(rdd, schema);
  }

  private record Run(long rows, int adds, double seconds, int passes, int iterations, boolean converged, int vectors,
      double testError, double logMarginalLikelihood) {}

  public static void main(String[] args) throws Exception {
    String solver = args.length > 0 ? args[0] : "fast";
    String[] sizes = (args.length > 1 ? args[1] : "10000,100000,1000000").split(",");
    String master = args.length > 2 ? args[2] : "local[2]";
    String[] addsPerStep = (args.length > 3 ? args[3] : "16").split(",");
    // maxDriverDesignSizeInMB: unset, the estimator's default (at 10⁴ rows the 76 MiB design runs on the driver)
    Double driverDesignMiB = args.length > 4 ? Double.valueOf(args[4]) : null;
    SparkSession spark = SparkSession.builder().master(master).appName("spark-rvm benchmark: kernel scaling")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      Dataset<Row> test = data(spark, 100_000, 2, 4).persist(StorageLevel.MEMORY_AND_DISK());
      test.count();
      MulticlassClassificationEvaluator accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy");
      // warm-up, untimed: one small fit so that the first size does not pay the JIT alone
      estimator(solver).setMaxBasis(100).fit(data(spark, 2_000, 3, 2));
      List<Run> runs = new ArrayList<>();
      for (String size : sizes) {
        long rows = Long.parseLong(size.trim());
        Dataset<Row> train = data(spark, rows, 1, 8).persist(StorageLevel.MEMORY_AND_DISK());
        train.count();
        for (String a : addsPerStep) {
          int adds = Integer.parseInt(a.trim());
          long t0 = System.nanoTime();
          RvmEstimator estimator = estimator(solver).setMaxAddsPerStep(adds);
          if (driverDesignMiB != null) {
            estimator.setMaxDriverDesignSizeInMB(driverDesignMiB);
          }
          RvmModel model = estimator.fit(train);
          double seconds = (System.nanoTime() - t0) / 1e9;
          double error = 1.0 - accuracy.evaluate(model.transform(test));
          double[] history = model.summary().logMarginalLikelihood();
          runs.add(new Run(rows, adds, seconds, model.summary().dataPasses(), model.summary().iterations(),
              model.summary().converged(), model.numRelevanceVectors(), error, history[history.length - 1]));
        }
        train.unpersist();
      }
      StringBuilder report = new StringBuilder("# Kernel RVM scaling at maxBasis 1000 (benchmark 2)\n\n")
          .append("Ripley's two-class mixture in 2-D (Bayes error about 8%), family bernoulli, kernel rbf with "
              + "gamma 4 on the raw features (as the Ripley example), maxBasis 1000, solver ").append(solver)
          .append(", on ").append(master).append("; 8 partitions; training data cached before the fit; test "
              + "error on 100,000 fresh rows.\n\nCommand: `mvn -B -q -pl benchmarks exec:exec@scaling` after "
              + "`mvn -B -q -pl benchmarks -am -DskipTests install`\n\n## Machine\n\n").append(Machine.describe())
          .append("\n## Results\n\n| N | maxAddsPerStep | fit seconds | seconds per 10⁴ rows | passes | iterations "
              + "| converged | relevance vectors | test error | log marginal likelihood (Laplace) |\n"
              + "|---|---|---|---|---|---|---|---|---|---|\n");
      for (Run r : runs) {
        report.append(String.format("| %,d | %d | %.1f | %.2f | %d | %d | %s | %d | %.2f%% | %.1f |%n", r.rows(),
            r.adds(), r.seconds(), r.seconds() / (r.rows() / 1e4), r.passes(), r.iterations(),
            r.converged() ? "yes" : "no", r.vectors(), 100 * r.testError(), r.logMarginalLikelihood()));
      }
      // the growth in N at the first setting
      Run first = runs.get(0);
      Run last = first;
      for (Run r : runs) {
        if (r.adds() == first.adds()) {
          last = r;
        }
      }
      report.append(String.format("%nWith maxAddsPerStep %d, time grows by %.1f× for %.0f× the rows (linear would be "
              + "%.0f×). The largest size took %.1f minutes (target for 10⁶ rows on 2 cores: under 5).%n",
          first.adds(), last.seconds() / first.seconds(), (double) last.rows() / first.rows(),
          (double) last.rows() / first.rows(), last.seconds() / 60));
      Files.writeString(Machine.result("kernel-scaling.md"), report.toString());
      System.out.print(report);
    } finally {
      spark.stop();
    }
  }

  private static RvmEstimator estimator(String solver) {
    return new RvmEstimator().setFamily("bernoulli").setKernel("rbf").setGamma(4.0).setStandardization(false)
        .setMaxBasis(1000).setSolver(solver);
  }
}
