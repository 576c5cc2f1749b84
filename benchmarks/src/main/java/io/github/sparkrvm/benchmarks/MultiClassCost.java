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
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * What a K-class fit costs against K binary ones (issue 20: "the softmax fast solver's statistics and steps for K
 * classes cost no more than K binary fits would"): all ten digits (UCI optical digits, 8×8 pixels, seeded 60/40
 * splits as {@code DigitsTest}), RBF γ = 0.001 on the raw pixels, maxBasis 200, solver fast, on local[2]. Per split:
 * the softmax as the defaults run it (maxAddsPerStep 0: two paths, one and two adds per step, the higher evidence
 * kept), the softmax with one add per step (one path), and one-vs-rest with {@code parallelism} 1 (the ten binary
 * fits one after another: their summed cost) — fit and CPU seconds, test error, relevance vectors. Writes
 * {@code benchmarks/results/multiclass-cost.md}.
 *
 * <p>Run: {@code mvn -B -q -pl benchmarks -am -DskipTests package exec:exec@multiclass}; argument (optional): the
 * split seeds (default 42 and 1 to 9).
 */
public final class MultiClassCost {

  private MultiClassCost() {}

  private record Run(long seed, String fit, double seconds, double cpuSeconds, double testError, int vectors) {}

  public static void main(String[] args) throws Exception {
    String[] seeds = (args.length > 0 ? args[0] : "42,1,2,3,4,5,6,7,8,9").split(",");
    Table all = Datasets.digits();
    SparkSession spark = GridData.spark("multi-class cost");
    try {
      // warm-up, untimed
      Table[] warm = all.split(0.3, 99);
      estimator("softmax").setMaxIter(20).fit(warm[0].frame(spark, 2));
      estimator("ovr").setMaxIter(20).fit(warm[0].frame(spark, 2));
      List<Run> runs = new ArrayList<>();
      for (String s : seeds) {
        long seed = Long.parseLong(s.trim());
        Table[] split = all.split(0.6, seed);
        Dataset<Row> train = split[0].frame(spark, 2).cache();
        Dataset<Row> test = split[1].frame(spark, 2).cache();
        train.count();
        test.count();
        runs.add(run(seed, "softmax, maxAddsPerStep 0 (auto: two paths)", estimator("softmax"), train, test));
        runs.add(run(seed, "softmax, maxAddsPerStep 1 (one path)", estimator("softmax").setMaxAddsPerStep(1), train,
            test));
        runs.add(run(seed, "ovr, parallelism 1 (10 binary fits in turn)", estimator("ovr").setParallelism(1), train,
            test));
        train.unpersist();
        test.unpersist();
      }
      String report = report(runs, all.size());
      Files.writeString(Machine.result("multiclass-cost.md"), report);
      System.out.print(report);
    } finally {
      spark.stop();
    }
  }

  private static RvmEstimator estimator(String strategy) {
    return new RvmEstimator().setFamily("multinomial").setMultiClassStrategy(strategy).setGamma(0.001)
        .setStandardization(false).setMaxBasis(200);
  }

  private static Run run(long seed, String name, RvmEstimator estimator, Dataset<Row> train, Dataset<Row> test) {
    Machine.Timed<RvmModel> fit = Machine.timed(() -> estimator.fit(train));
    double error = 1.0 - new MulticlassClassificationEvaluator().setMetricName("accuracy")
        .evaluate(fit.value().transform(test));
    Run run = new Run(seed, name, fit.seconds(), fit.cpuSeconds(), error, fit.value().numRelevanceVectors());
    System.out.println(run);
    return run;
  }

  private static String report(List<Run> runs, int rows) {
    StringBuilder r = new StringBuilder("# A ten-class fit against ten binary fits\n\n")
        .append("All ten digits (").append(rows).append(" rows, 8×8 pixels; seeded 60/40 splits), multinomial, "
            + "RBF γ = 0.001 on the raw pixels, maxBasis 200, solver fast, local[2]; the softmax with the automatic "
            + "maxAddsPerStep (two paths on this size, the higher evidence kept) and with one add per step, and "
            + "one-vs-rest with parallelism 1 (its ten binary fits in turn: their summed cost). CPU seconds of the "
            + "whole JVM over the fit. See `MultiClassCost`' javadoc.\n\nCommand: `mvn -B -q -pl benchmarks -am "
            + "-DskipTests package exec:exec@multiclass`\n\n## Machine\n\n")
        .append(Machine.describe())
        .append("\n## Results\n\n| split seed | fit | fit seconds | CPU seconds | test error | relevance vectors |\n"
            + "|---|---|---|---|---|---|\n");
    for (Run run : runs) {
      r.append(String.format("| %d | %s | %.1f | %.1f | %.2f%% | %d |%n", run.seed(), run.fit(), run.seconds(),
          run.cpuSeconds(), 100 * run.testError(), run.vectors()));
    }
    r.append("\n## Means over the splits\n\n| fit | fit seconds | CPU seconds | × one-vs-rest's CPU | test error | "
        + "relevance vectors |\n|---|---|---|---|---|---|\n");
    List<String> fits = runs.stream().map(Run::fit).distinct().toList();
    double ovrCpu = mean(runs, fits.get(fits.size() - 1), Run::cpuSeconds);
    for (String fit : fits) {
      double cpu = mean(runs, fit, Run::cpuSeconds);
      r.append(String.format("| %s | %.1f | %.1f | %.2f | %.2f%% | %.1f |%n", fit, mean(runs, fit, Run::seconds), cpu,
          cpu / ovrCpu, 100 * mean(runs, fit, Run::testError), mean(runs, fit, x -> x.vectors())));
    }
    return r.toString();
  }

  private static double mean(List<Run> runs, String fit, java.util.function.ToDoubleFunction<Run> of) {
    return runs.stream().filter(r -> r.fit().equals(fit)).mapToDouble(of).average().orElse(Double.NaN);
  }
}
