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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.SparkException;
import org.apache.spark.ml.attribute.NominalAttribute;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** Each bad input ends in an exception whose message names the column or parameter and what to do. */
class BadInputTest {

  private static final StructType WEIGHTED = new StructType()
      .add("features", SQLDataTypes.VectorType(), true)
      .add("label", DataTypes.DoubleType, true)
      .add("w", DataTypes.DoubleType, true);

  /** Rows of (features, label, weight); a null array gives a null features cell. */
  private static Dataset<Row> frame(Object[]... rows) {
    List<Row> list = new ArrayList<>();
    for (Object[] r : rows) {
      list.add(RowFactory.create(r[0] == null ? null : Vectors.dense((double[]) r[0]), r[1], r[2]));
    }
    return SparkTestSession.get().createDataFrame(list, WEIGHTED).repartition(2);
  }

  private static Object[] row(double[] x, Double label, Double weight) {
    return new Object[] {x, label, weight};
  }

  /** A small valid two-class set with one row replaced. */
  private static Dataset<Row> validWith(Object[] odd) {
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      rows.add(row(new double[] {i, i % 3}, (double) (i % 2), 1.0));
    }
    rows.set(5, odd);
    return frame(rows.toArray(new Object[0][]));
  }

  private static void assertFitFails(RvmEstimator rvm, Dataset<Row> data, String... fragments) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> rvm.fit(data));
    for (String f : fragments) {
      assertTrue(e.getMessage().contains(f), "'" + f + "' not in: " + e.getMessage());
    }
  }

  private static RvmEstimator classifier() {
    return new RvmEstimator().setFamily("bernoulli").setWeightCol("w").setMaxIter(3);
  }

  @Test
  void missingAndWrongTypedColumns() {
    Dataset<Row> data = validWith(row(new double[] {1, 1}, 1.0, 1.0));
    assertFitFails(classifier().setFeaturesCol("x"), data, "featuresCol 'x' does not exist", "features, label, w");
    assertFitFails(classifier().setLabelCol("y"), data, "labelCol 'y' does not exist");
    assertFitFails(classifier().setWeightCol("weight"), data, "weightCol 'weight' does not exist");
    assertFitFails(classifier().setFeaturesCol("label"), data, "featuresCol 'label' must be a Vector column");
    Dataset<Row> text = data.withColumn("label", data.col("label").cast("string"));
    assertFitFails(classifier(), text, "labelCol 'label' must be numeric");
    assertFitFails(classifier().setPredictionCol("w"), data, "predictionCol 'w' already exists");
  }

  @Test
  void nonFiniteOrNullValues() {
    assertFitFails(classifier(), validWith(row(new double[] {1, Double.NaN}, 1.0, 1.0)),
        "featuresCol 'features' holds NaN", "feature 1");
    assertFitFails(classifier(), validWith(row(new double[] {Double.POSITIVE_INFINITY, 0}, 0.0, 1.0)),
        "featuresCol 'features' holds Infinity");
    assertFitFails(new RvmEstimator().setWeightCol("w"),
        validWith(row(new double[] {1, 1}, Double.NEGATIVE_INFINITY, 1.0)), "labelCol 'label' holds -Infinity");
    assertFitFails(classifier(), validWith(row(new double[] {1, 1}, null, 1.0)), "labelCol 'label'");
    assertFitFails(classifier(), validWith(row(null, 1.0, 1.0)), "featuresCol 'features' is null");
  }

  @Test
  void labelsOutsideZeroAndOneForBernoulli() {
    assertFitFails(classifier(), validWith(row(new double[] {1, 1}, 2.0, 1.0)),
        "labelCol 'label' holds 2.0", "family 'bernoulli' needs labels 0.0 and 1.0");
    assertFitFails(classifier(), validWith(row(new double[] {1, 1}, -1.0, 1.0)), "labelCol 'label' holds -1.0");
  }

  private static RvmEstimator multinomial() {
    return new RvmEstimator().setFamily("multinomial").setWeightCol("w").setMaxIter(3);
  }

  @Test
  void labelsThatAreNotClassIndicesForMultinomial() {
    assertFitFails(multinomial(), validWith(row(new double[] {1, 1}, 2.5, 1.0)),
        "labelCol 'label' holds 2.5", "family 'multinomial' needs class indices 0.0, 1.0, …, K−1");
    assertFitFails(multinomial(), validWith(row(new double[] {1, 1}, -1.0, 1.0)), "labelCol 'label' holds -1.0",
        "class indices");
    assertFitFails(multinomial(), validWith(row(new double[] {1, 1}, Double.NaN, 1.0)), "labelCol 'label' holds NaN");
    assertFitFails(multinomial(), validWith(row(new double[] {1, 1}, 1e10, 1.0)), "labelCol 'label' holds 1.0E10");
    // a label at or above the number of classes the column's metadata declares
    Dataset<Row> data = validWith(row(new double[] {1, 1}, 2.0, 1.0));
    Dataset<Row> declared = data.withColumn("label", data.col("label").as("label",
        NominalAttribute.defaultAttr().withValues(new String[] {"no", "yes"}).toMetadata()));
    assertFitFails(multinomial(), declared, "labelCol 'label' holds 2.0", "metadata declares 2 classes");
    assertFitFails(multinomial().setMultiClassStrategy("ovr"), declared, "metadata declares 2 classes");
  }

  @Test
  void aSingleClassForMultinomial() {
    Object[][] twos = new Object[6][];
    for (int i = 0; i < 6; i++) {
      twos[i] = row(new double[] {i, 1}, 2.0, 1.0);
    }
    assertFitFails(multinomial(), frame(twos), "labelCol 'label' holds a single class", "every label is 2.0",
        "at least 2 classes");
    Object[][] zeros = new Object[6][];
    for (int i = 0; i < 6; i++) {
      zeros[i] = row(new double[] {i, 1}, 0.0, 1.0);
    }
    assertFitFails(multinomial().setMultiClassStrategy("ovr"), frame(zeros), "holds a single class");
    // the only row of class 1 has weight 0
    Object[][] mostly = Arrays.copyOf(zeros, 7);
    mostly[6] = row(new double[] {9, 9}, 1.0, 0.0);
    assertFitFails(multinomial(), frame(mostly), "single class");
  }

  @Test
  void softmaxOverTooManyWeightsForTheDriverSaysHowToFit() {
    // 100 declared classes × 201 candidates (bias + 200 centres) = 20100 weights: (20100)² doubles per matrix for
    // solver em (solver fast holds less; its check is below)
    List<Object[]> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      rows.add(row(new double[] {i, i % 7}, (double) (i % 3), 1.0));
    }
    Dataset<Row> data = frame(rows.toArray(new Object[0][]));
    Dataset<Row> declared = data.withColumn("label", data.col("label").as("label",
        NominalAttribute.defaultAttr().withNumValues(100).toMetadata()));
    assertFitFails(multinomial().setMaxBasis(200).setSolver("em"), declared,
        "100 classes × 201 candidate basis functions", "20100 weights", "Lower maxBasis (to at most",
        "use multiClassStrategy 'ovr'");
    // the check compares with the driver's heap: at 1 GiB, 10 classes × 1001 candidates do not fit either
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DriverMemory.check(10, 1001, false, 1L << 30));
    assertTrue(e.getMessage().contains("Lower maxBasis (to at most " + DriverMemory.largestBasis(10, 1L << 30)),
        e.getMessage());
    DriverMemory.check(10, (int) DriverMemory.largestBasis(10, 1L << 30) + 1, false, 1L << 30);
    e = assertThrows(IllegalArgumentException.class, () -> DriverMemory.check(10, 5000, true, 1L << 30));
    assertTrue(e.getMessage().contains("Use fewer features"), e.getMessage());
    // solver fast holds K·m × k cross products (room for k up to m), not (K·m)²: it takes about K/√(K + 1)
    // ≈ 3 times more candidates over 10 classes than em, and says what to lower when even that does not fit
    long fastLargest = DriverMemory.largestFastBasis(10, 1L << 30);
    assertTrue(fastLargest > 3 * DriverMemory.largestBasis(10, 1L << 30), fastLargest + " candidates");
    DriverMemory.checkFast(10, (int) fastLargest + 1, false, 1L << 30);
    e = assertThrows(IllegalArgumentException.class,
        () -> DriverMemory.checkFast(10, (int) fastLargest + 2, false, 1L << 30));
    assertTrue(e.getMessage().contains("solver 'fast'") && e.getMessage().contains("Lower maxBasis (to at most "
        + fastLargest + " here)"), e.getMessage());
  }

  /**
   * A design at most maxDriverDesignSizeInMB goes to the driver only when it fits there twice beside a step's
   * matrices (60% of the heap) and the rows the driver collects to expand it fit spark.driver.maxResultSize: with a
   * 1 GiB heap, 10,000 rows × 1001 candidates (2 × 76 MiB and 6 × 7.6 MiB) do, over 2 features (10,000 × 4
   * doubles, 0.3 MiB) even with a maxResultSize of 1 MiB, over 1000 features (76 MiB) not with 64 MiB; 100,000 rows
   * (2 × 764 MiB) do not. Such a fit passes over the cluster instead of failing.
   */
  @Test
  void aDesignTooLargeForTheDriverStaysOnTheCluster() {
    assertTrue(DriverMemory.driverDesignFits(10_000, 1001, 2, 1L << 30, 1L << 30));
    assertTrue(DriverMemory.driverDesignFits(10_000, 1001, 2, 1L << 30, 0));
    assertTrue(DriverMemory.driverDesignFits(10_000, 1001, 2, 1L << 30, 1L << 20));
    assertFalse(DriverMemory.driverDesignFits(10_000, 1001, 1000, 1L << 30, 64L << 20));
    assertFalse(DriverMemory.driverDesignFits(100_000, 1001, 2, 1L << 30, 0));
    assertEquals(2 * 8L * 10_000 * 1001 + DriverMemory.bytesFor(1001), DriverMemory.driverDesignBytesFor(10_000, 1001));
  }

  /**
   * The dual form of solver variational holds the N × M design, not M × M matrices: at 2 GiB the ESL mixture's
   * 200 rows × 6401 basis functions fit in the dual form but not in the primal; at 1 GiB variationalForm dual is
   * refused, naming the param and what to change.
   */
  @Test
  void aDualFormThatDoesNotFitTheDriverIsRefusedNamingTheParam() {
    assertTrue(DriverMemory.dualFits(200, 6401, 2L << 30));
    assertFalse(DriverMemory.primalFits(6401, 2L << 30));
    DriverMemory.checkDual(200, 6401, 2L << 30);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DriverMemory.checkDual(200, 6401, 1L << 30));
    assertTrue(e.getMessage().contains("variationalForm 'dual' over 200 rows and 6401 candidate basis functions")
        && e.getMessage().contains("set variationalForm to auto or primal"), e.getMessage());
  }

  @Test
  void aSingleClassOrAConstantTarget() {
    Object[][] ones = new Object[6][];
    for (int i = 0; i < 6; i++) {
      ones[i] = row(new double[] {i, 1}, 1.0, 1.0);
    }
    assertFitFails(classifier(), frame(ones), "labelCol 'label' holds a single class", "every label is 1.0");
    assertFitFails(new RvmEstimator(), frame(ones), "labelCol 'label' is constant");
    // the only row of class 0 has weight 0: a single class among the rows that count
    Object[][] mostly = Arrays.copyOf(ones, 7);
    mostly[6] = row(new double[] {9, 9}, 0.0, 0.0);
    assertFitFails(classifier(), frame(mostly), "single class");
  }

  @Test
  void valuesWhoseSquaresOverflowOrUnderflowAreRefusedNamingTheColumn() {
    // a weight of 1e300 counts its row 1e300 times: the fit's sums of squares would overflow
    assertFitFails(classifier(), validWith(row(new double[] {1, 1}, 1.0, 1e300)),
        "the row weights in weightCol 'w' sum to 1.0E300", "divide every weight by a common factor");
    // regression labels of scale 1e200 (once refused as "constant") or 1e-200
    for (double scale : new double[] {1e200, 1e-200}) {
      Object[][] rows = new Object[12][];
      for (int i = 0; i < 12; i++) {
        rows[i] = row(new double[] {i, i % 3}, (i % 5) * scale, 1.0);
      }
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> new RvmEstimator().setWeightCol("w").fit(frame(rows)));
      assertTrue(e.getMessage().contains("labelCol 'label' holds labels of magnitude about")
          && e.getMessage().contains(scale > 1 ? "divide the labels by a constant" : "multiply the labels")
          && !e.getMessage().contains("is constant"), e.getMessage());
    }
    // without standardisation the kernel squares the features themselves
    for (double scale : new double[] {1e200, 1e-200}) {
      Object[][] rows = new Object[12][];
      for (int i = 0; i < 12; i++) {
        rows[i] = row(new double[] {i, (1 + i % 3) * scale}, (double) (i % 2), 1.0);
      }
      assertFitFails(classifier().setStandardization(false), frame(rows),
          "featuresCol 'features' holds values of magnitude about", "in feature 1", "set standardization true");
      // with it (the default) the same data fits: see FitContractTest
    }
  }

  @Test
  void aBasisBeyondDoubleRangeIsNotSilent() {
    // a polynomial kernel of degree 60 over gamma 1e8: basis values far beyond double range, which no step can
    // use; the model keeps the bias alone, and its summary (and the log) say so and what to check
    RvmEstimator rvm = classifier().setKernel("poly").setDegree(60).setGamma(1e8);
    RvmModel model = rvm.fit(validWith(row(new double[] {1, 1}, 1.0, 1.0)));
    assertEquals(0, model.numRelevanceVectors());
    List<String> warnings = model.summary().warnings();
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("kept no relevance vector") && warnings.get(0).contains("gamma 1.0E8")
        && warnings.get(0).contains("featuresCol 'features'"), warnings.get(0));
  }

  @Test
  void aGapInTheClassIndicesIsRefusedUnlessTheMetadataDeclaresTheClass() {
    Object[][] rows = new Object[12][];
    for (int i = 0; i < 12; i++) {
      rows[i] = row(new double[] {i, i % 3}, (double) (2 * (i % 2)), 1.0);
    }
    for (String strategy : new String[] {"softmax", "ovr"}) {
      assertFitFails(multinomial().setMultiClassStrategy(strategy), frame(rows),
          "labelCol 'label' has no rows of class 1, but rows of class 2", "Index the labels with StringIndexer",
          "NominalAttribute");
    }
    // declared by the label's ML attribute (StringIndexer saw class 1 elsewhere): a fit, with a warning
    Dataset<Row> data = frame(rows);
    Dataset<Row> declared = data.withColumn("label", data.col("label").as("label",
        NominalAttribute.defaultAttr().withNumValues(3).toMetadata()));
    RvmModel model = multinomial().fit(declared);
    assertEquals(3, model.numClasses());
    assertTrue(model.summary().warnings().stream().anyMatch(w -> w.contains("no rows of class 1 of the 3")),
        model.summary().warnings().toString());
  }

  @Test
  void emptyDataAndZeroWeights() {
    Dataset<Row> empty = validWith(row(new double[] {1, 1}, 1.0, 1.0)).limit(0);
    assertFitFails(classifier(), empty, "the training data is empty", "featuresCol 'features'");
    Object[][] zero = new Object[4][];
    for (int i = 0; i < 4; i++) {
      zero[i] = row(new double[] {i, 0}, (double) (i % 2), 0.0);
    }
    assertFitFails(classifier(), frame(zero), "every row has weight 0 in weightCol 'w'");
  }

  @Test
  void vectorsOfDifferentSizes() {
    assertFitFails(classifier(), validWith(row(new double[] {1, 1, 1}, 1.0, 1.0)),
        "featuresCol 'features' holds vectors of different sizes", "2 and 3");
  }

  @Test
  void negativeOrNaNWeights() {
    assertFitFails(classifier(), validWith(row(new double[] {1, 1}, 1.0, -0.5)), "weightCol 'w' holds -0.5",
        "non-negative");
    assertFitFails(classifier(), validWith(row(new double[] {1, 1}, 1.0, Double.NaN)), "weightCol 'w' holds NaN");
    // issue 41: the row is named, and a weight column that is the label is refused as such
    assertFitFails(classifier(), validWith(row(new double[] {7, 1}, 1.0, -0.5)), "in the row with label 1.0 and "
        + "features [7.0, 1.0]");
    assertFitFails(classifier().setWeightCol("label"), validWith(row(new double[] {1, 1}, 1.0, 1.0)),
        "weightCol 'label' is the labelCol");
  }

  @Test
  void predictionInputMustMatchTheModel() {
    RvmModel model = PersistenceTestModels.smallRegressor();
    Dataset<Row> wide = frame(row(new double[] {1, 2}, 0.0, 1.0));
    Dataset<Row> nan = frame(row(new double[] {Double.NaN}, 0.0, 1.0));
    // the same errors whether transform scores row by row or (limit 0) in blocks
    for (int limit : new int[] {ScoringPath.ROW_SCORING_MAX_BASIS_FUNCTIONS, 0}) {
      model.setRowScoringLimit(limit);
      SparkException e = assertThrows(SparkException.class, () -> model.transform(wide).collect());
      assertTrue(String.valueOf(rootMessage(e)).contains("holds a vector of size 2, but the model was fitted on 1"),
          rootMessage(e));
      e = assertThrows(SparkException.class, () -> model.transform(nan).collect());
      assertTrue(rootMessage(e).contains("featuresCol 'features' holds NaN"), rootMessage(e));
    }
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> model.transform(wide.withColumnRenamed("features", "f")));
    assertTrue(missing.getMessage().contains("featuresCol 'features' does not exist"), missing.getMessage());
  }

  private static String rootMessage(Throwable t) {
    StringBuilder all = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append(c.getMessage()).append(" | ");
      if (c.getCause() == c) {
        break;
      }
    }
    return all.toString();
  }
}
