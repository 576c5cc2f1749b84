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

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;

/**
 * One training row as read from the input columns: features, label and weight (1 without a weight column). The
 * features stay as read, a sparse vector sparse, until a row block is filled ({@link #features()}), so that no
 * more than one row at a time is made dense outside the blocks.
 *
 * @param vector the features as read (null for a null cell)
 * @param label the label (NaN for a null cell)
 * @param weight the weight (NaN for a null cell)
 */
@DefaultSerializer(JavaSerializer.class) // Spark's Kryo (spark.serializer) cannot serialize records
public record TrainingRow(Vector vector, double label, double weight) implements Serializable {

  /**
   * A row of dense features.
   *
   * @param features the features (null for a null cell)
   * @param label the label
   * @param weight the weight
   */
  public TrainingRow(double[] features, double label, double weight) {
    this(features == null ? null : Vectors.dense(features), label, weight);
  }

  /** {@return the features as a dense array (a fresh one for a sparse row, else the row's own), or null} */
  public double[] features() {
    return vector == null ? null : vector.toArray();
  }
}
