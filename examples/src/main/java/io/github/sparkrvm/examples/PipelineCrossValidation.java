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

package io.github.sparkrvm.examples;

import io.github.sparkrvm.RvmEstimator;
import io.github.sparkrvm.RvmModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.feature.StandardScaler;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.ml.tuning.ParamGridBuilder;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A Spark ML {@link Pipeline} around the RVM on Ripley's synthetic data (250 training, 1000 test points):
 * {@code VectorAssembler} → {@code StandardScaler} → {@code RvmEstimator} (bernoulli, RBF kernel), its {@code gamma}
 * chosen by a 3-fold {@link CrossValidator} on the area under the ROC curve, evaluated on the test set, saved,
 * loaded back, and the loaded model's predictions checked equal to the original's.
 *
 * <p>Usage: {@code PipelineCrossValidation [data folder holding synth.tr.csv and synth.te.csv] [master]}.
 */
public final class PipelineCrossValidation {

  private static final double[] GAMMAS = {0.25, 1.0, 4.0, 16.0};

  private PipelineCrossValidation() {}

  public static void main(String[] args) throws IOException {
    String folder = args.length > 0 ? args[0] : "data/ripley_synth";
    String master = args.length > 1 ? args[1] : "local[2]";
    SparkSession spark = SparkSession.builder().master(master).appName("spark-rvm: pipeline and cross-validation")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.sql.shuffle.partitions", "4")
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      Dataset<Row> train = read(spark, folder + "/synth.tr.csv").cache();
      Dataset<Row> test = read(spark, folder + "/synth.te.csv").cache();

      VectorAssembler assembler = new VectorAssembler().setInputCols(new String[] {"xs", "ys"})
          .setOutputCol("raw");
      StandardScaler scaler = new StandardScaler().setInputCol("raw").setOutputCol("features")
          .setWithMean(true).setWithStd(true);
      // The scaler already standardises, so the RVM's own standardization is off: gamma acts on the scaled features.
      RvmEstimator rvm = new RvmEstimator().setFamily("bernoulli").setLabelCol("yc").setKernel("rbf")
          .setStandardization(false);
      Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {assembler, scaler, rvm});

      ParamMap[] grid = new ParamGridBuilder().addGrid(rvm.gamma(), GAMMAS).build();
      BinaryClassificationEvaluator auc = new BinaryClassificationEvaluator().setLabelCol("yc");
      CrossValidator cv = new CrossValidator().setEstimator(pipeline).setEstimatorParamMaps(grid)
          .setEvaluator(auc).setNumFolds(3).setSeed(7L).setParallelism(1);
      long start = System.nanoTime();
      CrossValidatorModel cvModel = cv.fit(train);
      double seconds = (System.nanoTime() - start) / 1e9;

      System.out.printf(Locale.ROOT, "Ripley's synthetic data: %d training rows, %d test rows%n", train.count(),
          test.count());
      System.out.printf(Locale.ROOT, "3-fold cross-validation over gamma (%d fits plus the refit, %.0f s), "
          + "mean AUC per gamma:%n", 3 * GAMMAS.length, seconds);
      double[] metrics = cvModel.avgMetrics();
      int best = 0;
      for (int i = 0; i < metrics.length; i++) {
        double gamma = (Double) grid[i].apply(rvm.gamma());
        System.out.printf(Locale.ROOT, "  gamma %6.2f   AUC %.4f%n", gamma, metrics[i]);
        if (metrics[i] > metrics[best]) {
          best = i;
        }
      }
      PipelineModel bestModel = (PipelineModel) cvModel.bestModel();
      RvmModel fitted = (RvmModel) bestModel.stages()[2];
      System.out.printf(Locale.ROOT, "chosen gamma: %.2f (on the standardised features); %d relevance vectors, "
          + "bias %s%n", fitted.getGamma(), fitted.numRelevanceVectors(), fitted.hasIntercept() ? "kept" : "pruned");

      Dataset<Row> predicted = cvModel.transform(test);
      double accuracy = new MulticlassClassificationEvaluator().setLabelCol("yc").setMetricName("accuracy")
          .evaluate(predicted);
      System.out.printf(Locale.ROOT, "test error: %.2f%%   test AUC: %.4f%n", 100 * (1 - accuracy),
          auc.evaluate(predicted));

      Path dir = Path.of("target", "examples", "ripley-pipeline");
      Files.createDirectories(dir.getParent());
      bestModel.write().overwrite().save(dir.toString());
      PipelineModel loaded = PipelineModel.load(dir.toString());
      List<Row> before = bestModel.transform(test).select("prediction", "probability").collectAsList();
      List<Row> after = loaded.transform(test).select("prediction", "probability").collectAsList();
      int same = 0;
      for (int i = 0; i < before.size(); i++) {
        Vector p = before.get(i).getAs(1);
        Vector q = after.get(i).getAs(1);
        if (before.get(i).getDouble(0) == after.get(i).getDouble(0) && p.equals(q)) {
          same++;
        }
      }
      System.out.printf(Locale.ROOT, "saved to %s and loaded back: %d of %d test predictions and probabilities "
          + "identical%n", dir, same, before.size());
      if (same != before.size()) {
        throw new IllegalStateException("the loaded pipeline predicts differently");
      }
    } finally {
      spark.stop();
    }
  }

  private static Dataset<Row> read(SparkSession spark, String path) {
    return spark.read().option("header", "true").option("inferSchema", "true").csv(path);
  }
}
