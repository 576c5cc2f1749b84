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

package io.github.sparkrvm.benchmarks;

import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;

/**
 * The training and test rows of a synthetic sparse benchmark, cached and counted before the fits: the training rows
 * drawn with seed 1, a fifth as many test rows (at least 10,000) with seed 2, and the training rows' nonzeros.
 *
 * @param train the training rows (columns features, label)
 * @param test the test rows
 * @param rows the training rows' count
 * @param nonzeros the training rows' nonzero features
 */
record SparseSplit(Dataset<Row> train, Dataset<Row> test, long rows, long nonzeros) {

  /** Draws {@code rows} rows of a problem from {@code seed}. */
  @FunctionalInterface
  interface Draw {
    Dataset<Row> rows(long rows, long seed);
  }

  /** {@return the split of {@code rows} training rows, cached and counted, with the fits' steps logged at INFO} */
  static SparseSplit of(Draw draw, long rows) {
    org.apache.logging.log4j.core.config.Configurator.setLevel("io.github.sparkrvm",
        org.apache.logging.log4j.Level.INFO); // the fit's decisions and steps
    Dataset<Row> train = draw.rows(rows, 1).persist(StorageLevel.MEMORY_AND_DISK());
    Dataset<Row> test = draw.rows(Math.max(rows / 5, 10_000), 2).persist(StorageLevel.MEMORY_AND_DISK());
    long n = train.count();
    long nonzeros = train.toJavaRDD().map(r -> (long) ((Vector) r.get(0)).numNonzeros()).reduce(Long::sum);
    test.count();
    return new SparseSplit(train, test, n, nonzeros);
  }
}
