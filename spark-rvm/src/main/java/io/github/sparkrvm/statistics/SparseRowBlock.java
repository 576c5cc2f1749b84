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

package io.github.sparkrvm.statistics;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import java.util.Arrays;

/**
 * A block of training rows of the linear kernel in compressed sparse rows, over the candidate basis itself: row i's
 * nonzero basis values are {@code value[start[i] … start[i+1]−1]} at the candidates {@code index[…]} (ascending),
 * the bias (candidate 0, value 1) stored in every row when there is one. For the linear kernel the basis of a row is
 * its scaled features, so a pass reads these values as they are: its work is O(nonzeros), not O(rows × candidates).
 *
 * @param size the number of rows
 * @param start where each row's nonzeros begin, and the end of the last (size + 1 entries)
 * @param index the candidate of each nonzero, ascending within a row
 * @param value the basis value of each nonzero
 * @param labels the labels of the rows
 * @param weights the row weights
 */
@DefaultSerializer(JavaSerializer.class) // Spark's Kryo (spark.serializer) cannot serialize records
public record SparseRowBlock(int size, int[] start, int[] index, double[] value, double[] labels, double[] weights)
    implements Serializable {

  /**
   * Checks the sizes.
   *
   * @param size the number of rows
   * @param start where each row's nonzeros begin (size + 1 entries, from 0)
   * @param index the candidate of each nonzero
   * @param value the basis value of each nonzero
   * @param labels the labels, one per row
   * @param weights the row weights, one per row
   */
  public SparseRowBlock {
    if (start.length != size + 1 || start[0] != 0 || start[size] != index.length || value.length != index.length
        || labels.length != size || weights.length != size) {
      throw new IllegalArgumentException("SparseRowBlock: inconsistent sizes (size " + size + ", starts "
          + start.length + ", nonzeros " + index.length + "/" + value.length + ", labels " + labels.length
          + ", weights " + weights.length + ")");
    }
  }

  /** {@return the number of stored basis values} */
  public int nonzeros() {
    return index.length;
  }

  /**
   * {@return where each of {@code m} candidates sits among {@code columns}: its position, or −1 when it is not one of
   * them}
   *
   * @param m the number of candidates
   * @param columns candidates, ascending
   */
  public static int[] positions(int m, int[] columns) {
    int[] position = new int[m];
    Arrays.fill(position, -1);
    for (int c = 0; c < columns.length; c++) {
      position[columns[c]] = c;
    }
    return position;
  }

  /**
   * {@return the block's basis over {@code width} columns as a dense column-major size × width matrix: the value of
   * candidate j goes to column {@code position[j]} (candidates at −1 are left out)}
   *
   * @param position each candidate's column, or −1 ({@link #positions})
   * @param width the number of columns
   */
  public double[] expand(int[] position, int width) {
    double[] out = new double[size * width];
    for (int i = 0; i < size; i++) {
      for (int e = start[i]; e < start[i + 1]; e++) {
        int c = position[index[e]];
        if (c >= 0) {
          out[c * size + i] = value[e];
        }
      }
    }
    return out;
  }

  /**
   * {@return the rows' scores Φ_a w: row i's basis values at the candidates with a position, times the weight at that
   * position}
   *
   * @param position each candidate's position among the weights, or −1
   * @param weights the weights
   */
  public double[] scores(int[] position, double[] weights) {
    double[] eta = new double[size];
    for (int i = 0; i < size; i++) {
      double sum = 0.0;
      for (int e = start[i]; e < start[i + 1]; e++) {
        int a = position[index[e]];
        if (a >= 0) {
          sum += value[e] * weights[a];
        }
      }
      eta[i] = sum;
    }
    return eta;
  }
}
