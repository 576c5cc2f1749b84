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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sparkrvm.RvmMetrics;
import io.github.sparkrvm.RvmModel;
import io.github.sparkrvm.SparkTestSession;
import io.github.sparkrvm.TestData;
import io.github.sparkrvm.cli.RvmJobTest.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job's contract for every model, input and path (issue 18): each refusal is exit status 2, one {@code spark-rvm:}
 * line on stderr, no JSON line, and no file outside {@code --model}/{@code --output} changed; every family and
 * strategy trains, predicts and evaluates from CSV, LibSVM, Parquet, ORC, JSON and a catalog table.
 */
class RvmJobContractTest {

  @TempDir
  Path dir;

  private static Result run(Object... args) {
    return RvmJobTest.run(args);
  }

  /** Every file and directory under {@code root}, with its size and modification time. */
  private static Map<String, String> listing(Path root) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.toList()) {
        files.put(root.relativize(p).toString(),
            Files.isDirectory(p) ? "dir" : Files.size(p) + "@" + Files.getLastModifiedTime(p).toMillis());
      }
    }
    return files;
  }

  /** Runs a command that must be refused: status 2, one stderr line with the fragments, nothing changed in dir. */
  private Result refused(Object[] args, String... fragments) throws IOException {
    Map<String, String> before = listing(dir);
    Result r = run(args);
    assertEquals(2, r.status(), "out: " + r.out() + "\nerr: " + r.err());
    List<String> lines = r.err().lines().toList();
    assertEquals(1, lines.size(), r.err());
    assertTrue(lines.get(0).startsWith("spark-rvm: "), lines.get(0));
    for (String f : fragments) {
      assertTrue(lines.get(0).contains(f), "'" + f + "' not in: " + lines.get(0));
    }
    assertEquals("", r.out(), "no JSON line");
    assertEquals(before, listing(dir), "nothing changed");
    return r;
  }

  private static Object[] args(Object... args) {
    return args;
  }

  private static void ok(Result r) {
    assertEquals(0, r.status(), r.err());
    assertEquals(1, r.out().lines().count(), "stdout holds the JSON line only: " + r.out());
  }

  private Path ripleyTrain(Path folder) throws IOException {
    Files.createDirectories(folder);
    return Files.copy(TestData.dataDir().resolve("ripley_synth/synth.tr.csv"), folder.resolve("train.csv"));
  }

  private static String[] ripleyFit(Path input, Path model) {
    return new String[] {"train", "--input", input.toString(), "--model", model.toString(), "--label-col", "yc",
        "--family", "bernoulli", "--gamma", "4", "--standardization", "false", "--max-basis", "30"};
  }

  // ---- path safety ----

  @Test
  void aModelOrOutputThatIsContainsOrLiesInsideTheInputIsRefused() throws IOException {
    Path data = dir.resolve("data");
    Path train = ripleyTrain(data);
    Files.writeString(data.resolve("notes.txt"), "beside the input");
    // the model folder holds the input: formerly deleted with everything beside it
    refused(args((Object[]) with(ripleyFit(train, data), "--overwrite")), "--model", "contains", "train.csv");
    // the model is the input, or inside the input's folder when the input is a folder
    refused(args((Object[]) with(ripleyFit(train, train), "--overwrite")), "--model", "is", "--input");
    refused(args((Object[]) ripleyFit(data, data.resolve("model"))), "--model", "lies inside", "--input");
    refused(args((Object[]) with(ripleyFit(train, dir), "--overwrite")), "--model", "contains");
    // the same through file: URIs (qualified paths compare equal to plain ones)
    refused(args((Object[]) with(ripleyFit(train, Path.of(data.toUri().getPath())), "--overwrite")), "contains");

    Path model = dir.resolve("model");
    ok(run((Object[]) ripleyFit(train, model)));
    refused(args("predict", "--model", model, "--input", train, "--output", data, "--overwrite"), "--output",
        "contains", "train.csv");
    refused(args("predict", "--model", model, "--input", train, "--output", data.toUri(), "--mode", "overwrite"),
        "--output", "contains");
    refused(args("predict", "--model", model, "--input", train, "--output", model, "--overwrite"), "--output", "is",
        "--model");
    refused(args("predict", "--model", model, "--input", train, "--output", model.resolve("data"), "--overwrite"),
        "--output", "lies inside", "--model");
    refused(args("predict", "--model", model, "--input", train, "--output", dir, "--overwrite"), "--output",
        "contains");
    assertTrue(Files.exists(train) && Files.exists(data.resolve("notes.txt")));
  }

  @Test
  void anOverwrittenModelIsReplacedOnlyOnceTheNewOneIsComplete() throws IOException {
    Path train = ripleyTrain(dir.resolve("data"));
    Path model = dir.resolve("model");
    ok(run((Object[]) ripleyFit(train, model)));
    int before = RvmModel.load(model.toString()).numRelevanceVectors();
    Map<String, String> files = listing(model);
    // a failing fit (bad param value found by the estimator) leaves the old model in place, no sibling behind
    refused(args((Object[]) with(ripleyFit(train, model), "--overwrite", "--prior", "grid-sum")), "grid-sum");
    assertEquals(files, listing(model));
    ok(run((Object[]) with(ripleyFit(train, model), "--overwrite", "--max-iter", "2")));
    assertEquals(2, RvmModel.load(model.toString()).summary().iterations());
    assertTrue(before >= 1);
    try (Stream<Path> siblings = Files.list(dir)) {
      assertEquals(List.of("data", "model"), siblings.map(p -> p.getFileName().toString()).sorted().toList(),
          "no temporary sibling left");
    }
  }

  private static String[] with(String[] args, String... more) {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.addAll(Arrays.asList(more));
    return all.toArray(new String[0]);
  }

  // ---- every family and strategy, every input ----

  /** Digits 0, 1, 2 (537 rows), 64 pixels: a three-class problem every strategy solves almost perfectly. */
  private Path digitsCsv(String name, TestData.Table t) throws IOException {
    List<String> lines = new ArrayList<>();
    StringBuilder header = new StringBuilder();
    for (int j = 0; j < t.x()[0].length; j++) {
      header.append('p').append(j).append(',');
    }
    lines.add(header.append("digit").toString());
    for (int i = 0; i < t.size(); i++) {
      StringBuilder line = new StringBuilder();
      for (double v : t.x()[i]) {
        line.append((long) v).append(',');
      }
      lines.add(line.append((long) t.t()[i]).toString());
    }
    return Files.write(dir.resolve(name), lines);
  }

  @Test
  void softmaxAndOneVsRestTrainPredictAndEvaluateFromCsvLibsvmAndParquet() throws IOException {
    SparkSession spark = SparkTestSession.get();
    TestData.Table[] parts = TestData.split(TestData.digits(0, 1, 2), 0.6, 7);
    Path trainCsv = digitsCsv("train.csv", parts[0]);
    Path testCsv = digitsCsv("test.csv", parts[1]);
    Dataset<Row> testFrame = spark.read().option("header", "true").option("inferSchema", "true")
        .csv(testCsv.toString());
    Path testParquet = dir.resolve("test.parquet");
    testFrame.write().parquet(testParquet.toString());
    Path trainLibsvm = dir.resolve("train.libsvm");
    SparkTestSession.frame(parts[0], 2).select("label", "features").write().format("libsvm")
        .save(trainLibsvm.toString());
    Path testLibsvm = dir.resolve("test.libsvm");
    SparkTestSession.frame(parts[1], 2).select("label", "features").write().format("libsvm").save(testLibsvm.toString());
    int testRows = parts[1].size();

    for (String strategy : List.of("softmax", "ovr")) {
      Path fromCsv = dir.resolve("csv-" + strategy);
      ok(run("train", "--input", trainCsv, "--model", fromCsv, "--label-col", "digit", "--family", "multinomial",
          "--multi-class-strategy", strategy, "--gamma", "0.001", "--standardization", "false", "--max-basis", "40"));
      RvmModel loaded = RvmModel.load(fromCsv.toString());
      assertEquals(3, loaded.numClasses());
      assertEquals(64, loaded.getFeatureNames().length);
      assertEquals("p0", loaded.getFeatureNames()[0]);
      for (Path input : List.of(testCsv, testParquet)) {
        JsonNode json = evaluate(fromCsv, input);
        assertEquals(testRows, json.get("rows").asLong());
        assertTrue(json.get("accuracy").asDouble() >= 0.95, strategy + " " + json);
      }
      Path csvOut = dir.resolve("pred-" + strategy);
      Result p = run("predict", "--model", fromCsv, "--input", testCsv, "--output", csvOut);
      ok(p);
      Dataset<Row> written = spark.read().option("header", "true").option("inferSchema", "true").csv(csvOut.toString());
      List<String> columns = Arrays.asList(written.columns());
      assertEquals(List.of("prediction", "probability_0", "probability_1", "probability_2"),
          columns.subList(65, 69));
      Row check = written.selectExpr("count(*)",
          "max(abs(probability_0 + probability_1 + probability_2 - 1))",
          "avg(cast(prediction = digit as double))",
          "sum(cast(prediction != (case when probability_0 >= greatest(probability_1, probability_2) then 0 "
              + "when probability_1 >= probability_2 then 1 else 2 end) as int))").first();
      assertEquals(testRows, check.getLong(0));
      assertTrue(check.getDouble(1) < 1e-9, "the K probabilities sum to 1: " + check);
      assertTrue(check.getDouble(2) >= 0.95, check.toString());
      assertEquals(0L, check.getLong(3), "the prediction is the most probable class");

      Path fromLibsvm = dir.resolve("libsvm-" + strategy);
      ok(run("train", "--input", trainLibsvm, "--model", fromLibsvm, "--family", "multinomial",
          "--multi-class-strategy", strategy, "--gamma", "0.001", "--standardization", "false", "--max-basis", "40",
          "--num-features", "64"));
      assertEquals(64, RvmModel.load(fromLibsvm.toString()).numFeatures());
      JsonNode json = evaluate(fromLibsvm, testLibsvm);
      assertTrue(json.get("accuracy").asDouble() >= 0.95, json.toString());
      Path parquetOut = dir.resolve("pred-libsvm-" + strategy);
      ok(run("predict", "--model", fromLibsvm, "--input", testLibsvm, "--output", parquetOut));
      assertEquals(List.of("label", "features", "prediction", "rawPrediction", "probability"),
          Arrays.asList(spark.read().parquet(parquetOut.toString()).columns()));

      Path fromParquet = dir.resolve("parquet-" + strategy);
      ok(run("train", "--input", testParquet, "--model", fromParquet, "--label-col", "digit", "--family",
          "multinomial", "--multi-class-strategy", strategy, "--gamma", "0.001", "--standardization", "false",
          "--max-basis", "40"));
      assertTrue(evaluate(fromParquet, trainCsv).get("accuracy").asDouble() >= 0.95);
    }
  }

  private static JsonNode evaluate(Path model, Path input) {
    Result r = run("evaluate", "--model", model, "--input", input);
    ok(r);
    JsonNode json = r.json();
    List<String> names = new ArrayList<>();
    json.fieldNames().forEachRemaining(names::add);
    assertEquals(List.of("rows", "accuracy", "error", "logLoss", "weightedF1", "confusionMatrix"), names);
    JsonNode confusion = json.get("confusionMatrix");
    long total = 0;
    long right = 0;
    for (int i = 0; i < confusion.size(); i++) {
      for (int j = 0; j < confusion.size(); j++) {
        total += confusion.get(i).get(j).asLong();
        right += i == j ? confusion.get(i).get(j).asLong() : 0;
      }
    }
    assertEquals(json.get("rows").asLong(), total);
    assertEquals(json.get("accuracy").asDouble(), right / (double) total, 1e-12);
    assertEquals(1.0 - json.get("accuracy").asDouble(), json.get("error").asDouble(), 1e-12);
    assertTrue(json.get("logLoss").asDouble() > 0.0);
    return json;
  }

  @Test
  void digitsEvaluatedThroughTheJobReachNinetySixPercent() throws IOException {
    // DigitsTest's split and one-vs-rest em fit (96.7 % there), through CSV files and the job
    TestData.Table[] parts = TestData.split(TestData.digits(), 0.6, 42);
    Path train = digitsCsv("digits-train.csv", parts[0]);
    Path test = digitsCsv("digits-test.csv", parts[1]);
    Path model = dir.resolve("digits-model");
    ok(run("train", "--input", train, "--model", model, "--label-col", "digit", "--family", "multinomial",
        "--multi-class-strategy", "ovr", "--solver", "em", "--max-iter", "300", "--gamma", "0.001",
        "--standardization", "false", "--max-basis", "200", "--parallelism", "4"));
    Result r = run("evaluate", "--model", model, "--input", test);
    ok(r);
    assertEquals(719, r.json().get("rows").asLong());
    assertTrue(r.json().get("accuracy").asDouble() >= 0.96, r.out());
    assertEquals(10, r.json().get("confusionMatrix").size());

    // the library's evaluate is the same implementation
    RvmModel loaded = RvmModel.load(model.toString());
    RvmMetrics metrics = loaded.setFeaturesCol("features").evaluate(SparkTestSession.frame(parts[1], 2), "label");
    assertEquals(r.json().get("accuracy").asDouble(), ((RvmMetrics.Classification) metrics).accuracy(), 1e-12);
  }

  // ---- inputs of any width ----

  /** A CSV of {@code width} feature columns f0 … whose label is the sign of f0 + f1 (after a header row). */
  private Path wideCsv(String name, int width, int rows, long seed) throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    List<String> lines = new ArrayList<>();
    StringBuilder header = new StringBuilder("label");
    for (int j = 0; j < width; j++) {
      header.append(",f").append(j);
    }
    lines.add(header.toString());
    for (int i = 0; i < rows; i++) {
      double[] x = random.doubles(width, -1, 1).toArray();
      StringBuilder line = new StringBuilder(x[0] + x[1] > 0 ? "1" : "0");
      for (double v : x) {
        line.append(',').append((float) v);
      }
      lines.add(line.toString());
    }
    return Files.write(dir.resolve(name), lines);
  }

  @Test
  void csvOf784And2000ColumnsTrainsAndPredicts() throws IOException {
    for (int width : new int[] {784, 2000}) {
      Path train = wideCsv("wide-" + width + ".csv", width, 120, width);
      Path test = wideCsv("wide-test-" + width + ".csv", width, 40, width + 1);
      Path model = dir.resolve("wide-model-" + width);
      ok(run("train", "--input", train, "--model", model, "--family", "bernoulli", "--kernel", "linear",
          "--max-iter", "50"));
      RvmModel loaded = RvmModel.load(model.toString());
      assertEquals(width, loaded.numFeatures());
      assertEquals("f" + (width - 1), loaded.getFeatureNames()[width - 1]);
      // the linear fit finds f0 and f1 among the relevant features
      List<Integer> relevant = Arrays.stream(loaded.relevantFeatures()).boxed().toList();
      assertTrue(relevant.contains(0) && relevant.contains(1), relevant.toString());
      Path output = dir.resolve("wide-pred-" + width);
      ok(run("predict", "--model", model, "--input", test, "--output", output));
      Dataset<Row> written = SparkTestSession.get().read().option("header", "true").option("inferSchema", "true")
          .csv(output.toString());
      assertEquals(40, written.count());
      assertEquals(width + 3, written.columns().length, "label, the features, prediction, probability");
      JsonNode json = run("evaluate", "--model", model, "--input", test).json();
      assertTrue(json.get("accuracy").asDouble() >= 0.8, json.toString());
    }
    // and a bad cell in the 1500th column is still one line naming it
    Path bad = wideCsv("wide-bad.csv", 2000, 3, 1);
    List<String> lines = new ArrayList<>(Files.readAllLines(bad));
    String[] cells = lines.get(2).split(",");
    cells[1500] = "x";
    lines.set(2, String.join(",", cells));
    Files.write(bad, lines);
    refused(args("predict", "--model", dir.resolve("wide-model-2000"), "--input", bad, "--output", dir.resolve("o")),
        "feature column 'f1499'", "'x'", "wide-bad.csv");
  }

  // ---- columns by name ----

  @Test
  void predictAndEvaluateSelectTheModelsColumnsByName() throws IOException {
    Path train = ripleyTrain(dir.resolve("data"));
    Path model = dir.resolve("model");
    ok(run((Object[]) ripleyFit(train, model)));
    Path test = Files.copy(TestData.dataDir().resolve("ripley_synth/synth.te.csv"), dir.resolve("test.csv"));
    List<String> lines = Files.readAllLines(test);
    List<String> swapped = new ArrayList<>();
    List<String> renamed = new ArrayList<>();
    for (String line : lines) {
      String[] c = line.split(",");
      swapped.add(c[2] + "," + c[1] + "," + c[0]); // yc, ys, xs
    }
    renamed.add("xs,y_s,yc");
    renamed.addAll(lines.subList(1, lines.size()));
    Path reordered = Files.write(dir.resolve("reordered.csv"), swapped);
    Path wrongName = Files.write(dir.resolve("renamed.csv"), renamed);

    Path a = dir.resolve("pred-a.parquet");
    Path b = dir.resolve("pred-b.parquet");
    ok(run("predict", "--model", model, "--input", test, "--output", a, "--output-format", "parquet"));
    ok(run("predict", "--model", model, "--input", reordered, "--output", b, "--output-format", "parquet"));
    SparkSession spark = SparkTestSession.get();
    org.apache.spark.sql.Column p = org.apache.spark.ml.functions.vector_to_array(
        org.apache.spark.sql.functions.col("probability"), "float64").getItem(1);
    List<Row> first = spark.read().parquet(a.toString()).select(org.apache.spark.sql.functions.col("xs"),
        org.apache.spark.sql.functions.col("ys"), org.apache.spark.sql.functions.col("prediction"), p)
        .orderBy("xs", "ys").collectAsList();
    List<Row> second = spark.read().parquet(b.toString()).select(org.apache.spark.sql.functions.col("xs"),
        org.apache.spark.sql.functions.col("ys"), org.apache.spark.sql.functions.col("prediction"), p)
        .orderBy("xs", "ys").collectAsList();
    assertEquals(1000, first.size());
    assertEquals(first, second, "reordered columns give the same predictions");
    assertEquals(evaluateRipley(model, test), evaluateRipley(model, reordered), 1e-12);

    refused(args("predict", "--model", model, "--input", wrongName, "--output", dir.resolve("o")),
        "feature column 'ys' of the model", "renamed.csv", "xs, y_s, yc");
    refused(args("evaluate", "--model", model, "--input", wrongName), "feature column 'ys' of the model");
    // a vector input still has its size checked, inside the tasks: one line all the same
    Path vectors = dir.resolve("three.parquet");
    spark.createDataFrame(List.of(org.apache.spark.sql.RowFactory.create(
        org.apache.spark.ml.linalg.Vectors.dense(1, 2, 3))), new org.apache.spark.sql.types.StructType()
        .add("features", org.apache.spark.ml.linalg.SQLDataTypes.VectorType())).write().parquet(vectors.toString());
    refused(args("predict", "--model", model, "--input", vectors, "--output", dir.resolve("o")),
        "holds a vector of size 3, but the model was fitted on 2 features");
  }

  private static double evaluateRipley(Path model, Path input) {
    Result r = run("evaluate", "--model", model, "--input", input);
    ok(r);
    return r.json().get("accuracy").asDouble();
  }

  // ---- LibSVM and CSV lines ----

  @Test
  void libsvmLinesOutsideTheModelsDimensionNameTheFileLineAndIndex() throws IOException {
    Path train = Files.write(dir.resolve("train.libsvm"), List.of("1 1:0.5 2:1.0", "0 1:-0.5 2:-1.0",
        "1 1:0.7 2:0.8", "0 1:-0.9 2:-0.2", "1 1:1.0", "0 2:-0.6"));
    Path model = dir.resolve("model");
    ok(run("train", "--input", train, "--model", model, "--family", "bernoulli", "--kernel", "linear",
        "--num-features", "3"));
    assertEquals(3, RvmModel.load(model.toString()).numFeatures(), "--num-features sets the dimension");
    Path beyond = Files.write(dir.resolve("beyond.libsvm"), List.of("1 1:0.5", "# a comment", "0 2:1 4:2"));
    Path output = dir.resolve("out");
    refused(args("predict", "--model", model, "--input", beyond, "--output", output), "beyond.libsvm' line 3",
        "index 4 (0-based feature 3)", "the model's 3 features");
    refused(args("evaluate", "--model", model, "--input", beyond), "beyond.libsvm' line 3", "index 4");
    Path zeroBased = Files.write(dir.resolve("zero.libsvm"), List.of("1 0:0.5 1:1"));
    refused(args("evaluate", "--model", model, "--input", zeroBased), "zero.libsvm' line 1", "index 0",
        "count from 1");
    refused(args("train", "--input", beyond, "--model", dir.resolve("m2"), "--num-features", "2"),
        "beyond.libsvm' line 3", "index 4", "--num-features 2");
    refused(args("train", "--input", dir.resolve("train.libsvm"), "--model", dir.resolve("m2"), "--num-features",
        "0"), "--num-features", "positive");
    refused(args("train", "--input", ripleyTrain(dir.resolve("data")), "--model", dir.resolve("m2"),
        "--num-features", "2"), "--num-features applies to libsvm input only");
  }

  @Test
  void aCsvRowWithAnExtraOrMissingCellIsAnErrorNamingItsLine() throws IOException {
    Path train = ripleyTrain(dir.resolve("data"));
    Path model = dir.resolve("model");
    ok(run((Object[]) ripleyFit(train, model)));
    Path extra = Files.write(dir.resolve("extra.csv"), List.of("xs,ys,yc", "0.1,0.2,0", "0.3,0.4,1,9", "0.5,0.6,1"));
    refused(args((Object[]) ripleyFit(extra, dir.resolve("m2"))), "extra.csv' line 3", "has 4 cells where the header "
        + "has 3", "0.3,0.4,1,9");
    refused(args("predict", "--model", model, "--input", extra, "--output", dir.resolve("o")), "extra.csv' line 3");
    refused(args("evaluate", "--model", model, "--input", extra), "extra.csv' line 3");
    Path missing = Files.write(dir.resolve("short.csv"), List.of("xs,ys,yc", "0.1,0.2,0", "0.3,0.4"));
    refused(args("evaluate", "--model", model, "--input", missing), "short.csv' line 3", "has 2 cells");
  }

  // ---- any data source, tables, output formats and modes ----

  @Test
  void orcJsonAndTableInputsAndOutputFormatsModesAndPartitions() throws IOException {
    SparkSession spark = SparkTestSession.get();
    Path train = ripleyTrain(dir.resolve("data"));
    Dataset<Row> frame = spark.read().option("header", "true").option("inferSchema", "true").csv(train.toString());
    Path orc = dir.resolve("train.orc");
    frame.write().orc(orc.toString());
    Path json = dir.resolve("train.json");
    frame.write().json(json.toString());
    frame.createOrReplaceTempView("ripley_train");

    Path fromOrc = dir.resolve("m-orc");
    ok(run("train", "--input", orc, "--model", fromOrc, "--label-col", "yc", "--family", "bernoulli", "--gamma", "4",
        "--standardization", "false", "--max-basis", "30"));
    Path fromJson = dir.resolve("m-json");
    ok(run("train", "--input", json, "--format", "json", "--model", fromJson, "--label-col", "yc", "--family",
        "bernoulli", "--gamma", "4", "--standardization", "false", "--max-basis", "30"));
    Path fromTable = dir.resolve("m-table");
    ok(run("train", "--table", "ripley_train", "--model", fromTable, "--label-col", "yc", "--family", "bernoulli",
        "--gamma", "4", "--standardization", "false", "--max-basis", "30"));
    double reference = evaluateRipley(fromOrc, train);
    assertTrue(reference >= 0.85);
    // the same rows and columns through three sources: the same fit
    assertEquals(reference, evaluateRipley(fromJson, train), 1e-12);
    assertEquals(reference, evaluateRipley(fromTable, train), 1e-12);
    Result onTable = run("evaluate", "--model", fromOrc, "--table", "ripley_train");
    ok(onTable);
    assertEquals(reference, onTable.json().get("accuracy").asDouble(), 1e-12);

    Path out = dir.resolve("out-json");
    ok(run("predict", "--model", fromOrc, "--table", "ripley_train", "--output", out, "--output-format", "json",
        "--partition-by", "yc"));
    Dataset<Row> written = spark.read().json(out.toString());
    assertEquals(250, written.count());
    assertTrue(Files.isDirectory(out.resolve("yc=0")) && Files.isDirectory(out.resolve("yc=1")));
    Result appended = run("predict", "--model", fromOrc, "--input", orc, "--output", out, "--output-format", "json",
        "--partition-by", "yc", "--mode", "append");
    ok(appended);
    assertEquals(250, appended.json().get("rows").asLong());
    assertEquals(500, spark.read().json(out.toString()).count());
    Result ignored = run("predict", "--model", fromOrc, "--input", orc, "--output", out, "--mode", "ignore");
    ok(ignored);
    assertEquals(0, ignored.json().get("rows").asLong());
    assertEquals(500, spark.read().json(out.toString()).count());
    Path orcOut = dir.resolve("out-orc");
    ok(run("predict", "--model", fromOrc, "--input", orc, "--output", orcOut));
    assertEquals(250, spark.read().orc(orcOut.toString()).count());

    refused(args("predict", "--model", fromOrc, "--input", orc, "--output", out, "--mode", "sideways"), "--mode",
        "'sideways'");
    refused(args("predict", "--model", fromOrc, "--input", orc, "--output", out, "--mode", "append", "--overwrite"),
        "--overwrite", "--mode append");
    refused(args("predict", "--model", fromOrc, "--input", orc, "--output", dir.resolve("o"), "--partition-by",
        "nope"), "--partition-by 'nope'");
    refused(args("train", "--table", "no_such_table", "--model", dir.resolve("m2")), "table 'no_such_table'",
        "--table");
    refused(args("train", "--table", "ripley_train", "--input", orc, "--model", dir.resolve("m2")), "--input",
        "--table", "not both");
    refused(args("evaluate", "--model", fromOrc, "--input", orc, "--format", "no-such-format"), "no-such-format");
  }

  // ---- issue 41: what a hostile user found ----

  private Path ripleyTest() throws IOException {
    Files.createDirectories(dir.resolve("data"));
    return Files.copy(TestData.dataDir().resolve("ripley_synth/synth.te.csv"), dir.resolve("data/test.csv"));
  }

  /** Ripley's training and test files, and the issue's {@code M/base} model fitted on the first. */
  private record Base(Path train, Path test, Path model) {}

  private Base base() throws IOException {
    Path train = ripleyTrain(dir.resolve("data"));
    Path base = dir.resolve("base");
    ok(run((Object[]) ripleyFit(train, base)));
    return new Base(train, ripleyTest(), base);
  }

  /** Ripley's training rows with their columns given as {@code header} (a permutation or renaming of xs,ys,yc). */
  private Path ripleyColumns(Path train, String name, int[] order, String header) throws IOException {
    List<String> lines = Files.readAllLines(train);
    List<String> out = new ArrayList<>(List.of(header));
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",");
      StringBuilder row = new StringBuilder();
      for (int j : order) {
        row.append(row.length() == 0 ? "" : ",").append(cells[j]);
      }
      out.add(row.toString());
    }
    return Files.write(dir.resolve("data").resolve(name), out);
  }

  /** Case 1: an append takes the existing output's format by default and refuses another format or schema. */
  @Test
  void anAppendKeepsTheOutputsFormatAndColumns() throws IOException {
    SparkSession spark = SparkTestSession.get();
    Base b = base();
    Path train = b.train();
    Path test = b.test();
    Path base = b.model();
    Path regression = dir.resolve("regression");
    Result twoPaths = run("train", "--input", train, "--model", regression, "--label-col", "yc", "--family",
        "gaussian", "--gamma", "4", "--max-basis", "30");
    ok(twoPaths);
    // case 12: fast gaussian follows two paths; the last stderr line names the saved one, as the JSON does
    List<String> progress = twoPaths.err().lines().toList();
    int[] basis = RvmModel.load(regression.toString()).summary().activeBasis();
    assertEquals("kept: the saved model's fit, " + twoPaths.json().get("iterations").asInt() + " iterations",
        progress.get(progress.size() - 1).replaceFirst(", log marginal.*", ""));
    assertTrue(progress.get(progress.size() - 1).contains(", " + basis[basis.length - 1] + " basis functions ("),
        progress.get(progress.size() - 1));

    Path csv = dir.resolve("p.csv");
    ok(run("predict", "--model", regression, "--input", test, "--output", csv));
    // the bernoulli model's P(1) under the gaussian model's variance header: refused
    refused(args("predict", "--model", base, "--input", test, "--output", csv, "--mode", "append"), "--output",
        "other columns", "variance", "probability");

    Path parquet = dir.resolve("p.parquet");
    ok(run("predict", "--model", base, "--input", test, "--output", parquet, "--output-format", "parquet"));
    refused(args("predict", "--model", base, "--input", test, "--output", parquet, "--mode", "append",
        "--output-format", "csv"), "holds parquet files", "cannot add csv");
    // no --output-format: the existing output's parquet, not the input's csv
    ok(run("predict", "--model", base, "--input", test, "--output", parquet, "--mode", "append"));
    assertEquals(2000, spark.read().parquet(parquet.toString()).count());
    refused(args("predict", "--model", regression, "--input", test, "--output", parquet, "--mode", "append"),
        "other columns");
  }

  /** Case 2: a warm start matches the initial model's features by name, as predict does. */
  @Test
  void aWarmStartMatchesFeaturesByName() throws IOException {
    Base b = base();
    Path train = b.train();
    Path test = b.test();
    Path base = b.model();
    double accuracy = run("evaluate", "--model", base, "--input", test, "--label-col", "yc").json().get("accuracy")
        .asDouble();
    Path swapped = ripleyColumns(train, "swapped.csv", new int[] {1, 0, 2}, "ys,xs,yc");
    Path warm = dir.resolve("warm");
    Result fit = run((Object[]) with(ripleyFit(swapped, warm), "--solver", "em", "--initial-model",
        base.toString()));
    ok(fit);
    assertTrue(fit.json().has("warmStartBasis"), fit.out());
    assertArrayEquals(new String[] {"xs", "ys"}, RvmModel.load(warm.toString()).getFeatureNames());
    double warmAccuracy = run("evaluate", "--model", warm, "--input", test, "--label-col", "yc").json()
        .get("accuracy").asDouble();
    assertTrue(accuracy >= 0.88 && warmAccuracy >= accuracy - 0.01, accuracy + " then " + warmAccuracy);

    Path renamed = ripleyColumns(train, "renamed.csv", new int[] {0, 1, 2}, "xs,zs,yc");
    refused(args((Object[]) with(ripleyFit(renamed, dir.resolve("m")), "--initial-model", base.toString())),
        "--initial-model", "xs, ys", "xs, zs", "missing ys", "by name");
  }

  /** Case 3: a model whose numbers were overwritten with NaN does not load. */
  @Test
  void aDamagedModelWithNonFiniteValuesIsRefused() throws IOException {
    Base b = base();
    Path base = b.model();
    Path damaged = dir.resolve("damaged");
    Files.createDirectories(damaged);
    try (Stream<Path> metadata = Files.walk(base.resolve("metadata"))) {
      for (Path p : metadata.toList()) {
        Files.copy(p, damaged.resolve(base.relativize(p).toString()));
      }
    }
    SparkTestSession.get().read().parquet(base.resolve("data").toString())
        .withColumn("weights", org.apache.spark.sql.functions.expr("transform(weights, w -> double('NaN'))"))
        .write().parquet(damaged.resolve("data").toString());
    refused(args("evaluate", "--model", damaged, "--input", b.test(), "--label-col", "yc"), "--model", "damaged",
        "weights", "NaN");
    refused(args("predict", "--model", damaged, "--input", b.test(), "--output", dir.resolve("out")), "damaged",
        "NaN");
  }

  /** Case 4: counts beyond 2^498 are refused before the fit, as gaussian labels are. */
  @Test
  void aPoissonCountOfAHugeMagnitudeIsRefused() throws IOException {
    Path train = ripleyTrain(dir.resolve("data"));
    List<String> lines = new ArrayList<>(Files.readAllLines(train));
    lines.set(5, lines.get(5).replaceAll(",[01]$", ",1e300"));
    Path counts = Files.write(dir.resolve("data/counts.csv"), lines);
    refused(args("train", "--input", counts, "--label-col", "yc", "--family", "poisson", "--model",
        dir.resolve("m")), "labelCol 'yc'", "counts of magnitude", "beyond 8.2e+149");
  }

  /** Case 5: a LibSVM index of 2e9 is refused before any row is made dense; one of 3e9 names its line. */
  @Test
  void aHugeLibsvmIndexIsRefusedBeforeAnyRowIsMadeDense() throws IOException {
    Files.createDirectories(dir.resolve("data"));
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      lines.add((i % 2) + " 1:" + (i * 0.1) + " 2:" + (1 - i * 0.05));
    }
    lines.set(7, "1 1:0.5 2000000000:1.0");
    Path wide = Files.write(dir.resolve("data/wide.libsvm"), lines);
    refused(args("train", "--input", wide, "--format", "libsvm", "--family", "bernoulli", "--model",
        dir.resolve("m")), "featuresCol 'features'", "2000000000 features", "reduce the dimension");
    lines.set(7, "1 1:0.5 3000000000:1.0");
    Path wider = Files.write(dir.resolve("data/wider.libsvm"), lines);
    refused(args("train", "--input", wider, "--format", "libsvm", "--family", "bernoulli", "--model",
        dir.resolve("m")), "line 8", "index 3000000000", "largest LibSVM index");
  }

  /** Case 8: array params (--thresholds) are set from the command line. */
  @Test
  void thresholdsAreSetFromTheCommandLine() throws IOException {
    Path train = ripleyTrain(dir.resolve("data"));
    Path model = dir.resolve("m");
    ok(run((Object[]) with(ripleyFit(train, model), "--thresholds", "0.7,0.3")));
    assertArrayEquals(new double[] {0.7, 0.3}, RvmModel.load(model.toString()).getThresholds());
    refused(args((Object[]) with(ripleyFit(train, dir.resolve("m2")), "--thresholds", "0.7,x")), "--thresholds",
        "NUMBER,NUMBER");
  }

  /** Case 9: a CSV wider than Spark's CSV reader, and a weight column that is the label, say so. */
  @Test
  void aTooWideCsvAndAWeightColumnThatIsTheLabelAreNamed() throws IOException {
    Path train = ripleyTrain(dir.resolve("data"));
    refused(args((Object[]) with(ripleyFit(train, dir.resolve("m")), "--weight-col", "yc")), "--weight-col 'yc'",
        "is the label column");
    int columns = 100_000;
    StringBuilder header = new StringBuilder("y");
    StringBuilder row = new StringBuilder("1");
    for (int j = 0; j < columns; j++) {
      header.append(",x").append(j);
      row.append(",0");
    }
    Path wide = Files.write(dir.resolve("data/wide.csv"), List.of(header.toString(), row.toString(),
        row.toString().replaceFirst("^1", "0")));
    refused(args("train", "--input", wide, "--label-col", "y", "--family", "bernoulli", "--model", dir.resolve("m")),
        "100001 columns", "maxColumns", "libsvm");
  }

  /** Case 11: the temporary folder of a write killed with kill -9 is removed by the next write to that target. */
  @Test
  void aKilledWritesTemporaryFolderIsRemovedByTheNextWrite() throws IOException, InterruptedException {
    Path train = ripleyTrain(dir.resolve("data"));
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    String host = java.net.InetAddress.getLocalHost().getHostName().replaceAll("[^A-Za-z0-9.-]", "_");
    Path stale = dir.resolve(".m.spark-rvm-" + host + "@" + gone.pid() + "-0f1e2d3c.tmp");
    Files.createDirectories(stale.resolve("data"));
    Files.writeString(stale.resolve("data/part-00000.parquet"), "half written");
    ok(run((Object[]) ripleyFit(train, dir.resolve("m"))));
    try (Stream<Path> siblings = Files.list(dir)) {
      assertEquals(List.of("data", "m"), siblings.map(p -> p.getFileName().toString()).sorted().toList(),
          "the killed write's temporary folder removed, no other left");
    }
  }

  /** Case 12: a bad weight names its row. */
  @Test
  void aBadWeightNamesItsRow() throws IOException {
    Path train = ripleyTrain(dir.resolve("data"));
    List<String> lines = Files.readAllLines(train);
    List<String> weighted = new ArrayList<>(List.of(lines.get(0) + ",w"));
    for (int i = 1; i < lines.size(); i++) {
      weighted.add(lines.get(i) + (i == 9 ? ",-1" : ",1"));
    }
    Path file = Files.write(dir.resolve("data/weighted.csv"), weighted);
    String[] row = lines.get(9).split(",");
    refused(args((Object[]) with(ripleyFit(file, dir.resolve("m")), "--weight-col", "w")), "weightCol 'w'", "-1.0",
        "in the row with label " + Double.parseDouble(row[2]), String.valueOf(Double.parseDouble(row[0])));
  }
}
