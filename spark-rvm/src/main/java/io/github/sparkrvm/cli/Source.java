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

import java.util.Locale;

/**
 * Where a command reads its data: a Hadoop path (or glob) in a format, or a table of the session's catalog.
 *
 * @param path the {@code --input} path, or null for a table
 * @param table the {@code --table} name, or null for a path
 * @param format the Spark data source of a path: csv and libsvm are checked and parsed by the job, any other
 *     (parquet, orc, json, …) is read with its own types
 */
record Source(String path, String table, String format) {

  static final String CSV = "csv";
  static final String LIBSVM = "libsvm";
  static final String PARQUET = "parquet";

  /** {@return the source of the {@code --input} or {@code --table} option, exactly one of which is given} */
  static Source of(Options options) {
    boolean input = options.has("input");
    boolean table = options.has("table");
    if (input == table) {
      throw new BadInputException(options.command() + (input ? " takes either --input or --table, not both"
          : " needs --input (a path) or --table (a catalog table)") + " (run with --help for the usage)");
    }
    if (table) {
      if (options.has("format")) {
        throw new BadInputException("--format applies to --input: a --table is read as the catalog defines it");
      }
      return new Source(null, options.required("table"), null);
    }
    String path = options.required("input");
    String format = options.get("format", null);
    if (format != null && format.isBlank()) {
      throw new BadInputException("option --format of " + options.command() + " is empty");
    }
    return new Source(path, null, format == null ? byExtension(path) : format.trim().toLowerCase(Locale.ROOT));
  }

  /** {@return the format of the path's extension (.csv, .parquet, .orc, .json, .libsvm or .svm), else csv} */
  static String byExtension(String path) {
    String p = path.toLowerCase(Locale.ROOT);
    while (p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    if (p.endsWith(".gz")) {
      p = p.substring(0, p.length() - 3);
    }
    if (p.endsWith(".libsvm") || p.endsWith(".svm")) {
      return LIBSVM;
    }
    for (String f : new String[] {PARQUET, "orc", "json"}) {
      if (p.endsWith("." + f)) {
        return f;
      }
    }
    return CSV;
  }

  boolean isTable() {
    return table != null;
  }

  boolean csv() {
    return CSV.equals(format);
  }

  boolean libsvm() {
    return LIBSVM.equals(format);
  }

  /** {@return how messages name the source: the path in quotes, or "table 'name'"} */
  String describe() {
    return isTable() ? "table '" + table + "'" : "'" + path + "'";
  }

  /** {@return the option that names the source} */
  String option() {
    return isTable() ? "--table" : "--input";
  }
}
