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
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The fixed set of fits whose models are checked in under {@code src/test/resources/fixtures/} ("the same models"
 * before and after a restructuring; see the README there): every family × solver × multi-class strategy the tests
 * cover, with the variational forms and priors, the driver and the cluster path, on the Ripley, sinc, digits, blobs
 * and gridRVM (sinc and ESL mixture with noise features) data of the other tests, each small enough to fit in
 * seconds. {@link #write} (re)writes the fixtures (a test skipped unless
 * asked for; its class name is outside surefire's default pattern); {@link ModelEquivalenceTest} refits each case and compares.
 * The gaussian cases set calibrateVariance false: their fixtures predate it (issue 42) and hold type-II maximum
 * likelihood's predicted variance; {@link VarianceCalibrationTest} checks the scaled one.
 */
final class ModelFixtures {

  /** The fixtures' folder, relative to the spark-rvm module (where Maven runs the tests). */
  static final Path FOLDER = Path.of("src", "test", "resources", "fixtures");

  /** The output columns compared, in this order, where the model writes them. */
  static final String[] OUTPUTS = {"prediction", "rawPrediction", "probability", "variance"};

  /**
   * One fit: its name (the fixture's folder), the training table, the number of partitions of its DataFrame and the
   * estimator.
   */
  record Case(String name, Supplier<TestData.Table> data, int partitions, Supplier<RvmEstimator> estimator) {

    /** The training DataFrame: (id, features, label) in {@code partitions} partitions; id is the table's row. */
    Dataset<Row> frame() {
      TestData.Table table = data.get();
      List<Row> rows = new ArrayList<>();
      for (int i = 0; i < table.size(); i++) {
        rows.add(RowFactory.create((long) i, Vectors.dense(table.x()[i]), table.t()[i]));
      }
      StructType schema = new StructType().add("id", DataTypes.LongType, false)
          .add("features", SQLDataTypes.VectorType(), true).add("label", DataTypes.DoubleType, true);
      return SparkTestSession.get().createDataFrame(rows, schema).repartition(partitions);
    }

    /** {@return the fitted model} */
    RvmModel fit() {
      return estimator.get().fit(frame());
    }
  }

  private static TestData.Table sinc() {
    return TestData.noisySinc(60, 0.1, 11);
  }

  private static TestData.Table ripley() {
    // every second row of Ripley's 250 training points: 125 rows, both classes
    return everyNth(TestData.ripley("tr"), 2);
  }

  private static TestData.Table ripleySmall() {
    // every fifth row: 50 rows (the variational fits keep every basis function and their covariance)
    return everyNth(TestData.ripley("tr"), 5);
  }

  private static TestData.Table everyNth(TestData.Table all, int step) {
    int n = (all.size() + step - 1) / step;
    double[][] x = new double[n][];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = all.x()[step * i];
      t[i] = all.t()[step * i];
    }
    return new TestData.Table(x, t);
  }

  private static TestData.Table digits() {
    // digits 3, 6 and 8 (labels 0, 1, 2), a seeded 15 % of their rows
    return TestData.split(TestData.digits(3, 6, 8), 0.15, 42)[0];
  }

  private static TestData.Table blobs() {
    return TestData.blobs(20, 3, 0.9, 3);
  }

  private static TestData.Table gridSinc() {
    return PaperData.sinc(50, 2, true, 5);
  }

  private static TestData.Table gridMixture() {
    // every fourth of ESL's 200 mixture points with 1 noise feature: 50 rows
    return everyNth(PaperData.mixtureTrain(1, 1), 4);
  }

  /** A 2 × 3 table of features: 6 linear features, t a sparse combination of them plus noise. */
  private static TestData.Table linearTable() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(17);
    int n = 40;
    double[][] x = new double[n][6];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      for (int f = 0; f < 6; f++) {
        x[i][f] = TestData.gaussian(random);
      }
      t[i] = 1.5 * x[i][0] - 2.0 * x[i][1] + 0.1 * TestData.gaussian(random);
    }
    return new TestData.Table(x, t);
  }

  private static RvmEstimator sincRvm(String solver) {
    return new RvmEstimator().setSolver(solver).setGamma(0.25).setStandardization(false).setCalibrateVariance(false);
  }

  private static RvmEstimator ripleyRvm(String solver) {
    return new RvmEstimator().setFamily("bernoulli").setGamma(4.0).setStandardization(false).setSolver(solver);
  }

  private static RvmEstimator digitsRvm(String strategy, String solver) {
    return new RvmEstimator().setFamily("multinomial").setMultiClassStrategy(strategy).setSolver(solver)
        .setGamma(0.001).setStandardization(false).setMaxBasis(40).setSeed(3L);
  }

  private static RvmEstimator blobsRvm(String strategy, String solver) {
    return new RvmEstimator().setFamily("multinomial").setMultiClassStrategy(strategy).setSolver(solver)
        .setGamma(0.5).setParallelism(3);
  }

  private static RvmEstimator gridRvm(String prior) {
    return new RvmEstimator().setSolver("variational").setPrior(prior).setKernel("rbf-per-dimension").setGamma(5.55)
        .setMaxBasis(15).setSeed(2L).setMaxIter(2000);
  }

  /** Every case, in a fixed order. */
  static List<Case> cases() {
    List<Case> c = new ArrayList<>();
    // gaussian: sinc (Tipping's), rbf
    c.add(new Case("gaussian-em-sinc", ModelFixtures::sinc, 2, () -> sincRvm("em")));
    c.add(new Case("gaussian-fast-sinc", ModelFixtures::sinc, 2, () -> sincRvm("fast")));
    c.add(new Case("gaussian-fast-sinc-cluster", ModelFixtures::sinc, 3,
        () -> sincRvm("fast").setMaxDriverDesignSizeInMB(0)));
    c.add(new Case("gaussian-em-sinc-cluster", ModelFixtures::sinc, 3,
        () -> sincRvm("em").setMaxDriverDesignSizeInMB(0)));
    c.add(new Case("gaussian-variational-primal-sinc", ModelFixtures::sinc, 2,
        () -> sincRvm("variational").setVariationalForm("primal")));
    c.add(new Case("gaussian-variational-dual-sinc", ModelFixtures::sinc, 2,
        () -> sincRvm("variational").setVariationalForm("dual")));
    c.add(new Case("gaussian-variational-auto-sinc-cluster", ModelFixtures::sinc, 2,
        () -> sincRvm("variational").setMaxBasis(30).setSeed(4L).setMaxDriverDesignSizeInMB(0)));
    c.add(new Case("gaussian-em-poly-standardized", ModelFixtures::sinc, 2,
        () -> new RvmEstimator().setSolver("em").setKernel("poly").setDegree(3).setGamma(0.3).setMaxIter(200)
            .setCalibrateVariance(false)));
    c.add(new Case("gaussian-fast-linear", ModelFixtures::linearTable, 2,
        () -> new RvmEstimator().setSolver("fast").setKernel("linear").setCalibrateVariance(false)));
    // gridRVM (Kropotov et al. 2010): the grid priors over the per-dimension basis table, and over a linear table
    c.add(new Case("gaussian-variational-grid-sum-sinc", ModelFixtures::gridSinc, 2, () -> gridRvm("grid-sum")));
    c.add(new Case("gaussian-variational-grid-product-sinc", ModelFixtures::gridSinc, 2,
        () -> gridRvm("grid-product")));
    c.add(new Case("gaussian-variational-ard-per-dimension-sinc", ModelFixtures::gridSinc, 2,
        () -> gridRvm("ard")));
    c.add(new Case("gaussian-variational-grid-product-linear", ModelFixtures::linearTable, 2,
        () -> new RvmEstimator().setSolver("variational").setPrior("grid-product").setKernel("linear")
            .setGridShape(new int[] {2, 3})));
    c.add(new Case("bernoulli-variational-grid-sum-mixture", ModelFixtures::gridMixture, 2,
        () -> gridRvm("grid-sum").setFamily("bernoulli")));
    // bernoulli: Ripley, rbf
    c.add(new Case("bernoulli-em-ripley", ModelFixtures::ripley, 2, () -> ripleyRvm("em")));
    c.add(new Case("bernoulli-fast-ripley", ModelFixtures::ripley, 2, () -> ripleyRvm("fast")));
    c.add(new Case("bernoulli-em-ripley-cluster", ModelFixtures::ripley, 3,
        () -> new RvmEstimator().setFamily("bernoulli").setGamma(0.5).setSolver("em").setMaxBasis(60).setSeed(3L)
            .setMaxDriverDesignSizeInMB(0)));
    c.add(new Case("bernoulli-fast-ripley-cluster", ModelFixtures::ripley, 3,
        () -> ripleyRvm("fast").setMaxDriverDesignSizeInMB(0)));
    c.add(new Case("bernoulli-variational-primal-ripley", ModelFixtures::ripleySmall, 2,
        () -> ripleyRvm("variational").setVariationalForm("primal")));
    c.add(new Case("bernoulli-variational-dual-ripley", ModelFixtures::ripleySmall, 2,
        () -> ripleyRvm("variational").setVariationalForm("dual")));
    // multinomial: digits 3/6/8 (gamma 0.001) and blobs, softmax and one-vs-rest
    c.add(new Case("multinomial-softmax-em-digits", ModelFixtures::digits, 2, () -> digitsRvm("softmax", "em")));
    c.add(new Case("multinomial-softmax-fast-digits", ModelFixtures::digits, 2, () -> digitsRvm("softmax", "fast")));
    c.add(new Case("multinomial-ovr-em-digits", ModelFixtures::digits, 2, () -> digitsRvm("ovr", "em")));
    c.add(new Case("multinomial-ovr-fast-digits", ModelFixtures::digits, 2, () -> digitsRvm("ovr", "fast")));
    c.add(new Case("multinomial-softmax-em-blobs-cluster", ModelFixtures::blobs, 3,
        () -> blobsRvm("softmax", "em").setMaxDriverDesignSizeInMB(0)));
    c.add(new Case("multinomial-softmax-fast-blobs-cluster", ModelFixtures::blobs, 3,
        () -> blobsRvm("softmax", "fast").setMaxDriverDesignSizeInMB(0)));
    c.add(new Case("multinomial-ovr-em-blobs", ModelFixtures::blobs, 3, () -> blobsRvm("ovr", "em")));
    c.add(new Case("multinomial-ovr-fast-blobs-cluster", ModelFixtures::blobs, 3,
        () -> blobsRvm("ovr", "fast").setMaxDriverDesignSizeInMB(0)));
    return c;
  }

  /**
   * {@return the model's output columns on the case's training rows, in row order: per row, the values of {@link
   * #OUTPUTS} that the model writes (vectors flattened)}
   */
  static List<double[]> outputs(org.apache.spark.ml.Transformer model, Case c) {
    return outputs(model.transform(c.frame()).orderBy("id"));
  }

  /** {@return the values of {@link #OUTPUTS} in {@code out}, per row in its order (vectors flattened)} */
  static List<double[]> outputs(Dataset<Row> out) {
    List<String> present = new ArrayList<>();
    for (String name : OUTPUTS) {
      if (List.of(out.columns()).contains(name)) {
        present.add(name);
      }
    }
    List<double[]> rows = new ArrayList<>();
    for (Row row : out.select(present.get(0), present.subList(1, present.size()).toArray(new String[0]))
        .collectAsList()) {
      List<Double> values = new ArrayList<>();
      for (int i = 0; i < row.size(); i++) {
        Object v = row.get(i);
        if (v instanceof Vector vector) {
          for (double d : vector.toArray()) {
            values.add(d);
          }
        } else {
          values.add((Double) v);
        }
      }
      rows.add(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
    return rows;
  }

  /** {@return the header of the outputs file: the columns the model writes, vectors as name[i]} */
  static String header(RvmModel model, Case c) {
    Dataset<Row> out = model.transform(c.frame());
    List<String> names = new ArrayList<>();
    Row first = out.first();
    for (String name : OUTPUTS) {
      if (List.of(out.columns()).contains(name)) {
        Object v = first.getAs(name);
        if (v instanceof Vector vector) {
          for (int i = 0; i < vector.size(); i++) {
            names.add(name + "[" + i + "]");
          }
        } else {
          names.add(name);
        }
      }
    }
    return String.join(",", names);
  }

  /** The model of a case's fixture. */
  static Path modelPath(String name) {
    return FOLDER.resolve(name).resolve("model");
  }

  /** The training outputs of a case's fixture, as the fitted model wrote them. */
  static Path outputsPath(String name) {
    return FOLDER.resolve(name).resolve("outputs.csv");
  }

  /** {@return the rows of an outputs file (its header skipped)} */
  static List<double[]> readOutputs(Path file) {
    try {
      List<String> lines = Files.readAllLines(file);
      List<double[]> rows = new ArrayList<>();
      for (String line : lines.subList(1, lines.size())) {
        rows.add(java.util.Arrays.stream(line.split(",")).mapToDouble(Double::parseDouble).toArray());
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the fixture outputs " + file
          + ": write the fixtures with ModelFixtures (see src/test/resources/fixtures/README.md)", e);
    }
  }

  /**
   * (Re)writes every fixture (or those named, comma-separated, in the system property {@code fixtures.write}): the
   * fitted model with {@code write().save} and its outputs on the training rows ({@link Double#toString}, which reads
   * back exactly). Skipped unless the property is set ("all" for every case); see the README beside the fixtures.
   *
   * @throws IOException when a fixture cannot be written
   */
  @Test
  @EnabledIfSystemProperty(named = "fixtures.write", matches = ".+")
  void write() throws IOException {
    String which = System.getProperty("fixtures.write");
    List<String> only = "all".equals(which) ? List.of() : List.of(which.split(","));
    for (Case c : cases()) {
      if (!only.isEmpty() && !only.contains(c.name())) {
        continue;
      }
      long start = System.nanoTime();
      RvmModel model = c.fit();
      Path folder = FOLDER.resolve(c.name());
      deleteRecursively(folder);
      Files.createDirectories(folder);
      model.write().save(modelPath(c.name()).toString());
      StringBuilder csv = new StringBuilder(header(model, c)).append('\n');
      for (double[] row : outputs(model, c)) {
        for (int i = 0; i < row.length; i++) {
          csv.append(i == 0 ? "" : ",").append(row[i]);
        }
        csv.append('\n');
      }
      Files.writeString(outputsPath(c.name()), csv);
      System.out.printf(Locale.ROOT, "%-45s %3d rows, %3d relevance vectors, %5.1f s%n", c.name(),
          c.data().get().size(), model.numRelevanceVectors(), (System.nanoTime() - start) / 1e9);
    }
  }

  private static void deleteRecursively(Path folder) throws IOException {
    if (!Files.exists(folder)) {
      return;
    }
    try (var files = Files.walk(folder)) {
      for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
