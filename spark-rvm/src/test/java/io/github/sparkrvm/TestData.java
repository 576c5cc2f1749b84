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

import io.github.sparkrvm.datasets.Datasets;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Data sets for tests: generated with fixed seeds, or read from the project's {@code data/} folder by the shared
 * loaders ({@link Datasets}).
 */
public final class TestData {

  private TestData() {}

  /** Rows x (each of length d), targets t. */
  public record Table(double[][] x, double[] t) {
    public int size() {
      return t.length;
    }

    /** {@return this table as one of the shared data sets' (the same arrays)} */
    public io.github.sparkrvm.datasets.Table shared() {
      return new io.github.sparkrvm.datasets.Table(x, t);
    }
  }

  /** The rows, one after the other, as one row-major array. */
  public static double[] flatten(double[][] rows) {
    return java.util.Arrays.stream(rows).flatMapToDouble(java.util.Arrays::stream).toArray();
  }

  /** sin(x)/x, with sinc(0) = 1. */
  public static double sinc(double x) {
    return Datasets.sinc(x);
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

  /**
   * Class-specific features of {@link #blobs} (K classes, spread 0.9): for class p, the squared distance to p's
   * centre, the projection on p's direction and a standard normal noise feature of its own; K blocks of B = 3
   * features, block p at features 3p … 3p + 2.
   */
  public static Table classSpecificBlobs(int perClass, int classes, long seed) {
    Table blobs = blobs(perClass, classes, 0.9, seed);
    SplittableRandom random = new SplittableRandom(seed + 200);
    double[][] x = new double[blobs.size()][];
    for (int i = 0; i < x.length; i++) {
      x[i] = new double[3 * classes];
      for (int p = 0; p < classes; p++) {
        double angle = 2.0 * Math.PI * p / classes;
        double dx = blobs.x()[i][0] - 2.0 * Math.cos(angle);
        double dy = blobs.x()[i][1] - 2.0 * Math.sin(angle);
        x[i][3 * p] = dx * dx + dy * dy;
        x[i][3 * p + 1] = blobs.x()[i][0] * Math.cos(angle) + blobs.x()[i][1] * Math.sin(angle);
        x[i][3 * p + 2] = gaussian(random);
      }
    }
    return new Table(x, blobs.t());
  }

  /** {@return the rows with their features repeated {@code times} times, one copy after the other} */
  public static Table repeated(Table t, int times) {
    double[][] x = new double[t.size()][];
    for (int i = 0; i < x.length; i++) {
      int b = t.x()[i].length;
      x[i] = new double[times * b];
      for (int p = 0; p < times; p++) {
        System.arraycopy(t.x()[i], 0, x[i], p * b, b);
      }
    }
    return new Table(x, t.t());
  }

  /** A standard normal draw (Box–Muller). */
  public static double gaussian(SplittableRandom random) {
    return Datasets.gaussian(random);
  }

  /** The project's data folder (tests run in the module folder). */
  public static Path dataDir() {
    return Datasets.dataDir();
  }

  /** The UCI optical digits (1797 rows): 64 pixel intensities 0–16 of an 8×8 image; the label is the digit. */
  public static Table digits() {
    return of(Datasets.digits());
  }

  /**
   * {@return the rows of the given digits, relabelled 0, 1, … in the order given}
   *
   * @param classes the digits to keep
   */
  public static Table digits(int... classes) {
    return of(Datasets.digits().classes(classes));
  }

  /**
   * A seeded split of the table's rows: the first {@code fraction} of a random permutation (Fisher–Yates with
   * {@code SplittableRandom(seed)}) and the rest, each in the original row order.
   */
  public static Table[] split(Table table, double fraction, long seed) {
    io.github.sparkrvm.datasets.Table[] parts = table.shared().split(fraction, seed);
    return new Table[] {of(parts[0]), of(parts[1])};
  }

  /** Ripley's synthetic data: "tr" (250 rows) or "te" (1000 rows); label yc ∈ {0, 1}. */
  public static Table ripley(String part) {
    return of(Datasets.ripley(part));
  }

  /** The tests' table of a table of the shared data sets (the same arrays). */
  static Table of(io.github.sparkrvm.datasets.Table table) {
    return new Table(table.x(), table.t());
  }

}
