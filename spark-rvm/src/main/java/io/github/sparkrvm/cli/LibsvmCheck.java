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

package io.github.sparkrvm.cli;

import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;

/**
 * Checks LibSVM text line by line before Spark's reader parses it, so that a bad line is one message naming the
 * file, the line, the index and the dimension, instead of a task failure deep in the reader: a label that is not a
 * number, an item that is not {@code index:value}, an index below 1 (LibSVM counts from 1), indices that do not
 * increase, an index beyond the dimension (or beyond an int, which Spark's reader cannot hold), or a value that is
 * not a finite number.
 */
final class LibsvmCheck {

  private LibsvmCheck() {}

  /**
   * Fails on the first bad line of the files at {@code path}.
   *
   * @param dim the number of features (> 0) the indices must not exceed, or 0 for no limit
   * @param limit what {@code dim} is, for messages (e.g. "the model's 2 features")
   */
  static void check(SparkSession spark, String path, int dim, String limit) {
    UserDefinedFunction problem = functions.udf((UDF1<String, String>) line -> problem(line, dim, limit),
        DataTypes.StringType);
    List<Row> bad = spark.read().text(path)
        .select(functions.input_file_name(), functions.col("value"), problem.apply(functions.col("value")).as("p"))
        .filter(functions.col("p").isNotNull()).limit(1).collectAsList();
    if (!bad.isEmpty()) {
      Row row = bad.get(0);
      throw new BadInputException(DataInput.where(spark, row.getString(0), row.getString(1)) + ": " + row.getString(2)
          + " (the line starts '" + DataInput.shorten(row.getString(1)) + "'): fix the file or the dimension");
    }
  }

  /** {@return what is wrong with one LibSVM line, or null} */
  static String problem(String line, int dim, String limit) {
    String text = line.strip();
    if (text.isEmpty() || text.startsWith("#")) {
      return null;
    }
    String[] items = text.split("\\s+");
    if (!finite(items[0])) {
      return "the label '" + DataInput.shorten(items[0]) + "' is not a finite number";
    }
    long previous = 0;
    for (int i = 1; i < items.length; i++) {
      String item = items[i];
      int colon = item.indexOf(':');
      if (colon < 0) {
        return "'" + DataInput.shorten(item) + "' is not index:value";
      }
      long index;
      try {
        index = Long.parseLong(item.substring(0, colon));
      } catch (NumberFormatException e) {
        return "the index of '" + DataInput.shorten(item) + "' is not an integer";
      }
      if (index < 1) {
        return "index " + index + ": LibSVM indices count from 1 (feature 0 is index 1); this file looks 0-based:"
            + " add 1 to every index";
      }
      if (index <= previous) {
        return "index " + index + " follows index " + previous + ": the indices of a line must increase";
      }
      if (index > Integer.MAX_VALUE) {
        return "index " + index + " is beyond " + Integer.MAX_VALUE + ", the largest LibSVM index Spark reads (its "
            + "vectors' size is an int)";
      }
      if (dim > 0 && index > dim) {
        return "index " + index + " (0-based feature " + (index - 1) + ") is beyond " + limit + " (indices 1 to "
            + dim + ", 0-based 0 to " + (dim - 1) + ")";
      }
      if (!finite(item.substring(colon + 1))) {
        return "the value of index " + index + " '" + DataInput.shorten(item.substring(colon + 1))
            + "' is not a finite number";
      }
      previous = index;
    }
    return null;
  }

  private static boolean finite(String s) {
    try {
      return Double.isFinite(Double.parseDouble(s));
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
