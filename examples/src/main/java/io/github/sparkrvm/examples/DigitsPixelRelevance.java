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
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import javax.imageio.ImageIO;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.feature.VectorSlicer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The multinomial (softmax) RVM with the linear kernel on the pixels of the UCI optical digits, in the manner of
 * Zhang &amp; Malik (2005, §4.3): classes 3, 6, 8 and 9 (718 rows of 8 × 8 pixels), a seeded 60/40 split (seed 42).
 * With the linear kernel every pixel is a basis function and each class has its own α per pixel, so each class keeps
 * its own few pixels. Prints the test error and how many pixels each class keeps, then ranks the pixels by their
 * relevance 1/α summed over the classes and refits on the top k. Writes
 * {@code target/examples/digits-pixel-relevance.png} (per class: the kept pixels coloured by their weight, over the
 * class' mean image) and {@code target/examples/digits-error-vs-pixels.png} (test error against k).
 *
 * <p>Usage: {@code DigitsPixelRelevance [digits.csv.gz] [master]}.
 */
public final class DigitsPixelRelevance {

  private static final int[] DIGITS = {3, 6, 8, 9};
  private static final int[] SIZES = {1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 24, 32, 64};
  private static final long SPLIT_SEED = 42L;

  private DigitsPixelRelevance() {}

  /** One point of the error curve: k pixels, the RVM refitted on them, a logistic regression on them. */
  record CurvePoint(int k, double rvmError, int rvmKept, double logisticError) {}

  public static void main(String[] args) throws IOException {
    Path data = Path.of(args.length > 0 ? args[0] : "data/digits/digits.csv.gz");
    String master = args.length > 1 ? args[1] : "local[2]";
    SparkSession spark = SparkSession.builder().master(master).appName("spark-rvm: digits pixel relevance")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.sql.shuffle.partitions", "4")
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      long start = System.nanoTime();
      Table all = Datasets.digits(data).classes(DIGITS);
      Table[] split = all.split(0.6, SPLIT_SEED);
      Dataset<Row> train = split[0].frame(spark, 2).cache();
      Dataset<Row> test = split[1].frame(spark, 2).cache();
      System.out.printf(Locale.ROOT, "digits 3, 6, 8, 9 (labels 0-3): %d training rows, %d test rows, 64 pixels%n",
          split[0].size(), split[1].size());

      RvmModel model = linearRvm().fit(train);
      double error = error(model.transform(test));
      System.out.printf(Locale.ROOT, "multinomial linear RVM on all 64 pixels: test error %.2f%%, %d pixels kept by "
          + "some class, %d iterations (%s), %.1f s%n", 100 * error, model.numRelevanceVectors(),
          model.summary().iterations(), model.summary().converged() ? "converged" : "not converged",
          model.summary().fitSeconds());
      for (int k = 0; k < DIGITS.length; k++) {
        System.out.printf(Locale.ROOT, "  digit %d keeps %d pixels: %s%n", DIGITS[k],
            model.classRelevantFeatures(k).length, pixels(model.classRelevantFeatures(k)));
      }
      Path map = drawMaps(model, split[0], error);
      System.out.println("picture: " + map);

      int[] ranking = ranking(model.featureRelevance().toArray());
      List<CurvePoint> curve = new ArrayList<>();
      System.out.println("test error against the number of pixels (top k by summed relevance 1/alpha):");
      System.out.println("    k   RVM refitted (pixels kept)   logistic regression");
      for (int k : SIZES) {
        CurvePoint p;
        if (k == 64) {
          LogisticRegression lr = logistic();
          p = new CurvePoint(k, error, model.numRelevanceVectors(), error(lr.fit(train).transform(test)));
        } else {
          int[] top = Arrays.stream(ranking, 0, k).sorted().toArray();
          Dataset<Row> trainK = select(train, top);
          RvmModel refit = linearRvm().fit(trainK);
          p = new CurvePoint(k, error(refit.transform(select(test, top))), refit.numRelevanceVectors(),
              error(logistic().fit(trainK).transform(select(test, top))));
        }
        curve.add(p);
        System.out.printf(Locale.ROOT, "  %3d   %6.2f%% (%2d)                 %6.2f%%%n", p.k(), 100 * p.rvmError(),
            p.rvmKept(), 100 * p.logisticError());
      }
      System.out.println("picture: " + drawCurve(curve, model.numRelevanceVectors()));
      System.out.printf(Locale.ROOT, "total %.0f s%n", (System.nanoTime() - start) / 1e9);
    } finally {
      spark.stop();
    }
  }

  /**
   * Zhang &amp; Malik's classic re-estimation (solver em): it ranks every pixel by its α, where solver fast leaves
   * the pixels it never adds at α = ∞, unranked.
   */
  private static RvmEstimator linearRvm() {
    return new RvmEstimator().setFamily("multinomial").setKernel("linear").setSolver("em");
  }

  private static LogisticRegression logistic() {
    return new LogisticRegression().setFamily("multinomial").setRegParam(1e-3).setMaxIter(200);
  }

  private static double error(Dataset<Row> predictions) {
    return 1.0 - new MulticlassClassificationEvaluator().setMetricName("accuracy").evaluate(predictions);
  }

  private static String pixels(int[] features) {
    StringBuilder s = new StringBuilder();
    for (int f : features) {
      s.append(s.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "(r%d,c%d)", f / 8, f % 8));
    }
    return s.toString();
  }

  /** Indices by decreasing score, ties (the pruned pixels, relevance 0) in index order. */
  static int[] ranking(double[] score) {
    return IntStream.range(0, score.length).boxed()
        .sorted(Comparator.<Integer>comparingDouble(j -> -score[j]).thenComparingInt(j -> j))
        .mapToInt(Integer::intValue).toArray();
  }

  // ---- the pictures ----

  private static final int CELL = 34;
  private static final int PANEL = 8 * CELL;
  private static final int GAP = 36;
  private static final int TOP = 96;
  private static final int LEFT = 40;

  /**
   * One 8 × 8 panel per class: a kept pixel is coloured by its weight (blue negative, red positive, on the
   * standardised pixel) and labelled with its rank by relevance; a pruned pixel shows the class' mean image in grey.
   */
  private static Path drawMaps(RvmModel model, Table train, double error) throws IOException {
    int classes = DIGITS.length;
    double maxWeight = 0;
    for (int k = 0; k < classes; k++) {
      for (double w : model.classWeights(k).toArray()) {
        maxWeight = Math.max(maxWeight, Math.abs(w));
      }
    }
    int barWidth = 110;
    int width = LEFT + classes * PANEL + (classes - 1) * GAP + GAP + barWidth;
    int height = TOP + PANEL + 70;
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 17));
    g.drawString(String.format(Locale.ROOT, "Multinomial linear RVM on digits 3, 6, 8, 9: pixels kept per class "
        + "(%d of 64 in all, test error %.1f%%)", model.numRelevanceVectors(), 100 * error), LEFT, 30);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
    g.drawString("Outlined and coloured: a pixel the class keeps, by its weight; the number is its rank by relevance 1/\u03b1 "
        + "in the class. Grey: a pruned pixel, showing the class' mean image.", LEFT, 52);

    for (int k = 0; k < classes; k++) {
      int x0 = LEFT + k * (PANEL + GAP);
      int y0 = TOP;
      double[] mean = classMean(train, k);
      int[] features = model.classRelevantFeatures(k);
      double[] weights = model.classWeights(k).toArray();
      double[] relevance = model.featureRelevance(k).toArray();
      int[] order = ranking(relevance);
      int[] rank = new int[64];
      for (int i = 0; i < order.length; i++) {
        rank[order[i]] = relevance[order[i]] > 0 ? i + 1 : 0;
      }
      double[] weightOf = new double[64];
      boolean[] kept = new boolean[64];
      for (int i = 0; i < features.length; i++) {
        weightOf[features[i]] = weights[i];
        kept[features[i]] = true;
      }
      for (int p = 0; p < 64; p++) {
        int cx = x0 + (p % 8) * CELL;
        int cy = y0 + (p / 8) * CELL;
        if (kept[p]) {
          g.setColor(diverging(weightOf[p] / maxWeight));
        } else {
          int level = (int) Math.round(250 - 120 * mean[p] / 16.0);
          g.setColor(new Color(level, level, level));
        }
        g.fillRect(cx, cy, CELL, CELL);
        if (kept[p]) {
          g.setColor(Math.abs(weightOf[p] / maxWeight) > 0.55 ? Color.WHITE : Color.BLACK);
          g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
          String label = Integer.toString(rank[p]);
          int tw = g.getFontMetrics().stringWidth(label);
          g.drawString(label, cx + (CELL - tw) / 2, cy + CELL / 2 + 6);
        }
      }
      g.setColor(new Color(200, 200, 200));
      g.setStroke(new BasicStroke(1f));
      for (int i = 0; i <= 8; i++) {
        g.drawLine(x0 + i * CELL, y0, x0 + i * CELL, y0 + PANEL);
        g.drawLine(x0, y0 + i * CELL, x0 + PANEL, y0 + i * CELL);
      }
      g.setColor(Color.BLACK);
      g.setStroke(new BasicStroke(2.5f));
      for (int p = 0; p < 64; p++) {
        if (kept[p]) {
          g.drawRect(x0 + (p % 8) * CELL + 1, y0 + (p / 8) * CELL + 1, CELL - 2, CELL - 2);
        }
      }
      g.setStroke(new BasicStroke(1.5f));
      g.drawRect(x0, y0, PANEL, PANEL);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
      g.drawString(String.format(Locale.ROOT, "digit %d: %d pixels kept", DIGITS[k], features.length), x0, y0 - 10);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
      for (int i = 0; i < 8; i++) {
        g.drawString(Integer.toString(i), x0 + i * CELL + CELL / 2 - 3, y0 + PANEL + 16);
        if (k == 0) {
          g.drawString(Integer.toString(i), x0 - 14, y0 + i * CELL + CELL / 2 + 4);
        }
      }
      g.drawString("pixel column", x0 + PANEL / 2 - 34, y0 + PANEL + 34);
    }
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    Graphics2D rotated = (Graphics2D) g.create();
    rotated.rotate(-Math.PI / 2);
    rotated.drawString("pixel row", -(TOP + PANEL / 2 + 25), LEFT - 22);
    rotated.dispose();

    // the colour scale
    colourScale(g, LEFT + classes * (PANEL + GAP), TOP, PANEL, maxWeight);
    g.dispose();
    Path dir = Path.of("target", "examples");
    Files.createDirectories(dir);
    Path file = dir.resolve("digits-pixel-relevance.png");
    ImageIO.write(image, "png", file.toFile());
    return file;
  }

  /**
   * Draws the weight colour scale ({@link #diverging}) as a bar of height {@code height} at ({@code x}, {@code y}),
   * labelled from −maxWeight to +maxWeight; also the scale of {@link DigitsClassSpecificFeatures}.
   */
  static void colourScale(Graphics2D g, int x, int y, int height, double maxWeight) {
    int width = 22;
    for (int row = 0; row < height; row++) {
      g.setColor(diverging(1.0 - 2.0 * row / (height - 1)));
      g.fillRect(x, y + row, width, 1);
    }
    g.setColor(Color.BLACK);
    g.setStroke(new BasicStroke(1f));
    g.drawRect(x, y, width, height);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    for (double v : new double[] {1, 0.5, 0, -0.5, -1}) {
      int tick = y + (int) Math.round((1 - v) / 2 * (height - 1));
      g.drawLine(x + width, tick, x + width + 4, tick);
      g.drawString(String.format(Locale.ROOT, "%+.1f", v * maxWeight), x + width + 7, tick + 4);
    }
    g.drawString("weight", x - 2, y - 10);
  }

  /** Blue (−1) through white (0) to red (+1); also the colour scale of {@link DigitsClassSpecificFeatures}. */
  static Color diverging(double v) {
    double t = Math.max(-1, Math.min(1, v));
    Color end = t < 0 ? new Color(33, 102, 172) : new Color(178, 24, 43);
    double a = Math.abs(t);
    return new Color((int) Math.round(255 + a * (end.getRed() - 255)),
        (int) Math.round(255 + a * (end.getGreen() - 255)), (int) Math.round(255 + a * (end.getBlue() - 255)));
  }

  private static double[] classMean(Table table, int label) {
    double[] mean = new double[64];
    int n = 0;
    for (int i = 0; i < table.size(); i++) {
      if (table.t()[i] == label) {
        for (int p = 0; p < 64; p++) {
          mean[p] += table.x()[i][p];
        }
        n++;
      }
    }
    for (int p = 0; p < 64; p++) {
      mean[p] /= Math.max(n, 1);
    }
    return mean;
  }

  private static Path drawCurve(List<CurvePoint> curve, int keptAll) throws IOException {
    XYChart chart = new XYChartBuilder().width(820).height(560)
        .title("Digits 3, 6, 8, 9: test error against the number of pixels (top k by RVM relevance)")
        .xAxisTitle("k, pixels used (log scale)").yAxisTitle("test error (%)").build();
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
    // x is log2(k), labelled with k, so that the ticks fall on 1, 2, 4, ..., 64
    chart.getStyler().setXAxisTickMarkSpacingHint(90);
    chart.setCustomXAxisTickLabelsFormatter(x -> Long.toString(Math.round(Math.pow(2, x))));
    chart.getStyler().setMarkerSize(8);
    chart.getStyler().setYAxisMin(0.0);
    double[] k = curve.stream().mapToDouble(p -> log2(p.k())).toArray();
    XYSeries rvm = chart.addSeries("multinomial linear RVM refitted on the top k",
        k, curve.stream().mapToDouble(p -> 100 * p.rvmError()).toArray());
    rvm.setMarker(SeriesMarkers.CIRCLE);
    rvm.setLineColor(new Color(200, 0, 0));
    rvm.setMarkerColor(new Color(200, 0, 0));
    XYSeries lr = chart.addSeries("logistic regression (Spark, regParam 1e-3) on the same k",
        k, curve.stream().mapToDouble(p -> 100 * p.logisticError()).toArray());
    lr.setMarker(SeriesMarkers.SQUARE);
    lr.setLineColor(new Color(31, 119, 180));
    lr.setMarkerColor(new Color(31, 119, 180));
    XYSeries mark = chart.addSeries(String.format(Locale.ROOT, "pixels the RVM keeps on all 64 (%d)", keptAll),
        new double[] {log2(keptAll), log2(keptAll)}, new double[] {0, 50});
    mark.setMarker(SeriesMarkers.NONE);
    mark.setLineColor(Color.GRAY);
    mark.setLineStyle(new BasicStroke(1.3f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
        new float[] {6f, 4f}, 0f));
    return Plots.save(chart, "digits-error-vs-pixels");
  }

  private static double log2(double x) {
    return Math.log(x) / Math.log(2);
  }

  // ---- the data ----

  /** The rows with only the given pixels as features. */
  private static Dataset<Row> select(Dataset<Row> data, int[] features) {
    VectorSlicer slicer = new VectorSlicer().setInputCol("features").setOutputCol("selected").setIndices(features);
    return slicer.transform(data).drop("features").withColumnRenamed("selected", "features");
  }
}
