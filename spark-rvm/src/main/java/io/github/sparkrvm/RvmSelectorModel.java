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
import io.github.sparkrvm.util.InvalidInputException;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.attribute.Attribute;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The features an {@link RvmSelector} kept: {@link #transform} writes them, in their input order, to outputCol. It
 * also keeps the relevance of every input feature (1/α under the linear-kernel RVM, 0 where it was pruned).
 */
public final class RvmSelectorModel extends Model<RvmSelectorModel>
    implements RvmSelectorModelSetters<RvmSelectorModel>, RvmSelectorParams, SparseBayesParams, MLWritable {

  private static final long serialVersionUID = 1L;
  /** Format 1: numFeatures, selectedFeatures, featureRelevance. */
  static final int VERSION = 1;

  private final String uid;
  private final RvmSelectorParamSet paramSet;
  private final int[] selected;
  private final double[] relevance;

  /**
   * Not for use: a selector model comes from {@link RvmSelector#fit} or {@link #load}. This public no-argument
   * constructor exists because Java's {@link java.util.ServiceLoader}, through which Spark Connect's server finds the
   * model classes listed in {@code META-INF/services/org.apache.spark.ml.Transformer}, requires one of every
   * provider; the server only reads the class (and calls {@link #load}), it never calls this.
   *
   * @throws UnsupportedOperationException always
   */
  public RvmSelectorModel() {
    throw new UnsupportedOperationException("an RvmSelectorModel holds a fit: obtain one from RvmSelector.fit or "
        + "RvmSelectorModel.load (this constructor exists only for the ServiceLoader registration Spark Connect "
        + "reads)");
  }

  RvmSelectorModel(String uid, int[] selected, double[] relevance) {
    for (int i = 0; i < selected.length; i++) {
      if (selected[i] < 0 || selected[i] >= relevance.length || (i > 0 && selected[i] <= selected[i - 1])) {
        throw new IllegalArgumentException("inconsistent selector model: feature " + selected[i] + " of "
            + relevance.length + " (selected features must ascend)");
      }
    }
    this.uid = uid;
    this.selected = selected.clone();
    this.relevance = relevance.clone();
    this.paramSet = new RvmSelectorParamSet(this);
    paramSet.setDefaults(this, uid);
  }

  @Override
  public String uid() {
    return uid;
  }

  @Override
  public RvmSelectorParamSet paramSet() {
    return paramSet;
  }


  /** {@return the indices of the selected input features, ascending} */
  public int[] selectedFeatures() {
    return selected.clone();
  }

  /**
   * {@return the relevance of every input feature: 1/α under the RVM (summed over classes for multinomial), 0 if
   * pruned}
   */
  public Vector featureRelevance() {
    return Vectors.dense(relevance.clone());
  }

  /** {@return the number of input features} */
  public int numFeatures() {
    return relevance.length;
  }

  /**
   * {@return the input schema plus outputCol: a vector of {@code size} features (−1: not known yet), named when
   * possible}
   */
  static StructType outputSchema(RvmSelectorParams p, StructType schema, int size) {
    RvmSchema.requireVectorColumn(schema, "featuresCol", p.getFeaturesCol());
    String out = p.getOutputCol();
    if (Arrays.asList(schema.fieldNames()).contains(out)) {
      throw new IllegalArgumentException("outputCol '" + out + "' already exists in the input: choose another "
          + "name with setOutputCol, or drop that column");
    }
    StructField field = size < 0 ? new StructField(out, SQLDataTypes.VectorType(), false,
        org.apache.spark.sql.types.Metadata.empty()) : new AttributeGroup(out, size).toStructField();
    return schema.add(field);
  }

  @Override
  public StructType transformSchema(StructType schema) {
    return outputSchema(this, schema, selected.length);
  }

  @Override
  public Dataset<Row> transform(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    int[] keep = selected.clone();
    int d = relevance.length;
    String column = getFeaturesCol();
    UDF1<Vector, Vector> slice = v -> {
      if (v == null) {
        throw new InvalidInputException("featuresCol '" + column + "' is null in a row: drop or fill such rows");
      }
      if (v.size() != d) {
        throw new InvalidInputException("featuresCol '" + column + "' holds a vector of size " + v.size()
            + ", but the selector was fitted on " + d + " features");
      }
      if (v instanceof SparseVector sparse) {
        int[] indices = sparse.indices();
        double[] values = sparse.values();
        int[] outIndices = new int[keep.length];
        double[] outValues = new double[keep.length];
        int n = 0;
        int i = 0;
        for (int k = 0; k < keep.length; k++) {
          while (i < indices.length && indices[i] < keep[k]) {
            i++;
          }
          if (i < indices.length && indices[i] == keep[k]) {
            outIndices[n] = k;
            outValues[n++] = values[i];
          }
        }
        return Vectors.sparse(keep.length, Arrays.copyOf(outIndices, n), Arrays.copyOf(outValues, n));
      }
      double[] x = new double[keep.length];
      for (int k = 0; k < keep.length; k++) {
        x[k] = v.apply(keep[k]);
      }
      return Vectors.dense(x);
    };
    StructField outField = outputField(dataset.schema());
    return dataset.toDF().withColumn(getOutputCol(),
        functions.udf(slice, SQLDataTypes.VectorType()).apply(col(column)).as(getOutputCol(), outField.metadata()));
  }

  /** The output column with the input's feature attributes (names) of the selected features, when it has them. */
  private StructField outputField(StructType schema) {
    AttributeGroup input = AttributeGroup.fromStructField(schema.apply(getFeaturesCol()));
    if (input.attributes().isDefined()) {
      Attribute[] all = input.attributes().get();
      if (all.length == relevance.length) {
        Attribute[] kept = new Attribute[selected.length];
        for (int k = 0; k < selected.length; k++) {
          kept[k] = all[selected[k]].withIndex(k);
        }
        return new AttributeGroup(getOutputCol(), kept).toStructField();
      }
    }
    return new AttributeGroup(getOutputCol(), selected.length).toStructField();
  }

  @Override
  public RvmSelectorModel copy(ParamMap extra) {
    return copyValues(new RvmSelectorModel(uid, selected, relevance), extra).setParent(parent());
  }

  @Override
  public MLWriter write() {
    return new Writer(this);
  }

  /**
   * {@return the reader of a model saved with {@code write().save(path)}, also from inside a saved {@code
   * PipelineModel}}
   */
  public static MLReader<RvmSelectorModel> read() {
    return new Reader();
  }

  /**
   * Reads a selector model saved with {@code write().save(path)}.
   *
   * @param path a Hadoop path
   * @return the model
   */
  public static RvmSelectorModel load(String path) {
    return read().load(path);
  }

  private static final StructType SCHEMA = new StructType()
      .add("numFeatures", DataTypes.IntegerType, false)
      .add("selectedFeatures", DataTypes.createArrayType(DataTypes.IntegerType, false), false)
      .add("featureRelevance", DataTypes.createArrayType(DataTypes.DoubleType, false), false);

  private static final class Writer extends MLWriter {
    private final RvmSelectorModel model;

    Writer(RvmSelectorModel model) {
      this.model = model;
    }

    @Override
    public void saveImpl(String path) {
      SparkSession spark = sparkSession();
      SparkInternals.saveMetadata(model, path, spark, VERSION);
      Row row = RowFactory.create(model.relevance.length, model.selected, model.relevance);
      spark.createDataFrame(List.of(row), SCHEMA).repartition(1).write().parquet(path + "/data");
    }
  }

  private static final class Reader extends MLReader<RvmSelectorModel> {
    @Override
    public RvmSelectorModel load(String path) {
      SparkInternals.Metadata metadata = SparkInternals.loadMetadata(path, sparkSession(),
          RvmSelectorModel.class.getName());
      if (metadata.formatVersion() != VERSION) {
        throw new IllegalArgumentException("'" + path + "' was saved in selector format " + metadata.formatVersion()
            + "; this version reads format " + VERSION);
      }
      RvmSelectorModel model;
      try {
        List<Row> rows = sparkSession().read().parquet(path + "/data").collectAsList();
        if (rows.size() != 1) {
          throw new IllegalArgumentException("expected one row of selector data, found " + rows.size());
        }
        Row r = rows.get(0);
        int[] selected = r.getList(r.fieldIndex("selectedFeatures")).stream()
            .mapToInt(v -> ((Number) v).intValue()).toArray();
        double[] relevance = r.getList(r.fieldIndex("featureRelevance")).stream()
            .mapToDouble(v -> ((Number) v).doubleValue()).toArray();
        model = new RvmSelectorModel(metadata.uid(), selected, relevance);
      } catch (Exception e) { // Spark's AnalysisException is checked
        throw new IllegalArgumentException("'" + path + "' is not a readable RvmSelectorModel: its data/ is missing "
            + "or damaged (" + e.getMessage() + ")", e);
      }
      metadata.applyParams(model);
      return model;
    }
  }
}
