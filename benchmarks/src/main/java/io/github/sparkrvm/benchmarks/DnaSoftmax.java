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
import io.github.sparkrvm.datasets.Table;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A real sparse set (issue 44): UCI dna splice junctions from mlbench (3,186 rows, 180 binary indicators, the one-hot
 * code of 60 nucleotides, 3 classes), as {@code SparseVector}s, on seeded splits of 2,000 training rows: the linear
 * RVM's softmax and one-vs-rest (solver fast) against Spark's multinomial {@code LogisticRegression} with
 * elasticNetParam 1, its regParam chosen by {@code CrossValidator} (3 folds × 5 values) and then refitted alone. Fit
 * seconds, test accuracy and log-loss, nonzero weights. Writes {@code results/dna-softmax.md}.
 */
public final class DnaSoftmax {

  private DnaSoftmax() {}

  private static Dataset<Row> frame(SparkSession spark, Table set, int[] rows) {
    List<Row> out = new ArrayList<>();
    for (int i : rows) {
      double[] x = set.x()[i];
      int[] idx = IntStream.range(0, x.length).filter(j -> x[j] != 0.0).toArray();
      out.add(RowFactory.create(Vectors.sparse(x.length, idx, Arrays.stream(idx).mapToDouble(j -> x[j]).toArray()),
          set.t()[i]));
    }
    return spark.createDataFrame(out, new StructType().add("features", SQLDataTypes.VectorType())
        .add("label", DataTypes.DoubleType)).repartition(2).cache();
  }

  private static long nonzeros(double[] values) {
    return Arrays.stream(values).filter(v -> v != 0.0).count();
  }

  /**
   * Runs the comparison.
   *
   * @param args SPLITS (default 3), MASTER (default local[2])
   * @throws Exception when a fit fails or the results cannot be written
   */
  public static void main(String[] args) throws Exception {
    int splits = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    String master = args.length > 1 ? args[1] : "local[2]";
    SparkSession spark = GridData.spark("dna", master);
    Table dna = Datasets.mlbench(Datasets.dataDir(), "dna");
    MulticlassClassificationEvaluator accuracy = new MulticlassClassificationEvaluator().setMetricName("accuracy");
    MulticlassClassificationEvaluator logLoss = new MulticlassClassificationEvaluator().setMetricName("logLoss");
    StringBuilder table = new StringBuilder("| split | model | fit seconds | test accuracy | test log-loss | nonzero "
        + "weights | notes |\n|---:|---|---:|---:|---:|---:|---|\n");
    try {
      for (int split = 0; split < splits; split++) {
        int[] order = new SplittableRandom(100 + split).ints(0, Integer.MAX_VALUE).limit(dna.size()).toArray();
        Integer[] byKey = IntStream.range(0, dna.size()).boxed().toArray(Integer[]::new);
        Arrays.sort(byKey, (a, b) -> Integer.compare(order[a], order[b]));
        int[] all = Arrays.stream(byKey).mapToInt(Integer::intValue).toArray();
        Dataset<Row> train = frame(spark, dna, Arrays.copyOfRange(all, 0, 2000));
        Dataset<Row> test = frame(spark, dna, Arrays.copyOfRange(all, 2000, all.length));
        train.count();
        test.count();
        for (String strategy : new String[] {"softmax", "ovr"}) {
          long t0 = System.nanoTime();
          RvmClassificationModel rvm = new RvmClassifier().setKernel("linear").setSolver("fast")
              .setMultiClassStrategy(strategy).fit(train);
          double seconds = (System.nanoTime() - t0) / 1e9;
          Dataset<Row> scored = rvm.transform(test).cache();
          long kept = IntStream.range(0, 3).mapToLong(k -> nonzeros(rvm.classWeights(k).toArray())).sum();
          table.append(String.format(java.util.Locale.ROOT, "| %d | RvmClassifier linear, fast, %s | %.1f | %.4f | "
              + "%.4f | %d | %d iterations, %d passes |%n", split, strategy, seconds, accuracy.evaluate(scored),
              logLoss.evaluate(scored), kept, rvm.rvmSummary().iterations(), rvm.rvmSummary().dataPasses()));
        }
        CrossValidatedLasso lasso = CrossValidatedLasso.fit(new LogisticRegression().setElasticNetParam(1.0)
            .setFamily("multinomial").setMaxIter(200), train, logLoss, 1e-4, 1e-3, 3e-3, 1e-2, 3e-2);
        LogisticRegressionModel one = lasso.model();
        Dataset<Row> scored = one.transform(test).cache();
        table.append(String.format(java.util.Locale.ROOT, "| %d | LogisticRegression L1 (regParam %s by "
            + "CrossValidator, %.1f s) | %.1f | %.4f | %.4f | %d | %d iterations |%n", split, lasso.regParam(),
            lasso.searchSeconds(), lasso.seconds(), accuracy.evaluate(scored), logLoss.evaluate(scored),
            nonzeros(one.coefficientMatrix().toArray()), one.summary().totalIterations()));
        System.err.print(table);
      }
      String report = "# dna (a one-hot coded real set): the linear RVM's softmax against L1 LogisticRegression "
          + "(issue 44)\n\nUCI dna splice junctions (`data/mlbench/dna.csv.gz`: 3,186 rows, 180 binary indicators, 3 "
          + "classes) as sparse vectors; " + splits + " seeded splits of 2,000 training and 1,186 test rows, on "
          + master + ". 181 candidates at about a quarter nonzero: the RVM runs on the dense path (`SparseLayout`: "
          + "fewer than 1024 candidates). The fit seconds of LogisticRegression are its one fit at the chosen "
          + "regParam; the cross-validation's own time is in its row.\n\nCommand: `mvn -B -q -pl benchmarks "
          + "exec:exec@dna -Dbenchmark.args=\"SPLITS MASTER\"`. The machine was shared with other engineers' builds: "
          + "see the load.\n\n## Machine\n\n" + Machine.describe() + "\n## Results\n\n" + table;
      Files.writeString(Machine.result("dna-softmax.md"), report);
      System.out.print(report);
    } finally {
      spark.stop();
    }
  }
}
