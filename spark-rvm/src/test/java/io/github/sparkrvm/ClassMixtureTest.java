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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A linear softmax fitted on the driver mixes the predictive distributions of the two support priors' full and
 * folds' fits ({@link ClassMixture}): it reports the averaged Gaussian, a mixture of that one Gaussian alone
 * predicts as the model without a mixture, and the mixture survives save and load bit for bit.
 */
class ClassMixtureTest {

  private static TestData.Table data;
  private static Dataset<Row> frame;
  private static RvmModel model;

  @BeforeAll
  static void fit() {
    data = TestData.classSpecificBlobs(20, 3, 7L);
    frame = SparkTestSession.frame(data, 2);
    model = new RvmEstimator().setFamily("multinomial").setKernel("linear").setSolver("fast").fit(frame);
  }

  /** {@return the fitted state with {@code mixture} in place of its own} */
  private static FittedRvm withMixture(FittedRvm f, ClassMixture mixture) {
    return new FittedRvm(f.family(), f.kernel(), f.numFeatures(), f.scaling(), f.biasKept(), f.features(),
        f.centres(), f.weights(), f.alpha(), f.covariance(), f.noisePrecision(), f.summary(), f.classes(), f.grid(),
        f.varianceScale(), mixture);
  }

  @Test
  void theModelReportsTheAverageAndScoresWithTheMixture() {
    ClassMixture mixture = model.fitted().mixture();
    assertNotNull(mixture, "the linear fast softmax on the driver mixes its fits' predictives");
    assertTrue(mixture.numComponents() == 6 || mixture.numComponents() == 12, "one or two priors' 6 fits");
    assertEquals(1.0, Arrays.stream(mixture.shares()).sum(), 1e-12);
    // the reported relevant features are the averaged Gaussian's, within the components' basis
    for (int f : model.relevantFeatures()) {
      assertTrue(Arrays.binarySearch(mixture.features(), f) >= 0);
    }
    // the probabilities are the mixture's, not the average's
    FittedRvm own = withMixture(model.fitted(), null);
    RvmModel averaged = new RvmModel("averaged", own);
    Vector x = Vectors.dense(data.x()[0]);
    double[] mixed = model.predictProbabilities(x).toArray();
    assertEquals(1.0, Arrays.stream(mixed).sum(), 1e-12);
    assertTrue(!Arrays.equals(mixed, averaged.predictProbabilities(x).toArray()));
  }

  @Test
  void aMixtureOfTheModelsOwnGaussianAlonePredictsAsTheModel() {
    FittedRvm f = model.fitted();
    ClassModels c = f.classes();
    ClassMixture itself = new ClassMixture(f.biasKept(), f.features(), new int[][][] {c.basis()},
        new double[][][] {c.weights()}, new double[][] {c.covariance()}, new double[] {1.0});
    RvmModel one = new RvmModel("one", withMixture(f, itself));
    RvmModel none = new RvmModel("none", withMixture(f, null));
    for (int i = 0; i < data.size(); i += 5) {
      Vector x = Vectors.dense(data.x()[i]);
      assertArrayEquals(none.predictProbabilities(x).toArray(), one.predictProbabilities(x).toArray(), 0.0);
    }
    assertEquals(probabilities(none), probabilities(one));
  }

  @Test
  void saveAndLoadKeepTheMixtureAndItsPredictionsBitForBit(@TempDir Path dir) throws java.io.IOException {
    String path = dir.resolve("mixture").toString();
    model.write().save(path);
    RvmModel loaded = RvmModel.load(path);
    assertEquals(model.fitted().mixture().numComponents(), loaded.fitted().mixture().numComponents());
    assertArrayEquals(model.fitted().mixture().features(), loaded.fitted().mixture().features());
    assertEquals(probabilities(model), probabilities(loaded));
    assertArrayEquals(model.relevantFeatures(), loaded.relevantFeatures());
  }

  private static List<String> probabilities(RvmModel m) {
    return m.transform(frame).select("probability", "rawPrediction", "prediction").collectAsList().stream()
        .map(Row::toString).toList();
  }
}
