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

import io.github.sparkrvm.basis.FeatureScaling;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.statistics.Family;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The saved form of an {@link RvmModel}'s fitted state: one Parquet row under {@code data/}. Its version is
 * {@link #VERSION}, recorded in the metadata; a reader refuses newer versions and reads every older one.
 *
 * <ul>
 *   <li>Format 1: the fields of {@link #SCHEMA_V1} (gaussian and bernoulli).
 *   <li>Format 2: those, then the per-class parts of a multinomial model ({@link ClassModels}): numClasses (0 for
 *       other families), multiClassStrategy, per class its basis positions, weights and alpha, and the joint
 *       covariance of all the class weights.
 *   <li>Format 3: those, then the grid relevances of a grid-prior fit ({@link GridRelevance}): gridRows and
 *       gridCols (0 for other fits), rowRelevance and columnRelevance. Kernel rbf-per-dimension (new in format 3)
 *       keeps every centre in {@code centres} and the table position of each kept basis function in
 *       {@code features}.
 *   <li>Format 4: those, then varianceScale, the factor of a gaussian model's predictive variance (calibrateVariance;
 *       1 when there is none, and for the formats before).
 *   <li>Format 5: those, then the rest of the training summary: warnings, warmStartBasis, the search for γ as
 *       gammaTried, gammaEvidence, gammaKept, gammaCriterion, gammaChosen and gammaRows (empty, NaN and 0 when there
 *       was none), and the choice of standardization by the evidence as scalingEvidence (the standardised fit's, the
 *       raw fit's; empty when there was none) and scalingStandardized. Before format 5 a loaded model's summary has no
 *       warnings, −1 and neither choice.
 *   <li>Format 6: those, then gammaHeldOut, the held-out log density of each γ a gaussian search tried (NaN for the
 *       γ it did not score, every one of a classifier's search; empty when there was no search). Before format 6 a
 *       loaded model's search has NaN for each γ.
 *   <li>Format 7: those, then the predictive components of a softmax model whose probabilities mix several
 *       Gaussians' ({@link ClassMixture}): mixtureBiasKept, mixtureFeatures, and per component mixtureBasis (per
 *       class, its positions in that basis), mixtureWeights, mixtureCovariance and mixtureShares (empty when there
 *       is none, and for the formats before).
 * </ul>
 */
final class ModelFormat {

  static final int VERSION = 7;

  private static final StructType SCHEMA_V1 = new StructType()
      .add("family", DataTypes.StringType, false)
      .add("kernel", DataTypes.StringType, false)
      .add("gamma", DataTypes.DoubleType, false)
      .add("degree", DataTypes.IntegerType, false)
      .add("coef0", DataTypes.DoubleType, false)
      .add("numFeatures", DataTypes.IntegerType, false)
      .add("shift", doubles(), false)
      .add("scale", doubles(), false)
      .add("biasKept", DataTypes.BooleanType, false)
      .add("features", DataTypes.createArrayType(DataTypes.IntegerType, false), false)
      .add("centres", doubles(), false)
      .add("weights", doubles(), false)
      .add("alpha", doubles(), false)
      .add("covariance", doubles(), false)
      .add("noisePrecision", DataTypes.DoubleType, false)
      .add("numRows", DataTypes.LongType, false)
      .add("iterations", DataTypes.IntegerType, false)
      .add("converged", DataTypes.BooleanType, false)
      .add("logMarginalLikelihood", doubles(), false)
      .add("activeBasis", DataTypes.createArrayType(DataTypes.IntegerType, false), false)
      .add("dataPasses", DataTypes.IntegerType, false)
      .add("fitSeconds", DataTypes.DoubleType, false);

  private static final StructType SCHEMA_V2 = SCHEMA_V1
      .add("numClasses", DataTypes.IntegerType, false)
      .add("multiClassStrategy", DataTypes.StringType, false)
      .add("classBasis", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.IntegerType, false), false),
          false)
      .add("classWeights", DataTypes.createArrayType(doubles(), false), false)
      .add("classAlpha", DataTypes.createArrayType(doubles(), false), false)
      .add("classCovariance", doubles(), false);

  private static final StructType SCHEMA = SCHEMA_V2
      .add("gridRows", DataTypes.IntegerType, false)
      .add("gridCols", DataTypes.IntegerType, false)
      .add("rowRelevance", doubles(), false)
      .add("columnRelevance", doubles(), false)
      .add("varianceScale", DataTypes.DoubleType, false)
      .add("warnings", DataTypes.createArrayType(DataTypes.StringType, false), false)
      .add("warmStartBasis", DataTypes.IntegerType, false)
      .add("gammaTried", doubles(), false)
      .add("gammaEvidence", doubles(), false)
      .add("gammaKept", DataTypes.createArrayType(DataTypes.IntegerType, false), false)
      .add("gammaCriterion", doubles(), false)
      .add("gammaChosen", DataTypes.DoubleType, false)
      .add("gammaRows", DataTypes.LongType, false)
      .add("scalingEvidence", doubles(), false)
      .add("scalingStandardized", DataTypes.BooleanType, false)
      .add("gammaHeldOut", doubles(), false)
      .add("mixtureBiasKept", DataTypes.BooleanType, false)
      .add("mixtureFeatures", DataTypes.createArrayType(DataTypes.IntegerType, false), false)
      .add("mixtureBasis", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.createArrayType(
          DataTypes.IntegerType, false), false), false), false)
      .add("mixtureWeights", DataTypes.createArrayType(DataTypes.createArrayType(doubles(), false), false), false)
      .add("mixtureCovariance", DataTypes.createArrayType(doubles(), false), false)
      .add("mixtureShares", doubles(), false);

  private ModelFormat() {}

  private static org.apache.spark.sql.types.ArrayType doubles() {
    return DataTypes.createArrayType(DataTypes.DoubleType, false);
  }

  static void write(FittedRvm m, String path, SparkSession spark) {
    Kernel kernel = m.kernel(); // the params a kernel does not use are written as NaN (gamma) and 0
    RvmTrainingSummary s = m.summary();
    ClassModels c = m.classes();
    GridRelevance g = m.grid();
    ClassMixture x = m.mixture();
    RvmTrainingSummary.GammaChoice gc = s.gammaChoice();
    RvmTrainingSummary.StandardizationChoice sc = s.standardizationChoice();
    Row row = RowFactory.create(m.family().paramValue(), kernel.name(), kernel.gamma(), kernel.degree(), kernel.coef0(),
        m.numFeatures(), m.scaling().shift(), m.scaling().scale(), m.biasKept(), m.features(), m.centres(),
        m.weights(), m.alpha(), m.covariance(), m.noisePrecision(), s.numRows(), s.iterations(), s.converged(),
        s.logMarginalLikelihood(), s.activeBasis(), s.dataPasses(), s.fitSeconds(),
        c == null ? 0 : c.numClasses(), c == null ? "" : c.strategy().paramValue(), c == null ? new int[0][] : c.basis(),
        c == null ? new double[0][] : c.weights(), c == null ? new double[0][] : c.alpha(),
        c == null ? new double[0] : c.covariance(),
        g == null ? 0 : g.rows(), g == null ? 0 : g.cols(), g == null ? new double[0] : g.rowRelevance(),
        g == null ? new double[0] : g.columnRelevance(), m.varianceScale(), s.warnings().toArray(new String[0]),
        s.warmStartBasis(), gc == null ? new double[0] : gc.tried(),
        gc == null ? new double[0] : gc.logMarginalLikelihood(), gc == null ? new int[0] : gc.kept(),
        gc == null ? new double[0] : gc.criterion(),
        gc == null ? Double.NaN : gc.chosen(),
        gc == null ? 0L : gc.rows(), sc == null ? new double[0]
            : new double[] {sc.standardizedLogMarginalLikelihood(), sc.rawLogMarginalLikelihood()},
        sc != null && sc.standardization(), gc == null ? new double[0] : gc.heldOut(),
        x != null && x.biasKept(), x == null ? new int[0] : x.features(), x == null ? new int[0][][] : x.basis(),
        x == null ? new double[0][][] : x.weights(), x == null ? new double[0][] : x.covariance(),
        x == null ? new double[0] : x.shares());
    spark.createDataFrame(List.of(row), SCHEMA).repartition(1).write().parquet(path + "/data");
  }

  /** Reads the model data saved in format {@code version} (1 … {@link #VERSION}). */
  static FittedRvm read(String path, SparkSession spark, int version) {
    Row r;
    try {
      Dataset<Row> data = spark.read().parquet(path + "/data");
      List<Row> rows = data.collectAsList();
      if (rows.size() != 1) {
        throw new IllegalArgumentException("expected one row of model data, found " + rows.size());
      }
      r = rows.get(0);
      return new FittedRvm(Family.of(r.getAs("family")), Kernel.of(r.getAs("kernel"), r.<Double>getAs("gamma"),
          r.<Integer>getAs("degree"), r.<Double>getAs("coef0")), r.<Integer>getAs("numFeatures"),
          new FeatureScaling(doubles(r, "shift"), doubles(r, "scale")), r.<Boolean>getAs("biasKept"),
          ints(r, "features"), doubles(r, "centres"), doubles(r, "weights"), doubles(r, "alpha"),
          doubles(r, "covariance"), r.<Double>getAs("noisePrecision"),
          summary(r, version),
          version >= 2 ? classModels(r) : null, version >= 3 ? grid(r) : null,
          version >= 4 ? r.<Double>getAs("varianceScale") : 1.0, version >= 7 ? mixture(r) : null)
          .requireFiniteValues();
    } catch (Exception e) { // Spark's AnalysisException and SparkException are checked exceptions
      throw new IllegalArgumentException("'" + path + "' is not a readable spark-rvm model: its data/ is missing or "
          + "damaged (" + e.getMessage() + ")", e);
    }
  }

  /**
   * The training summary: its whole from format 5, before that without warnings, warm start or the choices of γ and
   * standardization by the evidence.
   */
  private static RvmTrainingSummary summary(Row r, int version) {
    List<String> warnings = version >= 5 ? r.getList(r.fieldIndex("warnings")) : List.of();
    int warmStartBasis = version >= 5 ? r.<Integer>getAs("warmStartBasis") : -1;
    double[] tried = version >= 5 ? doubles(r, "gammaTried") : new double[0];
    RvmTrainingSummary.GammaChoice gammaChoice = tried.length == 0 ? null
        : new RvmTrainingSummary.GammaChoice(tried, doubles(r, "gammaEvidence"), ints(r, "gammaKept"),
            doubles(r, "gammaCriterion"), version >= 6 ? doubles(r, "gammaHeldOut") : unscored(tried.length),
            r.<Double>getAs("gammaChosen"), r.<Long>getAs("gammaRows"));
    double[] scaling = version >= 5 ? doubles(r, "scalingEvidence") : new double[0];
    RvmTrainingSummary.StandardizationChoice standardizationChoice = scaling.length == 0 ? null
        : new RvmTrainingSummary.StandardizationChoice(scaling[0], scaling[1], r.<Boolean>getAs("scalingStandardized"));
    return new RvmTrainingSummary(r.<Long>getAs("numRows"), r.<Integer>getAs("iterations"),
        r.<Boolean>getAs("converged"), doubles(r, "logMarginalLikelihood"), ints(r, "activeBasis"),
        r.<Integer>getAs("dataPasses"), r.<Double>getAs("fitSeconds"), warnings, warmStartBasis, gammaChoice,
        standardizationChoice);
  }

  /** {@return {@code n} NaN: the held-out scores of a search saved before format 6} */
  private static double[] unscored(int n) {
    double[] none = new double[n];
    java.util.Arrays.fill(none, Double.NaN);
    return none;
  }

  /** The grid relevances (format 3), or null for a fit without a grid prior. */
  private static GridRelevance grid(Row r) {
    int rows = r.<Integer>getAs("gridRows");
    int cols = r.<Integer>getAs("gridCols");
    if (rows == 0 && cols == 0) {
      return null;
    }
    return new GridRelevance(rows, cols, doubles(r, "rowRelevance"), doubles(r, "columnRelevance"));
  }

  /** The predictive components (format 7), or null for a model without them. */
  private static ClassMixture mixture(Row r) {
    double[] shares = doubles(r, "mixtureShares");
    if (shares.length == 0) {
      return null;
    }
    List<Object> basis = r.getList(r.fieldIndex("mixtureBasis"));
    List<Object> weights = r.getList(r.fieldIndex("mixtureWeights"));
    int[][][] positions = new int[basis.size()][][];
    double[][][] values = new double[weights.size()][][];
    for (int j = 0; j < positions.length; j++) {
      positions[j] = toList(basis.get(j)).stream().map(c -> toList(c).stream()
          .mapToInt(v -> ((Number) v).intValue()).toArray()).toArray(int[][]::new);
    }
    for (int j = 0; j < values.length; j++) {
      values[j] = toList(weights.get(j)).stream().map(c -> toList(c).stream()
          .mapToDouble(v -> ((Number) v).doubleValue()).toArray()).toArray(double[][]::new);
    }
    return new ClassMixture(r.<Boolean>getAs("mixtureBiasKept"), ints(r, "mixtureFeatures"), positions, values,
        nestedDoubles(r, "mixtureCovariance"), shares);
  }

  /** The per-class parts (format 2), or null for a model of another family. */
  private static ClassModels classModels(Row r) {
    int k = r.<Integer>getAs("numClasses");
    if (k == 0) {
      return null;
    }
    MultiClassStrategy strategy;
    try {
      strategy = MultiClassStrategy.of(r.getAs("multiClassStrategy"));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("inconsistent model: " + e.getMessage(), e);
    }
    return new ClassModels(strategy, nestedInts(r, "classBasis"), nestedDoubles(r, "classWeights"),
        nestedDoubles(r, "classAlpha"), doubles(r, "classCovariance"));
  }

  private static int[][] nestedInts(Row r, String field) {
    List<Object> outer = r.getList(r.fieldIndex(field));
    int[][] out = new int[outer.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = toList(outer.get(i)).stream().mapToInt(v -> ((Number) v).intValue()).toArray();
    }
    return out;
  }

  private static double[][] nestedDoubles(Row r, String field) {
    List<Object> outer = r.getList(r.fieldIndex(field));
    double[][] out = new double[outer.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = toList(outer.get(i)).stream().mapToDouble(v -> ((Number) v).doubleValue()).toArray();
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> toList(Object nested) {
    return scala.jdk.javaapi.CollectionConverters.asJava((scala.collection.Seq<Object>) nested);
  }

  private static double[] doubles(Row r, String field) {
    List<Object> list = r.getList(r.fieldIndex(field));
    double[] out = new double[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) list.get(i)).doubleValue();
    }
    return out;
  }

  private static int[] ints(Row r, String field) {
    List<Object> list = r.getList(r.fieldIndex(field));
    int[] out = new int[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) list.get(i)).intValue();
    }
    return out;
  }
}
