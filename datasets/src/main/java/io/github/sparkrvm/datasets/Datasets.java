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

package io.github.sparkrvm.datasets;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;

/**
 * The project's data sets (the files under {@code data/}, described in {@code data/README.md}) read into {@link
 * Table}s, and the seeded draws built on them, for spark-rvm's tests, the examples and the benchmarks: one copy of
 * each loader.
 */
public final class Datasets {

  private Datasets() {}

  /** The deviation of each coordinate around an ESL mixture centre: x ~ N(centre, I/5). */
  public static final double ESL_SPREAD = Math.sqrt(1.0 / 5.0);

  /**
   * {@return the project's {@code data/} folder: the first one holding {@code ripley_synth/} found from the working
   * directory upwards (tests run in a module's folder, the examples in the project's)}
   */
  public static Path dataDir() {
    Path here = Path.of("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("data/ripley_synth"))) {
        return p.resolve("data");
      }
    }
    throw new IllegalStateException("cannot find the project's data/ folder (with ripley_synth/) in " + here
        + " or above it: run from inside the project, or pass the data file's path");
  }

  /**
   * {@return a standard normal draw (Box–Muller: u = 1 − U, then v = U)}
   *
   * @param random the stream
   */
  public static double gaussian(SplittableRandom random) {
    double u = 1.0 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2.0 * Math.log(u)) * Math.cos(2.0 * Math.PI * v);
  }

  /**
   * {@return sin(x)/x, with sinc(0) = 1}
   *
   * @param x the point
   */
  public static double sinc(double x) {
    return x == 0.0 ? 1.0 : Math.sin(x) / x;
  }

  // ---- UCI optical digits ----

  /** {@return the UCI optical digits of {@link #dataDir()}: see {@link #digits(Path)}} */
  public static Table digits() {
    return digits(dataDir().resolve("digits/digits.csv.gz"));
  }

  /**
   * {@return the UCI optical digits (1797 rows): 64 pixel intensities 0–16 of an 8×8 image; the target is the digit}
   *
   * @param file {@code digits.csv.gz}: gzipped CSV without header, 64 pixels then the digit per line
   */
  public static Table digits(Path file) {
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.US_ASCII))) {
      List<String> lines = reader.lines().filter(l -> !l.isBlank()).toList();
      double[][] x = new double[lines.size()][];
      double[] t = new double[lines.size()];
      for (int i = 0; i < lines.size(); i++) {
        double[] cells = Arrays.stream(lines.get(i).split(",")).mapToDouble(Double::parseDouble).toArray();
        x[i] = Arrays.copyOf(cells, cells.length - 1);
        t[i] = cells[cells.length - 1];
      }
      return new Table(x, t);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the digits file " + file + " (see data/README.md)", e);
    }
  }

  // ---- MNIST digits at the USPS shape ----

  /**
   * {@return a part of the MNIST digits shrunk to 16×16 of {@link #dataDir()}: see {@link #mnist16(Path, String)}}
   *
   * @param part "train" (7,291 rows) or "test" (2,007 rows)
   */
  public static Table mnist16(String part) {
    return mnist16(dataDir().resolve("mnist16"), part);
  }

  /**
   * {@return MNIST handwritten digits shrunk to the shape of the USPS digits: 256 grey levels 0–255 of a 16×16 image
   * (row-major, top row first); the target is the digit 0–9}
   *
   * <p>{@code "train"} has 7,291 rows and {@code "test"} 2,007 other rows of the same 10,000 digits, as USPS's
   * training and test sets do; {@code data/README.md} says where they come from and how they were made.
   *
   * @param folder the folder holding {@code train.csv.gz} and {@code test.csv.gz}
   * @param part "train" or "test"
   */
  public static Table mnist16(Path folder, String part) {
    if (!part.equals("train") && !part.equals("test")) {
      throw new IllegalArgumentException("part must be \"train\" or \"test\", not \"" + part + "\"");
    }
    return digits(folder.resolve(part + ".csv.gz"));
  }

  // ---- numeric CSV files: the UCI sets ----

  /**
   * {@return a numeric CSV file as a table: every column but the last a feature, the last the target}
   *
   * @param file the file; gzip-compressed when its name ends in {@code .gz}
   * @param header whether the first line names the columns (it is skipped)
   */
  public static Table csv(Path file, boolean header) {
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(file.toString().endsWith(".gz")
        ? new GZIPInputStream(Files.newInputStream(file)) : Files.newInputStream(file), StandardCharsets.UTF_8))) {
      List<String> lines = reader.lines().skip(header ? 1 : 0).filter(l -> !l.isBlank()).toList();
      double[][] x = new double[lines.size()][];
      double[] t = new double[lines.size()];
      for (int i = 0; i < lines.size(); i++) {
        String[] cells = lines.get(i).split(",");
        double[] row = new double[cells.length];
        for (int j = 0; j < cells.length; j++) {
          try {
            row[j] = Double.parseDouble(cells[j].trim());
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("line " + (i + (header ? 2 : 1)) + ", column " + (j + 1) + " of "
                + file + " is not a number: '" + cells[j] + "' (a numeric CSV is expected, the target last)", e);
          }
        }
        x[i] = Arrays.copyOf(row, row.length - 1);
        t[i] = row[row.length - 1];
      }
      return new Table(x, t);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + " (see data/README.md)", e);
    }
  }

  /**
   * {@return the diabetes progression set of Efron et al. (442 rows): age, sex, bmi, bp and six serum measurements,
   * unscaled; the target is a measure of disease progression one year later}
   *
   * @param data the {@code data/} folder (see {@link #dataDir()})
   */
  public static Table diabetes(Path data) {
    return csv(data.resolve("diabetes/diabetes.csv"), true);
  }

  /** {@return the diabetes set of {@link #dataDir()}: see {@link #diabetes(Path)}} */
  public static Table diabetes() {
    return diabetes(dataDir());
  }

  /**
   * {@return the Wisconsin diagnostic breast cancer set (569 rows × 30 features, unscaled; target 0 malignant,
   * 1 benign)}
   *
   * @param data the {@code data/} folder (see {@link #dataDir()})
   */
  public static Table breastCancer(Path data) {
    return csv(data.resolve("uci_breast_cancer_wisconsin/wdbc.csv"), true);
  }

  /**
   * {@return one of the UCI sets of the R package mlbench under {@code data/mlbench/} (features then the label; see
   * data/README.md): {@code sonar}, {@code ionosphere}, {@code vehicle}, {@code glass}, {@code vowel} or {@code dna}}
   *
   * @param data the {@code data/} folder (see {@link #dataDir()})
   * @param name the set's file name without {@code .csv.gz}
   */
  public static Table mlbench(Path data, String name) {
    return csv(data.resolve("mlbench/" + name + ".csv.gz"), true);
  }

  /**
   * {@return the UCI wine set (178 rows × 13 features, unscaled; target the cultivar 0, 1 or 2)}
   *
   * @param data the {@code data/} folder (see {@link #dataDir()})
   */
  public static Table wine(Path data) {
    return csv(data.resolve("wine/wine.csv"), true);
  }

  // ---- Ripley's synthetic data ----

  /**
   * {@return Ripley's synthetic data of {@link #dataDir()}: see {@link #ripley(Path, String)}}
   *
   * @param part "tr" or "te"
   */
  public static Table ripley(String part) {
    return ripley(dataDir().resolve("ripley_synth"), part);
  }

  /**
   * {@return Ripley's synthetic data: "tr" (250 rows) or "te" (1000 rows); two features xs, ys; target yc ∈ {0, 1}}
   *
   * @param folder the folder holding {@code synth.tr.csv} and {@code synth.te.csv}
   * @param part "tr" or "te"
   */
  public static Table ripley(Path folder, String part) {
    List<String> lines = lines(folder.resolve("synth." + part + ".csv"));
    int n = lines.size() - 1;
    double[][] x = new double[n][];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      String[] cells = lines.get(i + 1).split(",");
      x[i] = new double[] {Double.parseDouble(cells[0]), Double.parseDouble(cells[1])};
      t[i] = Double.parseDouble(cells[2]);
    }
    return new Table(x, t);
  }

  // ---- the mixture of Hastie, Tibshirani & Friedman (ESL, §2.3) ----

  /** {@return the folder of ESL's mixture under {@link #dataDir()}} */
  public static Path eslMixtureDir() {
    return dataDir().resolve("esl_mixture");
  }

  /**
   * {@return ESL's 200 training points of the two-class mixture: two features, target 0 or 1}
   *
   * @param folder the folder holding {@code mixture_train.csv}
   */
  public static Table eslMixtureTrain(Path folder) {
    List<String> lines = lines(folder.resolve("mixture_train.csv"));
    int n = lines.size() - 1;
    double[][] x = new double[n][];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      String[] cells = lines.get(i + 1).split(",");
      x[i] = new double[] {Double.parseDouble(cells[0]), Double.parseDouble(cells[1])};
      t[i] = Double.parseDouble(cells[2]);
    }
    return new Table(x, t);
  }

  /**
   * {@return the mixture's 20 centres: rows 0–9 of class 0, rows 10–19 of class 1, each (x₁, x₂)}
   *
   * @param folder the folder holding {@code means.csv}
   */
  public static double[][] eslMixtureMeans(Path folder) {
    List<String> lines = lines(folder.resolve("means.csv"));
    double[][] means = new double[20][];
    for (int i = 0; i < 20; i++) {
      String[] cells = lines.get(i + 1).split(",");
      means[i] = new double[] {Double.parseDouble(cells[0]), Double.parseDouble(cells[1])};
    }
    return means;
  }

  /**
   * ESL's 200 training points with {@code noiseFeatures} standard-normal features appended to each row, drawn row by
   * row from {@code SplittableRandom(seed)} (the data of the gridRVM tests and example).
   *
   * @param folder the folder holding {@code mixture_train.csv}
   * @param noiseFeatures the number of noise features
   * @param seed the seed of the noise
   * @return 200 rows of 2 + noiseFeatures features
   */
  public static Table eslMixtureTrain(Path folder, int noiseFeatures, long seed) {
    Table points = eslMixtureTrain(folder);
    SplittableRandom random = new SplittableRandom(seed);
    double[][] x = new double[points.size()][2 + noiseFeatures];
    for (int i = 0; i < points.size(); i++) {
      x[i][0] = points.x()[i][0];
      x[i][1] = points.x()[i][1];
      for (int f = 2; f < x[i].length; f++) {
        x[i][f] = gaussian(random);
      }
    }
    return new Table(x, points.t().clone());
  }

  /**
   * n new points from ESL's mixture, row by row from {@code SplittableRandom(seed)}: the class with probability ½,
   * one of its ten centres uniformly, x ~ N(centre, I/5), then {@code noiseFeatures} standard-normal features.
   *
   * @param folder the folder holding {@code means.csv}
   * @param n the number of points
   * @param noiseFeatures the number of noise features
   * @param seed the seed
   * @return n rows of 2 + noiseFeatures features
   */
  public static Table eslMixtureSample(Path folder, int n, int noiseFeatures, long seed) {
    double[][] means = eslMixtureMeans(folder);
    SplittableRandom random = new SplittableRandom(seed);
    double[][] x = new double[n][2 + noiseFeatures];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      int label = random.nextInt(2);
      double[] centre = means[10 * label + random.nextInt(10)];
      x[i][0] = centre[0] + ESL_SPREAD * gaussian(random);
      x[i][1] = centre[1] + ESL_SPREAD * gaussian(random);
      t[i] = label;
      for (int f = 2; f < x[i].length; f++) {
        x[i][f] = gaussian(random);
      }
    }
    return new Table(x, t);
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + " (see data/README.md)", e);
    }
  }
}
