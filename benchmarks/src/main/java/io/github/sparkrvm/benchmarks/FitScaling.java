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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

/**
 * Fit time against the number of training rows as a new user meets it, the default estimator on the
 * ESL mixture (Hastie, Tibshirani &amp; Friedman, §2.3: each class a mixture of ten Gaussians N(mᵢ, I/5) around the
 * means of {@code data/esl_mixture/means.csv}; the draw of {@code Datasets.eslMixtureSample}): family bernoulli,
 * kernel rbf with γ = 1 on the standardised features (standardization is on by default), the default solver (fast),
 * maxBasis (1000), maxAddsPerStep (auto) and maxDriverDesignSizeInMB, on {@code local[2]}. The rows are drawn on the
 * executors (8 partitions, a seeded generator per row), so the driver never holds them, and cached before the fit;
 * the test error is on 5,000 fresh rows. Per size: which path the fit took (driver: the rows collected once, the
 * design expanded and every step run there; cluster: every likelihood evaluation a Spark pass over the cached row
 * blocks) and the maxAddsPerStep it resolved, both read from the fit plan's log, then fit seconds, seconds per 10⁴
 * rows, passes, steps, relevance vectors, test error and the final log marginal likelihood. Writes
 * {@code benchmarks/results/fit-scaling.md} (or the file named by the fifth argument).
 *
 * <p>Run: {@code mvn -B -q -pl benchmarks -am -DskipTests package exec:exec@fitscaling}, or with {@code java -Xmx8g}
 * and the flags of {@code spark.jvm.flags} on the module's classpath; arguments (all optional, in order): the sizes
 * (default 1000,4000,16000,64000,256000,1000000), the master (default local[2]), the values of maxAddsPerStep to
 * run at each size (default 0, the automatic choice; e.g. 0,4,16), maxDriverDesignSizeInMB ("default" keeps the
 * estimator's; 0 makes every fit pass over the cluster), the results file's name under {@code benchmarks/results},
 * the sizes at which dlib's {@code rvm_trainer} (the single-machine reference of {@link DlibReference}, one core) fits
 * the same rows too (default none; e.g. 1000,4000,16000; it needs {@code benchmarks/dlib/build.sh}), and how many
 * CPU seconds dlib may use before it is stopped (default 600; or 4 times that of wall clock), and how many draws of
 * the training rows to fit at each size (default 1; with more, the report adds each size's means over its draws: at
 * scale the path a fit takes, and so its time, turns on the draw; draw d, counted from 0, is {@link #data} with the
 * seed {@link #drawSeed}). For dlib the training rows and the test rows are collected to the driver, standardised as
 * the estimator does (centred on the training rows' means, divided by their population standard deviations) and
 * written as CSV files; dlib fits them with the same kernel exp(−‖a − b‖²), so both see the same kernel on the same
 * rows, one after the other in the same run.
 */
public final class FitScaling {

  /** The test rows. */
  private static final int TEST_ROWS = 5_000;

  /** The partitions of the training rows. */
  private static final int PARTITIONS = 8;

  private static final StructType SCHEMA = new StructType().add("features", SQLDataTypes.VectorType())
      .add("label", DataTypes.DoubleType);

  private FitScaling() {}

  /**
   * {@code rows} seeded draws of the ESL mixture, generated on the executors: row i from its own generator (seed,
   * i), a class with probability ½, one of its ten means at random, then x ~ N(mean, I/5).
   */
  static Dataset<Row> data(SparkSession spark, double[][] means, long rows, long seed, int partitions) {
    double sd = Datasets.ESL_SPREAD;
    JavaRDD<Row> rdd = spark.range(0, rows, 1, partitions).toJavaRDD().map(id -> {
      SplittableRandom random = new SplittableRandom(seed * 1_000_003L + id);
      int label = random.nextInt(2);
      double[] centre = means[10 * label + random.nextInt(10)];
      double x0 = centre[0] + sd * Datasets.gaussian(random);
      double x1 = centre[1] + sd * Datasets.gaussian(random);
      return RowFactory.create(Vectors.dense(x0, x1), (double) label);
    });
    return spark.createDataFrame(rdd, SCHEMA);
  }

  /**
   * {@return the seed of the training rows' draw {@code draw} (counted from 0): 1, 17, 33, …} Row i of a draw comes
   * from the generator (seed · 1,000,003 + i), so draws 16 seeds apart share no row up to 16 million rows, and none
   * after the first shares a row with the test rows (seed 2) or the warm-up's (seed 3). The first draw's rows from
   * the 1,000,004th on are those of seeds 2 and 3: above 1,000,003 rows its training rows hold the 5,000 test rows.
   */
  static long drawSeed(int draw) {
    return 1 + 16L * draw;
  }

  /** One fit: its size, its draw, the maxAddsPerStep asked for, what the plan chose, and what it gave. */
  private record Run(long rows, int draw, String asked, String path, String adds, double seconds, double cpuSeconds, int passes,
      int iterations, boolean converged, int vectors, double testError, double logMarginalLikelihood) {}

  /** dlib's fit of one size: its result, or empty when it was stopped after {@code timeoutSeconds} of CPU time. */
  private record DlibRun(long rows, Optional<DlibReference.Result> result, long timeoutSeconds) {}

  /** Keeps the fit plan's log lines (INFO), which name the path and the resolved maxAddsPerStep. */
  private static final class PlanLog extends AbstractAppender {

    private final List<String> lines = new CopyOnWriteArrayList<>();

    private PlanLog() {
      super("fit-scaling-plan", null, null, true, Property.EMPTY_ARRAY);
    }

    /** Attaches a new one to the logger of io.github.sparkrvm.FitPlan at INFO (the console keeps its own level). */
    static PlanLog attach() {
      PlanLog log = new PlanLog();
      log.start();
      LoggerContext context = (LoggerContext) LogManager.getContext(false);
      Configuration config = context.getConfiguration();
      config.addAppender(log);
      LoggerConfig logger = new LoggerConfig("io.github.sparkrvm.FitPlan", Level.INFO, false);
      logger.addAppender(log, Level.INFO, null);
      config.addLogger("io.github.sparkrvm.FitPlan", logger);
      context.updateLoggers();
      return log;
    }

    @Override
    public void append(LogEvent event) {
      lines.add(event.getMessage().getFormattedMessage());
    }

    void clear() {
      lines.clear();
    }

    /**
     * driver or cluster, and "at scale" with the pilot's rows when the plan runs the fit at scale, from the plan's line
     * on the expanded design ("?" when it logged none).
     */
    String path() {
      Pattern pilot = Pattern.compile("a pilot fit on a sample of about (\\d+) rows");
      for (String line : lines) {
        if (line.contains("expanded design takes")) {
          String where = line.contains("built on the driver") ? "driver" : "cluster";
          Matcher m = pilot.matcher(line);
          return !line.contains("at scale") ? where
              : where + ", at scale" + (m.find() ? String.format(" (pilot %,d)", Long.parseLong(m.group(1))) : "");
        }
      }
      return "?";
    }

    /** The maxAddsPerStep the plan resolved ("?" when it logged none). */
    String adds() {
      Pattern p = Pattern.compile("adds up to (\\d+) basis function");
      for (String line : lines) {
        Matcher m = p.matcher(line);
        if (m.find()) {
          return m.group(1);
        }
      }
      return "?";
    }

    /** Every line, for the console. */
    List<String> lines() {
      return List.copyOf(lines);
    }
  }

  public static void main(String[] args) throws Exception {
    String[] sizes = (args.length > 0 ? args[0] : "1000,4000,16000,64000,256000,1000000").split(",");
    String master = args.length > 1 ? args[1] : "local[2]";
    String[] addsPerStep = (args.length > 2 ? args[2] : "0").split(",");
    Double driverDesignMiB = args.length > 3 && !"default".equals(args[3]) ? Double.valueOf(args[3]) : null;
    String resultName = args.length > 4 ? args[4] : "fit-scaling.md";
    Set<Long> dlibSizes = new TreeSet<>();
    if (args.length > 5 && !"none".equals(args[5])) {
      for (String size : args[5].split(",")) {
        dlibSizes.add(Long.parseLong(size.trim()));
      }
    }
    long dlibTimeout = args.length > 6 ? Long.parseLong(args[6]) : 600;
    int draws = args.length > 7 ? Integer.parseInt(args[7]) : 1;
    if (draws < 1 || draws > 1 && !dlibSizes.isEmpty()) {
      throw new IllegalArgumentException("the draws (eighth argument) must be at least 1, and 1 when dlib fits too "
          + "(sixth argument); got " + draws);
    }
    Path root = DlibReference.projectRoot();
    Path dlib = dlibSizes.isEmpty() ? null : DlibReference.binary(root);
    if (!dlibSizes.isEmpty() && dlib == null) {
      throw new IllegalStateException("dlib sizes " + dlibSizes + " were asked for (sixth argument) but "
          + "benchmarks/target/dlib/rvm-reference is not built: run benchmarks/dlib/build.sh (it needs Debian's "
          + "libdlib-dev) or pass none");
    }
    double[][] means = Datasets.eslMixtureMeans(Datasets.eslMixtureDir());
    SparkSession spark = GridData.spark("fit scaling", master);
    PlanLog plan = PlanLog.attach();
    try {
      Dataset<Row> test = data(spark, means, TEST_ROWS, 2, 2).persist(StorageLevel.MEMORY_AND_DISK());
      test.count();
      Table testRows = dlibSizes.isEmpty() ? null : collect(test);
      MulticlassClassificationEvaluator accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy");
      // warm-up, untimed: one small fit so that the first size does not pay the JIT alone
      estimator().setMaxBasis(100).fit(data(spark, means, 2_000, 3, 2));
      List<Run> runs = new ArrayList<>();
      List<DlibRun> dlibRuns = new ArrayList<>();
      for (String size : sizes) {
        long rows = Long.parseLong(size.trim());
        for (int draw = 0; draw < draws; draw++) {
          Dataset<Row> train = data(spark, means, rows, drawSeed(draw), PARTITIONS)
              .persist(StorageLevel.MEMORY_AND_DISK());
          train.count();
          for (String a : addsPerStep) {
            RvmEstimator estimator = estimator().setMaxAddsPerStep(Integer.parseInt(a.trim()));
            if (driverDesignMiB != null) {
              estimator.setMaxDriverDesignSizeInMB(driverDesignMiB);
            }
            plan.clear();
            Machine.Timed<RvmModel> fit = Machine.timed(() -> estimator.fit(train));
            RvmModel model = fit.value();
            double error = 1.0 - accuracy.evaluate(model.transform(test));
            double[] history = model.summary().logMarginalLikelihood();
            Run run = new Run(rows, draw, a.trim(), plan.path(), plan.adds(), fit.seconds(), fit.cpuSeconds(),
                model.summary().dataPasses(), model.summary().iterations(), model.summary().converged(),
                model.numRelevanceVectors(), error, history[history.length - 1]);
            runs.add(run);
            plan.lines().forEach(line -> System.out.println("  plan: " + line));
            System.out.printf("N=%,d draw %d maxAddsPerStep=%s: %s%n", rows, draw, a.trim(), run);
          }
          if (dlibSizes.contains(rows)) {
            Table trainRows = collect(train);
            Path dir = Files.createDirectories(root.resolve("benchmarks/target/fit-scaling/" + rows));
            Path trainCsv = dir.resolve("train.csv");
            Path testCsv = dir.resolve("test.csv");
            FeatureStandardisation scaling = FeatureStandardisation.of(trainRows);
            DlibReference.writeCsv(scaling.apply(trainRows), trainCsv);
            DlibReference.writeCsv(scaling.apply(testRows), testCsv);
            DlibRun run = new DlibRun(rows, DlibReference.run(dlib, "binary", GAMMA, trainCsv, testCsv, dlibTimeout),
                dlibTimeout);
            dlibRuns.add(run);
            System.out.printf("N=%,d dlib: %s%n", rows, run);
          }
          train.unpersist();
        }
      }
      Files.writeString(Machine.result(resultName), report(runs, dlibRuns, master, driverDesignMiB));
      System.out.print(report(runs, dlibRuns, master, driverDesignMiB));
    } finally {
      spark.stop();
    }
  }

  /** The rows of a frame of (features, label), on the driver. */
  private static Table collect(Dataset<Row> rows) {
    List<Row> list = rows.select("features", "label").collectAsList();
    double[][] x = new double[list.size()][];
    double[] t = new double[list.size()];
    for (int i = 0; i < x.length; i++) {
      x[i] = ((Vector) list.get(i).get(0)).toArray();
      t[i] = list.get(i).getDouble(1);
    }
    return new Table(x, t);
  }

  /**
   * The estimator's standardization, done by hand for the dlib files: centre each feature on its mean over the
   * training rows and divide by its population standard deviation (a constant feature is only centred).
   */
  private record FeatureStandardisation(double[] mean, double[] sd) {
    static FeatureStandardisation of(Table train) {
      int d = train.x()[0].length;
      double[] mean = new double[d];
      double[] sd = new double[d];
      for (double[] row : train.x()) {
        for (int j = 0; j < d; j++) {
          mean[j] += row[j];
        }
      }
      for (int j = 0; j < d; j++) {
        mean[j] /= train.size();
      }
      for (double[] row : train.x()) {
        for (int j = 0; j < d; j++) {
          sd[j] += (row[j] - mean[j]) * (row[j] - mean[j]);
        }
      }
      for (int j = 0; j < d; j++) {
        sd[j] = Math.sqrt(sd[j] / train.size());
        sd[j] = sd[j] > 0.0 ? sd[j] : 1.0;
      }
      return new FeatureStandardisation(mean, sd);
    }

    Table apply(Table t) {
      return FeatureShift.scaled(t, mean, sd);
    }
  }

  private static String report(List<Run> runs, List<DlibRun> dlibRuns, String master, Double driverDesignMiB) {
    StringBuilder report = new StringBuilder("# Fit time against training rows: the default estimator\n\n")
        .append("The ESL mixture (each class ten Gaussians N(m, I/5) around `data/esl_mixture/means.csv`), family "
            + "bernoulli, kernel rbf with gamma 1 on the standardised features, the default solver (fast), maxBasis "
            + "(1000) and maxAddsPerStep, on ").append(master).append("; maxDriverDesignSizeInMB ")
        .append(driverDesignMiB == null ? "at its default" : String.valueOf(driverDesignMiB))
        .append("; ").append(PARTITIONS).append(" partitions drawn on the executors, cached before the fit; test "
            + "error on ").append(String.format("%,d", TEST_ROWS)).append(" fresh rows. *path*: driver (the rows "
            + "collected once, the design expanded and every step run there) or cluster (every likelihood "
            + "evaluation a pass over the cached row blocks); *at scale*: a pilot fit on a sample of the rows on the "
            + "driver, fits on samples of 8 times as many rows each, then rounds over a shortlist of candidates on "
            + "every row (issue 20); maxAddsPerStep as the fit plan resolved it; all from the plan's log.\n\nCommand: `mvn -B -q -pl benchmarks -am -DskipTests package "
            + "exec:exec@fitscaling` (see the class's javadoc for the arguments)\n\n## Machine\n\n")
        .append(Machine.describe())
        .append("\n## Results\n\n| N | draw | path | maxAddsPerStep | fit seconds | CPU seconds | seconds per 10⁴ rows "
            + "| passes | iterations | relevance vectors | test error | log marginal likelihood (Laplace) |\n"
            + "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Run r : runs) {
      report.append(String.format("| %,d | %d | %s | %s | %.1f | %.1f | %.2f | %d | %d%s | %d | %.2f%% | %.1f |%n",
          r.rows(), r.draw(), r.path(), r.adds(), r.seconds(), r.cpuSeconds(), r.seconds() / (r.rows() / 1e4),
          r.passes(), r.iterations(), r.converged() ? "" : " (not converged)", r.vectors(), 100 * r.testError(),
          r.logMarginalLikelihood()));
    }
    report.append(meansOverDraws(runs));
    Run at16k = find(runs, 16_000);
    Run at64k = find(runs, 64_000);
    if (at16k != null && at64k != null) {
      report.append(String.format("%n64,000 rows took %.1f× the 16,000-row time (target: at most 4×).%n",
          at64k.seconds() / at16k.seconds()));
    }
    if (!dlibRuns.isEmpty()) {
      report.append(dlibTable(runs, dlibRuns));
    }
    return report.toString();
  }

  /**
   * {@return each size and maxAddsPerStep asked for (the plan's choice shown) fitted on more than one draw: the means
   * over its draws of the fit seconds (with the fewest and the most), the passes, the relevance vectors and the test
   * error; empty when there are none}
   */
  private static String meansOverDraws(List<Run> runs) {
    Map<String, List<Run>> bySetting = new LinkedHashMap<>();
    for (Run r : runs) {
      bySetting.computeIfAbsent(r.rows() + " " + r.asked(), key -> new ArrayList<>()).add(r);
    }
    StringBuilder table = new StringBuilder();
    for (List<Run> group : bySetting.values()) {
      if (group.size() < 2) {
        continue;
      }
      if (table.length() == 0) {
        table.append("\n## Means over the draws\n\n| N | maxAddsPerStep | draws | fit seconds (fewest – most) "
            + "| passes | relevance vectors | test error |\n|---|---|---|---|---|---|---|\n");
      }
      DoubleSummaryStatistics seconds = group.stream().mapToDouble(Run::seconds).summaryStatistics();
      table.append(String.format("| %,d | %s | %d | %.1f (%.1f – %.1f) | %.1f | %.1f | %.2f%% |%n",
          group.get(0).rows(), group.get(0).adds(), group.size(), seconds.getAverage(), seconds.getMin(),
          seconds.getMax(), group.stream().mapToInt(Run::passes).average().orElseThrow(),
          group.stream().mapToInt(Run::vectors).average().orElseThrow(),
          100 * group.stream().mapToDouble(Run::testError).average().orElseThrow()));
    }
    return table.toString();
  }

  /** spark-rvm's first run at each size dlib fitted beside dlib's. */
  private static String dlibTable(List<Run> runs, List<DlibRun> dlibRuns) {
    StringBuilder table = new StringBuilder("\n## Against dlib\n\n")
        .append("dlib's `rvm_trainer` (Tipping & Faul's fast algorithm; Debian's libdlib-dev 19.24, one thread, "
            + "linked against the machine's `libblas.so.3`; `benchmarks/dlib/rvm_reference.cpp`) at its defaults on "
            + "the same training rows and the same ").append(String.format("%,d", TEST_ROWS))
        .append(" test rows, collected to the driver, standardised as the estimator does (training means, population "
            + "standard deviations) and written as CSV; the same kernel exp(−γ‖a − b‖²) with γ = ").append(GAMMA)
        .append(". dlib takes every training row as a candidate (spark-rvm: maxBasis 1000 of them); its fit seconds "
            + "and CPU seconds are its training alone, as it measures them; it ran after spark-rvm's fit of the "
            + "same size, in the same run. \"stopped\": it had not finished when stopped after the CPU seconds "
            + "given (or ").append(DlibReference.WALL_LIMIT_FACTOR).append(" times that of wall clock).\n\n"
            + "| N | spark-rvm fit seconds | spark-rvm CPU seconds | spark-rvm relevance vectors | spark-rvm test error "
            + "| dlib fit seconds | dlib CPU seconds | dlib relevance vectors | dlib test error |\n"
            + "|---|---|---|---|---|---|---|---|---|\n");
    for (DlibRun d : dlibRuns) {
      Run r = find(runs, d.rows());
      String dlib = d.result().map(x -> String.format("%.1f | %.1f | %d | %.2f%%", x.seconds(), x.cpuSeconds(),
          x.vectors(), 100 * x.loss())).orElse(String.format("stopped | > %d | – | –", d.timeoutSeconds()));
      table.append(String.format("| %,d | %.1f | %.1f | %d | %.2f%% | %s |%n", d.rows(), r.seconds(), r.cpuSeconds(),
          r.vectors(), 100 * r.testError(), dlib));
    }
    return table.toString();
  }

  /** The first run at this size, or null. */
  private static Run find(List<Run> runs, long rows) {
    return runs.stream().filter(r -> r.rows() == rows).findFirst().orElse(null);
  }

  /** The kernel's γ, on the standardised features. */
  private static final double GAMMA = 1.0;

  /** The estimator as a new user sets it up: only the family, the kernel and γ. */
  private static RvmEstimator estimator() {
    return new RvmEstimator().setFamily("bernoulli").setKernel("rbf").setGamma(GAMMA);
  }
}
