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

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.NumericType;

/**
 * Reads the job's input (CSV with a header, LibSVM or Parquet from any Hadoop path) and gives it a features
 * Vector column, checking the columns and cells first so that a bad file is reported before anything runs.
 */
final class DataInput {

  /** The name of the assembled features of CSV input for predict and evaluate (dropped from CSV output). */
  static final String ASSEMBLED = "__spark_rvm_features";
  private static final int SHOWN_VALUES = 20;
  private static final int SHOWN_CHARS = 40;

  private DataInput() {}

  enum Format {
    CSV, LIBSVM, PARQUET;

    String lower() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** What the command does with the data: which columns it needs and which it may cast. */
  enum Purpose { TRAIN, PREDICT, EVALUATE }

  /**
   * The columns of one command.
   *
   * @param label the label column: required for train and evaluate; for predict, not a feature when present
   * @param weight the weight column ("" for none): required for train; otherwise not a feature when present
   * @param featuresCol the Vector column to use, or to name the assembled features
   * @param featuresExplicit whether {@code --features-col} was given (then a Vector column of that name must exist
   *     in Parquet input)
   * @param numFeatures the model's number of features (predict, evaluate), or -1
   */
  record Columns(Purpose purpose, String label, String weight, String featuresCol, boolean featuresExplicit,
      int numFeatures) {}

  /**
   * The prepared data.
   *
   * @param data the input columns (the label and weight cast to double where they were read as text), plus the
   *     features Vector column when it was assembled
   * @param featuresCol the features Vector column of {@code data}
   * @param inputColumns the columns of the input, in order
   * @param labelCol the label column (which predict's input may lack)
   */
  record Table(Dataset<Row> data, String featuresCol, List<String> inputColumns, String labelCol) {}

  /** {@return the {@code --format} value, or the format of the input's extension, else CSV} */
  static Format format(String option, String path) {
    if (option != null) {
      for (Format f : Format.values()) {
        if (f.lower().equals(option.toLowerCase(Locale.ROOT))) {
          return f;
        }
      }
      throw new BadInputException("unknown --format '" + option + "': use csv, libsvm or parquet");
    }
    String p = path.toLowerCase(Locale.ROOT);
    while (p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    if (p.endsWith(".parquet")) {
      return Format.PARQUET;
    }
    if (p.endsWith(".libsvm") || p.endsWith(".svm")) {
      return Format.LIBSVM;
    }
    return Format.CSV;
  }

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

  /** Deletes the Hadoop path (after a failed write), quietly. */
  static void deleteQuietly(SparkSession spark, String p) {
    try {
      Path path = new Path(p);
      path.getFileSystem(spark.sparkContext().hadoopConfiguration()).delete(path, true);
    } catch (IOException | RuntimeException e) {
      // the failure being reported matters more
    }
  }

  /** {@return whether the two paths name the same location} */
  static boolean samePath(SparkSession spark, String a, String b) {
    try {
      Path pa = new Path(a);
      Path pb = new Path(b);
      var conf = spark.sparkContext().hadoopConfiguration();
      return pa.getFileSystem(conf).makeQualified(pa).equals(pb.getFileSystem(conf).makeQualified(pb));
    } catch (IOException | IllegalArgumentException e) {
      return false;
    }
  }

  /** Reads {@code path}; {@code numFeatures} (> 0) fixes the vector size of LibSVM input. */
  static Dataset<Row> load(SparkSession spark, Format format, String path, int numFeatures) {
    if (!exists(spark, path, true)) {
      throw new BadInputException("input '" + path + "' (--input) does not exist");
    }
    try {
      DataFrameReader reader = spark.read();
      return switch (format) {
        case CSV -> reader.option("header", "true").csv(path);
        case PARQUET -> reader.parquet(path);
        case LIBSVM -> (numFeatures > 0 ? reader.option("numFeatures", numFeatures) : reader).format("libsvm")
            .load(path);
      };
    } catch (Exception e) {
      throw new BadInputException("cannot read '" + path + "' as " + format.lower() + " (--format): "
          + RvmJob.oneLine(e), e);
    }
  }

  /** Checks the columns and cells of {@code raw} and gives it its features Vector column. */
  static Table prepare(Dataset<Row> raw, Format format, Columns spec, String path) {
    if (format == Format.LIBSVM) {
      raw = raw.withColumnRenamed("label", spec.label()).withColumnRenamed("features", spec.featuresCol());
    }
    List<String> names = Arrays.asList(raw.columns());
    boolean train = spec.purpose() == Purpose.TRAIN;
    boolean hasLabel = names.contains(spec.label());
    if (!hasLabel && spec.purpose() != Purpose.PREDICT) {
      throw new BadInputException("label column '" + spec.label() + "' (--label-col) is not a column of '" + path
          + "'; its columns are " + list(names));
    }
    boolean hasWeight = !spec.weight().isEmpty() && names.contains(spec.weight());
    if (train && !spec.weight().isEmpty() && !hasWeight) {
      throw new BadInputException("weight column '" + spec.weight() + "' (--weight-col) is not a column of '" + path
          + "'; its columns are " + list(names));
    }
    if (train && (spec.featuresCol().equals(spec.label()) || spec.featuresCol().equals(spec.weight()))) {
      throw new BadInputException("--features-col '" + spec.featuresCol() + "' names the label or weight column:"
          + " choose another name for the features vector");
    }

    Map<String, String> checked = new LinkedHashMap<>();
    boolean castLabel = spec.purpose() == Purpose.EVALUATE || (train && format == Format.CSV);
    boolean castWeight = train && hasWeight && format == Format.CSV;
    String featuresCol;
    List<String> features = null;
    if (format == Format.CSV) {
      features = featureColumns(names, spec, hasLabel, hasWeight, false, raw, path);
      featuresCol = train ? spec.featuresCol() : ASSEMBLED;
    } else if (names.contains(spec.featuresCol())) {
      DataType type = raw.schema().apply(spec.featuresCol()).dataType();
      if (!(type instanceof VectorUDT)) {
        throw new BadInputException("features column '" + spec.featuresCol() + "' (--features-col) of '" + path
            + "' is " + type.simpleString() + ", not a Vector column");
      }
      featuresCol = spec.featuresCol();
    } else if (spec.featuresExplicit()) {
      throw new BadInputException("features column '" + spec.featuresCol() + "' (--features-col) is not a column of '"
          + path + "'; its columns are " + list(names));
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
      Column[] cells = features.stream().map(f -> asDouble(f)).toArray(Column[]::new);
      data = data.withColumn(featuresCol, array_to_vector(functions.array(cells)));
    }
    if (castLabel) {
      data = data.withColumn(spec.label(), asDouble(spec.label()));
    }
    if (castWeight) {
      data = data.withColumn(spec.weight(), asDouble(spec.weight()));
    }
    return new Table(data, featuresCol, names, spec.label());
  }

  /** The feature columns: every column (numeric ones only for Parquet) but the label and weight. */
  private static List<String> featureColumns(List<String> names, Columns spec, boolean hasLabel, boolean hasWeight,
      boolean numericOnly, Dataset<Row> raw, String path) {
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
      throw new BadInputException("'" + path + "' has no " + (numericOnly ? "numeric " : "") + "feature columns"
          + (numericOnly ? " and no Vector column '" + spec.featuresCol() + "' (--features-col)" : "")
          + " besides the label" + (spec.weight().isEmpty() ? "" : " and weight") + "; its columns are " + list(names));
    }
    if (spec.numFeatures() > 0 && features.size() != spec.numFeatures()) {
      throw new BadInputException("'" + path + "' has " + features.size() + " feature columns (" + list(features)
          + "), but the model was fitted on " + spec.numFeatures() + " features (the label column '" + spec.label()
          + "' (--label-col)" + (spec.weight().isEmpty() ? "" : " and the weight column '" + spec.weight() + "'")
          + " would not be features)");
    }
    return features;
  }

  /** Fails on the first row found where a column of {@code checked} is empty or not a finite number. */
  static void requireNumbers(Dataset<Row> raw, Map<String, String> checked, String path) {
    if (checked.isEmpty()) {
      return;
    }
    List<String> columns = new ArrayList<>(checked.keySet());
    Column anyBad = null;
    List<Column> selected = new ArrayList<>();
    for (String n : raw.columns()) {
      selected.add(quoted(n));
    }
    for (String c : columns) {
      Column value = asDouble(c);
      Column bad = value.isNull().or(functions.isnan(value))
          .or(value.isin(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
      anyBad = anyBad == null ? bad : anyBad.or(bad);
      selected.add(bad);
    }
    List<Row> found = raw.filter(anyBad).select(selected.toArray(new Column[0])).limit(1).collectAsList();
    if (found.isEmpty()) {
      return;
    }
    Row row = found.get(0);
    int width = raw.columns().length;
    for (int i = 0; i < columns.size(); i++) {
      if (row.getBoolean(width + i)) {
        String c = columns.get(i);
        Object value = row.get(raw.schema().fieldIndex(c));
        String what = value == null ? "is empty"
            : "holds '" + shorten(String.valueOf(value)) + "', which is not a finite number,";
        throw new BadInputException(checked.get(c) + " '" + c + "' " + what + " in the row " + show(raw.columns(), row)
            + " of '" + path + "': fix or remove that row");
      }
    }
  }

  /** Fails on the first row found whose label is not 0 or 1. */
  static void requireBinaryLabels(Table table, String label, String path) {
    Column[] input = table.inputColumns().stream().map(DataInput::quoted).toArray(Column[]::new);
    List<Row> found = table.data().filter(functions.not(quoted(label).isin(0.0, 1.0))).select(input).limit(1)
        .collectAsList();
    if (!found.isEmpty()) {
      Row row = found.get(0);
      throw new BadInputException("label column '" + label + "' holds " + row.get(row.fieldIndex(label))
          + " in the row " + show(table.inputColumns().toArray(new String[0]), row) + " of '" + path
          + "': a bernoulli model is evaluated on labels 0 and 1");
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

  private static String shorten(String s) {
    String flat = s.replaceAll("\\s+", " ");
    return flat.length() <= SHOWN_CHARS ? flat : flat.substring(0, SHOWN_CHARS) + "...";
  }

  static String list(List<String> names) {
    return names.isEmpty() ? "(none)" : String.join(", ", names);
  }
}
