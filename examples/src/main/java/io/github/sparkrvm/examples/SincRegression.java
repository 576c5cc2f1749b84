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
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * RVM regression on Tipping's noisy sinc (100 points, x uniform on [−10, 10], Gaussian noise σ = 0.1, seed 1) with
 * an embedded local Spark. Prints the test RMSE on 1000 noise-free points, the relevance vectors and the noise
 * estimate, and draws {@code target/examples/sinc.png}: the predictive mean with a ±2σ band from the predictive
 * variance, the data, the true function and the relevance vectors circled.
 */
public final class SincRegression {

  private SincRegression() {}

  static double sinc(double x) {
    return x == 0.0 ? 1.0 : Math.sin(x) / x;
  }

  public static void main(String[] args) throws IOException {
    SparkSession spark = SparkSession.builder().master(args.length > 0 ? args[0] : "local[2]")
        .appName("spark-rvm: sinc").config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      SplittableRandom random = new SplittableRandom(1);
      double[] x = new double[100];
      double[] t = new double[100];
      List<Row> rows = new ArrayList<>();
      for (int i = 0; i < x.length; i++) {
        x[i] = -10 + 20 * random.nextDouble();
        double u = 1.0 - random.nextDouble();
        t[i] = sinc(x[i]) + 0.1 * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
        rows.add(RowFactory.create(Vectors.dense(x[i]), t[i]));
      }
      StructType schema = new StructType().add("features", SQLDataTypes.VectorType()).add("label",
          DataTypes.DoubleType);
      RvmModel model = new RvmEstimator().setGamma(0.25).setStandardization(false)
          .fit(spark.createDataFrame(rows, schema));

      int grid = 1000;
      double[] gx = new double[grid];
      double[] mean = new double[grid];
      double[] upper = new double[grid];
      double[] lower = new double[grid];
      double[] truth = new double[grid];
      double squares = 0.0;
      for (int i = 0; i < grid; i++) {
        gx[i] = -10 + 20.0 * i / (grid - 1);
        mean[i] = model.predict(Vectors.dense(gx[i]));
        double sd = Math.sqrt(model.predictVariance(Vectors.dense(gx[i])));
        upper[i] = mean[i] + 2 * sd;
        lower[i] = mean[i] - 2 * sd;
        truth[i] = sinc(gx[i]);
        squares += (mean[i] - truth[i]) * (mean[i] - truth[i]);
      }
      double rmse = Math.sqrt(squares / grid);
      Matrix rv = model.relevanceVectors();
      double[] rx = new double[rv.numRows()];
      double[] ry = new double[rv.numRows()];
      for (int i = 0; i < rx.length; i++) {
        rx[i] = rv.apply(i, 0);
        for (int j = 0; j < x.length; j++) {
          if (x[j] == rx[i]) {
            ry[i] = t[j];
          }
        }
      }
      System.out.printf("noisy sinc: 100 training points, %d relevance vectors at x = %s%n", rx.length,
          java.util.Arrays.toString(java.util.Arrays.stream(rx).map(v -> Math.round(v * 100) / 100.0).toArray()));
      System.out.printf("test RMSE on 1000 noise-free points: %.4f; noise deviation estimate 1/sqrt(beta) = %.4f "
          + "(true 0.1)%n", rmse, 1 / Math.sqrt(model.fittedNoisePrecision()));
      System.out.println("published (Tipping 2001): 6.7 relevance vectors on average (SVR: 45.2)");

      XYChart chart = new XYChartBuilder().width(900).height(560)
          .title(String.format("RVM regression on noisy sinc: %d relevance vectors, test RMSE %.3f", rx.length, rmse))
          .xAxisTitle("x").yAxisTitle("t").build();
      chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
      chart.getStyler().setMarkerSize(5);
      chart.getStyler().setChartBackgroundColor(Color.WHITE);
      Plots.line(chart, "±2σ predictive band", new Plots.Lines(concat(gx, Double.NaN, gx),
          concat(upper, Double.NaN, lower)), new Color(120, 160, 220), 1.4f, false);
      Plots.line(chart, "true sinc(x)", new Plots.Lines(gx, truth), Color.GRAY, 1.2f, true);
      Plots.line(chart, "predictive mean", new Plots.Lines(gx, mean), new Color(20, 60, 160), 2.2f, false);
      Plots.points(chart, "training data", x, t, new Color(0, 0, 0, 150));
      Plots.line(chart, "relevance vectors", Plots.rings(rx, ry, 0.28, 0.045), new Color(200, 0, 0), 2.2f, false);
      Path picture = Plots.save(chart, "sinc");
      System.out.println("picture: " + picture);
    } finally {
      spark.stop();
    }
  }

  private static double[] concat(double[] a, double gap, double[] b) {
    double[] out = new double[a.length + 1 + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    out[a.length] = gap;
    System.arraycopy(b, 0, out, a.length + 1, b.length);
    return out;
  }
}
