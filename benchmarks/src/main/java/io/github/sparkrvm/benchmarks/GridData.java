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

import io.github.sparkrvm.datasets.Datasets;
import io.github.sparkrvm.datasets.Table;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The data of Kropotov, Vetrov, Wolf &amp; Hassner (2010), §6.1, with fixed seeds. The noise features come from a
 * stream of their own ({@link #noiseFeatures}), drawn a feature at a time, so that the paper's "up to 20 added noise
 * features" are nested: for one seed every noise level has the same sinc points (the same mixture sample) and its
 * first k noise features are the same at every level above k. A ratio between two noise levels then compares one data
 * set with and without the added features. (The library's tests, {@code PaperData}, interleave the noise features
 * with the other draws of a row, so their data sets at two noise levels differ in every draw.)
 */
final class GridData {

  /** A figure's mean, smallest and largest value over the draws of a benchmark. */
  record Spread(double mean, double min, double max) {

    /** Over {@code perDraw[s][level][prior]} for every draw s. */
    static Spread over(double[][][] perDraw, int level, int prior) {
      double sum = 0.0;
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      for (double[][] draw : perDraw) {
        sum += draw[level][prior];
        min = Math.min(min, draw[level][prior]);
        max = Math.max(max, draw[level][prior]);
      }
      return new Spread(sum / perDraw.length, min, max);
    }
  }

  private GridData() {}

  static double gaussian(SplittableRandom random) {
    return Datasets.gaussian(random);
  }

  static double sinc(double x) {
    return Datasets.sinc(x);
  }

  /**
   * Fills columns {@code first} onwards of x with standard-normal noise features drawn from {@code noise} one feature
   * (column) at a time, so that the first k features do not depend on how many follow.
   */
  static void noiseFeatures(double[][] x, int first, SplittableRandom noise) {
    int d = x.length == 0 ? 0 : x[0].length;
    for (int f = first; f < d; f++) {
      for (double[] row : x) {
        row[f] = gaussian(noise);
      }
    }
  }

  /**
   * x uniform on [−10, 10], t = sinc(x) (+ uniform noise on [−0.2, 0.2] when noisy), then noise features (nested:
   * the same x and t at every noise level).
   */
  static Table sinc(int n, int noiseFeatures, boolean noisy, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    SplittableRandom noise = random.split();
    double[][] x = new double[n][1 + noiseFeatures];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      x[i][0] = -10.0 + 20.0 * random.nextDouble();
      t[i] = sinc(x[i][0]) + (noisy ? -0.2 + 0.4 * random.nextDouble() : 0.0);
    }
    noiseFeatures(x, 1, noise);
    return new Table(x, t);
  }

  /** ESL's 200 training points of the mixture, with noise features. */
  static Table mixtureTrain(Path data, int noiseFeatures, long seed) {
    Table points = Datasets.eslMixtureTrain(data);
    int n = points.size();
    double[][] x = new double[n][2 + noiseFeatures];
    for (int i = 0; i < n; i++) {
      x[i][0] = points.x()[i][0];
      x[i][1] = points.x()[i][1];
    }
    noiseFeatures(x, 2, new SplittableRandom(seed).split());
    return new Table(x, points.t());
  }

  /**
   * n new points of the ESL mixture (a class, one of its ten centres, x ~ N(centre, I/5)), with noise features
   * (nested: the same points at every noise level).
   */
  static Table mixtureSample(Path data, int n, int noiseFeatures, long seed) {
    double[][] means = Datasets.eslMixtureMeans(data);
    SplittableRandom random = new SplittableRandom(seed);
    SplittableRandom noise = random.split();
    double sd = Datasets.ESL_SPREAD;
    double[][] x = new double[n][2 + noiseFeatures];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      int label = random.nextInt(2);
      double[] centre = means[10 * label + random.nextInt(10)];
      x[i][0] = centre[0] + sd * gaussian(random);
      x[i][1] = centre[1] + sd * gaussian(random);
      t[i] = label;
    }
    noiseFeatures(x, 2, noise);
    return new Table(x, t);
  }

  /**
   * Scales every feature of both tables linearly so that the training rows span [−1, 1] (the training minimum to −1,
   * the maximum to 1), the other normalisation the paper's "normalised data" may mean: with it δ = 5.55 = 1 / (2 · 0.3²)
   * is an RBF of width 0.3 on a range of 2.
   */
  static Table[] scaleToRange(Table train, Table test) {
    int d = train.x()[0].length;
    double[] lo = new double[d];
    double[] hi = new double[d];
    java.util.Arrays.fill(lo, Double.POSITIVE_INFINITY);
    java.util.Arrays.fill(hi, Double.NEGATIVE_INFINITY);
    for (double[] row : train.x()) {
      for (int f = 0; f < d; f++) {
        lo[f] = Math.min(lo[f], row[f]);
        hi[f] = Math.max(hi[f], row[f]);
      }
    }
    Table[] out = new Table[2];
    for (int s = 0; s < 2; s++) {
      Table table = s == 0 ? train : test;
      double[][] x = new double[table.size()][d];
      for (int i = 0; i < table.size(); i++) {
        for (int f = 0; f < d; f++) {
          x[i][f] = 2.0 * (table.x()[i][f] - lo[f]) / (hi[f] - lo[f]) - 1.0;
        }
      }
      out[s] = new Table(x, table.t());
    }
    return out;
  }

  static Dataset<Row> frame(SparkSession spark, Table table, int partitions) {
    return table.frame(spark, partitions);
  }

  static SparkSession spark(String name) {
    return spark(name, "local[2]");
  }

  /** A benchmark's session on {@code master}, bound to the loopback, without the UI, logging warnings only. */
  static SparkSession spark(String name, String master) {
    SparkSession spark = SparkSession.builder().master(master).appName("spark-rvm benchmark: " + name)
        .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    return spark;
  }
}
