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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.ml.Transformer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every format-3 fixture (an {@link RvmModel} saved before the classifier and regressor stages existed) loads as
 * {@link RvmModel} and as the model class of its kind ({@link RvmClassificationModel} or {@link RvmRegressionModel}),
 * and each writes the outputs recorded when it was saved, to 1e-12.
 */
class FixtureLoadingTest {

  @BeforeAll
  static void session() {
    SparkTestSession.get();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("io.github.sparkrvm.ModelEquivalenceTest#names")
  void theFixtureLoadsAndWritesItsRecordedOutputs(String name) {
    ModelFixtures.Case c = ModelEquivalenceTest.byName(name);
    String path = ModelFixtures.modelPath(name).toString();
    List<double[]> recorded = ModelFixtures.readOutputs(ModelFixtures.outputsPath(name));
    RvmModel generic = RvmModel.load(path);
    Transformer own = generic.numClasses() > 0 ? RvmClassificationModel.load(path) : RvmRegressionModel.load(path);
    assertEquals(generic.getFamily(), ((HasRelevanceVectors) own).getFamily());
    close(name + ", RvmModel", recorded, ModelFixtures.outputs(generic, c));
    close(name + ", " + own.getClass().getSimpleName(), recorded, ModelFixtures.outputs(own, c));
  }

  @Test
  void aModelOfTheOtherKindIsRefusedNamingTheClassThatReadsIt() {
    String regression = ModelFixtures.modelPath("gaussian-em-sinc").toString();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RvmClassificationModel.load(regression));
    assertTrue(e.getMessage().contains("RvmRegressionModel.load"), e.getMessage());
    String classifier = ModelFixtures.modelPath("bernoulli-em-ripley").toString();
    e = assertThrows(IllegalArgumentException.class, () -> RvmRegressionModel.load(classifier));
    assertTrue(e.getMessage().contains("RvmClassificationModel.load"), e.getMessage());
  }

  private static void close(String what, List<double[]> expected, List<double[]> actual) {
    assertEquals(expected.size(), actual.size(), what + ": rows");
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i).length, actual.get(i).length, what + ": row " + i);
      for (int j = 0; j < expected.get(i).length; j++) {
        double a = expected.get(i)[j];
        double b = actual.get(i)[j];
        assertEquals(a, b, 1e-12 * Math.max(1.0, Math.abs(a)), what + ", row " + i + ", column " + j);
      }
    }
  }
}
