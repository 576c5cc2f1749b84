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

import io.github.sparkrvm.RvmEstimator;
import java.util.Set;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import scala.Option;

/** The usage text: the commands, then every {@link RvmEstimator} param with its default and documentation. */
final class Usage {

  /** The params the usage of train already shows as options. */
  static final Set<String> COLUMN_PARAMS = Set.of("labelCol", "featuresCol", "weightCol");
  private static final int WIDTH = 100;

  private Usage() {}

  private static final String COMMANDS = """
      Usage: spark-submit --class io.github.sparkrvm.cli.RvmJob spark-rvm.jar COMMAND [OPTIONS]

      Commands (SOURCE is --input PATH [--format FORMAT], or --table NAME):
        train SOURCE --model PATH [--label-col label] [--features-col features] [--weight-col NAME]
              [--num-features N] [--initial-model PATH] [--overwrite] [--PARAM VALUE ...]
            Fits an RVM, prints one line per iteration on stderr, saves the model (with the names of
            its feature columns), and prints one JSON line on stdout:
            {"rows","relevanceVectors","iterations","converged","fitSeconds"}. --num-features sets
            the dimension of libsvm input (default: its largest index). --initial-model starts the
            fit from a saved model (a warm start: its basis functions, alphas, weights and noise;
            same family, kernel, gamma, features, standardization, fitIntercept and classes; solvers
            em and fast); the JSON line then also has "warmStartBasis", the basis functions it
            started from.
        predict --model PATH SOURCE --output PATH [--output-format FORMAT] [--mode MODE]
              [--partition-by COL,...] [--label-col NAME] [--features-col NAME] [--overwrite]
            Writes the input's columns and the predictions to --output, in --output-format (default
            the input's format; libsvm input is written as parquet, as are tables). CSV output gets
            prediction and, from a bernoulli model, probability = P(1), from a multinomial model
            probability_0 ... probability_K-1, from a gaussian or poisson model variance (vector
            columns are left out); other formats keep every column, vectors included. --mode is error (default),
            overwrite (as --overwrite), append or ignore. Ends with a JSON line {"rows","output"}.
        evaluate --model PATH SOURCE [--label-col NAME] [--features-col NAME]
            Ends with a JSON line of metrics: {"rows","accuracy","error","logLoss","auc","weightedF1",
            "confusionMatrix"} for a bernoulli model, the same without auc for a multinomial one
            (confusionMatrix[true class][predicted class]), {"rows","rmse","mse","mae","r2"} for a
            gaussian one, the same and "meanPoissonDeviance" for a poisson one (--family poisson: count
            labels 0, 1, 2, ...; the prediction is the mean count).
        --help
            Prints this text.

      Input (PATH: a Hadoop path or glob, e.g. hdfs://..., file:///..., or relative):
        csv      A header row. The label column (--label-col, default label) and the weight column
                 (--weight-col) are not features; every other column is a numeric feature. A cell
                 that is empty or not a finite number, or a row of more or fewer cells than the
                 header, is an error.
        libsvm   The columns label and features; indices count from 1, and an index beyond the
                 model's dimension (or --num-features) is an error naming the file and line.
        other    Any Spark data source (parquet, orc, json, ...) and --table: the Vector column
                 --features-col (default features) if there is one, else every numeric column but
                 the label and the weight.
        --format defaults to the input's extension (.csv, .parquet, .orc, .json, .libsvm or .svm),
        else csv. predict and evaluate read a model's feature columns by name (a missing one is an
        error; their order does not matter) and take the label, weight and features column names
        from the model unless --label-col or --features-col is given; predict needs no label column.

      --model and --output must not exist unless --overwrite is given, and must not be, contain or
      lie inside what the command reads (or each other). They are written to a hidden sibling and
      renamed into place when complete.
      Exit status: 0 done, 2 bad command line or input (nothing written), 1 another failure.

      RvmEstimator params, for train (--kebab-case of the param's name):
      """;

  static String text() {
    StringBuilder out = new StringBuilder(COMMANDS);
    RvmEstimator estimator = new RvmEstimator();
    for (Param<?> p : estimator.params()) {
      if (COLUMN_PARAMS.contains(p.name())) {
        continue;
      }
      out.append("  --").append(Options.kebab(p.name())).append(' ').append(placeholder(p));
      Option<?> fallback = estimator.getDefault(p);
      if (fallback.isDefined()) {
        String value = String.valueOf(fallback.get());
        out.append("  (default ").append(value.isEmpty() ? "empty" : value).append(')');
      }
      out.append('\n');
      wrap(out, p.doc(), "      ");
    }
    return out.toString();
  }

  static String placeholder(Param<?> p) {
    if (p instanceof DoubleParam) {
      return "NUMBER";
    }
    if (p instanceof IntParam || p instanceof LongParam) {
      return "INTEGER";
    }
    if (p instanceof BooleanParam) {
      return "true|false";
    }
    if (p instanceof org.apache.spark.ml.param.IntArrayParam) {
      return "INTEGER,INTEGER";
    }
    if (p instanceof org.apache.spark.ml.param.DoubleArrayParam) {
      return "NUMBER,NUMBER";
    }
    if (p instanceof org.apache.spark.ml.param.StringArrayParam) {
      return "STRING,STRING";
    }
    return "STRING";
  }

  private static void wrap(StringBuilder out, String text, String indent) {
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.split("\\s+")) {
      if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
        out.append(line).append('\n');
        line = new StringBuilder(indent);
      }
      if (line.length() > indent.length()) {
        line.append(' ');
      }
      line.append(word);
    }
    out.append(line).append('\n');
  }
}
