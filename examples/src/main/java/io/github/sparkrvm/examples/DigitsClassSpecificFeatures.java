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
import io.github.sparkrvm.datasets.ClassPrototypeFeatures;
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
import java.util.Locale;
import javax.imageio.ImageIO;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Class-specific features (Zhang &amp; Malik 2005, appendix A.1) on the ten UCI optical digits: each image is matched
 * against one prototype per digit, the digit's mean image over the training rows, region by region (16 regions of
 * 2 × 2 pixels), so that it has 16 distances per digit, 160 features in all ({@link ClassPrototypeFeatures}). The
 * multinomial linear RVM with {@code classFeatureBlocks} 16 scores digit p with its own 16 distances only, and keeps,
 * per digit, the few regions where the distance to that digit's prototype tells it apart; the plain softmax on the
 * same 160 features lets every digit use every distance. On one seeded 60/40 split (seed 1) it prints both test
 * errors and the regions each digit keeps, and writes {@code target/examples/digits-class-specific.png}: per digit,
 * its prototype with the kept regions coloured by their weight and numbered by relevance 1/α. The means over five
 * splits are in {@code benchmarks/results/digits-class-specific.md}.
 *
 * <p>Usage: {@code DigitsClassSpecificFeatures [digits.csv.gz] [master]}.
 */
public final class DigitsClassSpecificFeatures {

  private static final int SIDE = 8;
  private static final int REGION = 2;
  private static final int CLASSES = 10;
  private static final long SPLIT_SEED = 1L;

  private DigitsClassSpecificFeatures() {}

  public static void main(String[] args) throws IOException {
    Path data = Path.of(args.length > 0 ? args[0] : "data/digits/digits.csv.gz");
    String master = args.length > 1 ? args[1] : "local[2]";
    SparkSession spark = SparkSession.builder().master(master).appName("spark-rvm: digits class-specific features")
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.sql.shuffle.partitions", "4")
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    try {
      Table[] split = Datasets.digits(data).split(0.6, SPLIT_SEED);
      ClassPrototypeFeatures features = ClassPrototypeFeatures.fit(split[0], CLASSES, SIDE, REGION);
      int regions = features.numRegions();
      Dataset<Row> train = features.transform(split[0]).frame(spark, 2).cache();
      Dataset<Row> test = features.transform(split[1]).frame(spark, 2).cache();
      System.out.printf(Locale.ROOT, "digits 0-9: %d training rows, %d test rows; %d distances to each digit's "
          + "prototype (regions of %d x %d pixels), %d features%n", split[0].size(), split[1].size(), regions,
          REGION, REGION, CLASSES * regions);

      // solver em ranks every kept region by its alpha; over 10 x 17 pairs its steps are cheap
      RvmModel blocks = new RvmEstimator().setFamily("multinomial").setKernel("linear").setSolver("em")
          .setClassFeatureBlocks(regions).fit(train);
      double blocksError = error(blocks.transform(test));
      RvmModel plain = new RvmEstimator().setFamily("multinomial").setKernel("linear").fit(train);
      double plainError = error(plain.transform(test));
      System.out.printf(Locale.ROOT, "class-specific (classFeatureBlocks %d, solver em): test error %.2f%%, %d "
          + "(class, feature) pairs of %d (the bias apart), %.1f s%n", regions, 100 * blocksError, pairs(blocks),
          CLASSES * regions, blocks.summary().fitSeconds());
      System.out.printf(Locale.ROOT, "plain softmax on all %d features (solver fast): test error %.2f%%, %d (class, "
          + "feature) pairs of %d, %.1f s%n", CLASSES * regions, 100 * plainError, pairs(plain),
          CLASSES * CLASSES * regions, plain.summary().fitSeconds());
      for (int k = 0; k < CLASSES; k++) {
        StringBuilder kept = new StringBuilder();
        for (int f : blocks.classRelevantFeatures(k)) {
          int r = f - k * regions;
          kept.append(String.format(Locale.ROOT, " (r%d,c%d)", r / (SIDE / REGION), r % (SIDE / REGION)));
        }
        System.out.printf(Locale.ROOT, "  digit %d keeps %d regions:%s%n", k, blocks.classRelevantFeatures(k).length,
            kept);
      }
      System.out.println("picture: " + draw(blocks, features, blocksError, plainError, pairs(plain)));
    } finally {
      spark.stop();
    }
  }

  private static int pairs(RvmModel model) {
    int n = 0;
    for (int k = 0; k < CLASSES; k++) {
      n += model.classRelevantFeatures(k).length;
    }
    return n;
  }

  private static double error(Dataset<Row> predictions) {
    return 1.0 - new MulticlassClassificationEvaluator().setMetricName("accuracy").evaluate(predictions);
  }

  // ---- the picture ----

  private static final int CELL = 26;
  private static final int PANEL = SIDE * CELL;
  private static final int GAP = 30;
  private static final int TOP = 100;
  private static final int LEFT = 30;

  /**
   * Two rows of five panels, one per digit: its prototype in grey, each region it keeps coloured by its weight
   * (blue negative: the closer the image to the prototype there, the higher the digit's score; on the standardised
   * distance) and numbered by its rank by relevance 1/α in the digit; a region it pruned is left grey.
   */
  private static Path draw(RvmModel model, ClassPrototypeFeatures features, double error, double plainError,
      int plainPairs) throws IOException {
    int regions = features.numRegions();
    int perSide = SIDE / REGION;
    double maxWeight = 0;
    for (int k = 0; k < CLASSES; k++) {
      for (double w : model.classWeights(k).toArray()) {
        maxWeight = Math.max(maxWeight, Math.abs(w));
      }
    }
    int columns = 5;
    int barWidth = 100;
    int width = LEFT + columns * PANEL + (columns - 1) * GAP + GAP + barWidth;
    int height = TOP + 2 * (PANEL + 50) + 20;
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 17));
    g.drawString(String.format(Locale.ROOT, "Class-specific features on digits 0-9: the regions each digit keeps "
        + "(%d of %d (digit, region) pairs, test error %.1f%%)", pairs(model), CLASSES * regions, 100 * error), LEFT, 30);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
    g.drawString("Digit p scores an image by its distances to p's prototype (mean image), one per 2 x 2 region. "
        + "Coloured: a region the digit keeps, by its weight; the number is its rank by relevance 1/\u03b1.", LEFT,
        52);
    g.drawString(String.format(Locale.ROOT, "Grey: the prototype. The plain softmax on all %d distances keeps %d "
        + "(class, feature) pairs at %.1f%% test error.", CLASSES * regions, plainPairs, 100 * plainError), LEFT,
        70);

    for (int k = 0; k < CLASSES; k++) {
      int x0 = LEFT + (k % columns) * (PANEL + GAP);
      int y0 = TOP + (k / columns) * (PANEL + 50);
      double[] prototype = features.prototypes()[k];
      for (int j = 0; j < SIDE * SIDE; j++) {
        int level = (int) Math.round(250 - 150 * prototype[j] / 16.0);
        g.setColor(new Color(level, level, level));
        g.fillRect(x0 + (j % SIDE) * CELL, y0 + (j / SIDE) * CELL, CELL, CELL);
      }
      int[] kept = model.classRelevantFeatures(k);
      double[] weights = model.classWeights(k).toArray();
      double[] alphas = model.classAlphas(k).toArray();
      for (int a = 0; a < kept.length; a++) {
        int r = kept[a] - k * regions;
        int rank = 1;
        for (double other : alphas) {
          rank += other < alphas[a] ? 1 : 0;
        }
        int rx = x0 + (r % perSide) * REGION * CELL;
        int ry = y0 + (r / perSide) * REGION * CELL;
        Color c = DigitsPixelRelevance.diverging(weights[a] / maxWeight);
        g.setColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), 215));
        g.fillRect(rx, ry, REGION * CELL, REGION * CELL);
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(2.5f));
        g.drawRect(rx + 1, ry + 1, REGION * CELL - 2, REGION * CELL - 2);
        g.setColor(Math.abs(weights[a] / maxWeight) > 0.55 ? Color.WHITE : Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        String label = Integer.toString(rank);
        int tw = g.getFontMetrics().stringWidth(label);
        g.drawString(label, rx + (REGION * CELL - tw) / 2, ry + REGION * CELL / 2 + 6);
      }
      g.setColor(new Color(190, 190, 190));
      g.setStroke(new BasicStroke(1f));
      for (int i = 0; i <= perSide; i++) {
        g.drawLine(x0 + i * REGION * CELL, y0, x0 + i * REGION * CELL, y0 + PANEL);
        g.drawLine(x0, y0 + i * REGION * CELL, x0 + PANEL, y0 + i * REGION * CELL);
      }
      g.setColor(Color.BLACK);
      g.setStroke(new BasicStroke(1.5f));
      g.drawRect(x0, y0, PANEL, PANEL);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
      g.drawString(String.format(Locale.ROOT, "digit %d: %d of %d regions", k, kept.length, regions), x0, y0 - 8);
    }

    DigitsPixelRelevance.colourScale(g, LEFT + columns * (PANEL + GAP), TOP, 2 * PANEL + 50, maxWeight);
    g.dispose();
    Path dir = Path.of("target", "examples");
    Files.createDirectories(dir);
    Path file = dir.resolve("digits-class-specific.png");
    ImageIO.write(image, "png", file.toFile());
    return file;
  }
}
