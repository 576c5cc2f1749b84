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
import io.github.sparkrvm.benchmarks.ModelQuality.Split;
import io.github.sparkrvm.datasets.Datasets;
import io.github.sparkrvm.datasets.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * How often the gaussian RVM's predictive intervals hold the test targets: the 68.3% (±1σ) and 95% (±1.96σ)
 * intervals of the predictive variance 1/β + φᵀΣφ, over seeded splits of the regression sets (the test targets
 * carry the data's noise), with the decomposition of the test error into the noise 1/β and the model's φᵀΣφ.
 *
 * <p>Two checks on the training rows beside it. The leave-one-out residuals with α and β held at the fit's values:
 * a gaussian RVM is a linear smoother with hat matrix H = βΦΣΦᵀ, so row i's is eᵢ/(1 − hᵢᵢ), hᵢᵢ = β φᵢᵀΣφᵢ, with
 * the predictive variance 1/β + φᵢᵀΣφᵢ/(1 − hᵢᵢ), and trace(H) = Σγ. At the evidence's optimum in β their mean
 * squared standardised value comes out near 1 whatever the test data say, so it cannot see what the choice of α
 * itself fitted to the noise. The 5-fold check refits α and β without each fifth of the rows (rows i mod 5) and
 * standardises that fifth's residuals by the refit's own predictive variance: the mean z², a scale for the variance,
 * which the estimator applies with {@code calibrateVariance} true (its default): "after" in the tables, beside the
 * same fit with the param false ("before"). The two fits keep the same relevance vectors and weights (checked).
 */
public final class IntervalCoverage {
  private IntervalCoverage() {}

  static final double Z68 = 1.0;
  static final double Z95 = 1.959963984540054;

  record Problem(String name, double gamma, String description, LongFunction<Split> splits) {}

  /** One split's figures. */
  record Outcome(double cover68, double cover95, double meanZ2, double testMse, double noise, double modelVar,
      double looZ2, double effective, int vectors, double varianceScale, double after68, double after95) {}

  static List<Problem> problems(Path data) {
    Table diabetes = Datasets.diabetes(data);
    List<Problem> problems = new ArrayList<>();
    problems.add(new Problem("diabetes", 1.0 / 10, "diabetes progression (442 × 10): 295 training rows, 147 test, "
        + "features standardised on the training rows, raw targets, γ = 1/10",
        seed -> ModelQuality.shuffleSplit(diabetes, 295, seed, true)));
    problems.add(new Problem("sinc", 0.25, "Tipping's sinc: 100 training rows, x uniform on [−10, 10], noise "
        + "σ = 0.1; 1000 test points on a grid with the same noise; raw x, γ = 0.25",
        seed -> ModelQuality.sinc(seed, 0.1)));
    problems.add(new Problem("friedman-2", 1.0 / 4, "Friedman #2: 240 training and 1000 test rows, both with "
        + "noise σ = 126; inputs standardised on the training rows, γ = 1/4",
        seed -> ModelQuality.friedman(seed, true, true)));
    problems.add(new Problem("friedman-3", 1.0 / 4, "Friedman #3: 240 training and 1000 test rows, both with "
        + "noise σ = 0.105; inputs standardised on the training rows, γ = 1/4",
        seed -> ModelQuality.friedman(seed, false, true)));
    return problems;
  }

  static Outcome measure(SparkSession spark, Problem p, Split split, String solver) {
    Dataset<Row> train = split.train().frame(spark, 2).cache();
    RvmEstimator estimator = new RvmEstimator().setFamily("gaussian").setGamma(p.gamma()).setStandardization(false)
        .setSolver(solver);
    RvmModel model = estimator.copy(org.apache.spark.ml.param.ParamMap.empty()).setCalibrateVariance(false)
        .fit(train);
    RvmModel calibrated = estimator.copy(org.apache.spark.ml.param.ParamMap.empty()).setCalibrateVariance(true)
        .fit(train);
    train.unpersist();
    if (calibrated.numRelevanceVectors() != model.numRelevanceVectors()
        || !java.util.Arrays.equals(calibrated.weights().toArray(), model.weights().toArray())) {
      throw new IllegalStateException(p.name() + ": calibrateVariance changed the model's relevance vectors");
    }
    double beta = model.fittedNoisePrecision();
    Table tr = split.train();
    int n = tr.size();
    double effective = 0.0;
    double[] residual = new double[n];
    double[] leverage = new double[n];
    for (int i = 0; i < n; i++) {
      double v = model.predictVariance(Vectors.dense(tr.x()[i])) - 1.0 / beta;
      leverage[i] = beta * v;
      effective += leverage[i];
      residual[i] = tr.t()[i] - model.predict(Vectors.dense(tr.x()[i]));
    }
    double looZ2 = 0.0;
    for (int i = 0; i < n; i++) {
      double h = leverage[i];
      double e = residual[i] / (1.0 - h);
      looZ2 += e * e / (1.0 / beta + (h / beta) / (1.0 - h)) / n;
    }
    Table te = split.test();
    int cin68 = 0;
    int cin95 = 0;
    for (int i = 0; i < te.size(); i++) {
      double e = te.t()[i] - calibrated.predict(Vectors.dense(te.x()[i]));
      double var = calibrated.predictVariance(Vectors.dense(te.x()[i]));
      cin68 += e * e / var <= Z68 * Z68 ? 1 : 0;
      cin95 += e * e / var <= Z95 * Z95 ? 1 : 0;
    }
    int in68 = 0;
    int in95 = 0;
    double z2sum = 0.0;
    double mse = 0.0;
    double modelVar = 0.0;
    for (int i = 0; i < te.size(); i++) {
      double mean = model.predict(Vectors.dense(te.x()[i]));
      double var = model.predictVariance(Vectors.dense(te.x()[i]));
      double e = te.t()[i] - mean;
      double z2 = e * e / var;
      in68 += z2 <= Z68 * Z68 ? 1 : 0;
      in95 += z2 <= Z95 * Z95 ? 1 : 0;
      z2sum += z2;
      mse += e * e;
      modelVar += var - 1.0 / beta;
    }
    int m = te.size();
    return new Outcome((double) in68 / m, (double) in95 / m, z2sum / m, mse / m, 1.0 / beta, modelVar / m,
        looZ2, effective, model.numRelevanceVectors(), calibrated.varianceScale(), (double) cin68 / m,
        (double) cin95 / m);
  }

  public static void main(String[] args) throws IOException {
    int splits = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    String only = args.length > 1 ? args[1] : "all";
    Path root = DlibReference.projectRoot();
    Path out = root.resolve(args.length > 2 ? args[2] : "benchmarks/results/interval-coverage.md");
    String solver = args.length > 3 ? args[3] : "fast";
    SparkSession spark = SparkSession.builder().master("local[2]").appName("spark-rvm benchmark: interval coverage")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.sql.shuffle.partitions", "2").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    StringBuilder summary = new StringBuilder();
    StringBuilder details = new StringBuilder();
    try {
      for (Problem p : problems(root.resolve("data"))) {
        if (!only.equals("all") && !List.of(only.split(",")).contains(p.name())) {
          continue;
        }
        details.append(String.format("%n### %s%n%n%s%n%n| split | 68%% | 95%% | mean z² | test MSE | 1/β | mean "
            + "φᵀΣφ | LOO z² | Σγ | vectors | variance scale | after: 68%% | after: 95%% |%n"
            + "|---|---|---|---|---|---|---|---|---|---|---|---|---|%n", p.name(), p.description()));
        double[] sums = new double[6];
        for (int s = 1; s <= splits; s++) {
          Outcome o = measure(spark, p, p.splits().apply(s), solver);
          sums[0] += o.cover68() / splits;
          sums[1] += o.cover95() / splits;
          sums[2] += o.meanZ2() / splits;
          sums[3] += o.looZ2() / splits;
          sums[4] += o.after68() / splits;
          sums[5] += o.after95() / splits;
          details.append(String.format(Locale.ROOT, "| %d | %.1f%% | %.1f%% | %.3f | %.4g | %.4g | %.4g | %.3f | "
              + "%.1f | %d | %.3f | %.1f%% | %.1f%% |%n", s, 100 * o.cover68(), 100 * o.cover95(), o.meanZ2(),
              o.testMse(), o.noise(), o.modelVar(), o.looZ2(), o.effective(), o.vectors(), o.varianceScale(),
              100 * o.after68(), 100 * o.after95()));
          System.err.printf(Locale.ROOT, "%s split %d: 68%% %.3f 95%% %.3f z² %.3f; variance scale %.3f: %.3f %.3f%n",
              p.name(), s, o.cover68(), o.cover95(), o.meanZ2(), o.varianceScale(), o.after68(), o.after95());
        }
        summary.append(String.format(Locale.ROOT, "| %s | %.1f%% | %.1f%% | %.3f | %.3f | %.1f%% | %.1f%% |%n",
            p.name(), 100 * sums[0], 100 * sums[1], sums[2], sums[3], 100 * sums[4], 100 * sums[5]));
      }
    } finally {
      spark.stop();
    }
    String text = "# Predictive intervals of the gaussian RVM: how often they cover\n\n"
        + "Each set over " + splits + " seeded splits; `RvmEstimator` (family gaussian, `" + solver + "`, γ as "
        + "given, standardization off), local[2], fitted twice: `calibrateVariance` false (\"before\": the variance "
        + "of type-II maximum likelihood) and true (\"after\": the default since issue 42; the same relevance vectors "
        + "and weights, checked). An interval is mean ± z·√(1/β + φᵀΣφ), z = 1 (68.3%) or 1.96 (95%). "
        + "Mean z² is the mean squared standardised test residual (1 when the variance is right). LOO z² is the "
        + "same mean for the leave-one-out residuals of the training rows with α and β held, eᵢ/(1 − hᵢᵢ) against "
        + "1/β + φᵢᵀΣφᵢ/(1 − hᵢᵢ), hᵢᵢ = βφᵢᵀΣφᵢ; Σγ = trace(βΦΣΦᵀ); all of the \"before\" fit. The variance "
        + "scale is the \"after\" fit's (its varianceScale): the mean z² of the training rows "
        + "each predicted by a fit on the other four fifths (rows i mod 5).\n\n"
        + "Command: `mvn -B -q -pl benchmarks exec:exec@coverage` (arguments: SPLITS SETS OUTPUT SOLVER)\n\n"
        + Machine.describe() + "\n## Means over the splits\n\n"
        + "| set | before: 68.3% interval | before: 95% interval | mean z² | LOO z² | after: 68.3% | after: 95% |\n"
        + "|---|---|---|---|---|---|---|\n"
        + summary + "\n## Every split\n" + details;
    Files.writeString(out, text);
    System.out.print(text);
  }
}
