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

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * One local[2] SparkSession for the whole test JVM (created again if an integration test stopped it to start a
 * cluster), and helpers to turn test tables into DataFrames.
 */
public final class SparkTestSession {

  private static SparkSession session;

  private SparkTestSession() {}

  public static synchronized SparkSession get() {
    if (session == null || session.sparkContext().isStopped()) {
      session = SparkSession.builder()
          .master("local[2]")
          .appName("spark-rvm-tests")
          .config("spark.ui.enabled", "false")
          .config("spark.sql.shuffle.partitions", "4")
          .config("spark.driver.host", "127.0.0.1")
          .config("spark.driver.bindAddress", "127.0.0.1")
          // Kryo, as many production clusters configure it: it cannot serialize Java records (the cluster tests
          // run with Spark's default Java serializer)
          .config("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
          .getOrCreate();
      session.sparkContext().setLogLevel("WARN");
    }
    return session;
  }

  public static final StructType SCHEMA = new StructType()
      .add("features", SQLDataTypes.VectorType(), true)
      .add("label", DataTypes.DoubleType, true);

  /** A DataFrame (features, label) of the table, in {@code partitions} partitions, on the shared session. */
  public static Dataset<Row> frame(TestData.Table table, int partitions) {
    return frame(get(), table, partitions);
  }

  /** A DataFrame (features, label) of the table, in {@code partitions} partitions. */
  public static Dataset<Row> frame(SparkSession spark, TestData.Table table, int partitions) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < table.size(); i++) {
      rows.add(RowFactory.create(Vectors.dense(table.x()[i]), table.t()[i]));
    }
    return spark.createDataFrame(rows, SCHEMA).repartition(partitions);
  }
}
