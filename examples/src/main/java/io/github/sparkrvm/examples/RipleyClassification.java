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
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.feature.VectorAssembler;
import java.awt.Color;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The main job: a binary RVM on Ripley's synthetic data (250 training, 1000 test points) with an embedded local
 * Spark, in the setting of Tipping (2001): Gaussian kernel of width 0.5 (gamma = 1/0.5² = 4) on the raw features.
 * Prints the test error, the relevance vectors and the fit time, and draws {@code target/examples/ripley.png}: the
 * decision boundary with the p = 0.25 and 0.75 contours, the training points and the relevance vectors circled.
 *
 * <p>Usage: {@code RipleyClassification [data folder holding synth.tr.csv and synth.te.csv] [master]}.
 */
public final class RipleyClassification {

  private RipleyClassification() {}

  public static void main(String[] args) throws java.io.IOException {
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
      Path picture = draw(model, train.select("xs", "ys", "yc").collectAsList(), 1 - accuracy);
      System.out.println("picture: " + picture);
    } finally {
      spark.stop();
    }
  }

  private static Path draw(RvmModel model, List<Row> train, double error) throws java.io.IOException {
    XYChart chart = new XYChartBuilder().width(820).height(660)
        .title(String.format("RVM on Ripley's data: %d relevance vectors, test error %.1f%%",
            model.numRelevanceVectors(), 100 * error))
        .xAxisTitle("xs").yAxisTitle("ys").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideSW);
    chart.getStyler().setMarkerSize(5);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    for (int label = 0; label <= 1; label++) {
      final double cls = label;
      List<Row> rows = train.stream().filter(r -> ((Number) r.get(2)).doubleValue() == cls).toList();
      Plots.points(chart, "class " + label, rows.stream().mapToDouble(r -> r.getDouble(0)).toArray(),
          rows.stream().mapToDouble(r -> r.getDouble(1)).toArray(),
          label == 0 ? new Color(31, 119, 180, 170) : new Color(255, 127, 14, 170));
    }
    java.util.function.DoubleBinaryOperator p = (x, y) -> model.predictProbability(Vectors.dense(x, y));
    Plots.line(chart, "p = 0.5 (decision boundary)", Plots.contour(p, 0.5, -1.5, 1.1, -0.35, 1.2, 160),
        Color.BLACK, 2.2f, false);
    Plots.line(chart, "p = 0.25 and 0.75", concat(Plots.contour(p, 0.25, -1.5, 1.1, -0.35, 1.2, 160),
        Plots.contour(p, 0.75, -1.5, 1.1, -0.35, 1.2, 160)), Color.DARK_GRAY, 1.3f, true);
    Matrix rv = model.relevanceVectors();
    double[] rx = new double[rv.numRows()];
    double[] ry = new double[rv.numRows()];
    for (int i = 0; i < rx.length; i++) {
      rx[i] = rv.apply(i, 0);
      ry[i] = rv.apply(i, 1);
    }
    Plots.line(chart, "relevance vectors", Plots.rings(rx, ry, 0.045, 0.03), new Color(200, 0, 0), 2.4f, false);
    return Plots.save(chart, "ripley");
  }

  private static Plots.Lines concat(Plots.Lines a, Plots.Lines b) {
    double[] x = java.util.stream.DoubleStream.concat(java.util.Arrays.stream(a.x()), java.util.Arrays.stream(b.x()))
        .toArray();
    double[] y = java.util.stream.DoubleStream.concat(java.util.Arrays.stream(a.y()), java.util.Arrays.stream(b.y()))
        .toArray();
    return new Plots.Lines(x, y);
  }

  private static Dataset<Row> read(SparkSession spark, String path) {
    return spark.read().option("header", "true").option("inferSchema", "true").csv(path);
  }
}
