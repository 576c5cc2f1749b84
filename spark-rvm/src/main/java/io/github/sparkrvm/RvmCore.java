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

import static org.apache.spark.sql.functions.col;

import io.github.sparkrvm.internal.SparkInternals;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.Params;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every RVM model class is built on: the fitted state ({@link FittedRvm}), its family's outputs
 * ({@link FamilyOutputs}, built once and shared by the copies of a model, so that Σ's factor is computed once), and
 * the scoring of a data set, row by row or in blocks ({@link ScoringPath}). {@link RvmModel},
 * {@link RvmClassificationModel} and {@link RvmRegressionModel} hold one and delegate to it; their accessors are
 * {@link HasRelevanceVectors}' default methods over it.
 */
final class RvmCore implements java.io.Serializable {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(RvmCore.class);
  /** The struct column transform scores into before it is split into the output columns. */
  private static final String RESULT = "__rvm_prediction";
  /** The rows scored per block (per partition, up to this many at a time) by {@link #transform}. */
  static final int SCORING_BLOCK_ROWS = 1024;

  private final FittedRvm fitted;
  private transient FamilyOutputs outputs;
  private transient FeatureReader reader;
  /** The most basis functions transform scores row by row ({@link ScoringPath}); lower in tests. */
  private int rowScoringLimit = ScoringPath.ROW_SCORING_MAX_BASIS_FUNCTIONS;

  RvmCore(FittedRvm fitted) {
    this.fitted = fitted;
  }

  FittedRvm fitted() {
    return fitted;
  }

  /** {@return the family's outputs over this fit's predictive, built on first use} */
  FamilyOutputs outputs() {
    if (outputs == null) {
      outputs = FamilyOutputs.of(fitted);
    }
    return outputs;
  }

  /** {@return a core over the same fit, sharing its outputs (and so Σ's factor) and its row-scoring limit} */
  RvmCore copy() {
    RvmCore copy = new RvmCore(fitted);
    copy.outputs = outputs;
    copy.reader = reader;
    copy.rowScoringLimit = rowScoringLimit;
    return copy;
  }

  /**
   * {@return a model of another class over the fit of {@code model}, with its uid and the values of its params (but
   * family, which the fitted state sets)}
   *
   * @param make the model class' constructor from a uid and a core
   */
  static <M extends HasRelevanceVectors> M wrap(HasRelevanceVectors model,
      java.util.function.BiFunction<String, RvmCore, M> make) {
    M wrapped = make.apply(model.uid(), model.rvmCore().copy());
    for (org.apache.spark.ml.param.ParamPair<?> pair : model.extractParamMap().toList()) {
      String name = pair.param().name();
      if (wrapped.hasParam(name) && !"family".equals(name)) {
        wrapped.set(wrapped.getParam(name), pair.value());
      }
    }
    return wrapped;
  }

  // ---- the params that describe the fitted state ----

  /**
   * The fitted state's values of the params that describe it: family, kernel and the params the kernel uses (gamma;
   * for poly also degree and coef0), by param name. The params a kernel does not use (gamma of the linear kernel,
   * degree and coef0 of rbf) are no part of it and keep the estimator's values.
   */
  Map<String, Object> fittedParams() {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("family", fitted.family().paramValue());
    values.put("kernel", fitted.kernel().name());
    values.putAll(fitted.kernel().params());
    return values;
  }

  /** Sets the params of {@code model} that describe the fitted state from it, so that they agree with what predicts. */
  void setFittedParams(Params model) {
    fittedParams().forEach((name, value) -> model.set(model.getParam(name), value));
  }

  /**
   * Refuses a copy of {@code model} whose {@code extra} changes a param of the fitted state: the model predicts with
   * the basis and posterior it was fitted with, so another gamma would be a different model, which needs another fit.
   * {@code extra} may hold them with the fitted values (as {@code CrossValidator} passes each fit's own param map).
   */
  void refuseFittedChanges(ParamMap extra) {
    fittedParams().forEach((name, value) -> {
      for (org.apache.spark.ml.param.ParamPair<?> pair : extra.toList()) {
        Param<?> param = pair.param();
        if (param.name().equals(name) && !value.equals(pair.value())) {
          throw new IllegalArgumentException("copy(extra) sets " + name + " to " + pair.value() + ", but this "
              + "model was fitted with " + name + " " + value + ": family, kernel and the kernel's params are the "
              + "fitted state the model predicts with, not settings of it. Fit the estimator with " + name + " "
              + pair.value() + " instead (estimator.fit(dataset, paramMap))");
        }
      }
    });
  }

  // ---- scoring ----

  /** {@return the outputs at one feature vector on the original scale, checked as transform checks a row} */
  FamilyOutputs.Scored score(Vector v, String column, OutputSettings s) {
    return outputs().row(reader().point(v, column), s);
  }

  /** {@return what scoring reads of a row's features, built on first use} */
  FeatureReader reader() {
    if (reader == null) {
      reader = FeatureReader.of(fitted);
    }
    return reader;
  }

  /**
   * {@return {@code dataset} with the output columns of {@code model}'s params} Decided once per call, and logged at
   * INFO with the model's uid: row by row in one deterministic UDF, or in blocks of {@link #SCORING_BLOCK_ROWS} rows
   * per partition with matrix products ({@link ScoringPath}).
   */
  Dataset<Row> transform(RvmParams model, String uid, Dataset<?> dataset) {
    FamilyOutputs family = outputs();
    OutputSettings settings = OutputSettings.of(model, family.numClasses());
    String column = model.getFeaturesCol();
    StructType result = new StructType()
        .add("prediction", DataTypes.DoubleType, false)
        .add("raw", SQLDataTypes.VectorType(), true)
        .add("probability", SQLDataTypes.VectorType(), true)
        .add("variance", DataTypes.DoubleType, false);
    Dataset<Row> input = dataset.toDF();
    Scorer scorer = new Scorer(family, settings, reader(), column, input.schema().fieldIndex(column));
    int basisFunctions = scoredBasisFunctions();
    ScoringPath path = ScoringPath.of(basisFunctions, rowScoringLimit);
    LOG.info("{}: {}", uid, path.describe(basisFunctions, rowScoringLimit));
    Dataset<Row> out;
    if (path == ScoringPath.ROWS) {
      // deterministic: the same features give the same outputs, so that the optimiser may push filters on the
      // outputs below the scoring and reorder it as any other expression
      UserDefinedFunction udf = functions.udf((UDF1<Vector, Row>) scorer::row, result);
      out = input.withColumn(RESULT, udf.apply(col(column)));
    } else {
      // Σ's factor once, here, for every block of every task, when an output needs the variance
      if (family.needsVariance(settings)) {
        family.prepareVariance();
      }
      // blocks of rows within each partition, scored with matrix products; row order and the input columns kept.
      // The scorer (Σ and its factor: 2k² doubles) is broadcast, not serialized into every task
      Broadcast<Scorer> shared = JavaSparkContext.fromSparkContext(input.sparkSession().sparkContext())
          .broadcast(scorer);
      out = input.mapPartitions((MapPartitionsFunction<Row, Row>) rows -> shared.value().blocks(rows),
          Encoders.row(input.schema().add(RESULT, result, false)));
    }
    return family.selectColumns(model, out, RESULT).drop(RESULT);
  }

  /**
   * {@return the basis functions the latent variance runs over, which set the cost of scoring a row: the kept ones
   * (the bias included); for a multi-class model the sum of every class' kept ones, the order of the joint Σ}
   */
  int scoredBasisFunctions() {
    return fitted.keptPairs();
  }

  /** {@return how transform scores ({@link ScoringPath#of})} */
  ScoringPath scoringPath() {
    return ScoringPath.of(scoredBasisFunctions(), rowScoringLimit);
  }

  void setRowScoringLimit(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("rowScoringLimit must be at least 0; got " + limit);
    }
    rowScoringLimit = limit;
  }

  /**
   * What transform computes for a row, as a struct of prediction, raw, probability and variance: one row at a time
   * ({@link #row}, {@link ScoringPath#ROWS}) or the rows of a partition block by block ({@link #blocks},
   * {@link ScoringPath#BLOCKS}), both by the family's {@link FamilyOutputs}.
   */
  @com.esotericsoftware.kryo.DefaultSerializer(com.esotericsoftware.kryo.serializers.JavaSerializer.class)
  private record Scorer(FamilyOutputs family, OutputSettings settings, FeatureReader reader, String column,
      int featureIndex) implements java.io.Serializable {

    Row row(Vector v) {
      return struct(family.row(reader.point(v, column), settings));
    }

    private static Row struct(FamilyOutputs.Scored s) {
      return RowFactory.create(s.prediction(), s.raw() == null ? null : Vectors.dense(s.raw()),
          s.probability() == null ? null : Vectors.dense(s.probability()), s.variance());
    }

    java.util.Iterator<Row> blocks(java.util.Iterator<Row> rows) {
      return new java.util.Iterator<>() {
        private final Row[] in = new Row[SCORING_BLOCK_ROWS];
        private Row[] out = new Row[0];
        private int next;

        @Override
        public boolean hasNext() {
          if (next < out.length) {
            return true;
          }
          int n = 0;
          while (n < in.length && rows.hasNext()) {
            in[n++] = rows.next();
          }
          out = n == 0 ? new Row[0] : block(in, n);
          Arrays.fill(in, 0, n, null);
          next = 0;
          return out.length > 0;
        }

        @Override
        public Row next() {
          if (!hasNext()) {
            throw new java.util.NoSuchElementException();
          }
          return out[next++];
        }
      };
    }

    private Row[] block(Row[] in, int n) {
      int dim = reader.dim();
      double[] x = new double[n * dim];
      for (int i = 0; i < n; i++) {
        reader.into(in[i].getAs(featureIndex), column, x, i * dim);
      }
      FamilyOutputs.Scored[] scored = family.block(x, n, settings);
      Row[] out = new Row[n];
      for (int i = 0; i < n; i++) {
        Object[] values = new Object[in[i].length() + 1];
        for (int j = 0; j < in[i].length(); j++) {
          values[j] = in[i].get(j);
        }
        values[values.length - 1] = struct(scored[i]);
        out[i] = RowFactory.create(values);
      }
      return out;
    }
  }

  // ---- persistence ----

  /**
   * Writes what a model's training summary needs beyond the model's own data, as Spark's {@code saveSummary} (which
   * Spark Connect's model cache calls when it moves a model to disk): the objective history, one value a line, in a
   * local folder. The rest of the summary is the fit's ({@link FittedRvm#summary}, saved with the model) and the
   * training data {@code loadSummary} is given.
   */
  void saveSummary(String path) {
    try {
      java.nio.file.Path folder = java.nio.file.Files.createDirectories(java.nio.file.Path.of(path));
      java.nio.file.Files.write(folder.resolve("objectiveHistory.txt"),
          Arrays.stream(fitted.summary().logMarginalLikelihood()).mapToObj(Double::toString).toList());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot write the training summary to '" + path + "'", e);
    }
  }

  /** Saves {@code model}'s params and this fit (model format {@link ModelFormat#VERSION}) under {@code path}. */
  void save(Params model, String path, SparkSession spark) {
    SparkInternals.saveMetadata(model, path, spark, ModelFormat.VERSION);
    ModelFormat.write(fitted, path, spark);
  }

  /** What {@link #load} read: the saved stage's metadata (uid, params) and its fit. */
  record Saved(SparkInternals.Metadata metadata, RvmCore core) {

    /**
     * Sets the saved params on {@code model}, then the fitted state's (the saved data, which predicts, wins): the
     * family from the fitted state only, as the saved value may be one the other model classes' family param does not
     * take (a classifier's auto).
     */
    <M extends Params> M applyTo(M model) {
      metadata.applyParams(model, "family");
      core.setFittedParams(model);
      return model;
    }
  }

  /**
   * Reads a model saved by any of {@code classNames} in a model format this version reads.
   *
   * @throws IllegalArgumentException if the path holds another class, or a format from a newer spark-rvm
   */
  static Saved load(String path, SparkSession spark, Set<String> classNames) {
    SparkInternals.Metadata metadata = SparkInternals.loadMetadata(path, spark, classNames);
    if (metadata.formatVersion() > ModelFormat.VERSION) {
      throw new IllegalArgumentException("'" + path + "' was saved in model format " + metadata.formatVersion()
          + " by a newer spark-rvm; this version reads formats up to " + ModelFormat.VERSION + ": upgrade spark-rvm");
    }
    if (metadata.formatVersion() < 1) {
      throw new IllegalArgumentException("'" + path + "' has no model format version in its metadata: it was not "
          + "saved by spark-rvm, or the metadata is damaged");
    }
    return new Saved(metadata, new RvmCore(ModelFormat.read(path, spark, metadata.formatVersion())));
  }

  /**
   * Reads a model saved by {@code modelClass}, or by the family-generic {@link RvmModel} with a fit of that kind (a
   * classifier's when {@code classifier}, else a regression's), so that a model saved before the classifier and
   * regressor stages existed loads as one of them.
   *
   * @throws IllegalArgumentException if the path holds another class, or an RvmModel of the other kind
   */
  static Saved load(String path, SparkSession spark, Class<?> modelClass, boolean classifier) {
    Saved saved = load(path, spark, Set.of(modelClass.getName(), RvmModel.class.getName()));
    if ((saved.core().outputs().numClasses() > 0) != classifier) {
      throw new IllegalArgumentException("'" + path + "' holds a model of family " + saved.core().fitted().family()
          + ", not one a " + modelClass.getSimpleName() + " holds: load it with "
          + (classifier ? "RvmRegressionModel" : "RvmClassificationModel") + ".load or RvmModel.load");
    }
    return saved;
  }

  /** The class names of the three model classes, each of which the family-generic {@link RvmModel} reads. */
  static final Set<String> MODEL_CLASSES = Set.of(RvmModel.class.getName(), RvmClassificationModel.class.getName(),
      RvmRegressionModel.class.getName());
}
