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
import io.github.sparkrvm.datasets.Datasets;
import io.github.sparkrvm.datasets.Table;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.SparkSession;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;

/**
 * gridRVM (Kropotov et al. 2010) on ESL's two-class mixture with 10 standard-normal noise features appended: the
 * per-dimension RBF basis forms a table of 12 input dimensions × 30 centres, and the p-grid prior gives each input
 * dimension (row) and each centre (column) a precision of its own. Prints the test error on 5000 new points of the
 * mixture and draws {@code target/examples/gridrvm-rows.png} (log10 of the row precisions E[α_i]: the two real
 * inputs should stand out with small values) and {@code target/examples/gridrvm-columns.png} (log10 E[β_j] per centre).
 */
public final class GridRvmMixture {

  static final int NOISE = 10;

  private GridRvmMixture() {}

  public static void main(String[] args) throws IOException {
    Path data = Path.of(args.length > 0 ? args[0] : "data/esl_mixture");
    SparkSession spark = SparkSession.builder().master("local[2]").appName("spark-rvm: gridRVM")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      Table train = Datasets.eslMixtureTrain(data, NOISE, 1);
      RvmModel model = new RvmEstimator().setFamily("bernoulli").setSolver("variational").setPrior("grid-product")
          .setKernel("rbf-per-dimension").setGamma(5.55).setMaxBasis(30).setMaxIter(500)
          .fit(spark.createDataFrame(train.toRows(), Table.SCHEMA));
      Table test = Datasets.eslMixtureSample(data, 5000, NOISE, 2);
      int errors = 0;
      for (int i = 0; i < test.size(); i++) {
        errors += model.predict(Vectors.dense(test.x()[i])) != test.t()[i] ? 1 : 0;
      }
      double[] rows = model.rowRelevances();
      double[] cols = model.columnRelevances();
      System.out.printf("ESL mixture + %d noise features, p-gridRVM over %d dimensions x %d centres: test error "
          + "%.1f %% on 5000 points (Bayes 21 %%; the paper: 22-23 %%), %d steps%n", NOISE, rows.length, cols.length,
          100.0 * errors / test.size(), model.summary().iterations());
      System.out.printf("row precisions E[alpha_i]: %s%n", java.util.Arrays.toString(
          java.util.Arrays.stream(rows).map(v -> Math.round(v * 1000) / 1000.0).toArray()));
      String[] rowNames = new String[rows.length];
      for (int i = 0; i < rows.length; i++) {
        rowNames[i] = i < 2 ? "x" + (i + 1) : "n" + (i - 1);
      }
      String[] colNames = new String[cols.length];
      for (int j = 0; j < cols.length; j++) {
        colNames[j] = Integer.toString(j);
      }
      System.out.println("wrote " + strip(rows, rowNames, "gridrvm-rows",
          "Rows: log10 E[alpha_i], blue = relevant (x1, x2 real; n1-n10 noise)",
          "input dimension (row of the basis table)"));
      System.out.println("wrote " + strip(cols, colNames, "gridrvm-columns",
          "Columns: log10 E[beta_j] per centre, blue = relevant", "centre (column of the basis table: one of 30 "
          + "sampled training rows)"));
    } finally {
      spark.stop();
    }
  }

  /** A one-row heat map of log10 of the values, with a colour scale, saved under target/examples/. */
  static Path strip(double[] values, String[] names, String file, String title, String axis) throws IOException {
    List<Number[]> heat = new ArrayList<>();
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < values.length; i++) {
      double v = Math.log10(values[i]);
      heat.add(new Number[] {i, 0, Math.round(v * 100) / 100.0});
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    HeatMapChart chart = new HeatMapChartBuilder().width(Math.max(900, 42 * values.length)).height(260)
        .title(title).xAxisTitle(axis).yAxisTitle("").build();
    chart.getStyler().setRangeColors(new Color[] {new Color(25, 90, 170), new Color(250, 250, 245),
        new Color(190, 40, 40)});
    chart.getStyler().setMin(Math.floor(min));
    chart.getStyler().setMax(Math.ceil(max));
    chart.getStyler().setShowValue(values.length <= 16);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setPlotContentSize(0.98);
    chart.addSeries("log10 precision (blue: relevant, red: shrunk)", java.util.Arrays.asList(names),
        List.of("log10 E"), heat);
    Path dir = Path.of("target", "examples");
    Files.createDirectories(dir);
    Path out = dir.resolve(file + ".png");
    BitmapEncoder.saveBitmapWithDPI(chart, out.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
    return out;
  }

}
