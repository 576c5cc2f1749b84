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
 * The ten-class softmax at the size of the USPS digits (issue 20: "the 7,291 × 256, 10-class softmax fit in under
 * 120 s at a test error no worse than today's", and "the softmax fast solver's statistics and steps for K classes
 * cost no more than K binary fits would"): the MNIST digits shrunk to 16×16 of {@code data/mnist16/} (7,291 training
 * and 2,007 test rows, 256 grey levels 0–255; see {@code data/README.md}), RBF γ = 1.5e-6 on the raw grey levels
 * (γ times the median squared distance between two digits is about 2.4, as γ = 0.001 is on the 8×8 UCI digits of
 * {@link MultiClassCost}), maxBasis 1000, solver fast, on local[2]. Per split, the fits named in the second argument:
 * {@code auto} the softmax as the defaults run it (maxAddsPerStep 0), {@code 1} and {@code 2} the softmax with that
 * many adds per step, {@code ovr} one-vs-rest with parallelism 1 (its ten binary fits one after another: the "K
 * binary fits" yardstick) — fit seconds, CPU seconds of the JVM, steps, passes, relevance vectors, test error and the
 * final log marginal likelihood (one-vs-rest: that of its last class). Writes
 * {@code benchmarks/results/softmax-scale.md}.
 *
 * <p>Run: {@code mvn -B -q -pl benchmarks -am -DskipTests package exec:exec@softmaxscale}, which starts the JVM with
 * netlib's Java BLAS and LAPACK ({@code -Ddev.ludovic.netlib.blas.nativeLib=none}, as in {@code blas-backends.md}) so
 * that the numbers compare across machines. Arguments (optional, {@code -Dbenchmark.args="..."}): the splits (default
 * {@code 0}: the shipped train/test files; a seed s &gt; 0 redraws 7,291 training rows of all 9,298 with
 * {@link Table#split}); the fits (default {@code ovr,1,auto}); the most seconds a fit may take (default 900: past it
 * the report is written with the fits done so far and a line saying which fit was stopped, and the JVM exits); a
 * name for the results file (default {@code softmax-scale.md}).
 */
public final class SoftmaxScale {

  private SoftmaxScale() {}

  /** γ of the RBF kernel on the grey levels 0–255. */
  static final double GAMMA = 1.5e-6;

  private record Run(long split, String fit, double seconds, double cpuSeconds, int steps, int passes, int vectors,
      double testError, double logEvidence) {}

  public static void main(String[] args) throws Exception {
    String[] splits = (args.length > 0 ? args[0] : "0").split(",");
    String[] fits = (args.length > 1 ? args[1] : "ovr,1,auto").split(",");
    double limit = args.length > 2 ? Double.parseDouble(args[2]) : 900.0;
    String file = args.length > 3 ? args[3] : "softmax-scale.md";
    Table train0 = Datasets.mnist16("train");
    Table test0 = Datasets.mnist16("test");
    SparkSession spark = GridData.spark("softmax at scale");
    List<Run> runs = new ArrayList<>();
    try {
      // warm-up, untimed: a small fit of each kind
      Table warm = train0.split(0.05, 99)[0];
      estimator("auto").setMaxIter(10).fit(warm.frame(spark, 2));
      estimator("ovr").setMaxIter(10).fit(warm.frame(spark, 2));
      for (String s : splits) {
        long split = Long.parseLong(s.trim());
        Table[] parts = split == 0 ? new Table[] {train0, test0} : concat(train0, test0).split(
            (double) train0.size() / (train0.size() + test0.size()), split);
        Dataset<Row> train = parts[0].frame(spark, 2).cache();
        Dataset<Row> test = parts[1].frame(spark, 2).cache();
        train.count();
        test.count();
        for (String fit : fits) {
          runs.add(run(split, fit.trim(), train, test, limit, runs, parts[0].size(), file));
        }
        train.unpersist();
        test.unpersist();
      }
      write(runs, train0.size(), file, null);
    } finally {
      spark.stop();
    }
  }

  private static Table concat(Table a, Table b) {
    double[][] x = new double[a.size() + b.size()][];
    double[] t = new double[x.length];
    System.arraycopy(a.x(), 0, x, 0, a.size());
    System.arraycopy(b.x(), 0, x, a.size(), b.size());
    System.arraycopy(a.t(), 0, t, 0, a.size());
    System.arraycopy(b.t(), 0, t, a.size(), b.size());
    return new Table(x, t);
  }

  private static String describe(String fit) {
    return switch (fit) {
      case "auto" -> "softmax, maxAddsPerStep 0 (auto)";
      case "ovr" -> "ovr, parallelism 1 (10 binary fits in turn)";
      default -> "softmax, maxAddsPerStep " + fit;
    };
  }

  private static RvmEstimator estimator(String fit) {
    RvmEstimator e = new RvmEstimator().setFamily("multinomial").setSolver("fast").setGamma(GAMMA)
        .setStandardization(false).setMaxBasis(1000);
    return switch (fit) {
      case "auto" -> e.setMultiClassStrategy("softmax").setMaxAddsPerStep(0);
      case "ovr" -> e.setMultiClassStrategy("ovr").setParallelism(1);
      default -> e.setMultiClassStrategy("softmax").setMaxAddsPerStep(Integer.parseInt(fit));
    };
  }

  private static Run run(long split, String fit, Dataset<Row> train, Dataset<Row> test, double limit, List<Run> done,
      int rows, String file) throws Exception {
    long t0 = System.nanoTime();
    Thread watchdog = new Thread(() -> {
      try {
        Thread.sleep((long) (limit * 1000));
        write(done, rows, file, String.format("split %d, %s: stopped after %.0f s (the limit), not finished", split,
            describe(fit), (System.nanoTime() - t0) / 1e9));
        System.err.println("stopped: " + describe(fit) + " took more than " + limit + " s");
        Runtime.getRuntime().halt(2);
      } catch (InterruptedException e) {
        // the fit finished in time
      } catch (Exception e) {
        e.printStackTrace();
        Runtime.getRuntime().halt(3);
      }
    });
    watchdog.setDaemon(true);
    watchdog.start();
    RvmEstimator estimator = estimator(fit).setProgressListener(report -> {
      if (report.iteration() % 25 == 0) {
        System.err.printf("  %s step %d: %d active, log evidence %.2f, %.1f s%n", fit, report.iteration(),
            report.activeBasis(), report.logMarginalLikelihood(), (System.nanoTime() - t0) / 1e9);
      }
    });
    Machine.Timed<RvmModel> timed = Machine.timed(() -> estimator.fit(train));
    watchdog.interrupt();
    RvmModel model = timed.value();
    double error = 1.0 - new MulticlassClassificationEvaluator().setMetricName("accuracy")
        .evaluate(model.transform(test));
    double[] history = model.summary().logMarginalLikelihood();
    Run run = new Run(split, describe(fit), timed.seconds(), timed.cpuSeconds(), model.summary().iterations(),
        model.summary().dataPasses(), model.numRelevanceVectors(), error, history[history.length - 1]);
    System.out.println(run);
    return run;
  }

  private static synchronized void write(List<Run> runs, int rows, String file, String stopped) throws Exception {
    StringBuilder r = new StringBuilder("# The ten-class softmax at the USPS digits' size\n\n")
        .append("MNIST digits shrunk to 16×16 (`data/mnist16/`: ").append(rows).append(" training rows × 256 grey "
            + "levels 0–255, 2,007 test rows; split 0 is the shipped one, split s > 0 redraws 7,291 training rows of "
            + "all 9,298 with seed s), family multinomial, solver fast, RBF γ = ").append(GAMMA)
        .append(" on the raw grey levels, standardization off, maxBasis 1000, local[2], netlib's Java BLAS. "
            + "CPU seconds of the whole JVM over the fit. Steps: the solver's iterations (both paths' with "
            + "maxAddsPerStep 0 when it follows two); log evidence: the final log marginal likelihood (one-vs-rest: "
            + "its last class'). See `SoftmaxScale`' javadoc.\n\nCommand: `mvn -B -q -pl benchmarks -am -DskipTests "
            + "package exec:exec@softmaxscale`\n\n## Machine\n\n")
        .append(Machine.describe())
        .append("\n## Results\n\n| split | fit | fit seconds | CPU seconds | steps | passes | relevance vectors | "
            + "test error | log evidence |\n|---|---|---|---|---|---|---|---|---|\n");
    for (Run run : runs) {
      r.append(String.format("| %d | %s | %.1f | %.1f | %d | %d | %d | %.2f%% | %.1f |%n", run.split(), run.fit(),
          run.seconds(), run.cpuSeconds(), run.steps(), run.passes(), run.vectors(), 100 * run.testError(),
          run.logEvidence()));
    }
    if (stopped != null) {
      r.append("\n").append(stopped).append("\n");
    }
    Files.writeString(Machine.result(file), r.toString());
    System.out.print(r);
  }
}
