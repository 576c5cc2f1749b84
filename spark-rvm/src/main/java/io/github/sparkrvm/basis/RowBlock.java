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

package io.github.sparkrvm.basis;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;

/**
 * A dense block of training rows: {@code features} is row-major (size × dim), so that it is also the column-major
 * dim × size matrix Xᵀ that BLAS reads. Labels and row weights run alongside.
 */
@DefaultSerializer(JavaSerializer.class) // Spark's Kryo (spark.serializer) cannot serialize records
public record RowBlock(int size, int dim, double[] features, double[] labels, double[] weights)
    implements Serializable {

  /**
   * Checks the sizes.
   *
   * @param size the number of rows
   * @param dim the number of features
   * @param features the rows, row-major (size × dim)
   * @param labels the labels, one per row
   * @param weights the row weights, one per row
   */
  public RowBlock {
    if (features.length != size * dim || labels.length != size || weights.length != size) {
      throw new IllegalArgumentException("RowBlock: inconsistent sizes (size " + size + ", dim " + dim
          + ", features " + features.length + ", labels " + labels.length + ", weights " + weights.length + ")");
    }
  }

  /**
   * {@return a block with unit weights}
   *
   * @param size the number of rows
   * @param dim the number of features
   * @param features the rows, row-major (size × dim)
   * @param labels the labels of the rows
   */
  public static RowBlock unweighted(int size, int dim, double[] features, double[] labels) {
    double[] w = new double[size];
    java.util.Arrays.fill(w, 1.0);
    return new RowBlock(size, dim, features, labels, w);
  }
}
