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
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.sparkrvm.RvmModel;
import io.github.sparkrvm.SparkTestSession;
import io.github.sparkrvm.TestData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spark-submit job, run in-process: Ripley from CSV, sinc from Parquet and LibSVM, and every bad input. */
class RvmJobTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  static Path dir;

  private static Path trainCsv;
  private static Path testCsv;
  private static Path testParquet;
  private static Path model;
  private static Result trained;

  /** The status and what a run printed. */
  record Result(int status, String out, String err) {
    List<String> outLines() {
      return out.lines().toList();
    }

    /** The last line of stdout, as JSON. */
    JsonNode json() {
      List<String> lines = outLines();
      assertFalse(lines.isEmpty(), "no output; stderr: " + err);
      try {
        return JSON.readTree(lines.get(lines.size() - 1));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  static Result run(Object... args) {
    String[] strings = Arrays.stream(args).map(String::valueOf).toArray(String[]::new);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = RvmJob.run(strings, o, e, SparkTestSession.get());
    }
    return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @BeforeAll
  static void trainOnRipley() throws IOException {
    Path ripley = TestData.dataDir().resolve("ripley_synth");
    trainCsv = Files.copy(ripley.resolve("synth.tr.csv"), dir.resolve("train.csv"));
    testCsv = Files.copy(ripley.resolve("synth.te.csv"), dir.resolve("test.csv"));
    testParquet = dir.resolve("test.parquet");
    SparkTestSession.get().read().option("header", "true").option("inferSchema", "true").csv(testCsv.toString())
        .write().parquet(testParquet.toString());
    model = dir.resolve("ripley-model");
    trained = run("train", "--input", trainCsv, "--model", model, "--label-col", "yc", "--family", "bernoulli",
        "--gamma", "4", "--standardization", "false", "--max-basis", "60",
        "--max-iter", "60");
  }

  @Test
  void trainsOnRipleyCsv() {
    assertEquals(0, trained.status(), trained.err());
    assertEquals(1, trained.outLines().size(), "stdout holds the JSON line only: " + trained.out());
    JsonNode json = trained.json();
    assertEquals(250, json.get("rows").asLong());
    int vectors = json.get("relevanceVectors").asInt();
    assertTrue(vectors >= 1, trained.out());
    RvmModel loaded = RvmModel.load(model.toString());
    assertEquals(loaded.numRelevanceVectors(), vectors);
    assertEquals("bernoulli", loaded.getFamily());
    assertEquals("yc", loaded.getLabelCol());
    // train chose Spark's kind of stage for the family: the model is saved as a classification model
    assertEquals(loaded.numRelevanceVectors(),
        io.github.sparkrvm.RvmClassificationModel.load(model.toString()).numRelevanceVectors());
    int iterations = json.get("iterations").asInt();
    assertEquals(loaded.summary().iterations(), iterations);
    assertTrue(json.get("converged").isBoolean());
    assertTrue(json.get("fitSeconds").asDouble() > 0.0);
    // stderr: the driver's heap, then every step of the fast classifier's two paths on the driver (numbered on
    // from the first path's), then the kept fit's line, which the saved model's iterations name
    List<String> lines = trained.err().lines().toList();
    assertEquals(String.format("driver: a heap of %d MiB (spark.driver.memory not set)",
        Runtime.getRuntime().maxMemory() >> 20), lines.get(0), trained.err());
    List<String> progress = lines.subList(1, lines.size() - 1);
    for (int i = 0; i < progress.size(); i++) {
      assertTrue(progress.get(i).matches("iteration " + i + ": log marginal likelihood -?[0-9.]+, [0-9]+ basis "
          + "functions"), progress.get(i));
    }
    assertTrue(progress.size() > iterations + 1, "two paths: " + trained.err());
    assertTrue(lines.get(lines.size() - 1).startsWith("kept: the saved model's fit, " + iterations + " iterations"),
        trained.err());
  }

  @Test
  void evaluatesRipleyCsv() {
    Result r = run("evaluate", "--model", model, "--input", testCsv);
    assertEquals(0, r.status(), r.err());
    assertEquals("", r.err());
    JsonNode json = r.json();
    assertEquals(1000, json.get("rows").asLong());
    double accuracy = json.get("accuracy").asDouble();
    assertTrue(accuracy >= 0.85, r.out());
    assertEquals(1.0 - accuracy, json.get("error").asDouble(), 1e-12);
    assertTrue(json.get("logLoss").asDouble() > 0.0 && json.get("logLoss").asDouble() < 0.5, r.out());
    assertTrue(json.get("auc").asDouble() > 0.9, r.out());
    assertEquals(List.of("rows", "accuracy", "error", "logLoss", "auc", "weightedF1", "confusionMatrix"),
        fieldNames(json));
    JsonNode confusion = json.get("confusionMatrix");
    assertEquals(2, confusion.size());
    long total = 0;
    for (int i = 0; i < 2; i++) {
      for (int j = 0; j < 2; j++) {
        total += confusion.get(i).get(j).asLong();
      }
    }
    assertEquals(1000, total);
    assertEquals(accuracy, (confusion.get(0).get(0).asLong() + confusion.get(1).get(1).asLong()) / 1000.0, 1e-12);
    assertTrue(json.get("weightedF1").asDouble() > 0.85 && json.get("weightedF1").asDouble() <= 1.0, r.out());
  }

  @Test
  void predictsRipleyCsvToCsv() {
    Path output = dir.resolve("predictions-csv");
    Result r = run("predict", "--model", model, "--input", testCsv, "--output", output);
    assertEquals(0, r.status(), r.err());
    assertEquals(1000, r.json().get("rows").asLong());
    assertEquals(output.toString(), r.json().get("output").asText());
    Dataset<Row> written = SparkTestSession.get().read().option("header", "true").option("inferSchema", "true")
        .csv(output.toString());
    assertEquals(1000, written.count());
    assertEquals(List.of("xs", "ys", "yc", "prediction", "probability"), Arrays.asList(written.columns()));
    Row extremes = written.selectExpr("min(probability)", "max(probability)",
        "avg(cast(prediction = cast(probability > 0.5 as double) as double))").first();
    assertTrue(extremes.getDouble(0) >= 0.0 && extremes.getDouble(1) <= 1.0, extremes.toString());
    assertEquals(1.0, extremes.getDouble(2), 1e-12, "prediction = [P(1) > 0.5]");
  }

  @Test
  void predictsParquetToParquetKeepingEveryColumn() {
    Path output = dir.resolve("predictions.parquet");
    Result r = run("predict", "--model", model, "--input", testParquet, "--output", output);
    assertEquals(0, r.status(), r.err());
    assertEquals(1000, r.json().get("rows").asLong());
    Dataset<Row> written = SparkTestSession.get().read().parquet(output.toString());
    assertEquals(List.of("xs", "ys", "yc", "features", "prediction", "rawPrediction", "probability"),
        Arrays.asList(written.columns()));
    Result again = run("predict", "--model", model, "--input", testParquet, "--output", output, "--overwrite");
    assertEquals(0, again.status(), again.err());
  }

  @Test
  void gaussianFromParquetEvaluatedOnLibsvm() {
    SparkSession spark = SparkTestSession.get();
    StructType columns = new StructType().add("x", DataTypes.DoubleType).add("label", DataTypes.DoubleType);
    TestData.Table train = TestData.noisySinc(100, 0.1, 11);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < train.size(); i++) {
      rows.add(RowFactory.create(train.x()[i][0], train.t()[i]));
    }
    Path trainParquet = dir.resolve("sinc.parquet");
    spark.createDataFrame(rows, columns).repartition(2).write().parquet(trainParquet.toString());
    TestData.Table test = TestData.noisySinc(200, 0.1, 12);
    List<Row> testRows = new ArrayList<>();
    for (int i = 0; i < test.size(); i++) {
      testRows.add(RowFactory.create(test.t()[i], Vectors.dense(test.x()[i])));
    }
    StructType libsvmColumns = new StructType().add("label", DataTypes.DoubleType)
        .add("features", SQLDataTypes.VectorType());
    Path testLibsvm = dir.resolve("sinc-test.libsvm");
    spark.createDataFrame(testRows, libsvmColumns).write().format("libsvm").save(testLibsvm.toString());

    String sincModel = dir.resolve("sinc-model").toUri().toString();
    Result fit = run("train", "--input", trainParquet.toUri(), "--model", sincModel, "--max-basis", "50",
        "--gamma", "0.1", "--standardization", "false");
    assertEquals(0, fit.status(), fit.err());
    assertEquals(100, fit.json().get("rows").asLong());
    assertEquals(1, RvmModel.load(sincModel).numFeatures());
    assertEquals(1, io.github.sparkrvm.RvmRegressionModel.load(sincModel).numFeatures());

    Result r = run("evaluate", "--model", sincModel, "--input", testLibsvm);
    assertEquals(0, r.status(), r.err());
    JsonNode json = r.json();
    assertEquals(List.of("rows", "rmse", "mse", "mae", "r2"), fieldNames(json));
    assertEquals(200, json.get("rows").asLong());
    assertTrue(json.get("rmse").asDouble() < 0.2, r.out());
    assertTrue(json.get("r2").asDouble() > 0.8, r.out());
    assertEquals(json.get("rmse").asDouble() * json.get("rmse").asDouble(), json.get("mse").asDouble(), 1e-9);

    Path output = dir.resolve("sinc-predictions");
    Result p = run("predict", "--model", sincModel, "--input", testLibsvm, "--output", output);
    assertEquals(0, p.status(), p.err());
    Dataset<Row> written = spark.read().parquet(output.toString());
    assertEquals(List.of("label", "features", "prediction", "variance"), Arrays.asList(written.columns()));
    assertEquals(200, written.count());
  }

  @Test
  void helpPrintsTheUsage() {
    for (Result r : List.of(run(), run("--help"), run("train", "--help"))) {
      assertEquals(0, r.status());
      assertEquals("", r.err());
      assertTrue(r.out().startsWith("Usage: spark-submit --class io.github.sparkrvm.cli.RvmJob"), r.out());
      assertTrue(r.out().contains("--max-basis INTEGER  (default 1000)"), r.out());
      assertTrue(r.out().contains("input is written as parquet"), r.out());
    }
  }

  @Test
  void anUnexpectedFailureIsOneLineWithStatusOne() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String[] args = {"evaluate", "--model", "m", "--input", "x.csv"};
    int status = RvmJob.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), null); // no session: a failure that is no input's fault
    assertEquals(1, status);
    List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(1, lines.size(), lines.toString());
    assertTrue(lines.get(0).startsWith("spark-rvm: failed: NullPointerException"), lines.get(0));
    assertEquals("", out.toString(StandardCharsets.UTF_8));
  }

  // ---- bad input: exit 2, one line on stderr, nothing written ----

  /**
   * --initial-model warm-starts train from a saved model: on the same data it stops at once at the same model, and
   * says so in its JSON line; an incompatible one, or a missing path, is a bad command line (status 2).
   * --noise-precision holds β.
   */
  @Test
  void warmStartsFromASavedModelAndHoldsTheNoise() {
    Path warm = fresh("ripley-warm");
    Result r = run("train", "--input", trainCsv, "--model", warm, "--label-col", "yc", "--family", "bernoulli",
        "--gamma", "4", "--standardization", "false", "--max-basis", "60", "--max-iter", "60",
        "--initial-model", model);
    assertEquals(0, r.status(), r.err());
    RvmModel initial = RvmModel.load(model.toString());
    JsonNode json = r.json();
    assertEquals(initial.summary().activeBasis()[initial.summary().activeBasis().length - 1],
        json.get("warmStartBasis").asInt(), r.out());
    assertTrue(json.get("iterations").asInt() <= 3, r.out());
    RvmModel fitted = RvmModel.load(warm.toString());
    assertEquals(initial.numRelevanceVectors(), fitted.numRelevanceVectors());
    for (int i = 0; i < initial.weights().size(); i++) {
      assertEquals(initial.weights().apply(i), fitted.weights().apply(i), 1e-6 * Math.max(1.0,
          Math.abs(initial.weights().apply(i))));
    }
    assertFalse(trained.json().has("warmStartBasis"), "a cold fit's line has no warmStartBasis");

    assertBad(run("train", "--input", trainCsv, "--model", fresh("ripley-warm-2"), "--label-col", "yc",
        "--family", "bernoulli", "--gamma", "2", "--standardization", "false", "--initial-model", model),
        "initialModel", "gamma=4.0");
    assertBad(run("train", "--input", trainCsv, "--model", fresh("ripley-warm-3"), "--label-col", "yc",
        "--initial-model", dir.resolve("no-such-model")), "--initial-model", "does not exist");
    assertBad(run("train", "--input", trainCsv, "--model", model, "--label-col", "yc", "--family", "bernoulli",
        "--gamma", "4", "--standardization", "false", "--initial-model", model, "--overwrite"), "--initial-model");

    Path held = fresh("sinc-held");
    Path sinc = dir.resolve("sinc-held.csv");
    TestData.Table table = TestData.noisySinc(60, 0.1, 13);
    List<String> lines = new ArrayList<>(List.of("x,label"));
    for (int i = 0; i < table.size(); i++) {
      lines.add(table.x()[i][0] + "," + table.t()[i]);
    }
    try {
      Files.write(sinc, lines);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Result h = run("train", "--input", sinc, "--model", held, "--noise-precision", "80");
    assertEquals(0, h.status(), h.err());
    RvmModel heldModel = RvmModel.load(held.toString());
    assertEquals(80.0, heldModel.getNoisePrecision(), 0.0);
    assertEquals(80.0, heldModel.fittedNoisePrecision(), 0.0);
    assertBad(run("train", "--input", trainCsv, "--model", fresh("ripley-held"), "--label-col", "yc", "--family",
        "bernoulli", "--noise-precision", "3"), "noisePrecision", "bernoulli");
    assertBad(run("train", "--input", sinc, "--model", fresh("sinc-held-2"), "--noise-precision", "-1"),
        "--noise-precision");
  }

  private static void assertBad(Result r, String... fragments) {
    assertEquals(2, r.status(), "out: " + r.out() + "\nerr: " + r.err());
    List<String> lines = r.err().lines().toList();
    assertEquals(1, lines.size(), r.err());
    assertTrue(lines.get(0).startsWith("spark-rvm: "), lines.get(0));
    for (String f : fragments) {
      assertTrue(lines.get(0).contains(f), "'" + f + "' not in: " + lines.get(0));
    }
    assertFalse(r.out().contains("{"), "no JSON line: " + r.out());
  }

  private static Path fresh(String name) {
    Path p = dir.resolve(name);
    assertFalse(Files.exists(p));
    return p;
  }

  private static Path csv(String name, String... lines) throws IOException {
    return Files.write(dir.resolve(name), List.of(lines));
  }

  @Test
  void missingInputFile() {
    Path m = fresh("m-missing");
    assertBad(run("train", "--input", dir.resolve("nope.csv"), "--model", m), "nope.csv", "--input",
        "does not exist");
    assertFalse(Files.exists(m));
    Path out = fresh("o-missing");
    assertBad(run("predict", "--model", model, "--input", dir.resolve("nope.csv"), "--output", out), "nope.csv");
    assertFalse(Files.exists(out));
    assertBad(run("evaluate", "--model", dir.resolve("no-model"), "--input", testCsv), "no-model", "--model");
  }

  @Test
  void unknownColumns() {
    Path m = fresh("m-columns");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--label-col", "nope"), "'nope'", "--label-col",
        "xs, ys, yc");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--label-col", "yc", "--weight-col", "w8"), "'w8'",
        "--weight-col");
    assertBad(run("train", "--input", testParquet, "--model", m, "--label-col", "yc", "--features-col", "vec"),
        "'vec'", "--features-col");
    assertFalse(Files.exists(m));
    Path out = fresh("o-columns");
    assertBad(run("predict", "--model", model, "--input", testParquet, "--output", out, "--features-col", "vec"),
        "'vec'", "--features-col");
    assertBad(run("predict", "--model", model, "--input", testParquet, "--output", out, "--features-col", "xs"),
        "'xs'", "not a Vector column");
    assertFalse(Files.exists(out));
    assertBad(run("evaluate", "--model", model, "--input", testCsv, "--label-col", "class"), "'class'");
  }

  @Test
  void nonNumericCell() throws IOException {
    Path bad = csv("bad-cell.csv", "xs,ys,yc", "0.1,0.2,0", "0.3,abc,1", "0.5,0.1,1");
    Path m = fresh("m-cell");
    assertBad(run("train", "--input", bad, "--model", m, "--label-col", "yc", "--family", "bernoulli"),
        "'ys'", "'abc'", "(xs=0.3, ys=abc, yc=1)");
    assertFalse(Files.exists(m));
    Path empty = csv("empty-cell.csv", "xs,ys,yc", "0.1,0.2,0", "0.3,,1");
    assertBad(run("train", "--input", empty, "--model", m, "--label-col", "yc"), "'ys'", "is empty",
        "(xs=0.3, ys=, yc=1)");
    Path badLabel = csv("bad-label.csv", "xs,ys,yc", "0.1,0.2,zero", "0.3,0.4,1");
    assertBad(run("train", "--input", badLabel, "--model", m, "--label-col", "yc"), "label column 'yc'", "'zero'");
    assertFalse(Files.exists(m));
    Path out = fresh("o-cell");
    assertBad(run("predict", "--model", model, "--input", bad, "--output", out), "'ys'", "'abc'");
    assertFalse(Files.exists(out));
  }

  @Test
  void unknownOptionParamOrCommand() {
    Path m = fresh("m-options");
    Path out = fresh("o-options");
    assertBad(run("predict", "--model", model, "--input", testCsv, "--output", out, "--bogus", "1"), "--bogus",
        "--model, --input");
    assertBad(run("predict", "--model", model, "--input", testCsv, "--output", out, "--gamma", "1"), "--gamma",
        "training param");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--max-basi", "10"), "--max-basi ",
        "did you mean --max-basis?", "--help");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--maxBasis", "10"), "--maxBasis",
        "did you mean --max-basis?");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--max-block-size-in-m-b", "4"),
        "did you mean --max-block-size-in-mb?");
    assertBad(run("train", "--input", trainCsv, "--model", m, "stray"), "'stray'");
    assertBad(run("fit", "--input", trainCsv), "unknown command 'fit'");
    assertBad(run("--input", trainCsv), "command");
    assertFalse(Files.exists(m));
    assertFalse(Files.exists(out));
  }

  @Test
  void aRunOfCapitalsInAParamNameIsOneOptionWord() {
    // maxDriverDesignSizeInMB is --max-driver-design-size-in-mb; 0 makes every step pass over the data
    Path m = fresh("m-acronym");
    Result r = run("train", "--input", trainCsv, "--model", m, "--label-col", "yc", "--family", "bernoulli",
        "--max-basis", "30", "--max-iter", "5", "--max-driver-design-size-in-mb", "0", "--max-block-size-in-mb", "1");
    assertEquals(0, r.status(), r.err());
    RvmModel loaded = RvmModel.load(m.toString());
    assertEquals(0.0, loaded.getMaxDriverDesignSizeInMB());
    assertEquals(1.0, loaded.getMaxBlockSizeInMB());
    assertTrue(loaded.summary().dataPasses() > 2, loaded.summary().dataPasses() + " passes");
  }

  @Test
  void trainsAGridPriorFromTheCommandLine() {
    Path m = fresh("m-grid");
    Result r = run("train", "--input", trainCsv, "--model", m, "--label-col", "yc", "--family", "bernoulli",
        "--solver", "variational", "--prior", "grid-sum", "--kernel", "linear", "--grid-shape", "1,2");
    assertEquals(0, r.status(), r.err());
    RvmModel loaded = RvmModel.load(m.toString());
    assertArrayEquals(new int[] {1, 2}, loaded.getGridShape());
    assertArrayEquals(new int[] {1, 2}, loaded.gridTable());
    assertEquals(2, loaded.columnRelevances().length);
    assertEquals("variational", loaded.getSolver());
  }

  @Test
  void trainsClassSpecificFeaturesFromTheCommandLine() {
    // Ripley's two features as K = 2 blocks of B = 1: class 0 may use xs only, class 1 ys only
    Path m = fresh("m-blocks");
    Result r = run("train", "--input", trainCsv, "--model", m, "--label-col", "yc", "--family", "multinomial",
        "--kernel", "linear", "--class-feature-blocks", "1");
    assertEquals(0, r.status(), r.err());
    RvmModel loaded = RvmModel.load(m.toString());
    assertEquals(1, loaded.getClassFeatureBlocks());
    for (int k = 0; k < 2; k++) {
      for (int f : loaded.classRelevantFeatures(k)) {
        assertEquals(k, f, "class " + k + " uses feature " + f);
      }
    }
    assertBad(run("train", "--input", trainCsv, "--model", fresh("m-blocks-bad"), "--label-col", "yc", "--family",
        "multinomial", "--kernel", "linear", "--class-feature-blocks", "2"), "featuresCol", "holds 2 features",
        "classFeatureBlocks 2", "2 x 2 = 4");
  }

  @Test
  void invalidParamValues() {
    Path m = fresh("m-values");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--gamma", "-1"), "'-1'", "--gamma", "> 0");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--max-basis", "many"), "'many'", "--max-basis");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--fit-intercept", "maybe"), "--fit-intercept",
        "true or false");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--family", "tweedie"), "'tweedie'", "--family");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--seed", "1.5"), "--seed");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--format", "no-such-format"), "--format",
        "no-such-format");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--grid-shape", "2"), "'2'", "--grid-shape");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--grid-shape", "1,x"), "'1,x'", "--grid-shape",
        "INTEGER,INTEGER");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--label-col", "yc", "--prior", "grid-sum"),
        "prior 'grid-sum' needs solver 'variational'");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--tol"), "--tol", "needs a value");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--tol", "1", "--tol", "2"), "--tol", "more than once");
    assertFalse(Files.exists(m));
  }

  @Test
  void missingRequiredOption() {
    assertBad(run("train", "--input", trainCsv), "--model");
    assertBad(run("train", "--model", fresh("m-required")), "--input");
    assertBad(run("predict", "--model", model, "--input", testCsv), "--output");
    assertBad(run("evaluate", "--input", testCsv), "--model");
    assertFalse(Files.exists(dir.resolve("m-required")));
  }

  @Test
  void existingOutputWithoutOverwrite() throws IOException {
    Path m = Files.createDirectory(dir.resolve("m-existing"));
    Path marker = Files.writeString(m.resolve("keep.txt"), "mine");
    assertBad(run("train", "--input", trainCsv, "--model", m, "--label-col", "yc", "--family", "bernoulli"),
        "--model", "already exists", "--overwrite");
    assertEquals(List.of(marker), list(m));
    assertEquals("mine", Files.readString(marker));
    assertBad(run("predict", "--model", model, "--input", testCsv, "--output", m), "--output", "already exists");
    assertEquals(List.of(marker), list(m));
  }

  @Test
  void badTrainingDataFromTheEstimator() throws IOException {
    Path m = fresh("m-data");
    Path three = csv("three-classes.csv", "a,b,y", "0,1,0", "1,0,1", "2,2,2", "3,1,0");
    assertBad(run("train", "--input", three, "--model", m, "--label-col", "y", "--family", "bernoulli"),
        "labelCol 'y' holds 2.0");
    Path single = csv("single-class.csv", "a,b,y", "0,1,0", "1,0,0", "2,2,0");
    assertBad(run("train", "--input", single, "--model", m, "--label-col", "y", "--family", "bernoulli"),
        "labelCol 'y' holds a single class");
    Path nan = csv("nan.csv", "a,b,y", "0,1,0", "1,NaN,1", "2,2,1", "3,1,0");
    assertBad(run("train", "--input", nan, "--model", m, "--label-col", "y"), "feature column 'b'",
        "holds 'NaN', which is not a finite number", "(a=1, b=NaN, y=1)");
    assertFalse(Files.exists(m));
  }

  @Test
  void predictionInputThatDoesNotFitTheModel() throws IOException {
    Path out = fresh("o-model");
    Path wide = csv("wide.csv", "a,b,c", "0,1,2");
    assertBad(run("predict", "--model", model, "--input", wide, "--output", out), "feature column 'xs' of the model",
        "wide.csv", "its columns are a, b, c", "by name (xs, ys)");
    Path nan = csv("nan-test.csv", "xs,ys", "0.1,0.2", "-Infinity,0.3");
    assertBad(run("predict", "--model", model, "--input", nan, "--output", out), "'xs'", "'-Infinity'");
    // a vector of the wrong size is found only while the predictions are written
    StructType vectors = new StructType().add("features", SQLDataTypes.VectorType());
    Path threeWide = dir.resolve("three-wide.parquet");
    SparkTestSession.get().createDataFrame(List.of(RowFactory.create(Vectors.dense(1, 2, 3))), vectors).write()
        .parquet(threeWide.toString());
    assertBad(run("predict", "--model", model, "--input", threeWide, "--output", out),
        "holds a vector of size 3, but the model was fitted on 2 features");
    assertFalse(Files.exists(out), "a failed write leaves nothing");
    assertBad(run("predict", "--model", trainCsv, "--input", testCsv, "--output", out), "cannot load", "--model");
    Path labels = csv("labels.csv", "xs,ys,yc", "0.1,0.2,0", "0.3,0.4,3");
    assertBad(run("evaluate", "--model", model, "--input", labels), "label column 'yc' holds 3.0");
    assertFalse(Files.exists(out));
  }

  private static List<Path> list(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.toList();
    }
  }

  private static List<String> fieldNames(JsonNode json) {
    List<String> names = new ArrayList<>();
    json.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
