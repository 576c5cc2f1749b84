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

import io.github.sparkrvm.RvmEstimator;
import io.github.sparkrvm.RvmModel;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.datasets.Table;
import io.github.sparkrvm.predict.Predictive;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * Scoring throughput (issue 20): rows per second on {@code local[2]} for models of 10, 100, 256, 512, 1,000 and
 * 6,401 RBF basis functions, with and without the predictive variance, block scoring ({@link Predictive#block}: the
 * block's basis by one dgemm, the means by dgemv, the variances as rowwise norms of Φ_B L) against the row-by-row path
 * ({@link Predictive#at}) in the same run, with the largest difference between the two ({@code RvmModel.transform}
 * runs the block path above 256 basis functions, the row path up to 256); then a
 * variational ARD fit of the ESL mixture with 30 noise features (6,401 candidate basis functions, pruned by
 * E[precision]) scored through {@code RvmModel.transform} and {@code evaluate} on 5,000 rows, against the row-by-row
 * single-point API on a sample. Writes {@code benchmarks/results/scoring-throughput.md}.
 *
 * <p>Run: {@code mvn -B -q -pl benchmarks exec:exec@scoring} (arguments: the ESL mixture's data folder).
 */
public final class ScoringThroughput {

  private static final int[] SIZES = {10, 100, 256, 512, 1000, 6401};
  private static final int BLOCK = 1024;

  private ScoringThroughput() {}

  public static void main(String[] args) throws Exception {
    Path data = Path.of(args.length > 0 ? args[0] : "data/esl_mixture");
    SparkSession spark = GridData.spark("scoring throughput");
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    StringBuilder table = new StringBuilder("| basis functions | variance | rows | block: seconds | block: rows/s "
        + "| row by row: rows | row by row: seconds | row by row: rows/s | speed-up | max relative difference |\n"
        + "|---|---|---|---|---|---|---|---|---|---|\n");
    String modelSection;
    StringBuilder factors = new StringBuilder();
    try {
      for (int k : SIZES) {
        // the ESL mixture's two features (standardised scale), k RBF centres drawn from it, γ = 1
        Table centres = GridData.mixtureSample(data, k - 1, 0, 7);
        BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(1.0), true, 2, flatten(centres.x()));
        Predictive predictive = randomPredictive(basis, k, new SplittableRandom(k));
        for (boolean variance : new boolean[] {false, true}) {
          long work = variance ? (long) k * k : k; // flops per row, up to a constant
          // rows enough for a few seconds at each size; the row-by-row path on fewer where it is slow
          int blockRows = (int) Math.min(2_000_000L, Math.max(5000L, (variance ? 20_000_000_000L : 500_000_000L)
              / work));
          int rowRows = (int) Math.min(500_000L, Math.max(200L, (variance ? 2_000_000_000L : 200_000_000L) / work));
          double[] rows = flatten(GridData.mixtureSample(data, Math.max(blockRows, rowRows), 0, 11).x());
          JavaRDD<double[]> blockData = blocks(jsc, rows, blockRows);
          JavaRDD<double[]> rowData = blocks(jsc, rows, rowRows);
          long factorStart = System.nanoTime();
          predictive.prepareVariance(); // once per model, on the driver, as transform does
          if (!variance) { // the first call factors Σ
            factors.append(String.format(Locale.ROOT, "%s%,d: %.2f s", factors.length() == 0 ? "" : "; ", k,
                (System.nanoTime() - factorStart) / 1e9));
          }
          // broadcast, as transform does: Σ and its factor hold 2k² doubles
          org.apache.spark.broadcast.Broadcast<Predictive> shared = jsc.broadcast(predictive);
          double blockSeconds = time(() -> blockData.mapPartitions(it -> scoreBlocks(shared.value(), it, variance))
              .count());
          double rowSeconds = time(() -> rowData.mapPartitions(it -> scoreRows(shared.value(), it, variance))
              .count());
          shared.destroy();
          blockData.unpersist();
          rowData.unpersist();
          double difference = maxDifference(predictive, rows, Math.min(2000, rowRows), variance);
          table.append(String.format(Locale.ROOT, "| %,d | %s | %,d | %.2f | %,.0f | %,d | %.2f | %,.0f | %.1f× | %.1e |%n",
              k, variance ? "yes" : "no", blockRows, blockSeconds, blockRows / blockSeconds, rowRows, rowSeconds,
              rowRows / rowSeconds, (blockRows / blockSeconds) / (rowRows / rowSeconds), difference));
          System.out.print(table);
        }
      }
      modelSection = variationalModel(spark, data);
    } finally {
      spark.stop();
    }
    String report = "# Scoring throughput (issue 20)\n\n"
        + "Command: `mvn -B -q -pl benchmarks exec:exec@scoring`" + (System.getProperty(
            "dev.ludovic.netlib.blas.nativeLib") != null ? " with `-Ddev.ludovic.netlib.blas.nativeLib="
            + System.getProperty("dev.ludovic.netlib.blas.nativeLib") + "` in the JVM's flags" : "")
        + "\n\n## Machine\n\n" + Machine.describe()
        + "- Spark local[2], 2 partitions, rows cached in memory before timing; each timing the best of 3 runs\n\n"
        + "## Block scoring against row by row, fixed-size models\n\n"
        + "Models of k basis functions: a bias and k − 1 RBF centres (γ = 1) drawn from the ESL mixture, random "
        + "weights N(0, 1/k) and a random dense positive-definite covariance Σ = BBᵀ/64 + 0.01·I/k (B: k × 64). "
        + "Rows drawn from the ESL mixture. *Block*: `Predictive.block` over blocks of " + BLOCK + " rows within each "
        + "partition (what `RvmModel.transform` and `evaluate` run above 256 basis functions); *row by row*: "
        + "`Predictive.at` (with the variance) or `Predictive.mean` (without) per row, what they run up to 256 (fewer rows where it is slow: the rows per second are comparable). *Variance*: yes computes the latent variance φᵀΣφ of every row (gaussian "
        + "varianceCol, moderated probabilities, poisson), no the latent mean alone (gaussian without varianceCol, "
        + "probabilityMethod map). The Cholesky factor of Σ is computed once per model on the driver, outside the "
        + "timing (seconds for k basis functions: " + factors + "). Max relative difference: the largest "
        + "|block − row by row| / max(1, |row by row|) over the latent means and variances of up to 2,000 rows.\n\n"
        + table + "\n" + modelSection;
    Files.writeString(Machine.result("scoring-throughput.md"), report);
    System.out.println(report);
  }

  private interface Job {
    void run();
  }

  /** Best of three runs, in seconds. */
  private static double time(Job job) {
    double best = Double.POSITIVE_INFINITY;
    for (int r = 0; r < 3; r++) {
      long start = System.nanoTime();
      job.run();
      best = Math.min(best, (System.nanoTime() - start) / 1e9);
    }
    return best;
  }

  /** The first n rows (2 features each), as one array per row in 2 cached partitions. */
  private static JavaRDD<double[]> blocks(JavaSparkContext jsc, double[] rows, int n) {
    List<double[]> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(new double[] {rows[2 * i], rows[2 * i + 1]});
    }
    JavaRDD<double[]> rdd = jsc.parallelize(list, 2).persist(StorageLevel.MEMORY_ONLY());
    rdd.count();
    return rdd;
  }

  private static Iterator<Double> scoreBlocks(Predictive p, Iterator<double[]> it, boolean variance) {
    double sum = 0.0;
    double[] x = new double[BLOCK * 2];
    while (it.hasNext()) {
      int n = 0;
      while (n < BLOCK && it.hasNext()) {
        double[] row = it.next();
        x[2 * n] = row[0];
        x[2 * n + 1] = row[1];
        n++;
      }
      Predictive.Block block = p.block(n == BLOCK ? x : java.util.Arrays.copyOf(x, 2 * n), n, variance);
      for (int i = 0; i < n; i++) {
        sum += block.mean()[i] + (variance ? block.variance()[i] : 0.0);
      }
    }
    return List.of(sum).iterator();
  }

  private static Iterator<Double> scoreRows(Predictive p, Iterator<double[]> it, boolean variance) {
    double sum = 0.0;
    while (it.hasNext()) {
      double[] x = it.next();
      if (variance) {
        Predictive.Latent latent = p.at(x);
        sum += latent.mean() + latent.variance();
      } else {
        sum += p.mean(x);
      }
    }
    return List.of(sum).iterator();
  }

  private static double maxDifference(Predictive p, double[] rows, int n, boolean variance) {
    Predictive.Block block = p.block(java.util.Arrays.copyOf(rows, 2 * n), n, variance);
    double worst = 0.0;
    for (int i = 0; i < n; i++) {
      Predictive.Latent ref = p.at(new double[] {rows[2 * i], rows[2 * i + 1]});
      worst = Math.max(worst, Math.abs(block.mean()[i] - ref.mean()) / Math.max(1.0, Math.abs(ref.mean())));
      if (variance) {
        worst = Math.max(worst, Math.abs(block.variance()[i] - ref.variance())
            / Math.max(1.0, Math.abs(ref.variance())));
      }
    }
    return worst;
  }

  /** A bias and k − 1 RBF functions with random weights and a random dense positive-definite covariance. */
  private static Predictive randomPredictive(BasisFunctions basis, int k, SplittableRandom random) {
    int r = 64;
    double[] b = new double[k * r];
    for (int i = 0; i < b.length; i++) {
      b[i] = GridData.gaussian(random);
    }
    double[] sigma = new double[k * k];
    dev.ludovic.netlib.blas.BLAS.getInstance().dgemm("N", "T", k, k, r, 1.0 / r, b, k, b, k, 0.0, sigma, k);
    for (int i = 0; i < k; i++) {
      sigma[i * k + i] += 0.01 / k;
    }
    double[] w = new double[k];
    for (int a = 0; a < k; a++) {
      w[a] = GridData.gaussian(random) / Math.sqrt(k);
    }
    int[] active = new int[k];
    java.util.Arrays.setAll(active, a -> a);
    return new Predictive(basis, active, w, sigma);
  }

  private static double[] flatten(double[][] x) {
    int d = x[0].length;
    double[] out = new double[x.length * d];
    for (int i = 0; i < x.length; i++) {
      System.arraycopy(x[i], 0, out, i * d, d);
    }
    return out;
  }

  /** {@return the share of rows whose predicted class is not their label} */
  private static double testError(RvmModel model, Dataset<Row> rows) {
    return model.transform(rows).filter("prediction != label").count() / (double) rows.count();
  }

  /**
   * A variational ARD fit of the ESL mixture with 30 noise features (every training row a centre of the RBF per
   * dimension: 6,401 candidates), scored on 5,000 rows by transform (moderated: with the variance; map: without)
   * and evaluate, and row by row through the single-point API on a sample.
   */
  private static String variationalModel(SparkSession spark, Path data) {
    Table train = GridData.mixtureTrain(data, 30, 1);
    Table test = GridData.mixtureSample(data, 5000, 30, 2);
    long start = System.nanoTime();
    RvmModel model = new RvmEstimator().setFamily("bernoulli").setSolver("variational").setPrior("ard")
        .setKernel("rbf-per-dimension").setGamma(5.55).setMaxBasis(200).setMaxIter(6000)
        .fit(GridData.frame(spark, train, 2));
    double fitSeconds = (System.nanoTime() - start) / 1e9;
    Dataset<Row> rows = GridData.frame(spark, test, 2).persist(StorageLevel.MEMORY_ONLY());
    rows.count();
    model.setProbabilityMethod("moderated");
    long factorStart = System.nanoTime();
    model.transform(rows).select("probability").foreach(r -> { });
    double factorSeconds = (System.nanoTime() - factorStart) / 1e9;
    StringBuilder out = new StringBuilder("## The variational model of the ESL mixture with 30 noise features\n\n"
        + String.format(Locale.ROOT, "Variational ARD fit (bernoulli, kernel rbf-per-dimension, γ = 5.55, every one "
            + "of the 200 training rows a centre: 1 + 32 × 200 = 6,401 candidate basis functions), %.1f s; the "
            + "model keeps **%d** basis functions (relevance vectors and the bias) after pruning by E[precision] "
            + "(`Pruning.TOLERANCE` = %s: the logit and the moderated logit move by at most that at the 200 "
            + "candidate centres); its test error on the 5,000 rows (moderated) is **%.2f %%**. Scored on 5,000 rows from the "
            + "mixture (cached, 2 partitions), best of 3 runs, after a first transform with the variance, which "
            + "also factors Σ once per model (%.1f s in all; later transforms and evaluate reuse the factor):%n%n", fitSeconds,
            model.numRelevanceVectors() + (model.hasIntercept() ? 1 : 0),
            io.github.sparkrvm.variational.Pruning.TOLERANCE, 100.0 * testError(model, rows), factorSeconds));
    out.append("| what | probabilityMethod | seconds for 5,000 rows | rows/s |\n|---|---|---|---|\n");
    for (String method : new String[] {"moderated", "map"}) {
      model.setProbabilityMethod(method);
      double transform = time(() -> model.transform(rows).select("probability").foreach(r -> { }));
      double evaluate = time(() -> model.evaluate(rows));
      out.append(String.format(Locale.ROOT, "| transform | %s | %.2f | %,.0f |%n", method, transform,
          5000 / transform));
      out.append(String.format(Locale.ROOT, "| evaluate | %s | %.2f | %,.0f |%n", method, evaluate,
          5000 / evaluate));
    }
    // row by row: the single-point API, which evaluates Predictive.at per call (the old transform's arithmetic)
    model.setProbabilityMethod("moderated");
    List<Row> sample = rows.select("features").limit(200).collectAsList();
    List<Row> scored = model.transform(rows.limit(200)).select("probability").collectAsList();
    double worst = 0.0;
    long rowStart = System.nanoTime();
    for (int i = 0; i < sample.size(); i++) {
      double one = model.predictProbability((Vector) sample.get(i).getAs(0));
      worst = Math.max(worst, Math.abs(one - ((Vector) scored.get(i).getAs(0)).apply(1)));
    }
    double rowSeconds = (System.nanoTime() - rowStart) / 1e9;
    out.append(String.format(Locale.ROOT, "| row by row (`predictProbability`, one driver thread), %d rows | "
            + "moderated | %.2f (%.1f for 5,000 at this rate) | %,.0f |%n%n", sample.size(), rowSeconds,
        rowSeconds * 5000 / sample.size(), sample.size() / rowSeconds));
    out.append(String.format(Locale.ROOT, "Largest difference between transform's moderated P(1) and "
        + "`predictProbability`'s over those rows: %.1e.%n", worst));
    return out.toString();
  }
}
