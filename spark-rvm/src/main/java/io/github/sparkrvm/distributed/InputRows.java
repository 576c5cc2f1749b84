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

package io.github.sparkrvm.distributed;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;

import io.github.sparkrvm.util.InvalidInputException;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** Reads the features, label and weight columns of a data set as {@link TrainingRow}s (validated later). */
public final class InputRows {

  private InputRows() {}

  /**
   * {@code weightCol} empty: unit weights. A null cell becomes null features or a NaN label/weight.
   *
   * @param data the input
   * @param featuresCol the Vector column
   * @param labelCol the label column
   * @param weightCol the weight column, empty for unit weights
   * @return the rows, validated as they are read
   */
  public static JavaRDD<TrainingRow> read(Dataset<?> data, String featuresCol, String labelCol, String weightCol) {
    Column weight = weightCol == null || weightCol.isEmpty() ? lit(1.0) : col(weightCol).cast("double");
    return data.select(col(featuresCol), col(labelCol).cast("double"), weight).toJavaRDD().map(InputRows::toRow);
  }

  private static TrainingRow toRow(Row r) {
    double[] x = r.isNullAt(0) ? null : ((Vector) r.get(0)).toArray();
    double label = r.isNullAt(1) ? Double.NaN : r.getDouble(1);
    double weight = r.isNullAt(2) ? Double.NaN : r.getDouble(2);
    return new TrainingRow(x, label, weight);
  }

  /**
   * Rethrows a failed Spark job: as the {@link InvalidInputException} a task threw when there is one (so the
   * caller sees the message about its data), else unchanged.
   *
   * @param failure what the Spark job threw
   * @return never returns: declared so that callers can write {@code throw rethrow(e)}
   */
  public static RuntimeException rethrow(Exception failure) {
    InvalidInputException input = InvalidInputException.findIn(failure);
    if (input != null) {
      throw new InvalidInputException(input.getMessage(), failure);
    }
    if (failure instanceof RuntimeException runtime) {
      throw runtime;
    }
    throw new IllegalStateException(failure.getMessage(), failure);
  }
}
