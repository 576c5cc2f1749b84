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
import io.github.sparkrvm.datasets.ClassPrototypeFeatures;
import io.github.sparkrvm.datasets.Datasets;
import io.github.sparkrvm.datasets.Table;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Class-specific features (Zhang &amp; Malik 2005, appendix A.1) on the ten UCI optical digits: each image is
 * matched against one prototype per class (the class-mean image of the training rows), region by region (16 regions
 * of 2 × 2 pixels), which gives R = 16 distances per class and K·R = 160 features. Over seeded 60/40 splits it fits
 * the multinomial linear RVM with {@code classFeatureBlocks} 16 (class p scores with its own 16 distances only;
 * solvers fast and em) and the plain softmax on the same 160 features (every class on every feature; solver fast),
 * and writes {@code benchmarks/results/digits-class-specific.md}: the test error, the (class, feature) pairs kept and
 * the fit time of each, their means over the splits, and how often each class kept each of its regions.
 *
 * <p>Usage: {@code DigitsClassSpecific [digits.csv.gz] [splits] [master]}.
 */
public final class DigitsClassSpecific {

  /** The digits' image side and the regions' side: 8 × 8 pixels in 16 regions of 2 × 2. */
  static final int SIDE = 8;
  static final int REGION = 2;
  static final int CLASSES = 10;

  private DigitsClassSpecific() {}

  /** One fit on one split. */
  record Fit(String model, long seed, double error, int pairs, int[] perClass, int iterations, boolean converged,
      double seconds) {}

  public static void main(String[] args) throws IOException {
    Path data = Path.of(args.length > 0 ? args[0] : "data/digits/digits.csv.gz");
    int splits = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    String master = args.length > 2 ? args[2] : "local[2]";
    SparkSession spark = SparkSession.builder().master(master).appName("spark-rvm: digits class-specific features")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.sql.shuffle.partitions", "4")
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      Table all = Datasets.digits(data);
      List<Fit> fits = new ArrayList<>();
      int regions = (SIDE / REGION) * (SIDE / REGION);
      int[][] keptCount = new int[CLASSES][regions];
      int trainRows = 0;
      int testRows = 0;
      for (long seed = 1; seed <= splits; seed++) {
        Table[] split = all.split(0.6, seed);
        ClassPrototypeFeatures features = ClassPrototypeFeatures.fit(split[0], CLASSES, SIDE, REGION);
        Dataset<Row> train = features.transform(split[0]).frame(spark, 2).cache();
        Dataset<Row> test = features.transform(split[1]).frame(spark, 2).cache();
        trainRows = split[0].size();
        testRows = split[1].size();
        for (String model : new String[] {"class-specific, fast", "class-specific, em", "plain softmax, fast"}) {
          RvmEstimator rvm = new RvmEstimator().setFamily("multinomial").setKernel("linear")
              .setSolver(model.endsWith("em") ? "em" : "fast");
          if (model.startsWith("class-specific")) {
            rvm.setClassFeatureBlocks(regions);
          }
          RvmModel m = rvm.fit(train);
          double error = 1.0 - new MulticlassClassificationEvaluator().setMetricName("accuracy")
              .evaluate(m.transform(test));
          int[] perClass = new int[CLASSES];
          int pairs = 0;
          for (int k = 0; k < CLASSES; k++) {
            perClass[k] = m.classRelevantFeatures(k).length;
            pairs += perClass[k];
            if (model.equals("class-specific, fast")) {
              for (int f : m.classRelevantFeatures(k)) {
                keptCount[k][f - k * regions]++;
              }
            }
          }
          Fit fit = new Fit(model, seed, error, pairs, perClass, m.summary().iterations(), m.summary().converged(),
              m.summary().fitSeconds());
          fits.add(fit);
          System.out.printf(Locale.ROOT, "split %d, %s: test error %.2f%%, %d (class, feature) pairs, %d "
              + "iterations, %.1f s%n", seed, model, 100 * error, pairs, fit.iterations(), fit.seconds());
        }
        train.unpersist();
        test.unpersist();
      }
      String report = report(fits, keptCount, splits, trainRows, testRows, master, regions);
      Path out = Machine.result("digits-class-specific.md");
      Files.writeString(out, report, StandardCharsets.UTF_8);
      System.out.println(report);
      System.out.println("written to " + out);
    } finally {
      spark.stop();
    }
  }

  private static String report(List<Fit> fits, int[][] keptCount, int splits, int trainRows, int testRows,
      String master, int regions) {
    StringBuilder s = new StringBuilder();
    s.append("# Class-specific features on the digits (Zhang & Malik 2005, appendix A.1)\n\n");
    s.append("Written by `io.github.sparkrvm.benchmarks.DigitsClassSpecific` (see `benchmarks/README.md`):\n\n```\n"
        + "mvn -B -q -pl benchmarks exec:exec@classblocks   # -Dbenchmark.args=\"data/digits/digits.csv.gz "
        + splits + "\"\n```\n\n");
    s.append(String.format(Locale.ROOT, "Data: the UCI optical digits (`data/digits`), all ten classes: 1797 rows of "
        + "8 × 8 pixels; %d seeded 60/40 splits (seeds 1–%d): %d training and %d test rows each.%n%n", splits,
        splits, trainRows, testRows));
    s.append("Features (`io.github.sparkrvm.datasets.ClassPrototypeFeatures`): one prototype per class, its mean "
        + "image over the split's training rows; the image is cut into 16 regions of 2 × 2 pixels, and feature "
        + "(p, r) is the Euclidean distance between the image and prototype p over region r. So each image has "
        + "R = 16 features per class, 160 in all, in 10 blocks of 16.\n\n");
    s.append("Models: `RvmEstimator` with family `multinomial` (softmax), kernel `linear`, standardised features, a "
        + "bias, the scale-free prior; one α per (class, feature).\n\n"
        + "- class-specific: `classFeatureBlocks` 16, so class p's score is w_pᵀφ⁽ᵖ⁾(x) + b_p over its own 16 "
        + "distances: at most 10 × 17 = 170 (class, feature) pairs;\n"
        + "- plain softmax: every class on all 160 features (10 × 161 = 1610 pairs). Solver em on it (a 1610 × 1610 "
        + "Hessian a step) is left out for time.\n\n");
    s.append("Machine:\n\n").append(Machine.describe()).append(String.format("- Spark master `%s`%n%n", master));
    s.append("## Means over the splits\n\n");
    s.append("| model | test error | (class, feature) pairs kept | iterations | fit seconds |\n");
    s.append("|---|---:|---:|---:|---:|\n");
    for (String model : new String[] {"class-specific, fast", "class-specific, em", "plain softmax, fast"}) {
      List<Fit> of = fits.stream().filter(f -> f.model().equals(model)).toList();
      s.append(String.format(Locale.ROOT, "| %s | %.2f%% | %.1f | %.1f | %.1f |%n", model,
          100 * of.stream().mapToDouble(Fit::error).average().orElse(Double.NaN),
          of.stream().mapToInt(Fit::pairs).average().orElse(Double.NaN),
          of.stream().mapToInt(Fit::iterations).average().orElse(Double.NaN),
          of.stream().mapToDouble(Fit::seconds).average().orElse(Double.NaN)));
    }
    s.append("\n## Every split\n\n");
    s.append("| split | model | test error | pairs | features kept per class (digits 0–9) | iterations | "
        + "converged | seconds |\n|---:|---|---:|---:|---|---:|---|---:|\n");
    for (Fit f : fits) {
      StringBuilder per = new StringBuilder();
      for (int k : f.perClass()) {
        per.append(per.length() == 0 ? "" : " ").append(k);
      }
      s.append(String.format(Locale.ROOT, "| %d | %s | %.2f%% | %d | %s | %d | %s | %.1f |%n", f.seed(), f.model(),
          100 * f.error(), f.pairs(), per, f.iterations(), f.converged() ? "yes" : "no", f.seconds()));
    }
    s.append(String.format(Locale.ROOT, "%n## Regions each class keeps (class-specific, fast)%n%n"
        + "For each digit, its 4 × 4 grid of 2 × 2-pixel regions: how many of the %d splits kept the distance to "
        + "that digit's prototype over that region (`.`: none).%n%n```%n", splits));
    int perSide = SIDE / REGION;
    for (int row0 = 0; row0 < CLASSES; row0 += 5) {
      StringBuilder head = new StringBuilder();
      for (int k = row0; k < row0 + 5; k++) {
        head.append(String.format(Locale.ROOT, "%-12s", "digit " + k));
      }
      s.append(head.toString().stripTrailing()).append('\n');
      for (int r = 0; r < perSide; r++) {
        StringBuilder line = new StringBuilder();
        for (int k = row0; k < row0 + 5; k++) {
          for (int c = 0; c < perSide; c++) {
            int n = keptCount[k][r * perSide + c];
            line.append(n == 0 ? "." : Integer.toString(n)).append(' ');
          }
          line.append("    ");
        }
        s.append(line.toString().stripTrailing()).append('\n');
      }
      s.append('\n');
    }
    s.append("```\n");
    return s.toString();
  }
}
