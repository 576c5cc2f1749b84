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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sparkrvm.CountData;
import io.github.sparkrvm.RvmMetrics;
import io.github.sparkrvm.RvmModel;
import io.github.sparkrvm.SparkTestSession;
import io.github.sparkrvm.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job with {@code --family poisson}: train, evaluate and predict on count CSVs; bad counts exit with 2. */
class RvmJobPoissonTest {

  private static final double[] TRUE_WEIGHTS = {0.5, 0.8, 0.0, 0.0, -0.6, 0.0, 0.0};

  @TempDir
  Path dir;

  private Path csv(String name, TestData.Table table) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("x0,x1,x2,x3,x4,x5,count");
    for (int i = 0; i < table.size(); i++) {
      StringBuilder line = new StringBuilder();
      for (double v : table.x()[i]) {
        line.append(v).append(',');
      }
      lines.add(line.append((long) table.t()[i]).toString());
    }
    return Files.write(dir.resolve(name), lines);
  }

  private static void assertBad(RvmJobTest.Result r, String... fragments) {
    assertEquals(2, r.status(), "out: " + r.out() + "\nerr: " + r.err());
    List<String> lines = r.err().lines().toList();
    assertEquals(1, lines.size(), r.err());
    for (String f : fragments) {
      assertTrue(lines.get(0).contains(f), "'" + f + "' not in: " + lines.get(0));
    }
    assertFalse(r.out().contains("{"), "no JSON line: " + r.out());
  }

  @Test
  void trainsEvaluatesAndPredictsCounts() throws IOException {
    Path train = csv("train.csv", CountData.logLinear(400, TRUE_WEIGHTS, 31L));
    Path test = csv("test.csv", CountData.logLinear(100, TRUE_WEIGHTS, 32L));
    Path model = dir.resolve("model");
    RvmJobTest.Result fit = RvmJobTest.run("train", "--input", train, "--model", model, "--label-col", "count",
        "--family", "poisson", "--kernel", "linear", "--standardization", "false");
    assertEquals(0, fit.status(), fit.err());
    assertEquals(400, fit.json().get("rows").asLong());
    RvmModel loaded = RvmModel.load(model.toString());
    assertEquals("poisson", loaded.getFamily());
    int[] kept = loaded.relevantFeatures();
    assertTrue(Arrays.binarySearch(kept, 0) >= 0 && Arrays.binarySearch(kept, 3) >= 0,
        "x0 and x3 carry the counts: " + Arrays.toString(kept));

    RvmJobTest.Result evaluated = RvmJobTest.run("evaluate", "--model", model, "--input", test);
    assertEquals(0, evaluated.status(), evaluated.err());
    JsonNode json = evaluated.json();
    List<String> fields = new ArrayList<>();
    json.fieldNames().forEachRemaining(fields::add);
    assertEquals(List.of("rows", "rmse", "mse", "mae", "r2", "meanPoissonDeviance"), fields);
    Dataset<Row> testFrame = SparkTestSession.get().read().option("header", "true").option("inferSchema", "true")
        .csv(test.toString());
    RvmMetrics.Counts direct = (RvmMetrics.Counts) loaded.evaluate(
        new org.apache.spark.ml.feature.VectorAssembler().setInputCols(loaded.getFeatureNames())
            .setOutputCol(loaded.getFeaturesCol()).transform(testFrame));
    assertEquals(direct.meanPoissonDeviance(), json.get("meanPoissonDeviance").asDouble(), 1e-9);
    assertEquals(100, json.get("rows").asLong());

    Path output = dir.resolve("predictions");
    RvmJobTest.Result predicted = RvmJobTest.run("predict", "--model", model, "--input", test, "--output", output);
    assertEquals(0, predicted.status(), predicted.err());
    Dataset<Row> written = SparkTestSession.get().read().option("header", "true").option("inferSchema", "true")
        .csv(output.toString());
    assertEquals(List.of("x0", "x1", "x2", "x3", "x4", "x5", "count", "prediction", "variance"),
        Arrays.asList(written.columns()));
    assertEquals(0L, written.filter("prediction <= 0 OR variance <= prediction").count(),
        "mean counts are positive and a count's variance exceeds its mean");

    assertEquals("", predicted.err(), "no word when every mean count is finite");

    // issue 41, case 12: inputs far outside the data overflow the mean count exp(m + v/2), and the job says so
    List<String> far = new ArrayList<>(Files.readAllLines(test));
    far.set(1, "100000," + far.get(1).substring(far.get(1).indexOf(',') + 1));
    RvmJobTest.Result overflowed = RvmJobTest.run("predict", "--model", model, "--input",
        Files.write(dir.resolve("far.csv"), far), "--output", dir.resolve("far-predictions"));
    assertEquals(0, overflowed.status(), overflowed.err());
    assertEquals(1, overflowed.json().get("infinitePredictions").asLong(), overflowed.out());
    assertEquals(List.of("warning: 1 of the 100 predicted mean counts overflow to Infinity (a log mean beyond "
        + "709.78): their inputs lie far outside the training data of this poisson model"),
        overflowed.err().lines().toList());

    List<String> lines = new ArrayList<>(Files.readAllLines(test));
    lines.set(3, lines.get(3).substring(0, lines.get(3).lastIndexOf(',') + 1) + "2.5");
    Path badTest = Files.write(dir.resolve("bad-test.csv"), lines);
    assertBad(RvmJobTest.run("evaluate", "--model", model, "--input", badTest), "labelCol 'count' holds 2.5",
        "a poisson model is evaluated on counts");
  }

  @Test
  void aLabelThatIsNotACountExitsWithTwo() throws IOException {
    Path model = dir.resolve("m");
    TestData.Table table = CountData.logLinear(30, TRUE_WEIGHTS, 33L);
    for (double bad : new double[] {2.5, -1.0}) {
      List<String> lines = new ArrayList<>(Files.readAllLines(csv("counts.csv", table)));
      lines.set(5, lines.get(5).substring(0, lines.get(5).lastIndexOf(',') + 1) + bad);
      Path input = Files.write(dir.resolve("bad.csv"), lines);
      assertBad(RvmJobTest.run("train", "--input", input, "--model", model, "--label-col", "count", "--family",
          "poisson", "--kernel", "linear"), "labelCol 'count' holds " + bad, "family 'poisson' needs counts");
      assertFalse(Files.exists(model));
    }
  }
}
