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
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The four-class feature-selection experiment of Zhang &amp; Malik (2005, §4.3) on the pixels of the UCI optical
 * digits: classes 3, 6, 8 and 9, the multinomial RVM with the linear kernel (one α per class and pixel), a seeded
 * 60/40 split. Writes which pixels each class keeps, and the test error against the number of pixels kept — the top
 * k by RVM relevance (1/α summed over the classes) against the top k by the univariate ANOVA F-test (the filter
 * Spark's UnivariateFeatureSelector applies to continuous features and a categorical label), each followed by the
 * same classifier (Spark's multinomial LogisticRegression), and the RVM refitted on its own top k.
 *
 * <p>Usage: {@code DigitsFeatureSelection [digits.csv.gz] [results folder] [master]}.
 */
public final class DigitsFeatureSelection {

  private static final int[] DIGITS = {3, 6, 8, 9};
  private static final int[] SIZES = {1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64};
  private static final long SPLIT_SEED = 42L;

  private DigitsFeatureSelection() {}

  public static void main(String[] args) throws IOException {
    Path data = Path.of(args.length > 0 ? args[0] : "data/digits/digits.csv.gz");
    Path results = Path.of(args.length > 1 ? args[1] : "benchmarks/results");
    String master = args.length > 2 ? args[2] : "local[2]";
    SparkSession spark = SparkSession.builder().master(master).appName("spark-rvm: digits 3/6/8/9 features")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.sql.shuffle.partitions", "4")
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      Files.createDirectories(results);
      String report = run(spark, data, master);
      Path out = results.resolve("digits-3689-feature-selection.md");
      Files.writeString(out, report, StandardCharsets.UTF_8);
      System.out.println(report);
      System.out.println("written to " + out);
    } finally {
      spark.stop();
    }
  }

  static String run(SparkSession spark, Path data, String master) throws IOException {
    Table all = Datasets.digits(data).classes(DIGITS);
    Table[] split = all.split(0.6, SPLIT_SEED);
    Dataset<Row> train = split[0].frame(spark, 2).cache();
    Dataset<Row> test = split[1].frame(spark, 2).cache();
    StringBuilder md = new StringBuilder();
    md.append("# Four-class pixel selection on the digits 3, 6, 8, 9 (Zhang & Malik 2005, §4.3)\n\n");
    md.append("Written by `io.github.sparkrvm.benchmarks.DigitsFeatureSelection` (see `benchmarks/README.md`).\n\n");
    md.append(String.format(Locale.ROOT, "Data: the UCI optical digits (`data/digits`), classes 3, 6, 8, 9 relabelled "
        + "0–3: %d rows of 64 pixels (8 × 8, intensities 0–16); a seeded 60/40 split (seed %d): %d training and %d "
        + "test rows.%n%n", all.size(), SPLIT_SEED, split[0].size(), split[1].size()));
    md.append("Model: `RvmEstimator` with family `multinomial` (softmax), kernel `linear` (one basis function per "
        + "pixel, plus a bias), standardised pixels, the scale-free prior (a = b = 0): one α per (class, pixel).\n\n");
    md.append(machine(master)).append("\n");

    long start = System.nanoTime();
    RvmModel rvm = linearRvm().fit(train);
    double fitSeconds = (System.nanoTime() - start) / 1e9;
    double rvmError = error(rvm.transform(test));
    double[] relevance = rvm.featureRelevance().toArray();
    md.append("## The fit on all 64 pixels\n\n");
    md.append(String.format(Locale.ROOT, "- test error %.2f%%; %d of 64 pixels kept by some class; %d (class, pixel) "
        + "pairs; %d iterations (%s), %d passes over the data, %.1f s%n%n", 100 * rvmError,
        rvm.numRelevanceVectors(), pairs(rvm), rvm.summary().iterations(),
        rvm.summary().converged() ? "converged" : "stopped at maxIter", rvm.summary().dataPasses(), fitSeconds));

    md.append("## Pixels kept per class\n\n");
    md.append("Each map is the 8 × 8 image: a digit 1–9 is the pixel's rank among that class' kept pixels by "
        + "relevance 1/α (1 = most relevant; `+` beyond 9), `.` a pixel the class pruned.\n\n");
    md.append("```\n");
    List<String[]> maps = new ArrayList<>();
    for (int k = 0; k < DIGITS.length; k++) {
      maps.add(map(rvm.featureRelevance(k).toArray()));
    }
    maps.add(map(relevance));
    StringBuilder header = new StringBuilder();
    for (int k = 0; k < DIGITS.length; k++) {
      header.append(String.format(Locale.ROOT, "%-18s", "digit " + DIGITS[k] + " (" + count(rvm.featureRelevance(k)
          .toArray()) + ")"));
    }
    header.append("combined (" + count(relevance) + ")");
    md.append(header.toString().stripTrailing()).append('\n');
    for (int row = 0; row < 8; row++) {
      StringBuilder line = new StringBuilder();
      for (String[] m : maps) {
        line.append(String.format(Locale.ROOT, "%-18s", m[row]));
      }
      md.append(line.toString().stripTrailing()).append('\n');
    }
    md.append("```\n\n");

    int[] rvmRanking = ranking(relevance);
    double[] f = anovaF(split[0]);
    int[] fRanking = ranking(f);
    md.append("## Test error against the number of pixels kept\n\n");
    md.append("Top k pixels by RVM relevance (1/α summed over the classes; pixels the RVM pruned, relevance 0, come "
        + "last in index order) and by the ANOVA F statistic on the training rows, each followed by Spark's "
        + "`LogisticRegression` (multinomial, regParam 1e-3, standardised); and the multinomial linear RVM refitted on "
        + "its own top k.\n\n");
    md.append("| k | RVM ranking + LR | ANOVA F ranking + LR | RVM refitted on its top k (kept pixels) |\n");
    md.append("|---:|---:|---:|---:|\n");
    StringBuilder raw = new StringBuilder("k,rvm_lr_error,anova_lr_error,rvm_refit_error,rvm_refit_kept\n");
    for (int k : SIZES) {
      int[] byRvm = top(rvmRanking, k);
      int[] byF = top(fRanking, k);
      double lrRvm = error(logistic().fit(select(train, byRvm)).transform(select(test, byRvm)));
      double lrF = error(logistic().fit(select(train, byF)).transform(select(test, byF)));
      RvmModel refit = linearRvm().fit(select(train, byRvm));
      double rvmK = error(refit.transform(select(test, byRvm)));
      md.append(String.format(Locale.ROOT, "| %d | %.2f%% | %.2f%% | %.2f%% (%d) |%n", k, 100 * lrRvm, 100 * lrF,
          100 * rvmK, refit.numRelevanceVectors()));
      raw.append(String.format(Locale.ROOT, "%d,%.6f,%.6f,%.6f,%d%n", k, lrRvm, lrF, rvmK,
          refit.numRelevanceVectors()));
      System.out.printf(Locale.ROOT, "k=%d: RVM+LR %.4f, F+LR %.4f, RVM refit %.4f%n", k, lrRvm, lrF, rvmK);
    }
    md.append("\nThe RVM's ranking first (pixel: relevance): ");
    for (int i = 0; i < Math.min(16, rvmRanking.length); i++) {
      md.append(String.format(Locale.ROOT, "%s%d (r%d c%d): %.3g", i == 0 ? "" : ", ", rvmRanking[i],
          rvmRanking[i] / 8, rvmRanking[i] % 8, relevance[rvmRanking[i]]));
    }
    md.append(".\n\nRaw figures:\n\n```\n").append(raw).append("```\n");
    md.append(String.format(Locale.ROOT, "%nTotal run time %.0f s.%n", (System.nanoTime() - start) / 1e9));
    return md.toString();
  }

  /**
   * Zhang &amp; Malik's classic re-estimation (solver em): it ranks every pixel by its α, where solver fast leaves
   * the pixels it never adds at α = ∞, unranked.
   */
  private static RvmEstimator linearRvm() {
    return new RvmEstimator().setFamily("multinomial").setKernel("linear").setSolver("em");
  }

  private static LogisticRegression logistic() {
    return new LogisticRegression().setFamily("multinomial").setRegParam(1e-3).setMaxIter(200);
  }

  private static double error(Dataset<Row> predictions) {
    return 1.0 - new MulticlassClassificationEvaluator().setMetricName("accuracy").evaluate(predictions);
  }

  private static int pairs(RvmModel model) {
    int n = 0;
    for (int k = 0; k < model.numClasses(); k++) {
      n += model.classRelevanceIndices(k).length;
    }
    return n;
  }

  private static int count(double[] relevance) {
    return (int) Arrays.stream(relevance).filter(r -> r > 0).count();
  }

  /** Rows of the 8 × 8 rank map of one relevance vector. */
  private static String[] map(double[] relevance) {
    int[] rank = new int[64];
    int[] order = ranking(relevance);
    for (int i = 0; i < order.length; i++) {
      rank[order[i]] = relevance[order[i]] > 0 ? i + 1 : 0;
    }
    String[] rows = new String[8];
    for (int r = 0; r < 8; r++) {
      StringBuilder s = new StringBuilder();
      for (int c = 0; c < 8; c++) {
        int v = rank[r * 8 + c];
        s.append(v == 0 ? '.' : v <= 9 ? (char) ('0' + v) : '+').append(' ');
      }
      rows[r] = s.toString().stripTrailing();
    }
    return rows;
  }

  /** Indices by decreasing score (NaN last), ties to the lower index. */
  static int[] ranking(double[] score) {
    return IntStream.range(0, score.length).boxed()
        .sorted(Comparator.<Integer>comparingDouble(j -> Double.isNaN(score[j]) ? Double.POSITIVE_INFINITY
            : -score[j]).thenComparingInt(j -> j))
        .mapToInt(Integer::intValue).toArray();
  }

  private static int[] top(int[] ranking, int k) {
    return Arrays.stream(ranking, 0, k).sorted().toArray();
  }

  /** The one-way ANOVA F statistic of each feature against the class (NaN for a constant feature). */
  static double[] anovaF(Table table) {
    int d = table.x()[0].length;
    int classes = DIGITS.length;
    int n = table.size();
    double[] f = new double[d];
    for (int j = 0; j < d; j++) {
      double[] sum = new double[classes];
      int[] count = new int[classes];
      double total = 0.0;
      for (int i = 0; i < n; i++) {
        int c = (int) table.t()[i];
        sum[c] += table.x()[i][j];
        count[c]++;
        total += table.x()[i][j];
      }
      double mean = total / n;
      double between = 0.0;
      for (int c = 0; c < classes; c++) {
        double m = sum[c] / count[c];
        between += count[c] * (m - mean) * (m - mean);
      }
      double within = 0.0;
      for (int i = 0; i < n; i++) {
        int c = (int) table.t()[i];
        double r = table.x()[i][j] - sum[c] / count[c];
        within += r * r;
      }
      f[j] = within > 0 ? (between / (classes - 1)) / (within / (n - classes)) : Double.NaN;
    }
    return f;
  }

  /** The rows with only the given features. */
  private static Dataset<Row> select(Dataset<Row> data, int[] features) {
    org.apache.spark.ml.feature.VectorSlicer slicer = new org.apache.spark.ml.feature.VectorSlicer()
        .setInputCol("features").setOutputCol("selected").setIndices(features);
    return slicer.transform(data).drop("features").withColumnRenamed("selected", "features");
  }

  private static String machine(String master) {
    Runtime rt = Runtime.getRuntime();
    return String.format(Locale.ROOT, "Machine: %d cores, Java %s, max heap %d MiB, Spark master `%s`, BLAS %s, "
        + "LAPACK %s; %s.%n", rt.availableProcessors(), System.getProperty("java.version"), rt.maxMemory() >> 20,
        master, dev.ludovic.netlib.blas.BLAS.getInstance().getClass().getSimpleName(),
        dev.ludovic.netlib.lapack.LAPACK.getInstance().getClass().getSimpleName(),
        ManagementFactory.getOperatingSystemMXBean().getName());
  }
}
