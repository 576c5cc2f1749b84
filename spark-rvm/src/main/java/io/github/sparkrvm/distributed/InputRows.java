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
   * {@code weightCol} empty: unit weights. A null cell becomes null features or a NaN label/weight. The fit works on
   * dense rows, so each row's size is checked as it is read, before the row is made dense: a size whose dense rows
   * and centres would not fit the driver's heap is refused ({@link #requireDenseFits}). Sparse rows stay sparse
   * until a row block is filled.
   *
   * @param data the input
   * @param featuresCol the Vector column
   * @param labelCol the label column
   * @param weightCol the weight column, empty for unit weights
   * @param centres how many dense feature vectors (candidate centres) the fit keeps besides the rows, e.g. maxBasis
   * @return the rows, validated as they are read
   */
  public static JavaRDD<TrainingRow> read(Dataset<?> data, String featuresCol, String labelCol, String weightCol,
      int centres) {
    Column weight = weightCol == null || weightCol.isEmpty() ? lit(1.0) : col(weightCol).cast("double");
    long heap = Runtime.getRuntime().maxMemory();
    return data.select(col(featuresCol), col(labelCol).cast("double"), weight).toJavaRDD()
        .map(r -> toRow(r, featuresCol, centres, heap));
  }

  /**
   * Refuses a dimension whose dense vectors a fit cannot hold: the summary pass keeps up to {@code centres} candidate
   * centres and four moment vectors of {@code d} doubles, and each row is expanded to {@code d} doubles, all within a
   * quarter of the heap (the rest for Spark, the blocks and the design).
   *
   * @param featuresCol the Vector column, for the message
   * @param d the vectors' size
   * @param centres the dense centres the fit keeps
   * @param heapBytes the heap of the JVM that merges the summary (the driver's)
   */
  static void requireDenseFits(String featuresCol, long d, int centres, long heapBytes) {
    long vectors = centres + 5L;
    long most = heapBytes / 4 / Double.BYTES / vectors;
    if (d > most) {
      throw new InvalidInputException("featuresCol '" + featuresCol + "' holds vectors of " + d + " features: the fit "
          + "makes every row and each of up to " + centres + " candidate centres dense (8 bytes a feature, "
          + String.format(java.util.Locale.ROOT, "%.1f", d * 8.0 / (1L << 30)) + " GiB a vector), and a heap of "
          + (heapBytes >> 20) + " MiB holds at most " + most + " features at " + centres + " centres: reduce the "
          + "dimension (e.g. FeatureHasher or ChiSqSelector, or the largest LibSVM index), lower maxBasis, or raise "
          + "spark.driver.memory and spark.executor.memory");
    }
  }

  private static TrainingRow toRow(Row r, String featuresCol, int centres, long heap) {
    Vector v = r.isNullAt(0) ? null : (Vector) r.get(0);
    if (v != null) {
      requireDenseFits(featuresCol, v.size(), centres, heap);
    }
    double label = r.isNullAt(1) ? Double.NaN : r.getDouble(1);
    double weight = r.isNullAt(2) ? Double.NaN : r.getDouble(2);
    return new TrainingRow(v, label, weight);
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
