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

import io.github.sparkrvm.RvmClassificationModel;
import io.github.sparkrvm.RvmClassifier;
import io.github.sparkrvm.datasets.Datasets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.feature.OneHotEncoder;
import org.apache.spark.ml.feature.StringIndexer;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Categorical sets one-hot encoded as a Spark user encodes them (issue 44): every attribute column (strings, a
 * missing value its own level "NA") through {@code StringIndexer} and {@code OneHotEncoder} (dropLast, the default)
 * and a {@code VectorAssembler}, which gives {@code SparseVector}s, the class through a {@code StringIndexer}. The
 * encoding is fitted on the whole set (it reads no label). On seeded splits of two thirds for training: the linear
 * RVM (solver fast; the softmax for more than two classes) against Spark's {@code LogisticRegression} with
 * elasticNetParam 1 and its regParam chosen by {@code CrossValidator} (3 folds × 5 values), then refitted alone, on
 * the same columns: fit seconds, test accuracy and log-loss, nonzero weights. Writes
 * {@code results/categorical-one-hot.md}.
 */
public final class CategoricalOneHot {

  private CategoricalOneHot() {}

  /** {@return the set encoded: features (one-hot, assembled) and label (the class' index)} */
  static Dataset<Row> encoded(SparkSession spark, String name) {
    Dataset<Row> csv = spark.read().option("header", "true")
        .csv(Datasets.dataDir().resolve("mlbench").resolve(name + ".csv.gz").toString());
    // R's names (plant.stand) as Spark column names (a dot would read as a struct's field)
    Dataset<Row> raw = csv.toDF(Arrays.stream(csv.columns()).map(c -> c.replace('.', '_')).toArray(String[]::new));
    String[] attributes = Arrays.stream(raw.columns()).filter(c -> !c.equals("label")).toArray(String[]::new);
    String[] indexed = Arrays.stream(attributes).map(c -> c + "_index").toArray(String[]::new);
    String[] coded = Arrays.stream(attributes).map(c -> c + "_code").toArray(String[]::new);
    List<PipelineStage> stages = new ArrayList<>();
    stages.add(new StringIndexer().setInputCols(attributes).setOutputCols(indexed));
    stages.add(new OneHotEncoder().setInputCols(indexed).setOutputCols(coded));
    stages.add(new VectorAssembler().setInputCols(coded).setOutputCol("features"));
    stages.add(new StringIndexer().setInputCol("label").setOutputCol("class"));
    Dataset<Row> all = new Pipeline().setStages(stages.toArray(new PipelineStage[0])).fit(raw).transform(raw);
    return all.select(all.col("features"), all.col("class").as("label"));
  }

  private static long nonzeros(double[] values) {
    return Arrays.stream(values).filter(v -> v != 0.0).count();
  }

  /**
   * Runs the comparison.
   *
   * @param args SETS (comma-separated, default housevotes84,soybean), SPLITS (default 3), MASTER (default local[2])
   * @throws Exception when a fit fails or the results cannot be written
   */
  public static void main(String[] args) throws Exception {
    String[] sets = (args.length > 0 ? args[0] : "housevotes84,soybean").split(",");
    int splits = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    String master = args.length > 2 ? args[2] : "local[2]";
    SparkSession spark = GridData.spark("categorical", master);
    MulticlassClassificationEvaluator accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy");
    MulticlassClassificationEvaluator logLoss = new MulticlassClassificationEvaluator().setMetricName("logLoss");
    StringBuilder table = new StringBuilder("| set | split | model | fit seconds | test accuracy | test log-loss | "
        + "nonzero weights | notes |\n|---|---:|---|---:|---:|---:|---:|---|\n");
    StringBuilder shapes = new StringBuilder();
    try {
      for (String name : sets) {
        Dataset<Row> data = encoded(spark, name).cache();
        long rows = data.count();
        Row first = data.first();
        int width = ((org.apache.spark.ml.linalg.Vector) first.get(0)).size();
        long sparse = data.javaRDD().filter(r -> r.get(0) instanceof SparseVector).count();
        long classes = data.select("label").distinct().count();
        shapes.append(String.format(Locale.ROOT, "- %s: %d rows, %d classes, %d one-hot columns; %d of the rows "
            + "are SparseVectors%n", name, rows, classes, width, sparse));
        for (int split = 0; split < splits; split++) {
          Dataset<Row>[] parts = data.randomSplit(new double[] {2.0, 1.0}, 100 + split);
          Dataset<Row> train = parts[0].repartition(2).cache();
          Dataset<Row> test = parts[1].cache();
          train.count();
          test.count();
          long t0 = System.nanoTime();
          RvmClassificationModel rvm = new RvmClassifier().setKernel("linear").setSolver("fast").fit(train);
          double seconds = (System.nanoTime() - t0) / 1e9;
          long kept = classes == 2 ? rvm.relevantFeatures().length
              : java.util.stream.IntStream.range(0, (int) classes).mapToLong(k -> rvm.classRelevantFeatures(k).length)
                  .sum();
          Dataset<Row> scored = rvm.transform(test).cache();
          table.append(String.format(Locale.ROOT, "| %s | %d | RvmClassifier linear, fast%s | %.1f | %.4f | %.4f | "
              + "%d | %d iterations, %d passes |%n", name, split, classes == 2 ? "" : ", softmax", seconds,
              accuracy.evaluate(scored), logLoss.evaluate(scored), kept, rvm.rvmSummary().iterations(),
              rvm.rvmSummary().dataPasses()));
          CrossValidatedLasso lasso = CrossValidatedLasso.fit(new LogisticRegression().setElasticNetParam(1.0)
              .setMaxIter(200), train, logLoss, 1e-4, 1e-3, 3e-3, 1e-2, 3e-2);
          LogisticRegressionModel one = lasso.model();
          Dataset<Row> lrScored = one.transform(test).cache();
          table.append(String.format(Locale.ROOT, "| %s | %d | LogisticRegression L1 (regParam %s by "
              + "CrossValidator, %.1f s) | %.1f | %.4f | %.4f | %d | %d iterations |%n", name, split,
              lasso.regParam(), lasso.searchSeconds(), lasso.seconds(), accuracy.evaluate(lrScored), logLoss.evaluate(lrScored),
              nonzeros(one.coefficientMatrix().toArray()), one.summary().totalIterations()));
          System.err.print(table);
        }
      }
      String report = "# Categorical sets one-hot encoded: the linear RVM against L1 LogisticRegression (issue 44)"
          + "\n\nmlbench's HouseVotes84 (the 1984 US House votes: 16 votes y/n, party) and Soybean (35 categorical "
          + "attributes of soybean plants, 19 diseases), from the R package mlbench 2.1-3 (`data/mlbench/`, "
          + "`data/README.md`), each attribute a string column with a missing value as its own level `NA`, encoded "
          + "by `StringIndexer` + `OneHotEncoder` (dropLast) + `VectorAssembler`, as a Spark user encodes them:\n\n"
          + shapes + "\nOn " + splits + " seeded splits (`randomSplit` 2:1), on " + master + ". Both models see the "
          + "same columns. Nonzero weights: the features' weights (no intercepts). The fit seconds of "
          + "LogisticRegression are its one fit at the chosen regParam; the cross-validation's own time is in its "
          + "row.\n\nCommand: `mvn -B -q -pl benchmarks exec:exec@categorical -Dbenchmark.args=\"SETS SPLITS "
          + "MASTER\"`. The machine was shared with other engineers' builds: see the load.\n\n## Machine\n\n"
          + Machine.describe() + "\n## Results\n\n" + table;
      Files.writeString(Machine.result("categorical-one-hot.md"), report);
      System.out.print(report);
    } finally {
      spark.stop();
    }
  }
}
