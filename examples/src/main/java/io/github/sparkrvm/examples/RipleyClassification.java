package io.github.sparkrvm.examples;

import io.github.sparkrvm.RvmEstimator;
import io.github.sparkrvm.RvmModel;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The main job: a binary RVM on Ripley's synthetic data (250 training, 1000 test points) with an embedded local
 * Spark, in the setting of Tipping (2001): Gaussian kernel of width 0.5 (gamma = 1/0.5² = 4) on the raw features.
 * Prints the test error, the relevance vectors and the fit time.
 *
 * <p>Usage: {@code RipleyClassification [data folder holding synth.tr.csv and synth.te.csv] [master]}.
 */
public final class RipleyClassification {

  private RipleyClassification() {}

  public static void main(String[] args) {
    String folder = args.length > 0 ? args[0] : "data/ripley_synth";
    String master = args.length > 1 ? args[1] : "local[2]";
    SparkSession spark = SparkSession.builder().master(master).appName("spark-rvm: Ripley")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      VectorAssembler assembler = new VectorAssembler().setInputCols(new String[] {"xs", "ys"})
          .setOutputCol("features");
      Dataset<Row> train = assembler.transform(read(spark, folder + "/synth.tr.csv")).cache();
      Dataset<Row> test = assembler.transform(read(spark, folder + "/synth.te.csv")).cache();

      RvmEstimator rvm = new RvmEstimator().setFamily("bernoulli").setLabelCol("yc")
          .setKernel("rbf").setGamma(4.0).setStandardization(false);
      RvmModel model = rvm.fit(train);

      Dataset<Row> predictions = model.transform(test);
      double accuracy = new MulticlassClassificationEvaluator().setLabelCol("yc").setMetricName("accuracy")
          .evaluate(predictions);
      double auc = new BinaryClassificationEvaluator().setLabelCol("yc").evaluate(predictions);
      Matrix vectors = model.relevanceVectors();

      System.out.printf("Ripley's synthetic data: %d training rows, %d test rows%n", train.count(), test.count());
      System.out.printf("relevance vectors: %d (of %d candidates), bias %s%n", model.numRelevanceVectors(),
          train.count(), model.hasIntercept() ? "kept" : "pruned");
      for (int i = 0; i < vectors.numRows(); i++) {
        System.out.printf("  (%+.4f, %+.4f)  weight %+.3f%n", vectors.apply(i, 0), vectors.apply(i, 1),
            model.weights().apply(i));
      }
      System.out.printf("test error: %.2f%%   AUC: %.4f%n", 100 * (1 - accuracy), auc);
      System.out.printf("fit: %d iterations (%s), %d passes over the data, %.1f s%n",
          model.summary().iterations(), model.summary().converged() ? "converged" : "not converged",
          model.summary().dataPasses(), model.summary().fitSeconds());
      System.out.println("published (Tipping 2001, 100 training points): RVM 9.3% with 4 vectors, SVM 10.6% with 38");
    } finally {
      spark.stop();
    }
  }

  private static Dataset<Row> read(SparkSession spark, String path) {
    return spark.read().option("header", "true").option("inferSchema", "true").csv(path);
  }
}
