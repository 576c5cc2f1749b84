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

package io.github.sparkrvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/** Data sets for tests: generated with fixed seeds, or read from the project's {@code data/} folder. */
public final class TestData {

  private TestData() {}

  /** Rows x (each of length d), targets t. */
  public record Table(double[][] x, double[] t) {
    public int size() {
      return t.length;
    }
  }

  /** sin(x)/x, with sinc(0) = 1. */
  public static double sinc(double x) {
    return x == 0.0 ? 1.0 : Math.sin(x) / x;
  }

  /** Tipping's sinc: n points with x uniform on [−10, 10] and Gaussian noise of deviation sigma. */
  public static Table noisySinc(int n, double sigma, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[][] x = new double[n][];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      double v = -10.0 + 20.0 * random.nextDouble();
      x[i] = new double[] {v};
      t[i] = sinc(v) + sigma * gaussian(random);
    }
    return new Table(x, t);
  }

  /** n noise-free sinc points on an even grid over [−10, 10]. */
  public static Table sincGrid(int n) {
    double[][] x = new double[n][];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      double v = -10.0 + 20.0 * i / (n - 1);
      x[i] = new double[] {v};
      t[i] = sinc(v);
    }
    return new Table(x, t);
  }

  /**
   * K Gaussian blobs in the plane: class p (label p) centred at radius 2 on the angle 2πp/K, with deviation
   * {@code spread} in each coordinate; {@code perClass} rows of each class, classes interleaved.
   */
  public static Table blobs(int perClass, int classes, double spread, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int n = perClass * classes;
    double[][] x = new double[n][];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      int p = i % classes;
      double angle = 2.0 * Math.PI * p / classes;
      x[i] = new double[] {2.0 * Math.cos(angle) + spread * gaussian(random),
          2.0 * Math.sin(angle) + spread * gaussian(random)};
      t[i] = p;
    }
    return new Table(x, t);
  }

  /** A standard normal draw (Box–Muller). */
  public static double gaussian(SplittableRandom random) {
    double u = 1.0 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2.0 * Math.log(u)) * Math.cos(2.0 * Math.PI * v);
  }

  /** The project's data folder (tests run in the module folder). */
  public static Path dataDir() {
    Path here = Path.of("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("data/ripley_synth"))) {
        return p.resolve("data");
      }
    }
    throw new IllegalStateException("cannot find the project's data/ folder above " + here);
  }

  /** The UCI optical digits (1797 rows): 64 pixel intensities 0–16 of an 8×8 image; the label is the digit. */
  public static Table digits() {
    try (java.io.BufferedReader reader = new java.io.BufferedReader(new java.io.InputStreamReader(
        new java.util.zip.GZIPInputStream(Files.newInputStream(dataDir().resolve("digits/digits.csv.gz"))),
        java.nio.charset.StandardCharsets.US_ASCII))) {
      List<String> lines = reader.lines().toList();
      double[][] x = new double[lines.size()][];
      double[] t = new double[lines.size()];
      for (int i = 0; i < lines.size(); i++) {
        double[] cells = java.util.Arrays.stream(lines.get(i).split(",")).mapToDouble(Double::parseDouble).toArray();
        x[i] = java.util.Arrays.copyOf(cells, cells.length - 1);
        t[i] = cells[cells.length - 1];
      }
      return new Table(x, t);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * {@return the rows of the given digits, relabelled 0, 1, … in the order given}
   *
   * @param classes the digits to keep
   */
  public static Table digits(int... classes) {
    Table all = digits();
    List<double[]> x = new java.util.ArrayList<>();
    List<Double> t = new java.util.ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      for (int k = 0; k < classes.length; k++) {
        if (all.t()[i] == classes[k]) {
          x.add(all.x()[i]);
          t.add((double) k);
        }
      }
    }
    return new Table(x.toArray(new double[0][]), t.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /**
   * A seeded split of the table's rows: the first {@code fraction} of a random permutation (Fisher–Yates with
   * {@code SplittableRandom(seed)}) and the rest, each in the original row order.
   */
  public static Table[] split(Table table, double fraction, long seed) {
    int n = table.size();
    int[] order = java.util.stream.IntStream.range(0, n).toArray();
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int tmp = order[i];
      order[i] = order[j];
      order[j] = tmp;
    }
    int cut = (int) Math.round(fraction * n);
    int[] first = java.util.Arrays.stream(order, 0, cut).sorted().toArray();
    int[] second = java.util.Arrays.stream(order, cut, n).sorted().toArray();
    return new Table[] {rows(table, first), rows(table, second)};
  }

  private static Table rows(Table table, int[] index) {
    double[][] x = new double[index.length][];
    double[] t = new double[index.length];
    for (int i = 0; i < index.length; i++) {
      x[i] = table.x()[index[i]];
      t[i] = table.t()[index[i]];
    }
    return new Table(x, t);
  }

  /** Ripley's synthetic data: "tr" (250 rows) or "te" (1000 rows); label yc ∈ {0, 1}. */
  public static Table ripley(String part) {
    try {
      List<String> lines = Files.readAllLines(dataDir().resolve("ripley_synth/synth." + part + ".csv"));
      int n = lines.size() - 1;
      double[][] x = new double[n][];
      double[] t = new double[n];
      for (int i = 0; i < n; i++) {
        String[] cells = lines.get(i + 1).split(",");
        x[i] = new double[] {Double.parseDouble(cells[0]), Double.parseDouble(cells[1])};
        t[i] = Double.parseDouble(cells[2]);
      }
      return new Table(x, t);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
