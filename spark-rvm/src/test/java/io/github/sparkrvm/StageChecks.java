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
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * The checks of Spark's own {@code MLTestingUtils} and {@code MLTest} (which live in Spark's test jars), for Java
 * stages: params owned and named as Spark's, copy and uids, every numeric type of label and weight, params through
 * save and load, and transform of a streaming DataFrame.
 */
final class StageChecks {

  private StageChecks() {}

  /** The numeric types Spark's {@code checkNumericTypes} casts the label and weight to. */
  static final List<DataType> NUMERIC_TYPES = List.of(DataTypes.ShortType, DataTypes.LongType,
      DataTypes.IntegerType, DataTypes.FloatType, DataTypes.ByteType, DataTypes.DoubleType,
      DataTypes.createDecimalType(10, 0));

  /**
   * As Spark's {@code ParamsSuite.checkParams}: the params are ordered by name, each is owned by the stage and found
   * by its name, and {@code copy} returns the stage's own class.
   */
  static void checkParams(Params stage) throws NoSuchMethodException {
    List<String> names = Arrays.stream(stage.params()).map(Param::name).toList();
    assertEquals(names.stream().sorted().toList(), names, "params ordered by name");
    for (Param<?> p : stage.params()) {
      assertEquals(stage.uid(), p.parent(), "the parent of param " + p.name());
      assertEquals(p, stage.getParam(p.name()));
    }
    assertEquals(stage.getClass(), stage.getClass().getMethod("copy", ParamMap.class).getReturnType());
  }

  /** As Spark's {@code MLTestingUtils.checkCopyAndUids}: a model has its estimator's uid; a copy, its parent. */
  static void checkCopyAndUids(Estimator<?> estimator, Model<?> model) {
    assertEquals(estimator.uid(), model.uid(), "the model's uid is its estimator's");
    assertSame(estimator, model.parent());
    Model<?> copied = (Model<?>) model.copy(ParamMap.empty());
    assertEquals(model.uid(), copied.uid());
    assertSame(model.parent(), copied.parent());
    assertEquals(estimator.uid(), estimator.copy(ParamMap.empty()).uid());
  }

  /**
   * As Spark's {@code checkNumericTypes}: the label column (and the weight column {@code weight}, when the data has
   * one) cast to every numeric type give the model fitted on doubles, compared by {@code same}.
   */
  static <M> void checkNumericTypes(Dataset<Row> data, Function<Dataset<Row>, M> fit,
      java.util.function.BiConsumer<M, M> same) {
    M expected = fit.apply(data);
    boolean weighted = Arrays.asList(data.columns()).contains("weight");
    for (DataType type : NUMERIC_TYPES) {
      Dataset<Row> typed = data.withColumn("label", col("label").cast(type));
      if (weighted) {
        typed = typed.withColumn("weight", col("weight").cast(type));
      }
      same.accept(expected, fit.apply(typed));
    }
  }

  /** As Spark's {@code testDefaultReadWrite}: every param (set and default) of {@code stage} survives save and load. */
  static <T extends Params & MLWritable> T checkParamsSurviveSaveLoad(T stage, Path dir,
      Function<String, T> load) throws java.io.IOException {
    String path = dir.resolve(stage.uid()).toString();
    stage.write().overwrite().save(path);
    T loaded = load.apply(path);
    assertEquals(stage.uid(), loaded.uid());
    for (Param<?> p : stage.params()) {
      assertEquals(stage.isSet(p), loaded.isSet(loaded.getParam(p.name())), "isSet " + p.name());
      assertEquals(stage.hasDefault(p), loaded.hasDefault(loaded.getParam(p.name())), "hasDefault " + p.name());
      if (stage.isDefined(p)) {
        Object expected = stage.getOrDefault(p);
        Object actual = loaded.getOrDefault(loaded.getParam(p.name()));
        assertTrue(java.util.Objects.deepEquals(expected, actual), p.name() + ": " + expected + " vs " + actual);
      }
    }
    return loaded;
  }

  /**
   * As Spark's {@code MLTest.testTransformer}: transform of a streaming DataFrame (the rows of {@code data} as Parquet
   * files read as a stream) gives the rows of the batch transform, compared column by column.
   */
  static void checkStreamingTransform(Model<?> model, Dataset<Row> data, Path dir, String... columns)
      throws java.util.concurrent.TimeoutException {
    String input = dir.resolve("stream-input").toString();
    data.write().parquet(input);
    Dataset<Row> stream = data.sparkSession().readStream().schema(data.schema()).parquet(input);
    String table = "rvm_stream_" + Math.abs(model.uid().hashCode());
    StreamingQuery query = model.transform(stream).writeStream().format("memory").queryName(table).start();
    try {
      query.processAllAvailable();
    } finally {
      query.stop();
    }
    List<Row> streamed = data.sparkSession().table(table).orderBy(col("label"), col("id")).select(columns(columns))
        .collectAsList();
    List<Row> batch = model.transform(data).orderBy(col("label"), col("id")).select(columns(columns)).collectAsList();
    assertEquals(batch.size(), streamed.size());
    for (int i = 0; i < batch.size(); i++) {
      for (int j = 0; j < columns.length; j++) {
        Object b = batch.get(i).get(j);
        Object s = streamed.get(i).get(j);
        if (b instanceof Vector v) {
          assertEquals(0.0, org.apache.spark.ml.linalg.Vectors.sqdist(v, (Vector) s), 1e-24, columns[j]);
        } else {
          assertEquals((Double) b, (Double) s, 1e-12, columns[j]);
        }
      }
    }
  }

  private static org.apache.spark.sql.Column[] columns(String... names) {
    return Arrays.stream(names).map(org.apache.spark.sql.functions::col).toArray(org.apache.spark.sql.Column[]::new);
  }
}
