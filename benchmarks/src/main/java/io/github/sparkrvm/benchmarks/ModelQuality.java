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
import io.github.sparkrvm.datasets.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.spark.ml.evaluation.Evaluator;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.ml.tuning.ParamGridBuilder;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The model-quality benchmark: spark-rvm's default solver ({@code fast}), {@code solver em} and dlib's RVM (the
 * single-machine reference, {@code benchmarks/dlib/rvm_reference.cpp}) on the same files, over seeded splits of
 * public data sets and the synthetic sets of Tipping (2001). Each split is written as two CSV files (train, test)
 * with the features already scaled; dlib reads those files and spark-rvm fits the same values (written with
 * {@link Double#toString}, which round-trips exactly), so all three see identical numbers. Every estimator param but
 * family, solver, γ and standardization (off: the files are scaled) is at its default; dlib's trainers are at
 * theirs. Writes {@code benchmarks/results/model-quality.md}: per set the mean test error (classification) or test
 * MSE (regression) and mean relevance vectors of each, with the range over splits, the bars checked, and
 * every split's figures.
 *
 * <p>Run: {@code benchmarks/dlib/build.sh && mvn -B -q -pl benchmarks exec:exec@quality} (arguments: SPLITS, a
 * comma-separated list of sets or {@code all}, MASTER). Without dlib the dlib columns are left empty.
 */
public final class ModelQuality {

  private ModelQuality() {}

  /** What a set asks of the models. */
  enum Task {
    BINARY("bernoulli", "binary"), REGRESSION("gaussian", "regression"), MULTICLASS("multinomial", "multiclass");

    final String family;
    final String dlibMode;

    Task(String family, String dlibMode) {
      this.family = family;
      this.dlibMode = dlibMode;
    }
  }

  record Split(Table train, Table test) {}

  /**
   * One data set: how a split of a seed is drawn, and the kernel's γ on its (scaled) features; {@code raw} draws the
   * same split before the harness standardises it (the features as published; null for the regression sets).
   */
  record Problem(String name, Task task, double gamma, String description, SplitMaker splits, SplitMaker raw) {

    Problem(String name, Task task, double gamma, String description, SplitMaker splits) {
      this(name, task, gamma, description, splits, null);
    }
  }

  @FunctionalInterface
  interface SplitMaker {
    Split split(long seed) throws IOException;
  }

  /** One model's result on one split. */
  record Result(double loss, int vectors, double seconds, double logEvidence) {}

  // ---------------------------------------------------------------------------------------------------- the sets

  static List<Problem> problems(Path data) {
    Table ripleyTrain = Datasets.ripley(data.resolve("ripley_synth"), "tr");
    Table ripleyTest = Datasets.ripley(data.resolve("ripley_synth"), "te");
    Table ripleyAll = concat(ripleyTrain, ripleyTest);
    Table wdbc = Datasets.breastCancer(data);
    Table diabetes = Datasets.diabetes(data);
    Table wine = Datasets.wine(data);
    Table digits = Datasets.digits(data.resolve("digits/digits.csv.gz"));
    List<Problem> problems = new ArrayList<>();
    problems.add(new Problem("ripley-100", Task.BINARY, 4.0, "Ripley's synthetic set: 100 of the 250 training "
        + "rows drawn per split, tested on the 1000 test rows; raw features, γ = 4 (Tipping's width 0.5)",
        seed -> new Split(ripleyTrain.rows(Arrays.copyOf(permutation(ripleyTrain.size(), seed), 100)), ripleyTest),
        seed -> new Split(ripleyTrain.rows(Arrays.copyOf(permutation(ripleyTrain.size(), seed), 100)), ripleyTest)));
    problems.add(new Problem("ripley-250", Task.BINARY, 4.0, "Ripley's synthetic set: 250 training rows drawn "
        + "per split from the 1250 of both files, tested on the other 1000; raw features, γ = 4",
        seed -> shuffleSplit(ripleyAll, 250, seed, false), seed -> shuffleSplit(ripleyAll, 250, seed, false)));
    problems.add(new Problem("breast-cancer", Task.BINARY, 1.0 / 30, "Wisconsin diagnostic breast cancer (569 × "
        + "30): 379 training rows, 190 test, standardised on the training rows, γ = 1/30",
        seed -> shuffleSplit(wdbc, 379, seed, true), seed -> shuffleSplit(wdbc, 379, seed, false)));
    problems.add(new Problem("diabetes", Task.REGRESSION, 1.0 / 10, "diabetes progression (442 × 10): 295 "
        + "training rows, 147 test, features standardised on the training rows, raw targets, γ = 1/10",
        seed -> shuffleSplit(diabetes, 295, seed, true)));
    problems.add(new Problem("wine", Task.MULTICLASS, 1.0 / 13, "UCI wine (178 × 13, 3 classes): 119 training "
        + "rows, 59 test, standardised on the training rows, γ = 1/13; spark-rvm softmax, dlib one-vs-one",
        seed -> shuffleSplit(wine, 119, seed, true), seed -> shuffleSplit(wine, 119, seed, false)));
    problems.add(new Problem("digits", Task.MULTICLASS, 1.0 / 64, "UCI optical digits (1797 × 64, 10 classes): 200 "
        + "training rows, 1597 test, standardised on the training rows (constant pixels left at 0), γ = 1/64; "
        + "spark-rvm softmax, dlib one-vs-one", seed -> shuffleSplit(digits, 200, seed, true),
        seed -> shuffleSplit(digits, 200, seed, false)));
    problems.add(new Problem("sinc", Task.REGRESSION, 0.25, "Tipping's sinc: 100 training rows, x uniform on "
        + "[−10, 10], Gaussian noise σ = 0.1; test: 1000 noise-free points on a grid; raw x, γ = 0.25 (the README's "
        + "example)", seed -> sinc(seed, 0.0)));
    problems.add(new Problem("friedman-2", Task.REGRESSION, 1.0 / 4, "Friedman #2 as in Tipping (2001): 240 "
        + "training rows with noise σ = 126 (3:1 signal-to-noise), 1000 noise-free test rows; inputs standardised "
        + "on the training rows, γ = 1/4", seed -> friedman(seed, true, false)));
    problems.add(new Problem("friedman-3", Task.REGRESSION, 1.0 / 4, "Friedman #3 as in Tipping (2001): 240 "
        + "training rows with noise σ = 0.105, 1000 noise-free test rows; inputs standardised on the training rows, "
        + "γ = 1/4", seed -> friedman(seed, false, false)));
    // Issue 42's public sets: binary problems with many features or noisy labels (two thirds of the rows train).
    for (String name : new String[] {"sonar", "ionosphere"}) {
      Table set = Datasets.mlbench(data, name);
      int d = set.x()[0].length;
      problems.add(new Problem(name, Task.BINARY, 1.0 / d, String.format(Locale.ROOT, "UCI %s (%d × %d, mlbench): "
          + "%d training rows, %d test, standardised on the training rows, γ = 1/%d", name, set.size(), d,
          2 * set.size() / 3, set.size() - 2 * set.size() / 3, d), seed -> shuffleSplit(set, 2 * set.size() / 3,
          seed, true), seed -> shuffleSplit(set, 2 * set.size() / 3, seed, false)));
    }
    for (int[] pair : new int[][] {{3, 5}, {8, 9}, {1, 7}}) {
      Table set = digits.classes(pair);
      problems.add(new Problem("digits-" + pair[0] + "v" + pair[1], Task.BINARY, 1.0 / 64, String.format(
          Locale.ROOT, "UCI optical digits %d against %d (%d rows × 64): %d training rows, %d test, standardised on "
          + "the training rows, γ = 1/64", pair[0], pair[1], set.size(), 2 * set.size() / 3,
          set.size() - 2 * set.size() / 3), seed -> shuffleSplit(set, 2 * set.size() / 3, seed, true),
          seed -> shuffleSplit(set, 2 * set.size() / 3, seed, false)));
    }
    return problems;
  }

  /** Tipping's sinc split; the test targets carry Gaussian noise of sd {@code testNoise} (0: noise-free). */
  static Split sinc(long seed, double testNoise) {
    SplittableRandom random = new SplittableRandom(seed);
    double[][] x = new double[100][];
    double[] y = new double[100];
    for (int i = 0; i < 100; i++) {
      x[i] = new double[] {-10.0 + 20.0 * random.nextDouble()};
      y[i] = Datasets.sinc(x[i][0]) + 0.1 * Datasets.gaussian(random);
    }
    double[][] tx = new double[1000][];
    double[] ty = new double[1000];
    for (int i = 0; i < 1000; i++) {
      tx[i] = new double[] {-10.0 + 20.0 * i / 999.0};
      ty[i] = Datasets.sinc(tx[i][0]) + (testNoise > 0.0 ? testNoise * Datasets.gaussian(random) : 0.0);
    }
    return new Split(new Table(x, y), new Table(tx, ty));
  }

  /** Friedman #2 or #3 as in Tipping (2001); the test targets carry the training noise when {@code testNoise}. */
  static Split friedman(long seed, boolean two, boolean testNoise) {
    SplittableRandom random = new SplittableRandom(seed);
    double noise = two ? 126.0 : 0.105;
    Table train = friedmanRows(random, 240, two, noise);
    Table test = friedmanRows(random, 1000, two, testNoise ? noise : 0.0);
    return standardise(train, test);
  }

  private static Table friedmanRows(SplittableRandom random, int n, boolean two, double noise) {
    double[][] x = new double[n][];
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      double x1 = 100.0 * random.nextDouble();
      double x2 = 40.0 * Math.PI + 520.0 * Math.PI * random.nextDouble();
      double x3 = random.nextDouble();
      double x4 = 1.0 + 10.0 * random.nextDouble();
      double inner = x2 * x3 - 1.0 / (x2 * x4);
      x[i] = new double[] {x1, x2, x3, x4};
      y[i] = (two ? Math.sqrt(x1 * x1 + inner * inner) : Math.atan(inner / x1)) + noise * Datasets.gaussian(random);
    }
    return new Table(x, y);
  }

  private static int[] permutation(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }

  static Split shuffleSplit(Table all, int trainRows, long seed, boolean standardise) {
    int[] order = permutation(all.size(), seed);
    Split split = new Split(all.rows(Arrays.copyOfRange(order, 0, trainRows)),
        all.rows(Arrays.copyOfRange(order, trainRows, all.size())));
    return standardise ? standardise(split.train(), split.test()) : split;
  }

  /** Both tables scaled by the training rows' mean and standard deviation (a constant feature is only centred). */
  private static Split standardise(Table train, Table test) {
    int d = train.x()[0].length;
    double[] mean = new double[d];
    double[] sd = new double[d];
    for (double[] row : train.x()) {
      for (int j = 0; j < d; j++) {
        mean[j] += row[j] / train.size();
      }
    }
    for (double[] row : train.x()) {
      for (int j = 0; j < d; j++) {
        sd[j] += (row[j] - mean[j]) * (row[j] - mean[j]) / (train.size() - 1);
      }
    }
    for (int j = 0; j < d; j++) {
      sd[j] = sd[j] > 0.0 ? Math.sqrt(sd[j]) : 1.0;
    }
    return new Split(FeatureShift.scaled(train, mean, sd), FeatureShift.scaled(test, mean, sd));
  }

  private static Table concat(Table a, Table b) {
    double[][] x = Arrays.copyOf(a.x(), a.size() + b.size());
    double[] t = Arrays.copyOf(a.t(), a.size() + b.size());
    System.arraycopy(b.x(), 0, x, a.size(), b.size());
    System.arraycopy(b.t(), 0, t, a.size(), b.size());
    return new Table(x, t);
  }

  // ----------------------------------------------------------------------------------------------------- the fits

  private static Dataset<Row> frame(SparkSession spark, Table t) {
    return t.frame(spark, 2);
  }

  private static Result sparkRvm(SparkSession spark, Problem p, Split split, String solver) {
    return sparkRvm(spark, p, split, new RvmEstimator().setFamily(p.task().family).setSolver(solver)
        .setGamma(p.gamma()).setStandardization(false));
  }

  /** The fit of {@code estimator} on the split's training rows, scored on its test rows. */
  private static Result sparkRvm(SparkSession spark, Problem p, Split split, RvmEstimator estimator) {
    Fitted f = fitted(spark, split, estimator);
    return scored(spark, p, split, f.model(), f.seconds());
  }

  /** A model and the seconds its fit took. */
  record Fitted(RvmModel model, double seconds) {}

  /** {@return the fit of {@code estimator} on the split's training rows (cached first), timed} */
  private static Fitted fitted(SparkSession spark, Split split, RvmEstimator estimator) {
    Dataset<Row> train = frame(spark, split.train()).cache();
    train.count();
    long start = System.nanoTime();
    RvmModel model = estimator.fit(train);
    double seconds = (System.nanoTime() - start) / 1e9;
    train.unpersist();
    return new Fitted(model, seconds);
  }

  /** The gamma that {@code model} fitted with. */
  private static double gammaOf(RvmModel model) {
    return model.getGamma();
  }

  /**
   * γ chosen by Spark's {@code CrossValidator}: 3 folds over the 8 values (1/d)·2^k, k = −4 … 3 (test accuracy or
   * MSE of each fold's held-out rows), then the fit at the best on every training row, all timed.
   */
  private static Result crossValidated(SparkSession spark, Problem p, Split split, double[] chosen,
      boolean standardizationDefault) {
    int d = split.train().x()[0].length;
    double[] grid = new double[8];
    for (int k = 0; k < 8; k++) {
      grid[k] = Math.scalb(1.0 / d, k - 4);
    }
    RvmEstimator estimator = new RvmEstimator().setFamily(p.task().family);
    if (!standardizationDefault) {
      estimator.setStandardization(false);
    }
    ParamMap[] maps = new ParamGridBuilder().addGrid(estimator.gamma(), grid).build();
    Evaluator evaluator = p.task() == Task.REGRESSION ? new RegressionEvaluator().setMetricName("mse")
        : new MulticlassClassificationEvaluator().setMetricName("accuracy");
    CrossValidator cv = new CrossValidator().setEstimator(estimator).setEstimatorParamMaps(maps)
        .setEvaluator(evaluator).setNumFolds(3).setSeed(1L);
    Dataset<Row> train = frame(spark, split.train()).cache();
    train.count();
    long start = System.nanoTime();
    CrossValidatorModel cvModel = cv.fit(train);
    double seconds = (System.nanoTime() - start) / 1e9;
    train.unpersist();
    RvmModel model = (RvmModel) cvModel.bestModel();
    chosen[0] = gammaOf(model);
    return scored(spark, p, split, model, seconds);
  }

  private static Result scored(SparkSession spark, Problem p, Split split, RvmModel model, double seconds) {
    List<Row> predicted = model.transform(frame(spark, split.test())).select("label", "prediction")
        .collectAsList();
    double loss = 0.0;
    for (Row r : predicted) {
      double e = r.getDouble(1) - r.getDouble(0);
      loss += p.task() == Task.REGRESSION ? e * e : (e != 0.0 ? 1.0 : 0.0);
    }
    double[] evidence = model.summary().logMarginalLikelihood();
    return new Result(loss / predicted.size(), model.numRelevanceVectors(), seconds,
        evidence.length == 0 ? Double.NaN : evidence[evidence.length - 1]);
  }

  /** dlib's RVM on the split's files, or null when the reference is not built. */
  private static Result dlib(Path binary, Problem p, Path trainCsv, Path testCsv) throws Exception {
    if (binary == null) {
      return null;
    }
    DlibReference.Result r = DlibReference.run(binary, p.task().dlibMode, p.gamma(), trainCsv, testCsv, 600)
        .orElseThrow(() -> new IllegalStateException("the dlib reference did not finish in 600 CPU seconds on "
            + trainCsv));
    return new Result(r.loss(), r.vectors(), r.seconds(), Double.NaN);
  }

  // --------------------------------------------------------------------------------------------------- the report

  /** Mean, smallest and largest of a column over the splits. */
  record Spread(double mean, double min, double max) {
    static Spread of(double[] v) {
      return new Spread(Arrays.stream(v).average().orElse(Double.NaN), Arrays.stream(v).min().orElse(Double.NaN),
          Arrays.stream(v).max().orElse(Double.NaN));
    }
  }

  private static String loss(Task task, double v) {
    return task == Task.REGRESSION ? String.format(Locale.ROOT, "%.4g", v) : String.format(Locale.ROOT, "%.2f %%",
        100 * v);
  }

  private static String cell(Task task, double[] losses, double[] vectors) {
    if (losses == null) {
      return "– | –";
    }
    Spread l = Spread.of(losses);
    Spread v = Spread.of(vectors);
    return String.format(Locale.ROOT, "%s (%s – %s) | %.1f (%.0f – %.0f)", loss(task, l.mean()), loss(task, l.min()),
        loss(task, l.max()), v.mean(), v.min(), v.max());
  }

  /**
   * The bars of the model-quality issue: classification, the default's mean error at most each peer's + 0.5
   * points; regression, its mean MSE at most 1.05 × each peer's; and its mean relevance vectors at most 1.25 × the
   * smaller of the peers' + 2.
   */
  private static String verdict(Task task, double fast, double em, double dlib, double fastV, double emV,
      double dlibV) {
    List<String> misses = new ArrayList<>();
    for (String peer : new String[] {"em", "dlib"}) {
      double other = peer.equals("em") ? em : dlib;
      if (Double.isNaN(other)) {
        continue;
      }
      boolean ok = task == Task.REGRESSION ? fast <= 1.05 * other : fast <= other + 0.005;
      if (!ok) {
        misses.add(task == Task.REGRESSION ? String.format(Locale.ROOT, "MSE %.3f× %s's", fast / other, peer)
            : String.format(Locale.ROOT, "error %+.2f points vs %s", 100 * (fast - other), peer));
      }
    }
    double fewest = Double.isNaN(dlibV) ? emV : Math.min(emV, dlibV);
    if (fastV > 1.25 * fewest + 2) {
      misses.add(String.format(Locale.ROOT, "%.1f vectors > 1.25 × %.1f + 2", fastV, fewest));
    }
    return misses.isEmpty() ? "meets the bars" : "**misses: " + String.join("; ", misses) + "**";
  }

  /** {@return the benchmark's local Spark session, its UI off, bound to the loopback address} */
  private static SparkSession session(String master, String what) {
    SparkSession spark = SparkSession.builder().master(master).appName("spark-rvm benchmark: " + what)
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.sql.shuffle.partitions", "2").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    return spark;
  }

  /** {@return whether the comma-separated list of sets {@code only} (or all) holds {@code p}} */
  private static boolean chosen(String only, Problem p) {
    return only.equals("all") || Arrays.asList(only.split(",")).contains(p.name());
  }

  public static void main(String[] args) throws Exception {
    int splits = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    String only = args.length > 1 ? args[1] : "all";
    String master = args.length > 2 ? args[2] : "local[2]";
    if (args.length > 3 && args[3].equals("gamma")) {
      String options = args.length > 4 ? args[4] : "";
      gammaChoice(splits, only, master, !options.contains("nocv"), options.contains("raw"));
      return;
    }
    if (args.length > 3 && args[3].equals("scaling")) {
      standardizationChoice(splits, only, master);
      return;
    }
    if (args.length > 3 && args[3].equals("grid")) {
      gammaGrid(splits, only, master);
      return;
    }
    Path root = DlibReference.projectRoot();
    Path binary = DlibReference.binary(root);
    Path work = Files.createDirectories(root.resolve("benchmarks/target/quality"));
    SparkSession spark = session(master, "model quality");
    StringBuilder summary = new StringBuilder();
    StringBuilder details = new StringBuilder();
    try {
      for (Problem p : problems(root.resolve("data"))) {
        if (!chosen(only, p)) {
          continue;
        }
        double[][] loss = new double[3][splits];
        double[][] vectors = new double[3][splits];
        double[][] seconds = new double[3][splits];
        double[][] evidence = new double[2][splits];
        boolean withDlib = binary != null;
        details.append(String.format("%n### %s%n%n| split | fast | em | dlib | fast vectors | em vectors | dlib "
            + "vectors | fast log ML | em log ML | fast s | em s | dlib s |%n|---|---|---|---|---|---|---|---|---|"
            + "---|---|---|%n", p.name()));
        for (int s = 0; s < splits; s++) {
          long seed = s + 1;
          Split split = p.splits().split(seed);
          Path dir = Files.createDirectories(work.resolve(p.name() + "/" + seed));
          Path trainCsv = dir.resolve("train.csv");
          Path testCsv = dir.resolve("test.csv");
          DlibReference.writeCsv(split.train(), trainCsv);
          DlibReference.writeCsv(split.test(), testCsv);
          Split same = new Split(Datasets.csv(trainCsv, true), Datasets.csv(testCsv, true));
          Result[] r = {sparkRvm(spark, p, same, "fast"), sparkRvm(spark, p, same, "em"),
              dlib(binary, p, trainCsv, testCsv)};
          for (int k = 0; k < 3; k++) {
            if (r[k] != null) {
              loss[k][s] = r[k].loss();
              vectors[k][s] = r[k].vectors();
              seconds[k][s] = r[k].seconds();
            }
          }
          evidence[0][s] = r[0].logEvidence();
          evidence[1][s] = r[1].logEvidence();
          details.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %d | %d | %s | %.3f | %.3f | %.2f | %.2f "
              + "| %s |%n", seed, loss(p.task(), r[0].loss()), loss(p.task(), r[1].loss()),
              withDlib ? loss(p.task(), r[2].loss()) : "–", r[0].vectors(), r[1].vectors(),
              withDlib ? Integer.toString(r[2].vectors()) : "–", r[0].logEvidence(), r[1].logEvidence(),
              r[0].seconds(), r[1].seconds(), withDlib ? String.format(Locale.ROOT, "%.2f", r[2].seconds()) : "–"));
          System.err.printf(Locale.ROOT, "%s split %d: fast %s (%d), em %s (%d)%s%n", p.name(), seed,
              loss(p.task(), r[0].loss()), r[0].vectors(), loss(p.task(), r[1].loss()), r[1].vectors(),
              withDlib ? String.format(", dlib %s (%d)", loss(p.task(), r[2].loss()), r[2].vectors()) : "");
        }
        double[] mean = new double[3];
        double[] meanVectors = new double[3];
        for (int k = 0; k < 3; k++) {
          mean[k] = k == 2 && !withDlib ? Double.NaN : Spread.of(loss[k]).mean();
          meanVectors[k] = k == 2 && !withDlib ? Double.NaN : Spread.of(vectors[k]).mean();
        }
        summary.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.1f / %.1f / %s | %.3f | %s |%n",
            p.name(), cell(p.task(), loss[0], vectors[0]), cell(p.task(), loss[1], vectors[1]),
            cell(p.task(), withDlib ? loss[2] : null, vectors[2]), Spread.of(seconds[0]).mean(),
            Spread.of(seconds[1]).mean(), withDlib ? String.format(Locale.ROOT, "%.2f", Spread.of(seconds[2]).mean())
                : "–", Spread.of(evidence[0]).mean() - Spread.of(evidence[1]).mean(),
            verdict(p.task(), mean[0], mean[1], mean[2], meanVectors[0], meanVectors[1], meanVectors[2])));
      }
    } finally {
      spark.stop();
    }
    StringBuilder sets = new StringBuilder();
    for (Problem p : problems(root.resolve("data"))) {
      sets.append("- **").append(p.name()).append("** (").append(p.task().name().toLowerCase(Locale.ROOT))
          .append("): ").append(p.description()).append('\n');
    }
    String report = "# Model quality: the default solver against em and dlib (issue 17)\n\n"
        + String.format("Each set over %d seeded splits (seeds 1 to %d). spark-rvm: `RvmEstimator` with family, "
            + "solver and γ set and standardization off (the files are already scaled), every other param at its "
            + "default, on %s. dlib: `rvm_trainer` / `rvm_regression_trainer` (one-vs-one over `rvm_trainer` for "
            + "several classes) at their defaults, with the same RBF kernel exp(−γ‖a − b‖²), on the same CSV files. "
            + "Test error (classification) or test MSE (regression): mean over the splits (smallest – largest); "
            + "relevance vectors likewise (dlib: distinct training rows kept over all its binary functions). "
            + "\"log ML fast − em\" is the mean difference of the final log marginal likelihoods (positive: fast "
            + "found the higher evidence). Bars (issue 17): error at most each peer's + 0.5 points (regression: "
            + "MSE at most 1.05 × each peer's), vectors at most 1.25 × the smaller peer's + 2.%n%n", splits, splits,
            master)
        + sets
        + "\nCommand: `benchmarks/dlib/build.sh && mvn -B -q -pl benchmarks exec:exec@quality` (arguments: SPLITS "
        + "SETS MASTER; SETS a comma-separated list or all)\n\n## Machine\n\n" + Machine.describe()
        + "- dlib: Debian's libdlib-dev 19.24, one thread\n"
        + "\n## Results\n\n| set | fast: error or MSE | fast vectors | em: error or MSE | em vectors | dlib: "
        + "error or MSE | dlib vectors | fit s fast / em / dlib | log ML fast − em | default vs the bars |\n"
        + "|---|---|---|---|---|---|---|---|---|---|\n" + summary
        + "\n## Every split\n" + details;
    Files.writeString(Machine.result("model-quality.md"), report);
    System.out.print(report);
  }

  /**
   * Issue 42's comparison of the ways to set γ, per set over the splits: {@code fast} at γ = 1/features, {@code fast}
   * with γ unset (chosen by the evidence) and {@code fast} with γ chosen by a 3-fold {@code CrossValidator} over 8
   * values; test error or MSE, vectors, the γ chosen and the seconds of each (the evidence's fit against the
   * cross-validation's fits). Writes {@code benchmarks/target/quality/gamma-choice-SETS.md}, merged into
   * {@code results/model-quality.md} by hand beside the fast, em and dlib columns.
   *
   * @param cv whether to fit at 1/features and cross-validate too (false: the evidence's column alone, the others
   *     left empty: γ set, they do not change with the search)
   * @param raw whether to fit on the features as published (the set's raw split) with standardization unset, every
   *     fit at its default: the evidence's fit chooses it too, the fits with γ set standardise
   */
  private static void gammaChoice(int splits, String only, String master, boolean cv, boolean raw)
      throws Exception {
    Path root = DlibReference.projectRoot();
    SparkSession spark = session(master, "gamma choice");
    StringBuilder summary = new StringBuilder();
    StringBuilder details = new StringBuilder();
    try {
      for (Problem p : problems(root.resolve("data"))) {
        if (!chosen(only, p) || raw && p.raw() == null) {
          continue;
        }
        double[][] loss = new double[3][splits];
        double[][] vectors = new double[3][splits];
        double[][] seconds = new double[3][splits];
        double[][] gammas = new double[3][splits];
        details.append(String.format("%n### %s%n%n| split | 1/d | evidence | CV | γ evidence | γ CV | vectors 1/d / "
            + "evidence / CV | s 1/d / evidence / CV |%n|---|---|---|---|---|---|---|---|%n", p.name()));
        for (int s = 0; s < splits; s++) {
          long seed = s + 1;
          Split split = raw ? p.raw().split(seed) : p.splits().split(seed);
          int d = split.train().x()[0].length;
          double[] cvGamma = {Double.NaN};
          RvmEstimator evidence = new RvmEstimator().setFamily(p.task().family);
          if (!raw) {
            evidence.setStandardization(false);
          }
          Result none = new Result(Double.NaN, 0, Double.NaN, Double.NaN);
          RvmEstimator atOneOverD = new RvmEstimator().setFamily(p.task().family).setGamma(1.0 / d);
          if (!raw) {
            atOneOverD.setStandardization(false);
          }
          Result[] r = {cv ? sparkRvm(spark, p, split, atOneOverD) : none, null,
              cv ? crossValidated(spark, p, split, cvGamma, raw) : none};
          Fitted f = fitted(spark, split, evidence);
          RvmModel model = f.model();
          r[1] = scored(spark, p, split, model, f.seconds());
          io.github.sparkrvm.RvmTrainingSummary.GammaChoice search = model.summary().gammaChoice();
          StringBuilder tried = new StringBuilder();
          for (int k = 0; search != null && k < search.tried().length; k++) {
            tried.append(String.format(Locale.ROOT, " %.4g: %.2f (%d kept, criterion %.2f%s);", search.tried()[k],
                search.logMarginalLikelihood()[k], search.kept()[k], search.criterion()[k],
                Double.isNaN(search.heldOut()[k]) ? ""
                    : String.format(Locale.ROOT, ", held-out %.2f", search.heldOut()[k])));
          }
          // a poisson fit with gamma unset does not search (1 / features)
          System.err.printf(Locale.ROOT, "%s split %d: %s%s%n", p.name(), seed, search == null ? "no search, gamma "
              + gammaOf(model) : "gamma tried on " + search.rows() + " rows:" + tried,
              model.summary().standardizationChoice() == null ? ""
                  : "; standardization " + model.getStandardization() + " chosen by the evidence");
          gammas[0][s] = 1.0 / d;
          gammas[1][s] = gammaOf(model);
          gammas[2][s] = cvGamma[0];
          for (int k = 0; k < 3; k++) {
            loss[k][s] = r[k].loss();
            vectors[k][s] = r[k].vectors();
            seconds[k][s] = r[k].seconds();
          }
          details.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %.4g | %.4g | %d / %d / %d | %.2f / %.2f / "
              + "%.2f |%n", seed, loss(p.task(), r[0].loss()), loss(p.task(), r[1].loss()), loss(p.task(),
              r[2].loss()), gammas[1][s], gammas[2][s], r[0].vectors(), r[1].vectors(), r[2].vectors(),
              r[0].seconds(), r[1].seconds(), r[2].seconds()));
          System.err.printf(Locale.ROOT, "%s split %d: 1/d %s, evidence %s (gamma %.4g, %.1f s), CV %s (gamma %.4g, "
              + "%.1f s)%n", p.name(), seed, loss(p.task(), r[0].loss()), loss(p.task(), r[1].loss()), gammas[1][s],
              r[1].seconds(), loss(p.task(), r[2].loss()), gammas[2][s], r[2].seconds());
        }
        double best = Math.min(Spread.of(loss[0]).mean(), Spread.of(loss[2]).mean());
        double mine = Spread.of(loss[1]).mean();
        boolean within = p.task() == Task.REGRESSION ? mine <= 1.05 * best : mine <= best + 0.01;
        double ratio = Spread.of(seconds[1]).mean() / Spread.of(seconds[2]).mean();
        summary.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.3g / %.3g | %.2f / %.2f / %.2f | %.2f | %s "
            + "|%n", p.name(), cell(p.task(), loss[0], vectors[0]), cell(p.task(), loss[1], vectors[1]),
            cell(p.task(), loss[2], vectors[2]), geometricMean(gammas[1]), geometricMean(gammas[2]),
            Spread.of(seconds[0]).mean(), Spread.of(seconds[1]).mean(), Spread.of(seconds[2]).mean(), ratio,
            (within ? "within" : "**not within**") + (ratio <= 1.0 / 3 ? ", ≤ ⅓ the time" : ", **> ⅓ the time**")));
        System.err.print(summary);
      }
    } finally {
      spark.stop();
    }
    String report = String.format("# γ by the evidence against γ by cross-validation (issue 42)%n%n%d seeded splits "
        + "(seeds 1 to %d) per set, on %s, the sets and files of model-quality.md, standardization off (the files "
        + "are scaled). fast at 1/d: γ = 1/features; evidence: γ unset (the fit chooses it by the evidence); CV: "
        + "Spark's CrossValidator, 3 folds, γ over (1/d)·2^k for k = −4 … 3, accuracy or MSE, then the fit at its "
        + "best on every training row. Seconds: the whole fit (the CV's 24 fold fits and its final fit). γ columns: "
        + "geometric mean over the splits. Bar (issue 42): the evidence's mean error within 1 point (5%% MSE) of the "
        + "better of 1/d and CV, in at most a third of the CV's time.%n%n## Machine%n%n", splits, splits, master)
        + Machine.describe()
        + "\n## Results\n\n| set | fast at 1/d: error or MSE | vectors | fast, γ by the evidence | vectors | γ by "
        + "3-fold CV over 8 | vectors | γ evidence / CV | s 1/d / evidence / CV | s evidence / CV | bar |\n"
        + "|---|---|---|---|---|---|---|---|---|---|---|\n" + summary + "\n## Every split\n" + details;
    Path out = Files.createDirectories(root.resolve("benchmarks/target/quality")).resolve("gamma-choice-"
        + only.replace(',', '+') + (raw ? "-raw" : "") + ".md");
    Files.writeString(out, report);
    System.out.print(report);
  }

  private static double geometricMean(double[] v) {
    return Math.exp(Arrays.stream(v).map(Math::log).average().orElse(Double.NaN));
  }

  /**
   * Whether the evidence should choose {@code standardization} (issue 42): per classification set, on the features
   * as published (the raw split, not standardised by the harness), {@code fast} with γ unset (chosen by the
   * evidence) on the standardised features and on the features as given; the choice by the evidence is the fit of
   * the higher final log marginal likelihood, which is what a fit with both params unset keeps (RvmTraining). Test
   * error, vectors, evidence and γ of each. Writes {@code benchmarks/target/quality/standardization-choice.md},
   * merged into {@code results/model-quality.md} by hand.
   */
  private static void standardizationChoice(int splits, String only, String master) throws Exception {
    Path root = DlibReference.projectRoot();
    SparkSession spark = session(master, "standardization choice");
    StringBuilder summary = new StringBuilder();
    StringBuilder details = new StringBuilder();
    try {
      for (Problem p : problems(root.resolve("data"))) {
        if (!chosen(only, p) || p.raw() == null) {
          continue;
        }
        double[][] loss = new double[3][splits];
        double[][] vectors = new double[3][splits];
        double[] seconds = new double[2];
        int raws = 0;
        details.append(String.format("%n### %s%n%n| split | standardised: error / log ML / γ | as given: error / log "
            + "ML / γ | chosen |%n|---|---|---|---|%n", p.name()));
        for (int s = 0; s < splits; s++) {
          long seed = s + 1;
          Split split = p.raw().split(seed);
          Result[] r = new Result[2];
          double[] gamma = new double[2];
          for (int k = 0; k < 2; k++) {
            Fitted f = fitted(spark, split, new RvmEstimator().setFamily(p.task().family)
                .setStandardization(k == 0));
            RvmModel model = f.model();
            double took = f.seconds();
            r[k] = scored(spark, p, split, model, took);
            gamma[k] = gammaOf(model);
            seconds[k] += took / splits;
          }
          int kept = r[1].logEvidence() > r[0].logEvidence() ? 1 : 0;
          raws += kept;
          for (int k = 0; k < 3; k++) {
            Result x = r[k == 2 ? kept : k];
            loss[k][s] = x.loss();
            vectors[k][s] = x.vectors();
          }
          details.append(String.format(Locale.ROOT, "| %d | %s / %.2f / %.4g | %s / %.2f / %.4g | %s |%n", seed,
              loss(p.task(), r[0].loss()), r[0].logEvidence(), gamma[0], loss(p.task(), r[1].loss()),
              r[1].logEvidence(), gamma[1], kept == 1 ? "as given" : "standardised"));
          System.err.printf(Locale.ROOT, "%s split %d: standardised %s (log ML %.2f), as given %s (log ML %.2f)%n",
              p.name(), seed, loss(p.task(), r[0].loss()), r[0].logEvidence(), loss(p.task(), r[1].loss()),
              r[1].logEvidence());
        }
        summary.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %d of %d | %.2f / %.2f |%n", p.name(),
            cell(p.task(), loss[0], vectors[0]), cell(p.task(), loss[1], vectors[1]),
            cell(p.task(), loss[2], vectors[2]), raws, splits, seconds[0], seconds[1]));
        System.err.print(summary);
      }
    } finally {
      spark.stop();
    }
    String report = String.format("# standardization by the evidence (issue 42)%n%n%d seeded splits (seeds 1 to %d) "
        + "per classification set of model-quality.md, on %s, on the features as published (not standardised by the "
        + "harness); fast, γ unset (chosen by the evidence), standardization true and false; the evidence's choice "
        + "is the fit of the higher final log marginal likelihood.%n%n## Machine%n%n", splits, splits, master)
        + Machine.describe()
        + "\n## Results\n\n| set | standardised: error | vectors | as given: error | vectors | chosen by the evidence: "
        + "error | vectors | as given chosen | fit s standardised / as given |\n|---|---|---|---|---|---|---|---|---|\n"
        + summary + "\n## Every split\n" + details;
    Path out = Files.createDirectories(root.resolve("benchmarks/target/quality")).resolve("standardization-choice.md");
    Files.writeString(out, report);
    System.out.print(report);
  }

  /**
   * The evidence and the test error over a fixed grid of γ, each fit cold (γ set): per set and split, {@code fast} at
   * γ = (1/d)·2^k for k = −6 … 6 on the files of the γ columns (standardization off), with the largest γ the search
   * allows ({@code basis.KernelReach}), the final log marginal likelihood, the relevance vectors and the test error or
   * MSE of each; one line per fit (tab-separated) in {@code benchmarks/target/quality/gamma-grid.tsv}, the material
   * for comparing ways of choosing γ from the evidence over many splits without refitting (issue 42). γ beyond twice
   * the largest the search allows are left out.
   */
  private static void gammaGrid(int splits, String only, String master) throws Exception {
    Path root = DlibReference.projectRoot();
    SparkSession spark = session(master, "gamma grid");
    Path out = Files.createDirectories(root.resolve("benchmarks/target/quality")).resolve("gamma-grid-"
        + only.replace(',', '+') + ".tsv");
    StringBuilder lines = new StringBuilder("set\ttask\tsplit\tk\tgamma\tlargest\tlogML\tvectors\tloss\tseconds"
        + "\tnoisePrecision\titerations\tlooLogDensity\ttrainSquares\tleverage\tlooSquares\n");
    try {
      for (Problem p : problems(root.resolve("data"))) {
        if (!chosen(only, p)) {
          continue;
        }
        for (int s = 0; s < splits; s++) {
          long seed = s + 1;
          Split split = p.splits().split(seed);
          int d = split.train().x()[0].length;
          double largest = io.github.sparkrvm.basis.KernelReach.largestGamma("rbf", List.of(block(split.train())),
              flat(split.train()), d);
          for (int k = -6; k <= 6; k++) {
            double gamma = Math.scalb(1.0 / d, k);
            if (gamma > 2 * largest) {
              continue; // beyond the search's reach (a gaussian fit there can meet non-finite values)
            }
            Fitted f = fitted(spark, split, new RvmEstimator().setFamily(p.task().family).setGamma(gamma)
                .setStandardization(false).setCalibrateVariance(false));
            RvmModel model = f.model();
            double took = f.seconds();
            Result r = scored(spark, p, split, model, took);
            double[] loo = p.task() == Task.REGRESSION ? leaveOneOut(model, split.train())
                : new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
            String line = String.format(Locale.ROOT, "%s\t%s\t%d\t%d\t%.6g\t%.6g\t%.6f\t%d\t%.6g\t%.3f\t%.6g\t%d"
                + "\t%.6f\t%.6g\t%.6g\t%.6g%n", p.name(), p.task().family, seed, k, gamma, largest, r.logEvidence(),
                r.vectors(), r.loss(), took, model.fittedNoisePrecision(), model.summary().iterations(), loo[0],
                loo[1], loo[2], loo[3]);
            lines.append(line);
            System.err.print(line);
          }
          Files.writeString(out, lines);
        }
      }
    } finally {
      spark.stop();
    }
  }

  /**
   * {@return of a gaussian model (its variance uncalibrated: 1/β + φᵀΣφ) on its training rows: the leave-one-out
   * log density at its hyperparameters ({@code statistics.LeaveOneOutDensity}), the training residuals' squares, the
   * leverages' sum Σ β φᵢᵀΣφᵢ (the effective degrees of freedom) and the leave-one-out residuals' squares Σ
   * ((tᵢ − yᵢ)/(1 − hᵢ))²: the material for comparing criteria for γ (log density, GCV, PRESS)}
   */
  private static double[] leaveOneOut(RvmModel model, Table train) {
    double beta = model.fittedNoisePrecision();
    double[] out = new double[4];
    for (int i = 0; i < train.size(); i++) {
      org.apache.spark.ml.linalg.Vector x = org.apache.spark.ml.linalg.Vectors.dense(train.x()[i]);
      double y = model.predict(x);
      double s2 = model.predictVariance(x) - 1.0 / beta;
      double e = train.t()[i] - y;
      double h = beta * s2;
      out[0] += io.github.sparkrvm.statistics.LeaveOneOutDensity.ofRow(train.t()[i], y, s2, beta);
      out[1] += e * e;
      out[2] += h;
      out[3] += e * e / ((1.0 - h) * (1.0 - h));
    }
    return out;
  }

  /** {@return the table's features as one block} */
  private static io.github.sparkrvm.basis.RowBlock block(Table t) {
    return io.github.sparkrvm.basis.RowBlock.unweighted(t.size(), t.x()[0].length, flat(t), t.t().clone());
  }

  /** {@return the table's features, row-major} */
  private static double[] flat(Table t) {
    return Arrays.stream(t.x()).flatMapToDouble(Arrays::stream).toArray();
  }
}
