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
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.SQLDataTypes;
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
 * The multinomial sibling of {@link SparseLogistic}: ROWS rows over FEATURES (2¹⁸) binary features in 3 classes,
 * generated on the executors from a seed; class p has 10 true features of its own (features 10p … 10p + 9, each in a
 * row with probability 0.1, weights ±1 … ±2 in class p's score alone: 30 true (class, feature) pairs) and about 15
 * noise features a row drawn uniformly from the rest, so about 20 nonzeros a row; the label is drawn from the softmax
 * of η_p = Σ w_pj x_j − 0.1 Σ w_pj. The linear RVM's softmax (solver fast, sparse rows) against Spark's
 * {@code LogisticRegression} (family multinomial, elasticNetParam 1) at a regParam given, or chosen by
 * {@code CrossValidator}: fit seconds, passes, the driver's heap used during the fit (sampled), nonzero (class,
 * feature) weights, test log-loss, and precision and recall of the true pairs. Writes
 * {@code results/sparse-softmax-ROWS[-single].md}.
 */
public final class SparseSoftmax {

  static final int CLASSES = 3;
  static final int TRUE_PER_CLASS = 10;

  private SparseSoftmax() {}

  /** {@return the weight of true feature j (0 … TRUE_PER_CLASS − 1) of a class} */
  static double trueWeight(int j) {
    return (j % 2 == 0 ? 1 : -1) * (1.0 + (j % 5) * 0.25);
  }

  static Dataset<Row> data(SparkSession spark, long rows, int features, long seed, int partitions) {
    JavaRDD<Row> rdd = spark.range(0, rows, 1, partitions).toJavaRDD().map(id -> {
      SplittableRandom random = new SplittableRandom(seed * 1_000_003L + id);
      TreeSet<Integer> on = new TreeSet<>();
      double[] eta = new double[CLASSES];
      for (int p = 0; p < CLASSES; p++) {
        for (int j = 0; j < TRUE_PER_CLASS; j++) {
          eta[p] -= 0.1 * trueWeight(j);
          if (random.nextDouble() < 0.1) {
            on.add(p * TRUE_PER_CLASS + j);
            eta[p] += trueWeight(j);
          }
        }
      }
      int first = CLASSES * TRUE_PER_CLASS;
      int noise = 10 + random.nextInt(11);
      for (int q = 0; q < noise; q++) {
        on.add(first + random.nextInt(features - first));
      }
      double max = Arrays.stream(eta).max().orElse(0.0);
      double sum = Arrays.stream(eta).map(e -> Math.exp(e - max)).sum();
      double u = random.nextDouble() * sum;
      int label = 0;
      for (double acc = Math.exp(eta[0] - max); acc < u && label < CLASSES - 1; ) {
        acc += Math.exp(eta[++label] - max);
      }
      int[] idx = on.stream().mapToInt(Integer::intValue).toArray();
      double[] ones = new double[idx.length];
      Arrays.fill(ones, 1.0);
      return RowFactory.create(Vectors.sparse(features, idx, ones), (double) label);
    });
    StructType schema = new StructType().add("features", SQLDataTypes.VectorType()).add("label",
        DataTypes.DoubleType);
    return spark.createDataFrame(rdd, schema);
  }

  private record Outcome(String model, double seconds, String passes, long heapMiB, int nonzeros, double logLoss,
      double precision, double recall, String note) {
    String row() {
      return String.format(Locale.ROOT, "| %s | %.1f | %s | %d | %d | %.4f | %.3f | %.3f | %s |%n", model, seconds,
          passes, heapMiB, nonzeros, logLoss, precision, recall, note);
    }
  }

  /** {@return precision and recall of the kept (class, feature) pairs {@code kept[p]} against the true ones} */
  private static double[] precisionRecall(int[][] kept) {
    long hits = 0;
    long all = 0;
    for (int p = 0; p < kept.length; p++) {
      for (int j : kept[p]) {
        all++;
        hits += j >= p * TRUE_PER_CLASS && j < (p + 1) * TRUE_PER_CLASS ? 1 : 0;
      }
    }
    return new double[] {all == 0 ? 0.0 : hits / (double) all, hits / (double) (CLASSES * TRUE_PER_CLASS)};
  }

  /** {@return per class, the features of nonzero coefficient} */
  private static int[][] nonzero(Matrix coefficients) {
    int[][] kept = new int[coefficients.numRows()][];
    for (int p = 0; p < kept.length; p++) {
      int row = p;
      kept[p] = java.util.stream.IntStream.range(0, coefficients.numCols())
          .filter(j -> coefficients.apply(row, j) != 0.0).toArray();
    }
    return kept;
  }

  private static int count(int[][] kept) {
    return Arrays.stream(kept).mapToInt(k -> k.length).sum();
  }

  private static LogisticRegression lasso() {
    return new LogisticRegression().setFamily("multinomial").setElasticNetParam(1.0).setMaxIter(100);
  }

  private static void crossValidated(Dataset<Row> train, Dataset<Row> test, MulticlassClassificationEvaluator logLoss,
      List<Outcome> outcomes, double[] regParams) throws InterruptedException {
    LogisticRegression lasso = lasso();
    ParamMap[] grid = new ParamGridBuilder().addGrid(lasso.regParam(), regParams).build();
    long t0 = System.nanoTime();
    CrossValidatorModel cv;
    try (HeapSampler heap = new HeapSampler()) {
      cv = new CrossValidator().setEstimator(lasso).setEstimatorParamMaps(grid).setEvaluator(logLoss)
          .setNumFolds(3).setSeed(7).fit(train);
      double seconds = (System.nanoTime() - t0) / 1e9;
      LogisticRegressionModel best = (LogisticRegressionModel) cv.bestModel();
      int[][] kept = nonzero(best.coefficientMatrix());
      double[] pr = precisionRecall(kept);
      outcomes.add(new Outcome("LogisticRegression multinomial L1, CrossValidator (3 folds × regParams "
          + Arrays.toString(regParams) + ", then the refit)", seconds, "-", heap.peakMiB(), count(kept),
          logLoss.evaluate(best.transform(test)), pr[0], pr[1], "regParam " + best.getRegParam()
          + "; mean log-loss of the folds " + Arrays.toString(cv.avgMetrics())));
    }
    single(((LogisticRegressionModel) cv.bestModel()).getRegParam(), train, test, logLoss, outcomes);
  }

  private static void single(double regParam, Dataset<Row> train, Dataset<Row> test,
      MulticlassClassificationEvaluator logLoss, List<Outcome> outcomes) throws InterruptedException {
    long t1 = System.nanoTime();
    try (HeapSampler heap = new HeapSampler()) {
      LogisticRegressionModel one = lasso().setRegParam(regParam).fit(train);
      double seconds = (System.nanoTime() - t1) / 1e9;
      int[][] kept = nonzero(one.coefficientMatrix());
      double[] pr = precisionRecall(kept);
      outcomes.add(new Outcome("LogisticRegression multinomial L1, one fit at regParam " + regParam, seconds,
          one.summary().totalIterations() + " iterations", heap.peakMiB(), count(kept),
          logLoss.evaluate(one.transform(test)), pr[0], pr[1], ""));
    }
  }

  private static void rvm(Dataset<Row> train, Dataset<Row> test, MulticlassClassificationEvaluator logLoss,
      List<Outcome> outcomes, int maxIter, int maxAddsPerStep) throws InterruptedException {
    long t2 = System.nanoTime();
    String name = "RvmClassifier softmax, kernel linear, solver fast (sparse rows)";
    try (HeapSampler heap = new HeapSampler()) {
      Outcome outcome;
      try {
        RvmClassificationModel rvm = new RvmClassifier().setKernel("linear").setSolver("fast")
            .setMultiClassStrategy("softmax").setMaxIter(maxIter).setMaxAddsPerStep(maxAddsPerStep).fit(train);
        double seconds = (System.nanoTime() - t2) / 1e9;
        int[][] kept = new int[CLASSES][];
        int bias = 0;
        for (int p = 0; p < CLASSES; p++) {
          kept[p] = rvm.classRelevantFeatures(p);
          bias += rvm.classHasIntercept(p) ? 1 : 0;
        }
        double[] pr = precisionRecall(kept);
        String note = "maxAddsPerStep " + maxAddsPerStep + "; " + rvm.rvmSummary().iterations() + " iterations, "
            + (rvm.rvmSummary().converged() ? "converged" : "not converged") + "; " + bias + " class biases kept";
        outcome = new Outcome(name, seconds, String.valueOf(rvm.rvmSummary().dataPasses()), heap.peakMiB(),
            count(kept), logLoss.evaluate(rvm.transform(test)), pr[0], pr[1], note);
      } catch (RuntimeException e) {
        outcome = new Outcome(name, (System.nanoTime() - t2) / 1e9, "-", heap.peakMiB(), 0, Double.NaN, 0, 0,
            "failed: " + String.valueOf(e.getMessage()).replace('|', '/'));
      }
      outcomes.add(outcome);
    }
  }

  /**
   * Runs the comparison.
   *
   * @param args ROWS (default 100000), FEATURES (default 262144), MASTER (default local[2]), the RVM's maxIter
   *     (default 200), and "rvm-only", or "regparam=R" to fit LogisticRegression once at R
   *     (sparse-softmax-ROWS-single.md), or "grid=R1,R2,..." to cross-validate over those regParams (default 1e-4,
   *     1e-3, 1e-2); then the RVM's maxAddsPerStep (default 0: auto)
   * @throws Exception when a fit fails or the results cannot be written
   */
  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 100_000L;
    int features = args.length > 1 ? Integer.parseInt(args[1]) : 1 << 18;
    String master = args.length > 2 ? args[2] : "local[2]";
    int maxIter = args.length > 3 ? Integer.parseInt(args[3]) : 200;
    String mode = args.length > 4 ? args[4] : "grid=1e-4,1e-3,1e-2";
    int maxAddsPerStep = args.length > 5 ? Integer.parseInt(args[5]) : 0;
    SparkSession spark = GridData.spark("sparse softmax", master);
    try {
      SparseSplit split = SparseSplit.of((count, seed) -> data(spark, count, features, seed, 4), rows);
      Dataset<Row> train = split.train();
      Dataset<Row> test = split.test();
      long n = split.rows();
      long nonzeros = split.nonzeros();
      MulticlassClassificationEvaluator logLoss = new MulticlassClassificationEvaluator().setMetricName("logLoss");
      List<Outcome> outcomes = new ArrayList<>();
      String load = Machine.describe();
      rvm(train, test, logLoss, outcomes, maxIter, maxAddsPerStep);
      if (mode.startsWith("regparam=")) {
        single(Double.parseDouble(mode.substring("regparam=".length())), train, test, logLoss, outcomes);
      } else if (mode.startsWith("grid=")) {
        crossValidated(train, test, logLoss, outcomes, Arrays.stream(mode.substring("grid=".length()).split(","))
            .mapToDouble(Double::parseDouble).toArray());
      }
      StringBuilder table = new StringBuilder("| model | fit seconds | passes | driver heap used, MiB (peak sample) "
          + "| nonzero (class, feature) weights | test log-loss | precision | recall | notes |\n"
          + "|---|---:|---|---:|---:|---:|---:|---:|---|\n");
      outcomes.forEach(o -> table.append(o.row()));
      String report = "# Wide sparse softmax: the linear RVM against multinomial L1 LogisticRegression (issue 44)\n\n"
          + String.format(Locale.ROOT, "%,d training rows × %,d binary features in %d classes, %,d nonzeros (%.1f a "
              + "row), %d true (class, feature) pairs; %,d test rows; generated on the executors from seeds 1 and 2; "
              + "on %s, data cached before the fits; driver heap %d MiB.%n%n", n, features, CLASSES, nonzeros,
              nonzeros / (double) n, CLASSES * TRUE_PER_CLASS, test.count(), master,
              Runtime.getRuntime().maxMemory() >> 20)
          + "Command: `mvn -B -q -pl benchmarks exec:exec@sparsesoftmax -Dbenchmark.args=\"ROWS FEATURES MASTER "
          + "MAXITER [rvm-only | regparam=R | grid=R1,R2,...] [MAXADDSPERSTEP]\"` (the RVM's maxIter: " + maxIter + "). The machine "
          + "was shared with other engineers' builds: see the load before the fits and after them.\n\n"
          + "## Machine before the fits\n\n" + load + "\n## Machine after the fits\n\n" + Machine.describe()
          + "\n## Results\n\n" + table;
      Files.writeString(Machine.result("sparse-softmax-" + n + (mode.startsWith("regparam=") ? "-single"
          : mode.equals("rvm-only") ? "-rvm" : "") + (maxAddsPerStep > 0 ? "-adds" + maxAddsPerStep : "") + ".md"),
          report);
      System.out.print(report);
    } finally {
      spark.stop();
    }
  }
}
