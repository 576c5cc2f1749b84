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

package io.github.sparkrvm.datasets;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A data set in memory: the rows' features x (each of the same length) and their targets t.
 *
 * @param x the rows' features
 * @param t the targets, one per row
 */
public record Table(double[][] x, double[] t) {

  /** The schema of {@link #frame}: a vector column "features" and a double column "label". */
  public static final StructType SCHEMA = new StructType()
      .add("features", SQLDataTypes.VectorType(), true)
      .add("label", DataTypes.DoubleType, true);

  /** {@return the number of rows} */
  public int size() {
    return t.length;
  }

  /**
   * {@return the given rows, in the order given}
   *
   * @param index the rows to keep
   */
  public Table rows(int[] index) {
    double[][] xs = new double[index.length][];
    double[] ts = new double[index.length];
    for (int i = 0; i < index.length; i++) {
      xs[i] = x[index[i]];
      ts[i] = t[index[i]];
    }
    return new Table(xs, ts);
  }

  /**
   * {@return the rows whose target is one of the given labels, relabelled 0, 1, … in the order the labels are given}
   *
   * @param labels the labels to keep (for the digits: the digits)
   */
  public Table classes(int... labels) {
    List<double[]> xs = new ArrayList<>();
    List<Double> ts = new ArrayList<>();
    for (int i = 0; i < size(); i++) {
      for (int k = 0; k < labels.length; k++) {
        if (t[i] == labels[k]) {
          xs.add(x[i]);
          ts.add((double) k);
        }
      }
    }
    return new Table(xs.toArray(new double[0][]), ts.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /**
   * A seeded split of the rows: the first {@code fraction} of a random permutation (Fisher–Yates with {@code
   * SplittableRandom(seed)}) and the rest, each in the original row order.
   *
   * @param fraction the share of the rows in the first part, rounded to a whole row
   * @param seed the permutation's seed
   * @return the two parts
   */
  public Table[] split(double fraction, long seed) {
    int n = size();
    int[] order = IntStream.range(0, n).toArray();
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int tmp = order[i];
      order[i] = order[j];
      order[j] = tmp;
    }
    int cut = (int) Math.round(fraction * n);
    return new Table[] {rows(Arrays.stream(order, 0, cut).sorted().toArray()),
        rows(Arrays.stream(order, cut, n).sorted().toArray())};
  }

  /**
   * {@return a DataFrame of the rows ({@link #SCHEMA}: features, label), repartitioned into {@code partitions}}
   *
   * @param spark the session
   * @param partitions the number of partitions
   */
  public Dataset<Row> frame(SparkSession spark, int partitions) {
    return spark.createDataFrame(toRows(), SCHEMA).repartition(partitions);
  }

  /** {@return the rows as Spark rows of {@link #SCHEMA} (features as a dense vector, label)} */
  public List<Row> toRows() {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < size(); i++) {
      rows.add(RowFactory.create(Vectors.dense(x[i]), t[i]));
    }
    return rows;
  }
}
