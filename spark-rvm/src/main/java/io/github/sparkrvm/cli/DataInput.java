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

import static org.apache.spark.ml.functions.array_to_vector;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructType;

/**
 * Reads the job's input (CSV with a header, LibSVM, any other Spark data source from any Hadoop path, or a catalog
 * table) and gives it a features Vector column, checking the columns and cells first so that a bad file is reported
 * before anything runs. Every check is one flat expression over the columns, so inputs of thousands of columns
 * work.
 */
final class DataInput {

  /** The name of the assembled features of CSV input for predict and evaluate (dropped from CSV output). */
  static final String ASSEMBLED = "__spark_rvm_features";
  private static final String CORRUPT = "__spark_rvm_corrupt_record";
  private static final String FILE = "__spark_rvm_file";
  private static final String FLAGS = "__spark_rvm_bad";
  private static final int SHOWN_VALUES = 20;
  /** The default {@code maxColumns} of Spark's CSV reader (univocity's parser). */
  private static final int CSV_MAX_COLUMNS = 20480;
  private static final int SHOWN_CHARS = 40;

  private DataInput() {}

  /** What the command does with the data: which columns it needs and which it may cast. */
  enum Purpose { TRAIN, PREDICT, EVALUATE }

  /**
   * The columns of one command.
   *
   * @param label the label column: required for train and evaluate; for predict, not a feature when present
   * @param weight the weight column ("" for none): required for train; otherwise not a feature when present
   * @param featuresCol the Vector column to use, or to name the assembled features
   * @param featuresExplicit whether {@code --features-col} was given (then a Vector column of that name must exist
   *     in typed input)
   * @param numFeatures the model's number of features (predict, evaluate), or -1
   * @param featureNames the model's feature column names, in vector order (empty: by position)
   */
  record Columns(Purpose purpose, String label, String weight, String featuresCol, boolean featuresExplicit,
      int numFeatures, List<String> featureNames) {}

  /**
   * The prepared data.
   *
   * @param data the input columns (the label and weight cast to double where they were read as text), plus the
   *     features Vector column when it was assembled
   * @param featuresCol the features Vector column of {@code data}
   * @param inputColumns the columns of the input, in order
   * @param labelCol the label column (which predict's input may lack)
   * @param featureNames the columns the features were assembled from, in order (empty for a Vector column)
   */
  record Table(Dataset<Row> data, String featuresCol, List<String> inputColumns, String labelCol,
      List<String> featureNames) {}

  /** {@return whether a file or directory (or a match of a glob pattern) exists at the Hadoop path} */
  static boolean exists(SparkSession spark, String p, boolean glob) {
    try {
      Path path = new Path(p);
      FileSystem fs = path.getFileSystem(spark.sparkContext().hadoopConfiguration());
      if (!glob) {
        return fs.exists(path);
      }
      FileStatus[] matches = fs.globStatus(path);
      return matches != null && matches.length > 0;
    } catch (IOException | IllegalArgumentException e) {
      throw new BadInputException("cannot access '" + p + "': " + RvmJob.oneLine(e));
    }
  }

  /**
   * Reads the source; {@code numFeatures} (> 0) is the vector size of LibSVM input, which is checked line by line
   * first ({@code limit} names where the size comes from in messages).
   */
  static Dataset<Row> load(SparkSession spark, Source source, int numFeatures, String limit) {
    if (source.isTable()) {
      try {
        return spark.table(source.table());
      } catch (Exception e) {
        throw new BadInputException("cannot read table '" + source.table() + "' (--table): " + RvmJob.oneLine(e), e);
      }
    }
    String path = source.path();
    if (!exists(spark, path, true)) {
      throw new BadInputException("input '" + path + "' (--input) does not exist");
    }
    if (source.libsvm()) {
      LibsvmCheck.check(spark, path, numFeatures, limit);
    }
    Dataset<Row> raw;
    try {
      DataFrameReader reader = spark.read();
      if (source.csv()) {
        requireReadableWidth(spark, path);
        StructType header = reader.option("header", "true").csv(path).schema();
        raw = spark.read().option("header", "true").option("mode", "PERMISSIVE")
            .option("columnNameOfCorruptRecord", CORRUPT).schema(header.add(CORRUPT, DataTypes.StringType))
            .csv(path);
      } else if (source.libsvm()) {
        raw = (numFeatures > 0 ? reader.option("numFeatures", numFeatures) : reader).format("libsvm").load(path);
      } else {
        raw = reader.format(source.format()).load(path);
      }
    } catch (Exception e) {
      throw new BadInputException("cannot read '" + path + "' as " + source.format() + " (--format): "
          + RvmJob.oneLine(e), e);
    }
    if (source.csv()) {
      requireWholeRows(spark, raw, path);
      raw = raw.drop(CORRUPT);
    }
    return raw;
  }

  /**
   * Refuses CSV input whose header has more columns than Spark's CSV reader parses (its {@code maxColumns}, 20480),
   * which otherwise fails with an index out of bounds that does not say why.
   */
  private static void requireReadableWidth(SparkSession spark, String path) {
    try {
      Configuration conf = spark.sparkContext().hadoopConfiguration();
      Path pattern = new Path(path);
      FileSystem fs = pattern.getFileSystem(conf);
      FileStatus[] matches = fs.globStatus(pattern);
      Path first = null;
      for (FileStatus m : matches == null ? new FileStatus[0] : matches) {
        first = m.isDirectory() ? firstDataFile(fs, m.getPath()) : m.getPath();
        if (first != null) {
          break;
        }
      }
      if (first == null) {
        return;
      }
      CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(first);
      long cells = 1;
      try (InputStream raw = fs.open(first);
          InputStream in = codec == null ? raw : codec.createInputStream(raw);
          BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (int c = reader.read(); c >= 0 && c != '\n' && c != '\r'; c = reader.read()) {
          if (c == ',') {
            cells++;
          }
        }
      }
      if (cells > CSV_MAX_COLUMNS) {
        throw new BadInputException("'" + first + "' has " + cells + " columns in its header, more than Spark's CSV "
            + "reader parses (its maxColumns, " + CSV_MAX_COLUMNS + "): give data this wide as LibSVM (--format "
            + "libsvm) or as Parquet with a Vector features column (--format parquet --features-col)");
      }
    } catch (IOException | IllegalArgumentException e) {
      // the read below reports what is wrong with the path
    }
  }

  /** {@return the first data file (not hidden, not _SUCCESS) of a directory, by name, or null} */
  private static Path firstDataFile(FileSystem fs, Path dir) throws IOException {
    Path first = null;
    for (FileStatus f : fs.listStatus(dir)) {
      String name = f.getPath().getName();
      if (f.isFile() && !name.startsWith(".") && !name.startsWith("_")
          && (first == null || name.compareTo(first.getName()) < 0)) {
        first = f.getPath();
      }
    }
    return first;
  }

  /** Fails on the first CSV record whose cells are more or fewer than the header's, naming its file and line. */
  private static void requireWholeRows(SparkSession spark, Dataset<Row> raw, String path) {
    String[] columns = raw.columns();
    if (columns.length < 2) {
      throw new BadInputException("'" + path + "' has no header row of column names (CSV input starts with one)");
    }
    // every column: a pruned read parses the selected cells only and cannot count the others
    List<Column> all = new ArrayList<>(List.of(functions.input_file_name(), functions.col(CORRUPT)));
    for (String c : columns) {
      all.add(quoted(c));
    }
    List<Row> bad = raw.filter(functions.col(CORRUPT).isNotNull()).select(all.toArray(new Column[0])).limit(1)
        .collectAsList();
    if (!bad.isEmpty()) {
      String file = bad.get(0).getString(0);
      String record = bad.get(0).getString(1);
      int cells = record.split(",", -1).length;
      throw new BadInputException(where(spark, file, record) + " has " + cells + " cells where the header has "
          + (columns.length - 1) + " (" + shorten(record) + "): fix or remove that row");
    }
  }

  /** {@return "'file' line n" for the first line of the file equal to {@code text}, or "'file'"} */
  static String where(SparkSession spark, String file, String text) {
    long line = lineOf(spark.sparkContext().hadoopConfiguration(), file, text);
    return "'" + file + "'" + (line > 0 ? " line " + line : "");
  }

  /** {@return the 1-based number of the first line of the file equal to {@code text}, or -1} */
  private static long lineOf(Configuration conf, String file, String text) {
    try {
      Path path = new Path(new URI(file));
      FileSystem fs = path.getFileSystem(conf);
      CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(path);
      try (InputStream raw = fs.open(path);
          InputStream in = codec == null ? raw : codec.createInputStream(raw);
          BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        long n = 0;
        for (String l = reader.readLine(); l != null; l = reader.readLine()) {
          n++;
          if (l.equals(text) || l.strip().equals(text.strip())) {
            return n;
          }
        }
      }
    } catch (Exception e) {
      // the message without a line number is still right
    }
    return -1;
  }

  /** Checks the columns and cells of {@code raw} and gives it its features Vector column. */
  static Table prepare(Dataset<Row> raw, Source source, Columns spec) {
    String path = source.describe();
    if (source.libsvm()) {
      raw = raw.withColumnRenamed("label", spec.label()).withColumnRenamed("features", spec.featuresCol());
    }
    List<String> names = Arrays.asList(raw.columns());
    boolean train = spec.purpose() == Purpose.TRAIN;
    boolean hasLabel = names.contains(spec.label());
    if (!hasLabel && spec.purpose() != Purpose.PREDICT) {
      throw new BadInputException("label column '" + spec.label() + "' (--label-col) is not a column of " + path
          + "; its columns are " + list(names));
    }
    if (train && spec.weight().equals(spec.label())) {
      throw new BadInputException("--weight-col '" + spec.weight() + "' is the label column (--label-col): the row "
          + "weights would be the labels; give a separate column of weights, or no --weight-col for unit weights");
    }
    boolean hasWeight = !spec.weight().isEmpty() && names.contains(spec.weight());
    if (train && !spec.weight().isEmpty() && !hasWeight) {
      throw new BadInputException("weight column '" + spec.weight() + "' (--weight-col) is not a column of " + path
          + "; its columns are " + list(names));
    }
    if (train && (spec.featuresCol().equals(spec.label()) || spec.featuresCol().equals(spec.weight()))) {
      throw new BadInputException("--features-col '" + spec.featuresCol() + "' names the label or weight column:"
          + " choose another name for the features vector");
    }

    Map<String, String> checked = new LinkedHashMap<>();
    boolean castLabel = spec.purpose() == Purpose.EVALUATE || (train && source.csv());
    boolean castWeight = train && hasWeight && source.csv();
    String featuresCol;
    List<String> features = null;
    if (source.csv()) {
      features = featureColumns(names, spec, hasLabel, hasWeight, false, raw, path);
      featuresCol = train ? spec.featuresCol() : ASSEMBLED;
    } else if (names.contains(spec.featuresCol())) {
      DataType type = raw.schema().apply(spec.featuresCol()).dataType();
      if (!(type instanceof VectorUDT)) {
        throw new BadInputException("features column '" + spec.featuresCol() + "' (--features-col) of " + path
            + " is " + type.simpleString() + ", not a Vector column");
      }
      featuresCol = spec.featuresCol();
    } else if (spec.featuresExplicit()) {
      throw new BadInputException("features column '" + spec.featuresCol() + "' (--features-col) is not a column of "
          + path + "; its columns are " + list(names));
    } else {
      features = featureColumns(names, spec, hasLabel, hasWeight, true, raw, path);
      featuresCol = spec.featuresCol();
    }
    if (features != null) {
      for (String f : features) {
        checked.put(f, "feature column");
      }
    }
    if (castLabel) {
      checked.put(spec.label(), "label column");
    }
    if (castWeight) {
      checked.put(spec.weight(), "weight column");
    }
    requireNumbers(raw, checked, path);

    Dataset<Row> data = raw;
    if (features != null) {
      Column[] cells = features.stream().map(DataInput::asDouble).toArray(Column[]::new);
      data = data.withColumn(featuresCol, array_to_vector(functions.array(cells)));
    }
    if (castLabel) {
      data = data.withColumn(spec.label(), asDouble(spec.label()));
    }
    if (castWeight) {
      data = data.withColumn(spec.weight(), asDouble(spec.weight()));
    }
    return new Table(data, featuresCol, names, spec.label(), features == null ? List.of() : features);
  }

  /**
   * Matches the training input's feature columns with those of the initial model of a warm start by name, as
   * predict does: the same names in the same order (or either has none: a Vector column) is false, the same names in
   * another order is true (the caller assembles them in the model's order), other names are refused.
   *
   * @param training the training input's feature columns, in order
   * @param initial the initial model's feature names, in order
   * @param path the input, for messages
   * @param initialPath the initial model, for messages
   * @return whether the features must be assembled in the initial model's order
   */
  static boolean reorderedFeatures(List<String> training, List<String> initial, String path, String initialPath) {
    if (training.isEmpty() || initial.isEmpty() || training.equals(initial)) {
      return false;
    }
    if (training.size() == initial.size() && new java.util.HashSet<>(training).equals(new java.util.HashSet<>(initial))) {
      return true;
    }
    List<String> missing = new ArrayList<>(initial);
    missing.removeAll(training);
    List<String> extra = new ArrayList<>(training);
    extra.removeAll(initial);
    throw new BadInputException("the initial model '" + initialPath + "' (--initial-model) was fitted on the features "
        + list(initial) + ", but the feature columns of " + path + " are " + list(training)
        + (missing.isEmpty() ? "" : " (missing " + list(missing) + ")")
        + (extra.isEmpty() ? "" : " (not in the model: " + list(extra) + ")")
        + ": a warm start matches features by name; train on the same feature columns");
  }

  /**
   * The feature columns: those of the model's feature names when it has them, else every column (numeric ones only
   * for typed input) but the label and weight.
   */
  private static List<String> featureColumns(List<String> names, Columns spec, boolean hasLabel, boolean hasWeight,
      boolean numericOnly, Dataset<Row> raw, String path) {
    if (!spec.featureNames().isEmpty()) {
      for (String f : spec.featureNames()) {
        if (!names.contains(f)) {
          throw new BadInputException("feature column '" + f + "' of the model (--model) is not a column of " + path
              + "; its columns are " + list(names) + ": the model reads its " + spec.featureNames().size()
              + " features by name (" + list(spec.featureNames()) + ")");
        }
        if (numericOnly && !(raw.schema().apply(f).dataType() instanceof NumericType)) {
          throw new BadInputException("feature column '" + f + "' of " + path + " is "
              + raw.schema().apply(f).dataType().simpleString() + ", not numeric");
        }
      }
      return spec.featureNames();
    }
    List<String> features = new ArrayList<>();
    for (String n : names) {
      if ((hasLabel && n.equals(spec.label())) || (hasWeight && n.equals(spec.weight()))) {
        continue;
      }
      if (numericOnly && !(raw.schema().apply(n).dataType() instanceof NumericType)) {
        continue;
      }
      features.add(n);
    }
    if (features.isEmpty()) {
      throw new BadInputException(path + " has no " + (numericOnly ? "numeric " : "") + "feature columns"
          + (numericOnly ? " and no Vector column '" + spec.featuresCol() + "' (--features-col)" : "")
          + " besides the label" + (spec.weight().isEmpty() ? "" : " and weight") + "; its columns are " + list(names));
    }
    if (spec.numFeatures() > 0 && features.size() != spec.numFeatures()) {
      throw new BadInputException(path + " has " + features.size() + " feature columns (" + list(features)
          + "), but the model was fitted on " + spec.numFeatures() + " features (the label column '" + spec.label()
          + "' (--label-col)" + (spec.weight().isEmpty() ? "" : " and the weight column '" + spec.weight() + "'")
          + " would not be features)");
    }
    return features;
  }

  /**
   * Fails on the first row found where a column of {@code checked} is empty or not a finite number. One array of
   * the cells and one test over it, whatever the number of columns.
   */
  static void requireNumbers(Dataset<Row> raw, Map<String, String> checked, String path) {
    if (checked.isEmpty()) {
      return;
    }
    List<String> columns = new ArrayList<>(checked.keySet());
    Column cells = functions.array(columns.stream().map(DataInput::asDouble).toArray(Column[]::new));
    scala.Function1<Column, Column> bad = x -> x.isNull().or(functions.isnan(x))
        .or(x.isin(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
    List<Column> selected = new ArrayList<>();
    for (String n : raw.columns()) {
      selected.add(quoted(n));
    }
    selected.add(functions.transform(cells, bad).as(FLAGS));
    List<Row> found = raw.filter(functions.exists(cells, bad)).select(selected.toArray(new Column[0])).limit(1)
        .collectAsList();
    if (found.isEmpty()) {
      return;
    }
    Row row = found.get(0);
    int width = raw.columns().length;
    List<Object> flags = row.getList(width);
    for (int i = 0; i < columns.size(); i++) {
      if (Boolean.TRUE.equals(flags.get(i))) {
        String c = columns.get(i);
        Object value = row.get(raw.schema().fieldIndex(c));
        String what = value == null ? "is empty"
            : "holds '" + shorten(String.valueOf(value)) + "', which is not a finite number,";
        throw new BadInputException(checked.get(c) + " '" + c + "' " + what + " in the row " + show(raw.columns(), row)
            + " of " + path + ": fix or remove that row");
      }
    }
  }

  /** Fails on the first row found whose label is not a class index 0 … K − 1. */
  static void requireClassLabels(Table table, String label, int classes, String path) {
    Object[] allowed = new Object[classes];
    for (int k = 0; k < classes; k++) {
      allowed[k] = (double) k;
    }
    Column[] input = table.inputColumns().stream().map(DataInput::quoted).toArray(Column[]::new);
    List<Row> found = table.data().filter(functions.not(quoted(label).isin(allowed))).select(input).limit(1)
        .collectAsList();
    if (!found.isEmpty()) {
      Row row = found.get(0);
      throw new BadInputException("label column '" + label + "' holds " + row.get(row.fieldIndex(label))
          + " in the row " + show(table.inputColumns().toArray(new String[0]), row) + " of " + path + ": "
          + (classes == 2 ? "a bernoulli model is evaluated on labels 0 and 1"
              : "a multinomial model of " + classes + " classes is evaluated on labels 0 to " + (classes - 1)));
    }
  }

  /** {@return A column by its exact name (dots, spaces and backticks included)} */
  static Column quoted(String name) {
    return functions.col("`" + name.replace("`", "``") + "`");
  }

  private static Column asDouble(String name) {
    return quoted(name).try_cast("double");
  }

  private static String show(String[] names, Row row) {
    StringBuilder out = new StringBuilder("(");
    int n = Math.min(names.length, SHOWN_VALUES);
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        out.append(", ");
      }
      Object v = row.get(i);
      out.append(names[i]).append('=').append(v == null ? "" : shorten(String.valueOf(v)));
    }
    if (names.length > n) {
      out.append(", ... ").append(names.length - n).append(" more");
    }
    return out.append(')').toString();
  }

  static String shorten(String s) {
    String flat = s.replaceAll("\\s+", " ");
    return flat.length() <= SHOWN_CHARS ? flat : flat.substring(0, SHOWN_CHARS) + "...";
  }

  static String list(List<String> names) {
    if (names.isEmpty()) {
      return "(none)";
    }
    if (names.size() > SHOWN_VALUES) {
      return String.join(", ", names.subList(0, SHOWN_VALUES)) + ", ... " + (names.size() - SHOWN_VALUES) + " more";
    }
    return String.join(", ", names);
  }
}
