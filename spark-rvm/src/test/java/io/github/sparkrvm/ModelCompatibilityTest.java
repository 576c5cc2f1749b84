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

package io.github.sparkrvm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.spark.ml.linalg.Vectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Models saved by earlier versions (checked in under {@code src/test/resources/models/}, see the README there) still
 * load and predict the numbers recorded when they were saved.
 */
class ModelCompatibilityTest {

  @BeforeAll
  static void session() {
    SparkTestSession.get();
  }

  private static Path resource(String name) {
    try {
      return Path.of(ModelCompatibilityTest.class.getResource("/models/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String metadata(Path model) throws IOException {
    try (Stream<Path> files = Files.list(model.resolve("metadata"))) {
      Path part = files.filter(p -> p.getFileName().toString().startsWith("part-")).findFirst().orElseThrow();
      return Files.readString(part);
    }
  }

  @Test
  void aVersionOneBernoulliModelLoadsAndPredictsAsWhenSaved(@TempDir Path dir) throws IOException {
    Path path = resource("v1-bernoulli-rbf");
    assertTrue(metadata(path).contains("\"formatVersion\":1}"), "the fixture must stay a format-1 model");
    RvmModel model = RvmModel.load(path.toString());
    assertEquals("bernoulli", model.getFamily());
    assertEquals(6, model.numRelevanceVectors());
    double[][] points = {{-1.0, 0.2}, {0.0, 0.5}, {0.4, 0.9}, {-0.3, 0.1}};
    double[] probability = {0.019250341088752138, 0.65132366773057640, 0.94742088282198890, 0.028789774924177246};
    double[] prediction = {0.0, 1.0, 1.0, 0.0};
    for (int i = 0; i < points.length; i++) {
      assertEquals(probability[i], model.predictProbability(Vectors.dense(points[i])), 1e-14);
      assertEquals(prediction[i], model.predict(Vectors.dense(points[i])), 0.0);
    }
    // saved again, it is a current-format model with the same predictions
    Path again = dir.resolve("resaved");
    model.write().save(again.toString());
    assertTrue(metadata(again).contains("\"formatVersion\":" + ModelFormat.VERSION + "}"));
    RvmModel reloaded = RvmModel.load(again.toString());
    assertEquals(2, reloaded.numClasses());
    for (int i = 0; i < points.length; i++) {
      assertEquals(probability[i], reloaded.predictProbability(Vectors.dense(points[i])), 1e-14);
    }
  }

  @Test
  void aVersionOneLinearRegressionLoadsAndPredictsAsWhenSaved() throws IOException {
    Path path = resource("v1-gaussian-linear");
    assertTrue(metadata(path).contains("\"formatVersion\":1}"), "the fixture must stay a format-1 model");
    RvmModel model = RvmModel.load(path.toString());
    assertEquals("linear", model.getKernel());
    assertArrayEquals(new int[] {0, 1}, model.relevantFeatures());
    assertEquals(0.98251229892435170, model.predict(Vectors.dense(1.0, 1.0, 1.0)), 1e-13);
    assertEquals(0.010672001231722593, model.predictVariance(Vectors.dense(1.0, 1.0, 1.0)), 1e-15);
    assertEquals(-3.0244109956189640, model.predict(Vectors.dense(-0.5, 2.0, 0.0)), 1e-13);
    assertEquals(0.010977303996877446, model.predictVariance(Vectors.dense(-0.5, 2.0, 0.0)), 1e-15);
  }

  @Test
  void aVersionFiveSearchedRegressionLoadsWithoutHeldOutScores() throws IOException {
    Path path = resource("v5-gaussian-rbf-searched");
    assertTrue(metadata(path).contains("\"formatVersion\":5}"), "the fixture must stay a format-5 model");
    RvmModel model = RvmModel.load(path.toString());
    RvmTrainingSummary.GammaChoice search = model.summary().gammaChoice();
    assertArrayEquals(new double[] {1.0, 4.0, 0.25, 16.0, 0.0625, 64.0, 0.015625, 8.0, 2.0}, search.tried(), 0.0);
    assertEquals(2.0, search.chosen(), 0.0);
    assertEquals(2.0, model.getGamma(), 0.0);
    for (double h : search.heldOut()) {
      assertTrue(Double.isNaN(h), "format 5 saved no held-out scores");
    }
    double[][] recorded = {
        {-3.0, 0.053828955390971880, 0.0013989863890601403},
        {0.5, 0.96342526537677190, 0.0013995834151675091},
        {2.0, 0.45663889381457656, 0.0013666727274149668},
        {7.5, 0.11408777016636092, 0.0013863920177852847}};
    for (double[] r : recorded) {
      assertEquals(r[1], model.predict(Vectors.dense(r[0])), 1e-13);
      assertEquals(r[2], model.predictVariance(Vectors.dense(r[0])), 1e-15);
    }
  }

  @Test
  void aVersionSixSoftmaxLoadsAndPredictsAsWhenSaved() throws IOException {
    Path path = resource("v6-multinomial-softmax-linear");
    assertTrue(metadata(path).contains("\"formatVersion\":6}"), "the fixture must stay a format-6 model");
    RvmModel model = RvmModel.load(path.toString());
    assertEquals(3, model.numClasses());
    assertArrayEquals(new int[] {1, 4, 7}, model.relevantFeatures());
    TestData.Table data = TestData.classSpecificBlobs(20, 3, 7L);
    double[][] probability = {
        {0.98150480645800870, 0.0020702112694310154, 0.016424982272560396},
        {0.0019500611068594086, 0.99625682376979800, 0.0017931151233426723},
        {0.0025038747502213750, 0.0031053154947183860, 0.99439080975506020},
        {0.98110879068504560, 0.0080084993482248920, 0.010882709966729456}};
    double[] prediction = {0.0, 1.0, 2.0, 0.0};
    for (int i = 0; i < probability.length; i++) {
      org.apache.spark.ml.linalg.Vector x = Vectors.dense(data.x()[7 * i]);
      assertArrayEquals(probability[i], model.predictProbabilities(x).toArray(), 1e-14);
      assertEquals(prediction[i], model.predict(x), 0.0);
    }
  }
}
