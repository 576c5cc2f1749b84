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
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Benchmark 4: solver em (Tipping 2001) against solver fast (Tipping &amp; Faul 2003) at N = 1000 training rows, every
 * row a candidate centre, in the setting of Tipping &amp; Faul's table: noisy sinc regression (x uniform on [−10, 10],
 * Gaussian noise σ = 0.1; test: 1000 noise-free points on a grid) and a Ripley-type two-class mixture (each class
 * an equal mixture of two Gaussians with covariance 0.03·I, Ripley's means; test: 5000 fresh rows). Same data, same
 * run, data cached before the fits. Writes {@code benchmarks/results/em-vs-fast.md} (or the file named by the sixth
 * argument).
 *
 * <p>Run: {@code mvn -B -q -pl benchmarks exec:exec@emvsfast}; arguments (all optional, in order): the training rows
 * N (default 1000), the master (default local[2]), maxBasis ({@code rows}, the default, makes every row a candidate;
 * a number keeps the estimator's seeded sample of that many centres when N is larger, e.g. 1000, the estimator's
 * default), the timed fits per solver and problem whose median is reported (default 5), where the classification
 * fits run ({@code both}, the default: on the driver and over the cluster; {@code driver}: the driver only, the
 * default path at these sizes), the results file's name under {@code benchmarks/results}, the sinc training sets of
 * the accuracy table (default 8; 0 leaves the table out).
 */
public final class EmVsFast {

  /** The timed fits per solver and problem (the median is reported); the sixth argument changes it. */
  private static int repeats = 5;

  /** The sinc training sets the accuracy table compares the solvers on (seeds 1 to this); the seventh argument. */
  private static int accuracySeeds = 8;

  private EmVsFast() {}

  private static final StructType SCHEMA = new StructType().add("features", SQLDataTypes.VectorType())
      .add("label", DataTypes.DoubleType);

  private static double gaussian(SplittableRandom random) {
    double u = 1.0 - random.nextDouble();
    return Math.sqrt(-2.0 * Math.log(u)) * Math.cos(2.0 * Math.PI * random.nextDouble());
  }

  private static double sinc(double x) {
    return x == 0.0 ? 1.0 : Math.sin(x) / x;
  }

  static Dataset<Row> noisySinc(SparkSession spark, int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double x = -10.0 + 20.0 * random.nextDouble();
      rows.add(RowFactory.create(Vectors.dense(x), sinc(x) + 0.1 * gaussian(random)));
    }
    return spark.createDataFrame(rows, SCHEMA).repartition(2);
  }

  static Dataset<Row> sincGrid(SparkSession spark, int n) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double x = -10.0 + 20.0 * i / (n - 1);
      rows.add(RowFactory.create(Vectors.dense(x), sinc(x)));
    }
    return spark.createDataFrame(rows, SCHEMA).repartition(2);
  }

  /** Ripley's synthetic mixture: class 0 around (−0.3, 0.7) and (0.4, 0.7), class 1 around (−0.7, 0.3), (0.3, 0.3). */
  static Dataset<Row> ripleyMixture(SparkSession spark, int n, long seed) {
    double[][] means = {{-0.3, 0.7}, {0.4, 0.7}, {-0.7, 0.3}, {0.3, 0.3}};
    double sd = Math.sqrt(0.03);
    SplittableRandom random = new SplittableRandom(seed);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int label = i % 2;
      double[] mean = means[2 * label + random.nextInt(2)];
      rows.add(RowFactory.create(Vectors.dense(mean[0] + sd * gaussian(random), mean[1] + sd * gaussian(random)),
          (double) label));
    }
    return spark.createDataFrame(rows, SCHEMA).repartition(2);
  }

  private record Run(String solver, double seconds, double cpuSeconds, double error, RvmModel model) {
    String row(String what, String where) {
      return String.format("| %s | %s | %s | %.2f | %.2f | %.4f | %d | %d | %d | %s |%n", what, where, solver, seconds,
          cpuSeconds, error, model.numRelevanceVectors(), model.summary().iterations(),
          model.summary().dataPasses(), model.summary().converged() ? "yes" : "no");
    }
  }

  /** The classification fits of one setting (on the driver, or over the cluster). */
  private record Setting(Run mixEm, Run mixFast, Run mixBatched) {
    String rows(String where) {
      return mixEm.row("Ripley mixture", where) + mixFast.row("Ripley mixture", where)
          + mixBatched.row("Ripley mixture", where);
    }

    String ratios(String where) {
      return String.format("- Ripley mixture, %s: **%.1f×** with the automatic maxAddsPerStep (1 below 100,000 rows), "
          + "%.1f× with 16; in CPU seconds %.1f× and %.1f×%n", where, mixEm.seconds() / mixFast.seconds(),
          mixEm.seconds() / mixBatched.seconds(), mixEm.cpuSeconds() / mixFast.cpuSeconds(),
          mixEm.cpuSeconds() / mixBatched.cpuSeconds());
    }
  }

  private static Setting fits(RvmEstimator classification, Dataset<Row> mixTrain, Dataset<Row> mixTest) {
    return new Setting(time(classification, "em", mixTrain, mixTest, false),
        time(classification, "fast", mixTrain, mixTest, false),
        time(classification.copy(new org.apache.spark.ml.param.ParamMap()).setMaxAddsPerStep(16), "fast",
            "fast, maxAddsPerStep 16", mixTrain, mixTest, false));
  }

  /** The median of {@code repeats} timed fits (the machine is shared: one fit's time is noisy). */
  private static Run time(RvmEstimator estimator, String solver, Dataset<Row> train, Dataset<Row> test,
      boolean regression) {
    return time(estimator, solver, solver, train, test, regression);
  }

  private static Run time(RvmEstimator estimator, String solver, String label, Dataset<Row> train,
      Dataset<Row> test, boolean regression) {
    double[] times = new double[repeats];
    double[] cpu = new double[repeats];
    RvmModel model = null;
    for (int r = 0; r < repeats; r++) {
      Machine.Timed<RvmModel> fit = Machine.timed(
          () -> estimator.copy(new org.apache.spark.ml.param.ParamMap()).setSolver(solver).fit(train));
      model = fit.value();
      times[r] = fit.seconds();
      cpu[r] = fit.cpuSeconds();
      System.out.printf("  %s (%s) fit %d of %d: %.2f s, %.2f CPU s%n", label, regression ? "regression"
          : "classification", r + 1, repeats, times[r], cpu[r]);
    }
    java.util.Arrays.sort(times);
    java.util.Arrays.sort(cpu);
    double error = regression
        ? new RegressionEvaluator().setMetricName("rmse").evaluate(model.transform(test))
        : 1.0 - new MulticlassClassificationEvaluator().setMetricName("accuracy").evaluate(model.transform(test));
    return new Run(label, times[repeats / 2], cpu[repeats / 2], error, model);
  }

  /**
   * Test RMSE of one em and one fast fit (untimed) on each of the sinc training sets of seeds 1 to
   * {@code accuracySeeds}: on one draw either solver can stop at the better local maximum, so "equal test error"
   * is judged on the mean.
   */
  private static String sincAccuracy(SparkSession spark, RvmEstimator regression, int n, Dataset<Row> test) {
    RegressionEvaluator rmse = new RegressionEvaluator().setMetricName("rmse");
    StringBuilder table = new StringBuilder(String.format("%n## Sinc test RMSE over %d training sets%n%n"
        + "One fit of each solver (untimed) on each of the noisy sinc training sets of seeds 1 to %d, %d rows "
        + "each, same test grid. On one draw either solver can stop at the better local maximum of the marginal "
        + "likelihood, so equal test error is judged on the mean.%n%n"
        + "| seed | em RMSE | fast RMSE | em log ML | fast log ML | em vectors | fast vectors |%n"
        + "|---|---|---|---|---|---|---|%n", accuracySeeds, accuracySeeds, n));
    double emTotal = 0.0;
    double fastTotal = 0.0;
    for (long seed = 1; seed <= accuracySeeds; seed++) {
      Dataset<Row> train = noisySinc(spark, n, seed).cache();
      RvmModel em = regression.copy(new org.apache.spark.ml.param.ParamMap()).setSolver("em").fit(train);
      RvmModel fast = regression.copy(new org.apache.spark.ml.param.ParamMap()).setSolver("fast").fit(train);
      train.unpersist();
      double emRmse = rmse.evaluate(em.transform(test));
      double fastRmse = rmse.evaluate(fast.transform(test));
      emTotal += emRmse;
      fastTotal += fastRmse;
      System.out.printf("  accuracy, seed %d: em %.4f, fast %.4f%n", seed, emRmse, fastRmse);
      table.append(String.format("| %d | %.4f | %.4f | %.2f | %.2f | %d | %d |%n", seed, emRmse, fastRmse,
          last(em), last(fast), em.numRelevanceVectors(), fast.numRelevanceVectors()));
    }
    return table.append(String.format("| mean | %.4f | %.4f | | | | |%n%nMean test RMSE fast / em: **%.3f**%n",
        emTotal / accuracySeeds, fastTotal / accuracySeeds, fastTotal / emTotal)).toString();
  }

  private static double last(RvmModel model) {
    double[] history = model.summary().logMarginalLikelihood();
    return history[history.length - 1];
  }

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
    String master = args.length > 1 ? args[1] : "local[2]";
    int maxBasis = args.length > 2 && !"rows".equals(args[2]) ? Integer.parseInt(args[2]) : n;
    repeats = args.length > 3 ? Integer.parseInt(args[3]) : 5;
    String where = args.length > 4 ? args[4] : "both";
    String resultName = args.length > 5 ? args[5] : "em-vs-fast.md";
    accuracySeeds = args.length > 6 ? Integer.parseInt(args[6]) : 8;
    if (!where.equals("both") && !where.equals("driver")) {
      throw new IllegalArgumentException("the fifth argument (where) must be both or driver, got '" + where + "'");
    }
    if (maxBasis < 1 || repeats < 1) {
      throw new IllegalArgumentException("maxBasis (third argument) and the timed fits (fourth) must be at least 1");
    }
    boolean withCluster = where.equals("both");
    int m = Math.min(maxBasis, n);
    SparkSession spark = SparkSession.builder().master(master).appName("spark-rvm benchmark: em vs fast")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.sql.shuffle.partitions", "2").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      Dataset<Row> sincTrain = noisySinc(spark, n, 1).cache();
      Dataset<Row> sincTest = sincGrid(spark, 1000).cache();
      Dataset<Row> mixTrain = ripleyMixture(spark, n, 2).cache();
      Dataset<Row> mixTest = ripleyMixture(spark, 5000, 3).cache();
      sincTrain.count();
      sincTest.count();
      mixTrain.count();
      mixTest.count();
      RvmEstimator regression = new RvmEstimator().setGamma(0.25).setStandardization(false).setMaxBasis(maxBasis);
      RvmEstimator classification = new RvmEstimator().setFamily("bernoulli").setGamma(4.0)
          .setStandardization(false).setMaxBasis(maxBasis);
      // warm-up, untimed: each solver once on each training set, so that no timed fit pays the JIT (run first after
      // a warm-up on 100 rows, the sinc fits measured 2.59 / 0.84 s, run last 1.81 / 0.16 s)
      for (String solver : new String[] {"em", "fast"}) {
        Machine.Timed<RvmModel> sinc = Machine.timed(
            () -> regression.copy(new org.apache.spark.ml.param.ParamMap()).setSolver(solver).fit(sincTrain));
        Machine.Timed<RvmModel> mix = Machine.timed(
            () -> classification.copy(new org.apache.spark.ml.param.ParamMap()).setSolver(solver).fit(mixTrain));
        System.out.printf("warm-up %s: sinc %.2f s, mixture %.2f s%n", solver, sinc.seconds(), mix.seconds());
      }
      Setting driver = fits(classification, mixTrain, mixTest);
      Setting cluster = withCluster ? fits(classification.copy(new org.apache.spark.ml.param.ParamMap())
          .setMaxDriverDesignSizeInMB(0), mixTrain, mixTest) : null;
      Run sincEm = time(regression, "em", sincTrain, sincTest, true);
      Run sincFast = time(regression, "fast", sincTrain, sincTest, true);
      Run sincFastCluster = withCluster ? time(regression.copy(new org.apache.spark.ml.param.ParamMap())
          .setMaxDriverDesignSizeInMB(0), "fast", sincTrain, sincTest, true) : null;
      String accuracy = accuracySeeds > 0 ? sincAccuracy(spark, regression, n, sincTest) : "";
      double designMiB = 8.0 * n * (m + 1) / (1 << 20);
      String candidates = m == n ? String.format("every row a candidate centre (maxBasis %d)", maxBasis)
          : String.format("%d candidate centres, the estimator's seeded sample of the rows (maxBasis %d%s)", m,
              maxBasis, maxBasis == 1000 ? ", its default" : "");
      String args4 = String.format("%d %s %s %d %s %s %d", n, master, args.length > 2 ? args[2] : "rows", repeats,
          where, resultName, accuracySeeds);
      String report = "# solver em against solver fast at N = " + n + " (benchmark 4)\n\n"
          + String.format("%d training rows each, %s, bias column; on %s; data cached before the fits; each solver "
              + "warmed up once on each training set first (untimed); fit seconds (wall clock) and CPU seconds (of "
              + "the JVM, every thread) are each the median of %d fit%s.%n%n", n, candidates, master, repeats,
              repeats == 1 ? " (one timed fit only)" : "s")
          + "- regression: noisy sinc, x uniform on [−10, 10], Gaussian noise σ = 0.1, RBF γ = 0.25; test: RMSE "
          + "against sinc on 1000 grid points.\n"
          + "- classification: Ripley-type mixture (each class an equal mixture of two Gaussians, covariance "
          + "0.03·I, Ripley's means), RBF γ = 4 (width 0.5); test: error on 5000 fresh rows.\n"
          + String.format("- where: *driver* is the default at this size (the %d × %d expanded design, %.1f MiB, is "
              + "at most maxDriverDesignSizeInMB: one pass collects the rows, the driver expands them, then every "
              + "step runs there; gaussian fast computes only the columns of ΦᵀΦ it reads)%s Gaussian em makes "
              + "one statistics pass and runs on the driver after it either way (*either*). The sinc fits run "
              + "last.%n%n", n, m + 1, designMiB, withCluster ? "; *cluster* sets maxDriverDesignSizeInMB 0, so "
              + "every statistics evaluation is a pass over the cached rows on the executors (gaussian: one pass "
              + "for all of ΦᵀΦ and Φᵀt)." : "; the fits over the cluster (maxDriverDesignSizeInMB 0) were not run "
              + "(argument where = driver).")
          + "Command: `mvn -B -q -pl benchmarks exec:exec@emvsfast -Dbenchmark.args=\"" + args4 + "\"`\n\n"
          + "## Machine\n\n"
          + Machine.describe()
          + "- both solvers ran in the same JVM, one after the other\n"
          + "\n## Results\n\n"
          + "| problem | where | solver | fit seconds | CPU seconds | test RMSE / error | relevance vectors | steps | "
          + "passes | converged |\n"
          + "|---|---|---|---|---|---|---|---|---|---|\n"
          + sincEm.row("sinc", "either") + sincFast.row("sinc", "driver")
          + (withCluster ? sincFastCluster.row("sinc", "cluster") : "")
          + driver.rows("driver")
          + (withCluster ? cluster.rows("cluster") : "")
          + "\nFit-time ratio em / fast (issue 20: at least 5 at 2,000 rows, at least 10 at 10,000):\n\n"
          + String.format("- sinc: **%.1f×** with fast on the driver (the default at this size)%s; in CPU seconds "
              + "%.1f×%n", sincEm.seconds() / sincFast.seconds(), withCluster ? String.format(", %.1f× with fast "
              + "over the cluster", sincEm.seconds() / sincFastCluster.seconds()) : "",
              sincEm.cpuSeconds() / sincFast.cpuSeconds())
          + driver.ratios("on the driver (the default at this size)")
          + (withCluster ? cluster.ratios("over the cluster") : "")
          + "\nTipping & Faul (2003), N = 1000, Matlab on 2003 hardware: 4 min 17 s / 14.4 s (regression, 17.8×) "
          + "and 4 min 58 s / 12.8 s (classification, 23.3×).\n"
          + (withCluster ? String.format("%nOver the cluster, seconds per pass (fit time / passes): em %.0f ms, fast "
              + "%.0f ms on the mixture. A fast pass expands all %d candidates of a block but accumulates only M × m "
              + "cross products; with so little arithmetic per pass, its time is mostly the latency of a Spark job, "
              + "so that ratio follows the ratio of passes (em %d, fast %d) more than the arithmetic. On the driver "
              + "the steps pay no job latency and the ratio is the arithmetic's.%n", 1e3 * cluster.mixEm().seconds()
              / cluster.mixEm().model().summary().dataPasses(), 1e3 * cluster.mixFast().seconds()
              / cluster.mixFast().model().summary().dataPasses(), m + 1,
              cluster.mixEm().model().summary().dataPasses(), cluster.mixFast().model().summary().dataPasses()) : "")
          + "\nmaxAddsPerStep applies to classification only.\n"
          + "\nPasses: the summary pass plus, on the driver, the one that collects the rows; over the cluster, one "
          + "per statistics evaluation. Gaussian fits need one statistics pass over the cluster (ΦᵀΦ, Φᵀt) and then "
          + "run on the driver; bernoulli fast makes one pass per Newton step, each returning every candidate's "
          + "statistics as well (see DESIGN.md, \"Passes over the data\").\n"
          + accuracy;
      Files.writeString(Machine.result(resultName), report);
      System.out.print(report);
    } finally {
      spark.stop();
    }
  }
}
