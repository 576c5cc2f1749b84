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

import io.github.sparkrvm.RvmClassificationModel;
import io.github.sparkrvm.RvmClassifier;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.ml.tuning.ParamGridBuilder;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Issue 44's synthetic sparse logistic problem: ROWS rows over FEATURES (2¹⁸) binary features generated on the
 * executors from a seed, 50 true features (each in a row with probability 0.1, weights ±1 … ±2) and about 15 noise
 * features a row drawn uniformly from the rest, so about 20 nonzeros a row; P(1) = σ(Σ w_j x_j − 0.1 Σ w_j). The
 * linear RVM (solver fast, sparse rows) against Spark's {@code LogisticRegression} with elasticNetParam 1: its fit
 * at the regParam {@code CrossValidator} chose, and the cross-validation itself (3 folds over 5 regParams): fit
 * seconds, passes, the driver's heap used during the fit (sampled), nonzero weights, test log-loss, and precision
 * and recall of the true features. Writes {@code results/sparse-logistic.md}.
 */
public final class SparseLogistic {

  static final int TRUE_FEATURES = 50;

  private SparseLogistic() {}

  static double[] trueWeights() {
    double[] w = new double[TRUE_FEATURES];
    for (int j = 0; j < TRUE_FEATURES; j++) {
      w[j] = (j % 2 == 0 ? 1 : -1) * (1.0 + (j % 5) * 0.25);
    }
    return w;
  }

  static Dataset<Row> data(SparkSession spark, long rows, int features, long seed, int partitions) {
    double[] w = trueWeights();
    double offset = -0.1 * Arrays.stream(w).sum();
    JavaRDD<Row> rdd = spark.range(0, rows, 1, partitions).toJavaRDD().map(id -> {
      SplittableRandom random = new SplittableRandom(seed * 1_000_003L + id);
      TreeSet<Integer> on = new TreeSet<>();
      double eta = offset;
      for (int j = 0; j < TRUE_FEATURES; j++) {
        if (random.nextDouble() < 0.1) {
          on.add(j);
          eta += w[j];
        }
      }
      int noise = 10 + random.nextInt(11);
      for (int q = 0; q < noise; q++) {
        on.add(TRUE_FEATURES + random.nextInt(features - TRUE_FEATURES));
      }
      int[] idx = on.stream().mapToInt(Integer::intValue).toArray();
      double[] ones = new double[idx.length];
      Arrays.fill(ones, 1.0);
      double label = random.nextDouble() < 1.0 / (1.0 + Math.exp(-eta)) ? 1.0 : 0.0;
      return RowFactory.create(Vectors.sparse(features, idx, ones), label);
    });
    StructType schema = new StructType().add("features", SQLDataTypes.VectorType()).add("label",
        DataTypes.DoubleType);
    return spark.createDataFrame(rdd, schema);
  }

  private record Outcome(String model, double seconds, String passes, long heapMiB, int nonzeros, double logLoss,
      double precision, double recall, String note) {
    String row() {
      return String.format(java.util.Locale.ROOT, "| %s | %.1f | %s | %d | %d | %.4f | %.3f | %.3f | %s |%n", model,
          seconds, passes, heapMiB, nonzeros, logLoss, precision, recall, note);
    }
  }

  private static double[] precisionRecall(int[] selected) {
    long hits = Arrays.stream(selected).filter(j -> j < TRUE_FEATURES).count();
    return new double[] {selected.length == 0 ? 0.0 : hits / (double) selected.length,
        hits / (double) TRUE_FEATURES};
  }

  private static int[] nonzero(Vector coefficients) {
    double[] c = coefficients.toArray();
    return java.util.stream.IntStream.range(0, c.length).filter(j -> c[j] != 0.0).toArray();
  }

  private static void logistic(Dataset<Row> train, Dataset<Row> test, MulticlassClassificationEvaluator logLoss,
      List<Outcome> outcomes, double fixedRegParam, double[] regParams) throws InterruptedException {
    LogisticRegression lasso = new LogisticRegression().setElasticNetParam(1.0).setMaxIter(100);
    if (fixedRegParam > 0.0) {
      single(lasso, fixedRegParam, train, test, logLoss, outcomes);
      return;
    }
    ParamMap[] grid = new ParamGridBuilder().addGrid(lasso.regParam(), regParams).build();
    CrossValidatorModel cv;
    long t0 = System.nanoTime();
    try (HeapSampler heap = new HeapSampler()) {
      cv = new CrossValidator().setEstimator(lasso).setEstimatorParamMaps(grid).setEvaluator(logLoss)
          .setNumFolds(3).setSeed(7).fit(train);
      double seconds = (System.nanoTime() - t0) / 1e9;
      LogisticRegressionModel best = (LogisticRegressionModel) cv.bestModel();
      int[] kept = nonzero(best.coefficients());
      double[] pr = precisionRecall(kept);
      outcomes.add(new Outcome("LogisticRegression L1, CrossValidator (3 folds × regParams "
          + Arrays.toString(regParams) + ", then the refit)",
          seconds, "-", heap.peakMiB(), kept.length, logLoss.evaluate(best.transform(test)), pr[0], pr[1],
          "regParam " + best.getRegParam()));
    }
    single(lasso, ((LogisticRegressionModel) cv.bestModel()).getRegParam(), train, test, logLoss, outcomes);
  }

  /** One L1 fit at {@code regParam}. */
  private static void single(LogisticRegression lasso, double regParam, Dataset<Row> train, Dataset<Row> test,
      MulticlassClassificationEvaluator logLoss, List<Outcome> outcomes) throws InterruptedException {
    long t1 = System.nanoTime();
    try (HeapSampler heap = new HeapSampler()) {
      LogisticRegressionModel one = lasso.copy(ParamMap.empty()).setRegParam(regParam).fit(train);
      double seconds = (System.nanoTime() - t1) / 1e9;
      int[] kept = nonzero(one.coefficients());
      double[] pr = precisionRecall(kept);
      long s0 = System.nanoTime();
      double loss = logLoss.evaluate(one.transform(test));
      outcomes.add(new Outcome("LogisticRegression L1, one fit at that regParam", seconds,
          one.summary().totalIterations() + " iterations", heap.peakMiB(), kept.length, loss, pr[0], pr[1],
          String.format(java.util.Locale.ROOT, "regParam %s; test rows scored in %.1f s", regParam,
              (System.nanoTime() - s0) / 1e9)));
    }
  }

  private static void rvm(Dataset<Row> train, Dataset<Row> test, MulticlassClassificationEvaluator logLoss,
      List<Outcome> outcomes, int maxIter) throws InterruptedException {
    long t2 = System.nanoTime();
    try (HeapSampler heap = new HeapSampler()) {
      String note;
      Outcome rvmOutcome;
      try {
        RvmClassificationModel rvm = new RvmClassifier().setKernel("linear").setSolver("fast").setMaxIter(maxIter)
            .fit(train);
        double seconds = (System.nanoTime() - t2) / 1e9;
        int[] kept = rvm.relevantFeatures().clone();
        Arrays.sort(kept);
        double[] pr = precisionRecall(kept);
        note = rvm.rvmSummary().iterations() + " iterations, " + (rvm.rvmSummary().converged() ? "converged"
            : "not converged") + noiseRows(train, kept);
        long s0 = System.nanoTime();
        double loss = logLoss.evaluate(rvm.transform(test));
        note += String.format(java.util.Locale.ROOT, "; test rows scored in %.1f s", (System.nanoTime() - s0) / 1e9);
        rvmOutcome = new Outcome("RvmClassifier, kernel linear, solver fast (sparse rows)", seconds,
            String.valueOf(rvm.rvmSummary().dataPasses()), heap.peakMiB(), kept.length, loss, pr[0], pr[1], note);
      } catch (RuntimeException e) {
        double seconds = (System.nanoTime() - t2) / 1e9;
        rvmOutcome = new Outcome("RvmClassifier, kernel linear, solver fast (sparse rows)", seconds, "-",
            heap.peakMiB(), 0, Double.NaN, 0, 0, "failed: " + String.valueOf(e.getMessage()).replace('|', '/'));
      }
      outcomes.add(rvmOutcome);
    }
  }

  /** {@return the rows each noise feature kept is nonzero in, for the notes} */
  private static String noiseRows(Dataset<Row> train, int[] kept) {
    int[] noise = Arrays.stream(kept).filter(j -> j >= TRUE_FEATURES).toArray();
    if (noise.length == 0) {
      return "";
    }
    java.util.Map<Integer, Long> rows = train.toJavaRDD().flatMap(r -> {
      org.apache.spark.ml.linalg.SparseVector v = (org.apache.spark.ml.linalg.SparseVector) r.get(0);
      List<Integer> hits = new ArrayList<>();
      for (int j : v.indices()) {
        if (Arrays.binarySearch(noise, j) >= 0) {
          hits.add(j);
        }
      }
      return hits.iterator();
    }).countByValue();
    return "; rows of each noise feature kept: " + new java.util.TreeMap<>(rows).values();
  }

  /**
   * Runs the comparison.
   *
   * @param args ROWS (default 100000), FEATURES (default 262144), MASTER (default local[2]), the RVM's maxIter
   *     (default 100), and "rvm-only" to leave LogisticRegression out (the result goes to
   *     sparse-logistic-ROWS-rvm.md) or "regparam=R" to fit LogisticRegression once at R without the
   *     cross-validation (sparse-logistic-ROWS-single.md) or "grid=R1,R2,..." to cross-validate over those
   *     regParams instead of 1e-4, 3e-4, 1e-3, 3e-3, 1e-2
   * @throws Exception when a fit fails or the results cannot be written
   */
  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 100_000L;
    int features = args.length > 1 ? Integer.parseInt(args[1]) : 1 << 18;
    String master = args.length > 2 ? args[2] : "local[2]";
    int maxIter = args.length > 3 ? Integer.parseInt(args[3]) : 100;
    boolean rvmOnly = args.length > 4 && args[4].equals("rvm-only");
    double fixedRegParam = args.length > 4 && args[4].startsWith("regparam=")
        ? Double.parseDouble(args[4].substring("regparam=".length())) : 0.0;
    double[] regParams = args.length > 4 && args[4].startsWith("grid=")
        ? Arrays.stream(args[4].substring("grid=".length()).split(",")).mapToDouble(Double::parseDouble).toArray()
        : new double[] {1e-4, 3e-4, 1e-3, 3e-3, 1e-2};
    SparkSession spark = GridData.spark("sparse logistic", master);
    try {
      SparseSplit split = SparseSplit.of((count, seed) -> data(spark, count, features, seed, 4), rows);
      Dataset<Row> train = split.train();
      Dataset<Row> test = split.test();
      long n = split.rows();
      long nonzeros = split.nonzeros();
      MulticlassClassificationEvaluator logLoss = new MulticlassClassificationEvaluator().setMetricName("logLoss");
      List<Outcome> outcomes = new ArrayList<>();

      if (!rvmOnly) {
        logistic(train, test, logLoss, outcomes, fixedRegParam, regParams);
      }
      rvm(train, test, logLoss, outcomes, maxIter);
      StringBuilder table = new StringBuilder("| model | fit seconds | passes | driver heap used, MiB (peak sample) "
          + "| nonzero weights | test log-loss | precision | recall | notes |\n|---|---:|---|---:|---:|---:|---:|---:|---|\n");
      outcomes.forEach(o -> table.append(o.row()));
      String report = "# Wide sparse logistic regression: the linear RVM against L1 LogisticRegression (issue 44)\n\n"
          + String.format("%,d training rows × %,d binary features, %,d nonzeros (%.1f a row), %d true features; "
              + "%,d test rows; generated on the executors from seeds 1 and 2; on %s, data cached before the fits; "
              + "driver heap %d MiB.%n%n", n, features, nonzeros, nonzeros / (double) n, TRUE_FEATURES,
              test.count(), master, Runtime.getRuntime().maxMemory() >> 20)
          + "Command: `mvn -B -q -pl benchmarks exec:exec@sparselogistic -Dbenchmark.args=\"ROWS FEATURES MASTER MAXITER [rvm-only | regparam=R | grid=R1,R2,...]\"` (the RVM's maxIter: " + maxIter + "). "
          + "The machine was shared with other engineers' builds: see the load.\n\n## Machine\n\n"
          + Machine.describe() + "\n## Results\n\n" + table;
      Files.writeString(Machine.result("sparse-logistic-" + n + (rvmOnly ? "-rvm" : fixedRegParam > 0.0 ? "-single" : "") + ".md"), report);
      System.out.print(report);
    } finally {
      spark.stop();
    }
  }
}
