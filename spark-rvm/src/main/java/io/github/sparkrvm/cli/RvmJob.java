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

package io.github.sparkrvm.cli;

import static org.apache.spark.ml.functions.vector_to_array;

import io.github.sparkrvm.RvmEstimator;
import io.github.sparkrvm.RvmModel;
import io.github.sparkrvm.RvmTrainingSummary;
import io.github.sparkrvm.cli.DataInput.Columns;
import io.github.sparkrvm.cli.DataInput.Format;
import io.github.sparkrvm.cli.DataInput.Purpose;
import io.github.sparkrvm.cli.DataInput.Table;
import io.github.sparkrvm.distributed.InvalidInputException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.spark.SparkConf;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntArrayParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code spark-submit} job: {@code train}, {@code predict} and {@code evaluate} (see {@link Usage} or
 * {@code --help}). Results go to stdout, ending with one JSON line; a problem is one line on stderr starting
 * {@code spark-rvm: }, with exit status 2 for a bad command line or input (then nothing is written) and 1 for
 * any other failure.
 */
public final class RvmJob {

  private static final Logger LOG = LoggerFactory.getLogger(RvmJob.class);
  private static final String PREFIX = "spark-rvm: ";
  private static final List<String> TRAIN_OPTIONS = List.of("input", "model", "format", "overwrite");
  private static final List<String> PREDICT_OPTIONS =
      List.of("model", "input", "output", "format", "label-col", "features-col", "overwrite");
  private static final List<String> EVALUATE_OPTIONS =
      List.of("model", "input", "format", "label-col", "features-col");
  private static final Set<String> FLAGS = Set.of("overwrite");
  private static final String PREDICTION = "__spark_rvm_prediction";
  private static final String PROBABILITY = "__spark_rvm_probability";
  private static final String RAW = "__spark_rvm_raw";
  private static final String VARIANCE = "__spark_rvm_variance";

  private RvmJob() {}

  /**
   * Runs one command and exits: 0 done, 2 bad command line or input, 1 another failure.
   *
   * @param args the command and its options (see {@code --help})
   */
  public static void main(String[] args) {
    SparkSession spark = wantsHelp(args) ? null : session();
    int status;
    try {
      status = run(args, System.out, System.err, spark);
    } finally {
      if (spark != null) {
        spark.stop();
      }
    }
    System.exit(status);
  }

  /** The session of spark-submit's master, or a local one when no master is configured. */
  private static SparkSession session() {
    SparkSession.Builder builder = SparkSession.builder().appName("spark-rvm");
    if (!new SparkConf().contains("spark.master")) {
      builder.master("local[*]");
    }
    return builder.getOrCreate();
  }

  /**
   * Runs one command and returns the exit status: 0 done, 2 bad command line or input, 1 another failure. Never
   * exits the JVM nor stops the session ({@code spark} may be null for {@code --help}).
   *
   * @param spark the session
   * @param args the command and its options
   * @param out where the JSON line and progress go
   * @param err where errors go
   * @return the exit status
   */
  public static int run(String[] args, PrintStream out, PrintStream err, SparkSession spark) {
    try {
      if (wantsHelp(args)) {
        out.print(Usage.text());
        return 0;
      }
      switch (args[0]) {
        case "train" -> train(args, out, spark);
        case "predict" -> predict(args, out, spark);
        case "evaluate" -> evaluate(args, out, spark);
        default -> throw new BadInputException((args[0].startsWith("-") ? "the first argument must be a command"
            : "unknown command '" + args[0] + "'") + ": use train, predict or evaluate (--help for the usage)");
      }
      return 0;
    } catch (BadInputException e) {
      return fail(err, 2, e.getMessage());
    } catch (Exception | LinkageError e) {
      InvalidInputException input = InvalidInputException.findIn(e);
      if (input != null) {
        return fail(err, 2, input.getMessage());
      }
      LOG.error("spark-rvm failed", e);
      return fail(err, 1, "failed: " + describe(e));
    } finally {
      out.flush();
      err.flush();
    }
  }

  private static boolean wantsHelp(String[] args) {
    return args.length == 0 || Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h");
  }

  private static int fail(PrintStream err, int status, String message) {
    err.println(PREFIX + oneLine(message));
    return status;
  }

  // ---- train ----

  private static void train(String[] args, PrintStream out, SparkSession spark) {
    Options options = Options.parse("train", args, FLAGS);
    RvmEstimator estimator = new RvmEstimator();
    for (String name : options.names()) {
      if (!TRAIN_OPTIONS.contains(name)) {
        setParam(estimator, name, options.get(name, null));
      }
    }
    String input = options.required("input");
    String modelPath = options.required("model");
    Format format = DataInput.format(options.get("format", null), input);
    boolean overwrite = options.flag("overwrite");
    requireNew(spark, modelPath, "--model", overwrite);
    if (DataInput.samePath(spark, input, modelPath)) {
      throw new BadInputException("--model '" + modelPath + "' is the --input path");
    }

    Dataset<Row> raw = DataInput.load(spark, format, input, -1);
    Table table = DataInput.prepare(raw, format, new Columns(Purpose.TRAIN, estimator.getLabelCol(),
        estimator.getWeightCol(), estimator.getFeaturesCol(), options.has("features-col"), -1), input);
    estimator.setFeaturesCol(table.featuresCol());
    estimator.setProgressListener(r -> {
      out.println(String.format(Locale.ROOT, "iteration %d: log marginal likelihood %.2f, %d basis functions",
          r.iteration(), r.logMarginalLikelihood(), r.activeBasis()));
      out.flush();
    });
    RvmModel model;
    try {
      model = estimator.fit(table.data());
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
    write(spark, modelPath, () -> {
      try {
        (overwrite ? model.write().overwrite() : model.write()).session(spark).save(modelPath);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    RvmTrainingSummary summary = model.summary();
    out.println(new JsonLine().put("rows", summary.numRows()).put("relevanceVectors", model.numRelevanceVectors())
        .put("iterations", summary.iterations()).put("converged", summary.converged())
        .put("fitSeconds", Math.round(summary.fitSeconds() * 1000.0) / 1000.0));
  }

  /** Sets the estimator param of the kebab-case option {@code --name}, parsing the value by the param's type. */
  @SuppressWarnings("unchecked")
  private static void setParam(RvmEstimator estimator, String option, String value) {
    Param<?> match = paramOf(estimator, option);
    if (match == null) {
      List<String> known = new ArrayList<>(TRAIN_OPTIONS);
      for (Param<?> p : estimator.params()) {
        known.add(Options.kebab(p.name()));
      }
      throw new BadInputException("unknown option --" + option + " for train: it is neither a train option nor an "
          + "RvmEstimator param" + Options.suggestion(option, known) + "; --help lists the options and params");
    }
    Param<Object> param = (Param<Object>) match;
    Object parsed = parse(param, option, value);
    try {
      estimator.set(param, parsed);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("invalid value '" + value + "' for --" + option + ": " + param.doc(), e);
    }
  }

  /** {@return the estimator param whose kebab-case name is {@code option}, or null} */
  private static Param<?> paramOf(RvmEstimator estimator, String option) {
    for (Param<?> p : estimator.params()) {
      if (Options.kebab(p.name()).equals(option)) {
        return p;
      }
    }
    return null;
  }

  private static Object parse(Param<?> param, String option, String value) {
    String v = value.trim();
    try {
      if (param instanceof DoubleParam) {
        return Double.parseDouble(v);
      }
      if (param instanceof IntParam) {
        return Integer.parseInt(v);
      }
      if (param instanceof LongParam) {
        return Long.parseLong(v);
      }
      if (param instanceof IntArrayParam) {
        return java.util.Arrays.stream(v.split(",")).mapToInt(x -> Integer.parseInt(x.trim())).toArray();
      }
    } catch (NumberFormatException e) {
      throw new BadInputException("invalid value '" + value + "' for --" + option + " (" + Usage.placeholder(param)
          + " expected): " + param.doc());
    }
    if (param instanceof BooleanParam) {
      if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
        return Boolean.parseBoolean(v);
      }
      throw new BadInputException("invalid value '" + value + "' for --" + option + " (true or false expected): "
          + param.doc());
    }
    if (param.getClass() == Param.class) {
      return value;
    }
    throw new BadInputException("param --" + option + " cannot be set from the command line");
  }

  // ---- predict ----

  private static void predict(String[] args, PrintStream out, SparkSession spark) {
    Options options = Options.parse("predict", args, FLAGS);
    requireKnown(options, PREDICT_OPTIONS);
    String modelPath = options.required("model");
    String input = options.required("input");
    String output = options.required("output");
    Format format = DataInput.format(options.get("format", null), input);
    boolean overwrite = options.flag("overwrite");
    requireNew(spark, output, "--output", overwrite);
    if (DataInput.samePath(spark, input, output) || DataInput.samePath(spark, modelPath, output)) {
      throw new BadInputException("--output '" + output + "' is the --input or --model path");
    }
    RvmModel model = loadModel(spark, modelPath);
    Table table = prepare(spark, options, model, format, input, Purpose.PREDICT);
    model.setFeaturesCol(table.featuresCol());
    Dataset<Row> scored = transform(model, table.data());

    Format outputFormat = format == Format.LIBSVM ? Format.PARQUET : format;
    Dataset<Row> written = scored;
    if (outputFormat == Format.CSV) {
      List<Column> columns = new ArrayList<>();
      for (String c : table.inputColumns()) {
        columns.add(DataInput.quoted(c));
      }
      columns.add(DataInput.quoted(model.getPredictionCol()));
      if (model.isBernoulli() && !model.getProbabilityCol().isEmpty()) {
        columns.add(vector_to_array(DataInput.quoted(model.getProbabilityCol()), "float64").getItem(1)
            .as(model.getProbabilityCol()));
      } else if (!model.isBernoulli() && !model.getVarianceCol().isEmpty()) {
        columns.add(DataInput.quoted(model.getVarianceCol()));
      }
      written = scored.select(columns.toArray(new Column[0]));
    }
    DataFrameWriter<Row> writer = written.write().mode(overwrite ? SaveMode.Overwrite : SaveMode.ErrorIfExists);
    write(spark, output, () -> {
      if (outputFormat == Format.CSV) {
        writer.option("header", "true").csv(output);
      } else {
        writer.parquet(output);
      }
    });
    long rows = outputFormat == Format.CSV
        ? spark.read().option("header", "true").csv(output).count()
        : spark.read().parquet(output).count();
    out.println(new JsonLine().put("rows", rows).put("output", output));
  }

  // ---- evaluate ----

  private static void evaluate(String[] args, PrintStream out, SparkSession spark) {
    Options options = Options.parse("evaluate", args, FLAGS);
    requireKnown(options, EVALUATE_OPTIONS);
    String modelPath = options.required("model");
    String input = options.required("input");
    Format format = DataInput.format(options.get("format", null), input);
    RvmModel model = loadModel(spark, modelPath);
    Table table = prepare(spark, options, model, format, input, Purpose.EVALUATE);
    String label = table.labelCol();
    if (model.isBernoulli()) {
      DataInput.requireBinaryLabels(table, label, input);
    }
    model.setFeaturesCol(table.featuresCol()).setPredictionCol(PREDICTION);
    List<Column> kept = new ArrayList<>(List.of(DataInput.quoted(label), DataInput.quoted(PREDICTION)));
    if (model.isBernoulli()) {
      model.setProbabilityCol(PROBABILITY).setRawPredictionCol(RAW);
      kept.add(DataInput.quoted(PROBABILITY));
      kept.add(DataInput.quoted(RAW));
    } else {
      model.setVarianceCol(VARIANCE);
    }
    Dataset<Row> scored = transform(model, table.data()).select(kept.toArray(new Column[0]))
        .persist(StorageLevel.MEMORY_AND_DISK());
    try {
      long rows = scored.count();
      if (rows == 0) {
        throw new BadInputException("'" + input + "' has no rows to evaluate on");
      }
      JsonLine json = new JsonLine().put("rows", rows);
      if (model.isBernoulli()) {
        MulticlassClassificationEvaluator multiclass = new MulticlassClassificationEvaluator().setLabelCol(label)
            .setPredictionCol(PREDICTION).setProbabilityCol(PROBABILITY);
        double accuracy = multiclass.setMetricName("accuracy").evaluate(scored);
        double logLoss = multiclass.setMetricName("logLoss").evaluate(scored);
        double auc = new BinaryClassificationEvaluator().setLabelCol(label).setRawPredictionCol(RAW)
            .setMetricName("areaUnderROC").evaluate(scored);
        json.put("accuracy", accuracy).put("error", 1.0 - accuracy).put("logLoss", logLoss).put("auc", auc);
      } else {
        RegressionEvaluator regression = new RegressionEvaluator().setLabelCol(label).setPredictionCol(PREDICTION);
        for (String metric : List.of("rmse", "mse", "mae", "r2")) {
          json.put(metric, regression.setMetricName(metric).evaluate(scored));
        }
      }
      out.println(json);
    } finally {
      scored.unpersist(false);
    }
  }

  // ---- shared ----

  /** Reads the input of predict or evaluate; the column names default to the model's (LibSVM: label, features). */
  private static Table prepare(SparkSession spark, Options options, RvmModel model, Format format, String input,
      Purpose purpose) {
    boolean libsvm = format == Format.LIBSVM;
    String label = options.get("label-col", libsvm ? "label" : model.getLabelCol());
    String features = options.get("features-col", libsvm ? "features" : model.getFeaturesCol());
    Dataset<Row> raw = DataInput.load(spark, format, input, model.numFeatures());
    return DataInput.prepare(raw, format, new Columns(purpose, label, model.getWeightCol(), features,
        options.has("features-col"), model.numFeatures()), input);
  }

  private static Dataset<Row> transform(RvmModel model, Dataset<Row> data) {
    try {
      return model.transform(data);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  private static RvmModel loadModel(SparkSession spark, String path) {
    if (!DataInput.exists(spark, path, false)) {
      throw new BadInputException("model '" + path + "' (--model) does not exist");
    }
    try {
      return RvmModel.read().session(spark).load(path);
    } catch (Exception e) {
      throw new BadInputException("cannot load an RVM model from '" + path + "' (--model): " + oneLine(e), e);
    }
  }

  private static void requireKnown(Options options, List<String> known) {
    RvmEstimator params = new RvmEstimator();
    for (String name : options.names()) {
      if (!known.contains(name)) {
        String hint = paramOf(params, name) != null
            ? ": --" + name + " is a training param, given to train and saved in the model"
            : Options.suggestion(name, known);
        throw new BadInputException("unknown option --" + name + " for " + options.command() + hint
            + "; the options of " + options.command() + " are --" + String.join(", --", known));
      }
    }
  }

  private static void requireNew(SparkSession spark, String path, String option, boolean overwrite) {
    if (!overwrite && DataInput.exists(spark, path, false)) {
      throw new BadInputException(option + " '" + path + "' already exists: give --overwrite to replace it");
    }
  }

  /** Runs a write; when it fails, removes what it left at a path that did not exist before. */
  private static void write(SparkSession spark, String path, Runnable action) {
    boolean existed = DataInput.exists(spark, path, false);
    try {
      action.run();
    } catch (Exception e) { // also the checked SparkException that Scala code throws undeclared
      if (!existed) {
        DataInput.deleteQuietly(spark, path);
      }
      throw e;
    }
  }

  /** {@return the first line of the throwable's message (its class when there is none)} */
  static String oneLine(Throwable t) {
    String message = t.getMessage();
    return message == null || message.isBlank() ? t.getClass().getSimpleName() : firstLine(message);
  }

  private static String firstLine(String message) {
    for (String line : message.split("\\R")) {
      if (!line.isBlank()) {
        return line.trim();
      }
    }
    return message.trim();
  }

  private static String oneLine(String message) {
    return message == null ? "(no message)" : message.trim().replaceAll("\\s*\\R\\s*", " ");
  }

  /** The failure and its root cause, on one line. */
  private static String describe(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String text = t.getClass().getSimpleName() + ": " + oneLine(t);
    if (root != t) {
      text += " (caused by " + root.getClass().getSimpleName() + ": " + oneLine(root) + ")";
    }
    return text + "; the driver log has the stack trace";
  }
}
