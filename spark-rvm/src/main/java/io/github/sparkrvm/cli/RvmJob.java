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

import io.github.sparkrvm.HasRelevanceVectors;
import io.github.sparkrvm.RvmEstimator;
import io.github.sparkrvm.RvmMetrics;
import io.github.sparkrvm.RvmModel;
import io.github.sparkrvm.RvmTrainingSummary;
import io.github.sparkrvm.cli.DataInput.Columns;
import io.github.sparkrvm.cli.DataInput.Purpose;
import io.github.sparkrvm.cli.DataInput.Table;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.util.InvalidInputException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.spark.SparkConf;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleArrayParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntArrayParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
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
  private static final List<String> TRAIN_OPTIONS =
      List.of("input", "table", "model", "format", "overwrite", "num-features", "initial-model");
  private static final List<String> PREDICT_OPTIONS = List.of("model", "input", "table", "output", "format",
      "label-col", "features-col", "overwrite", "output-format", "mode", "partition-by");
  private static final List<String> EVALUATE_OPTIONS =
      List.of("model", "input", "table", "format", "label-col", "features-col");
  private static final Set<String> FLAGS = Set.of("overwrite");

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
        case "train" -> train(args, out, err, spark);
        case "predict" -> predict(args, out, err, spark);
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

  private static void train(String[] args, PrintStream out, PrintStream err, SparkSession spark) {
    Options options = Options.parse("train", args, FLAGS);
    RvmEstimator estimator = new RvmEstimator();
    for (String name : options.names()) {
      if (!TRAIN_OPTIONS.contains(name)) {
        setParam(estimator, name, options.get(name, null));
      }
    }
    Source source = Source.of(options);
    String modelPath = options.required("model");
    boolean overwrite = options.flag("overwrite");
    int numFeatures = numFeatures(options, source);
    requireNew(spark, modelPath, "--model", overwrite);
    String initialPath = options.has("initial-model") ? options.required("initial-model") : null;
    if (initialPath != null) {
      estimator.setInitialModel(loadModel(spark, initialPath, "--initial-model"));
    }

    Dataset<Row> raw = DataInput.load(spark, source, numFeatures, "--num-features " + numFeatures);
    List<String[]> read = readPaths(source, raw);
    if (initialPath != null) {
      read.add(new String[] {initialPath, "--initial-model"});
    }
    OutputPaths.requireApart(spark, "--model", modelPath, read);
    Table table = DataInput.prepare(raw, source, new Columns(Purpose.TRAIN, estimator.getLabelCol(),
        estimator.getWeightCol(), estimator.getFeaturesCol(), options.has("features-col"), -1, List.of()));
    if (initialPath != null) {
      List<String> initialNames = Arrays.asList(estimator.getInitialModel().getFeatureNames());
      if (DataInput.reorderedFeatures(table.featureNames(), initialNames, source.describe(), initialPath)) {
        // the same features in another order: assembled in the initial model's order, as predict reads them
        table = DataInput.prepare(raw, source, new Columns(Purpose.TRAIN, estimator.getLabelCol(),
            estimator.getWeightCol(), estimator.getFeaturesCol(), options.has("features-col"), -1, initialNames));
      }
    }
    estimator.setFeaturesCol(table.featuresCol());
    String heap = String.format(Locale.ROOT, "driver: a heap of %d MiB (spark.driver.memory %s)",
        Runtime.getRuntime().maxMemory() >> 20, spark.sparkContext().getConf().get("spark.driver.memory", "not set"));
    boolean[] started = {false};
    int[] lastLine = {-1};
    estimator.setProgressListener(r -> {
      if (!started[0]) { // the first progress line, after every refusal of the input
        err.println(heap);
        started[0] = true;
      }
      lastLine[0] = r.iteration();
      err.println(String.format(Locale.ROOT, "iteration %d: log marginal likelihood %.2f, %d basis functions",
          r.iteration(), r.logMarginalLikelihood(), r.activeBasis()));
      err.flush();
    });
    // the stage of the family, Spark's classifier or regressor: the model is saved as that kind
    HasRelevanceVectors model;
    try {
      model = (HasRelevanceVectors) estimator.familyStage().fit(table.data());
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
    if (!table.featureNames().isEmpty()) {
      model.setFeatureNames(table.featureNames().toArray(new String[0]));
    }
    RvmTrainingSummary kept = model.rvmSummary();
    if (lastLine[0] >= 0 && lastLine[0] != kept.iterations() && kept.activeBasis().length > 0
        && kept.logMarginalLikelihood().length > 0) {
      // two greedy paths (or one fit per class): the last line above is not the saved model's
      err.println(String.format(Locale.ROOT, "kept: the saved model's fit, %d iterations, log marginal likelihood "
          + "%.2f, %d basis functions (the lines above include the steps of the paths or classes fitted beside it)",
          kept.iterations(), kept.logMarginalLikelihood()[kept.logMarginalLikelihood().length - 1],
          kept.activeBasis()[kept.activeBasis().length - 1]));
    }
    OutputPaths.replace(spark, "--model", modelPath, overwrite, path -> {
      try {
        ((MLWritable) model).write().session(spark).save(path);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    RvmTrainingSummary summary = model.rvmSummary();
    JsonLine line = new JsonLine().put("rows", summary.numRows()).put("relevanceVectors", model.numRelevanceVectors())
        .put("iterations", summary.iterations()).put("converged", summary.converged())
        .put("fitSeconds", Math.round(summary.fitSeconds() * 1000.0) / 1000.0);
    if (summary.warmStarted()) {
      line.put("warmStartBasis", summary.warmStartBasis());
    }
    out.println(line);
  }

  /** {@return {@code --num-features} (LibSVM input at train), or 0 when not given} */
  private static int numFeatures(Options options, Source source) {
    if (!options.has("num-features")) {
      return 0;
    }
    if (!source.libsvm()) {
      throw new BadInputException("--num-features applies to libsvm input only; " + source.describe() + " is read as "
          + (source.isTable() ? "a table" : source.format()));
    }
    String value = options.required("num-features");
    try {
      int n = Integer.parseInt(value.trim());
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadInputException("invalid value '" + value + "' for --num-features (a positive INTEGER expected): "
        + "the number of features of the libsvm input, its largest index");
  }

  /** {@return the paths the command reads, with their options: the source's path and every file it lists} */
  private static List<String[]> readPaths(Source source, Dataset<Row> raw) {
    List<String[]> read = new ArrayList<>();
    if (!source.isTable()) {
      read.add(new String[] {source.path(), "--input"});
    }
    for (String file : raw.inputFiles()) {
      read.add(new String[] {file, source.isTable() ? "a file of --table '" + source.table() + "'"
          : "the --input file"});
    }
    return read;
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
      if (param instanceof DoubleArrayParam) {
        return java.util.Arrays.stream(v.split(",")).mapToDouble(x -> Double.parseDouble(x.trim())).toArray();
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
    if (param instanceof StringArrayParam) {
      return java.util.Arrays.stream(v.split(",")).map(String::trim).toArray(String[]::new);
    }
    throw new BadInputException("param --" + option + " cannot be set from the command line");
  }

  // ---- predict ----

  private static void predict(String[] args, PrintStream out, PrintStream err, SparkSession spark) {
    Options options = Options.parse("predict", args, FLAGS);
    requireKnown(options, PREDICT_OPTIONS);
    String modelPath = options.required("model");
    Source source = Source.of(options);
    String output = options.required("output");
    SaveMode mode = saveMode(options);
    String given = options.has("output-format") ? options.required("output-format").trim().toLowerCase(Locale.ROOT)
        : null;
    String existing = mode == SaveMode.Append ? OutputPaths.existingFormat(spark, output) : null;
    if (given != null && existing != null && !given.equals(existing)) {
      throw new BadInputException("--output '" + output + "' holds " + existing + " files: --mode append cannot add "
          + given + " (--output-format) to them; append as " + existing + " (the default when appending) or write "
          + "to another --output");
    }
    String outputFormat = given != null ? given : existing != null ? existing
        : source.isTable() || source.libsvm() ? Source.PARQUET : source.format();
    if (outputFormat.equals(Source.LIBSVM)) {
      throw new BadInputException("--output-format libsvm cannot hold the predictions: use csv, parquet, orc or json");
    }
    requireNew(spark, output, "--output", mode != SaveMode.ErrorIfExists);
    OutputPaths.requireApart(spark, "--output", output, List.<String[]>of(new String[] {modelPath, "--model"}));
    RvmModel model = loadModel(spark, modelPath);
    Table table = prepare(spark, options, model, source, Purpose.PREDICT);
    OutputPaths.requireApart(spark, "--output", output, readPaths(source, table.data()));
    model.setFeaturesCol(table.featuresCol());
    Dataset<Row> scored = transform(model, table.data());

    Dataset<Row> written = outputFormat.equals(Source.CSV) ? plainColumns(model, scored, table) : scored;
    List<String> partitions = new ArrayList<>();
    if (options.has("partition-by")) {
      for (String c : options.required("partition-by").split(",")) {
        String name = c.trim();
        if (!Arrays.asList(written.columns()).contains(name)) {
          throw new BadInputException("--partition-by '" + name + "' is not a column of the output; its columns are "
              + DataInput.list(Arrays.asList(written.columns())));
        }
        partitions.add(name);
      }
    }
    if (existing != null) {
      OutputPaths.requireSameColumns(spark, output, existing, written.schema(), partitions);
    }
    if (mode == SaveMode.Ignore && DataInput.exists(spark, output, false)) {
      out.println(new JsonLine().put("rows", 0L).put("output", output));
      return;
    }
    Consumer<String> write = path -> {
      DataFrameWriter<Row> writer = written.write().format(outputFormat)
          .mode(mode == SaveMode.Append ? SaveMode.Append : SaveMode.ErrorIfExists);
      if (outputFormat.equals(Source.CSV)) {
        writer = writer.option("header", "true");
      }
      if (!partitions.isEmpty()) {
        writer = writer.partitionBy(partitions.toArray(new String[0]));
      }
      try {
        writer.save(path);
      } catch (Exception e) { // also the checked exceptions that Scala code throws undeclared
        String type = e.getClass().getName();
        if (InvalidInputException.findIn(e) == null
            && (type.contains("AnalysisException") || type.contains("ClassNotFound"))) {
          throw new BadInputException("cannot write --output '" + output + "' as " + outputFormat
              + " (--output-format): " + oneLine(e), e);
        }
        throw e;
      }
    };
    if (mode == SaveMode.Append) {
      write.accept(output);
    } else {
      OutputPaths.replace(spark, "--output", output, mode == SaveMode.Overwrite, write);
    }
    if (!Family.of(model.getFamily()).countLabels()) {
      out.println(new JsonLine().put("rows", table.data().count()).put("output", output));
      return;
    }
    // a mean count exp(m + v/2) beyond the doubles is Infinity: counted in the same pass as the rows, and said
    Column infinite = functions.when(DataInput.quoted(model.getPredictionCol()).equalTo(Double.POSITIVE_INFINITY), 1)
        .otherwise(0);
    Row counts = scored.agg(functions.count(functions.lit(1)), functions.sum(infinite)).first();
    long overflowed = counts.isNullAt(1) ? 0 : counts.getLong(1);
    if (overflowed > 0) {
      err.println("warning: " + overflowed + " of the " + counts.getLong(0) + " predicted mean counts overflow to "
          + "Infinity (a log mean beyond 709.78): their inputs lie far outside the training data of this poisson "
          + "model");
    }
    JsonLine json = new JsonLine().put("rows", counts.getLong(0)).put("output", output);
    if (overflowed > 0) {
      json.put("infinitePredictions", overflowed);
    }
    out.println(json);
  }

  /** The --mode of predict (--overwrite is --mode overwrite). */
  private static SaveMode saveMode(Options options) {
    boolean overwrite = options.flag("overwrite");
    if (!options.has("mode")) {
      return overwrite ? SaveMode.Overwrite : SaveMode.ErrorIfExists;
    }
    String value = options.required("mode").trim().toLowerCase(Locale.ROOT);
    SaveMode mode = switch (value) {
      case "error", "errorifexists" -> SaveMode.ErrorIfExists;
      case "overwrite" -> SaveMode.Overwrite;
      case "append" -> SaveMode.Append;
      case "ignore" -> SaveMode.Ignore;
      default -> throw new BadInputException("invalid value '" + value + "' for --mode: use error, overwrite, append "
          + "or ignore (as Spark's SaveMode)");
    };
    if (overwrite && mode != SaveMode.Overwrite) {
      throw new BadInputException("--overwrite contradicts --mode " + value + ": give one of them");
    }
    return mode;
  }

  /**
   * The columns of CSV output: the input's plain columns, the prediction, and P(1) (bernoulli), P(0) … P(K−1) as
   * {@code probability_k} (multinomial) or the variance (gaussian, poisson); vector columns have no CSV form and are
   * left out.
   */
  private static Dataset<Row> plainColumns(RvmModel model, Dataset<Row> scored, Table table) {
    List<Column> columns = new ArrayList<>();
    for (String c : table.inputColumns()) {
      if (!(scored.schema().apply(c).dataType() instanceof VectorUDT)) {
        columns.add(DataInput.quoted(c));
      }
    }
    columns.add(DataInput.quoted(model.getPredictionCol()));
    String probability = model.getProbabilityCol();
    Family family = Family.of(model.getFamily());
    if (family.perClass() && !probability.isEmpty()) {
      Column array = vector_to_array(DataInput.quoted(probability), "float64");
      for (int k = 0; k < model.numClasses(); k++) {
        columns.add(array.getItem(k).as(probability + "_" + k));
      }
    } else if (family.binaryLabels() && !probability.isEmpty()) {
      columns.add(vector_to_array(DataInput.quoted(probability), "float64").getItem(1).as(probability));
    } else if (!family.classifier() && !model.getVarianceCol().isEmpty()) {
      columns.add(DataInput.quoted(model.getVarianceCol()));
    }
    return scored.select(columns.toArray(new Column[0]));
  }

  // ---- evaluate ----

  private static void evaluate(String[] args, PrintStream out, SparkSession spark) {
    Options options = Options.parse("evaluate", args, FLAGS);
    requireKnown(options, EVALUATE_OPTIONS);
    String modelPath = options.required("model");
    Source source = Source.of(options);
    RvmModel model = loadModel(spark, modelPath);
    Table table = prepare(spark, options, model, source, Purpose.EVALUATE);
    String label = table.labelCol();
    if (model.numClasses() > 0) {
      DataInput.requireClassLabels(table, label, model.numClasses(), source.describe());
    }
    model.setFeaturesCol(table.featuresCol());
    RvmMetrics metrics;
    try {
      metrics = model.evaluate(table.data(), label);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(source.describe() + ": " + e.getMessage(), e);
    }
    JsonLine json = new JsonLine();
    metrics.asMap().forEach(json::putValue);
    out.println(json);
  }

  // ---- shared ----

  /** Reads the input of predict or evaluate; the column names default to the model's (LibSVM: label, features). */
  private static Table prepare(SparkSession spark, Options options, RvmModel model, Source source, Purpose purpose) {
    boolean libsvm = source.libsvm();
    String label = options.get("label-col", libsvm ? "label" : model.getLabelCol());
    String features = options.get("features-col", libsvm ? "features" : model.getFeaturesCol());
    Dataset<Row> raw = DataInput.load(spark, source, model.numFeatures(),
        "the model's " + model.numFeatures() + " features");
    return DataInput.prepare(raw, source, new Columns(purpose, label, model.getWeightCol(), features,
        options.has("features-col"), model.numFeatures(), Arrays.asList(model.getFeatureNames())));
  }

  private static Dataset<Row> transform(RvmModel model, Dataset<Row> data) {
    try {
      return model.transform(data);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  private static RvmModel loadModel(SparkSession spark, String path) {
    return loadModel(spark, path, "--model");
  }

  /** {@return the model saved at {@code path}, given by {@code option}} */
  private static RvmModel loadModel(SparkSession spark, String path, String option) {
    if (!DataInput.exists(spark, path, false)) {
      throw new BadInputException("model '" + path + "' (" + option + ") does not exist");
    }
    try {
      return RvmModel.read().session(spark).load(path);
    } catch (Exception e) {
      throw new BadInputException("cannot load an RVM model from '" + path + "' (" + option + "): " + oneLine(e), e);
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
    String log = System.getProperty("spark.rvm.log");
    return text + "; " + (log == null ? "the driver log" : log) + " has the stack trace";
  }
}
