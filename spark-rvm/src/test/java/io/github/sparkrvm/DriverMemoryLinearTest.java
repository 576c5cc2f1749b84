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

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The driver-memory check of a binary or gaussian fit names the cure that applies to its kernel: for kernel linear,
 * solver fast, which holds O(M·k + k²) on the driver.
 */
class DriverMemoryLinearTest {

  @Test
  void fiftyThousandLinearFeaturesAreNotToldToLowerMaxBasis() {
    // 50,000 features and the bias: 6 × 8 × 50001² bytes ≈ 114 GiB, beyond a 1 GiB driver
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DriverMemory.checkBasis(50_001, "maxBasis", true, 1L << 30));
    assertTrue(e.getMessage().contains("kernel 'linear' has one basis function per input feature"), e.getMessage());
    assertTrue(e.getMessage().contains("maxBasis does not apply to the linear kernel"), e.getMessage());
    assertTrue(e.getMessage().contains("Set solver 'fast'"), e.getMessage());
    assertFalse(e.getMessage().contains("lower maxBasis"), e.getMessage());
    // other kernels keep the maxBasis advice, and what fits passes for both
    IllegalArgumentException rbf = assertThrows(IllegalArgumentException.class,
        () -> DriverMemory.checkBasis(50_001, "maxBasis", false, 1L << 30));
    assertTrue(rbf.getMessage().contains("lower maxBasis"), rbf.getMessage());
    DriverMemory.checkBasis(2_000, "maxBasis", true, 1L << 30);
  }

  @Test
  void aLinearFitOnFiftyThousandFeaturesGetsTheLinearAdvice() {
    java.util.List<org.apache.spark.sql.Row> rows = new java.util.ArrayList<>();
    java.util.SplittableRandom random = new java.util.SplittableRandom(3);
    for (int i = 0; i < 6; i++) {
      rows.add(org.apache.spark.sql.RowFactory.create(
          org.apache.spark.ml.linalg.Vectors.dense(random.doubles(50_000).toArray()), (double) i));
    }
    org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> data = SparkTestSession.get().createDataFrame(rows,
        new org.apache.spark.sql.types.StructType().add("features", org.apache.spark.ml.linalg.SQLDataTypes.VectorType())
            .add("label", org.apache.spark.sql.types.DataTypes.DoubleType));
    long available = Runtime.getRuntime().maxMemory();
    org.junit.jupiter.api.Assumptions.assumeTrue(available < DriverMemory.bytesFor(50_001) / 10 * 6,
        "a driver this large fits the 50,001 × 50,001 matrices");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new RvmEstimator().setKernel("linear").setSolver("em").fit(data));
    assertTrue(e.getMessage().startsWith("kernel 'linear' has one basis function per input feature: 50001"),
        e.getMessage());
    assertFalse(e.getMessage().contains("lower maxBasis"), e.getMessage());
  }

  @Test
  void solverFastHasRoomForTheActiveFeaturesOfWideSparseInput() {
    // every family scores its candidates apart (the gaussian one too, since it no longer keeps the Gram columns of
    // its active features, 4 copies of M × (k + 2) doubles: room for 74 then): 16 vectors of 262,145 doubles
    // (32 MiB) and 6 k × k matrices in the rest of 0.6 GiB: sqrt((644,245,094 − 33,554,560) / 48) = 3,567 active
    // features
    long apart = DriverMemory.checkSparse((1 << 18) + 1, 1L << 30);
    assertTrue(apart >= 3_560 && apart <= 3_567, "room " + apart);
    assertTrue(DriverMemory.sparseBytesFor((1 << 18) + 1, apart) <= (1L << 30) / 10 * 6);
    // 2^24 features leave no room for 16 active ones in 1 GiB: refused, naming what to do
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DriverMemory.checkSparse((1 << 24) + 1, 1L << 30));
    assertTrue(e.getMessage().contains("raise spark.driver.memory"), e.getMessage());
  }

  @Test
  void theSparseSoftmaxHoldsItsPairsScoresAndTheActivePairsPosterior() {
    // 3 classes × (2^18 + 1) = 786,435 pairs in 1 GiB: 16 vectors of 786,435 doubles (96 MiB) and 6 k × k matrices in
    // the rest of 0.6 GiB: sqrt((644,245,094 − 100,663,680) / 48) = 3,365 active pairs; the dense fast softmax's
    // 6 × (K + 1) × M² doubles (13 TiB) do not fit
    long room = DriverMemory.checkSparseSoftmax(3, (1 << 18) + 1, 1L << 30);
    assertTrue(room >= 3_360 && room <= 3_365, "room " + room);
    assertFalse(DriverMemory.fastSoftmaxFits(3, (1 << 18) + 1, 1L << 30));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DriverMemory.checkSparseSoftmax(10, (1 << 24) + 1, 1L << 30));
    assertTrue(e.getMessage().contains("multiClassStrategy 'ovr'") && e.getMessage().contains("(class, feature) "
        + "pairs"), e.getMessage());
  }

  @Test
  void fiftyThousandLinearFeaturesFitWithSolverFastAndAreRefusedByVariationalNamingFast() {
    java.util.List<org.apache.spark.sql.Row> rows = new java.util.ArrayList<>();
    java.util.SplittableRandom random = new java.util.SplittableRandom(5);
    for (int i = 0; i < 40; i++) {
      int[] indices = {random.nextInt(25_000), 25_000 + random.nextInt(25_000)};
      double label = i % 2;
      rows.add(org.apache.spark.sql.RowFactory.create(org.apache.spark.ml.linalg.Vectors.sparse(50_000,
          label == 1.0 ? new int[] {0, indices[1]} : indices, new double[] {1.0, 1.0}), label));
    }
    org.apache.spark.sql.Dataset<org.apache.spark.sql.Row> data = SparkTestSession.get().createDataFrame(rows,
        new org.apache.spark.sql.types.StructType().add("features", org.apache.spark.ml.linalg.SQLDataTypes.VectorType())
            .add("label", org.apache.spark.sql.types.DataTypes.DoubleType));
    // feature 0 is the label: the fit keeps it
    RvmClassificationModel model = new RvmClassifier().setKernel("linear").setSolver("fast").fit(data);
    assertTrue(model.featureRelevance().apply(0) > 0.0, "feature 0 kept");
    assertTrue(model.transform(data).filter("prediction = label").count() == 40);
    long available = Runtime.getRuntime().maxMemory();
    org.junit.jupiter.api.Assumptions.assumeTrue(available < DriverMemory.bytesFor(50_001) / 10 * 6,
        "a driver this large fits the 50,001 × 50,001 matrices");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new RvmClassifier().setKernel("linear").setSolver("variational").fit(data));
    assertTrue(e.getMessage().contains("Set solver 'fast'"), e.getMessage());
  }
}
