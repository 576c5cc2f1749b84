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

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.datasets.Datasets;
import io.github.sparkrvm.datasets.Table;
import io.github.sparkrvm.solvers.BernoulliRelevanceSolver;
import io.github.sparkrvm.solvers.FastBernoulliSolver;
import io.github.sparkrvm.solvers.FitStart;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.RelevanceSolver;
import io.github.sparkrvm.solvers.SparseBayesOptions;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fast binary classifier against solver em and dlib's RVM on every binary set of the model-quality benchmark
 * ({@link ModelQuality#problems}), on the same seeded splits and files, with the solvers run on the driver's design
 * (the RBF kernel of the set's γ on every training row, and a bias: what the estimator fits at these sizes with
 * standardization off, the files being scaled). {@code fast} is the estimator's default on the driver (two paths,
 * {@code FastBernoulliSolver.twoPaths}); {@code one path} is the fast path alone (the default before issue 42). Writes
 * {@code benchmarks/results/fast-classifier-quality.md}: per set the mean test error, relevance vectors, final log
 * marginal likelihood and fit seconds of each, issue 42's bars (fast at most em's and dlib's error + 0.5 points, with
 * at most 1.25 × the fewer of their vectors + 2), and every split's figures.
 *
 * <p>Run: {@code benchmarks/dlib/build.sh && mvn -B -q -pl benchmarks exec:exec@fastquality} (arguments: SPLITS, a
 * comma-separated list of sets or {@code all}).
 */
public final class FastClassifierQuality {

  private FastClassifierQuality() {}

  /** One solver's result on one split. */
  record Result(double error, int vectors, double logEvidence, double seconds) {}

  /** {@return the design of {@code train}: an RBF kernel of width {@code gamma} on every row, and a bias} */
  static BasisFunctions basis(Table train, double gamma) {
    int d = train.x()[0].length;
    double[] centres = new double[train.size() * d];
    for (int i = 0; i < train.size(); i++) {
      System.arraycopy(train.x()[i], 0, centres, i * d, d);
    }
    return BasisFunctions.kernel(new Kernel.Rbf(gamma), true, d, centres);
  }

  /** {@return the statistics seam over {@code train}'s design on {@code basis}, held in memory} */
  static LocalStatistics statistics(BasisFunctions basis, Table train) {
    int n = train.size();
    int m = basis.numCandidates();
    double[] phi = new double[n * m];
    for (int j = 0; j < m; j++) {
      for (int i = 0; i < n; i++) {
        phi[j * n + i] = basis.value(j, train.x()[i]);
      }
    }
    double[] weights = new double[n];
    Arrays.fill(weights, 1.0);
    return new LocalStatistics(List.of(new LocalStatistics.ExpandedBlock(n, phi, train.t().clone(), weights)), m);
  }

  /** {@return the test error of {@code fit}: the sign of its linear predictor against the labels} */
  static double error(RelevanceFit fit, BasisFunctions basis, Table test) {
    int wrong = 0;
    for (int i = 0; i < test.size(); i++) {
      double eta = 0.0;
      for (int a = 0; a < fit.active().length; a++) {
        eta += fit.weights()[a] * basis.value(fit.active()[a], test.x()[i]);
      }
      wrong += (eta > 0.0 ? 1.0 : 0.0) != test.t()[i] ? 1 : 0;
    }
    return (double) wrong / test.size();
  }

  /** {@return the relevance vectors of {@code fit}: its basis functions but the bias} */
  static int vectors(RelevanceFit fit, BasisFunctions basis) {
    int v = 0;
    for (int j : fit.active()) {
      v += basis.isBias(j) ? 0 : 1;
    }
    return v;
  }

  static Result run(RelevanceSolver<RelevanceFit> solver, BasisFunctions basis, Table train, Table test) {
    LocalStatistics stats = statistics(basis, train);
    Machine.Timed<RelevanceFit> timed = Machine.timed(() -> solver.fit(stats, IterationListener.none()));
    RelevanceFit fit = timed.value();
    double seconds = timed.seconds();
    double[] history = fit.logMarginalLikelihoods();
    return new Result(error(fit, basis, test), vectors(fit, basis), history[history.length - 1], seconds);
  }

  /** The solvers compared, by name. */
  static Map<String, RelevanceSolver<RelevanceFit>> solvers() {
    SparseBayesOptions options = SparseBayesOptions.defaults();
    Map<String, RelevanceSolver<RelevanceFit>> solvers = new LinkedHashMap<>();
    solvers.put("fast", FastBernoulliSolver.twoPaths(options, LaplaceLikelihood.BERNOULLI));
    solvers.put("one path", FastBernoulliSolver.of(options));
    solvers.put("em", BernoulliRelevanceSolver.of(options, LaplaceLikelihood.BERNOULLI, new FitStart.Cold()));
    return solvers;
  }

  public static void main(String[] args) throws Exception {
    int splits = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    String only = args.length > 1 ? args[1] : "all";
    Path root = DlibReference.projectRoot();
    Path binary = DlibReference.binary(root);
    Path work = Files.createDirectories(root.resolve("benchmarks/target/fast-quality"));
    Map<String, RelevanceSolver<RelevanceFit>> solvers = solvers();
    List<String> names = new ArrayList<>(solvers.keySet());
    if (binary != null) {
      names.add("dlib");
    }
    StringBuilder summary = new StringBuilder("| set | " + String.join(" | ", names.stream()
        .map(n -> n + ": error / vectors / log ML / s").toList()) + " | fast vs the bars |\n|---|"
        + "---|".repeat(names.size() + 1) + "\n");
    StringBuilder details = new StringBuilder();
    for (ModelQuality.Problem p : ModelQuality.problems(root.resolve("data"))) {
      if (p.task() != ModelQuality.Task.BINARY
          || (!only.equals("all") && !Arrays.asList(only.split(",")).contains(p.name()))) {
        continue;
      }
      double[][] error = new double[names.size()][splits];
      double[][] vectors = new double[names.size()][splits];
      double[][] evidence = new double[names.size()][splits];
      double[][] seconds = new double[names.size()][splits];
      details.append(String.format("%n### %s%n%n| split | %s |%n|---|%s%n", p.name(), String.join(" | ",
          names.stream().map(n -> n + ": error / vectors / log ML / s").toList()), "---|".repeat(names.size())));
      for (int s = 0; s < splits; s++) {
        long seed = s + 1;
        ModelQuality.Split split = p.splits().split(seed);
        Path dir = Files.createDirectories(work.resolve(p.name() + "/" + seed));
        Path trainCsv = dir.resolve("train.csv");
        Path testCsv = dir.resolve("test.csv");
        DlibReference.writeCsv(split.train(), trainCsv);
        DlibReference.writeCsv(split.test(), testCsv);
        Table train = Datasets.csv(trainCsv, true);
        Table test = Datasets.csv(testCsv, true);
        BasisFunctions basis = basis(train, p.gamma());
        StringBuilder row = new StringBuilder("| " + seed);
        for (int k = 0; k < names.size(); k++) {
          String name = names.get(k);
          Result r;
          if (name.equals("dlib")) {
            DlibReference.Result d = DlibReference.run(binary, "binary", p.gamma(), trainCsv, testCsv, 600)
                .orElseThrow();
            r = new Result(d.loss(), d.vectors(), Double.NaN, d.seconds());
          } else {
            r = run(solvers.get(name), basis, train, test);
          }
          error[k][s] = r.error();
          vectors[k][s] = r.vectors();
          evidence[k][s] = r.logEvidence();
          seconds[k][s] = r.seconds();
          row.append(String.format(Locale.ROOT, " | %.2f %% / %d / %.3f / %.2f", 100 * r.error(), r.vectors(),
              r.logEvidence(), r.seconds()));
        }
        details.append(row).append(" |\n");
        System.err.println(p.name() + " " + row);
      }
      StringBuilder line = new StringBuilder("| " + p.name());
      double[] meanError = new double[names.size()];
      double[] meanVectors = new double[names.size()];
      for (int k = 0; k < names.size(); k++) {
        meanError[k] = Arrays.stream(error[k]).average().orElseThrow();
        meanVectors[k] = Arrays.stream(vectors[k]).average().orElseThrow();
        line.append(String.format(Locale.ROOT, " | %.2f %% / %.1f / %.2f / %.2f", 100 * meanError[k],
            meanVectors[k], Arrays.stream(evidence[k]).average().orElseThrow(),
            Arrays.stream(seconds[k]).average().orElseThrow()));
      }
      line.append(" | ").append(verdict(names, meanError, meanVectors)).append(" |\n");
      summary.append(line);
      System.err.print(line);
    }
    String report = "# The fast binary classifier against em and dlib (issue 42)\n\n"
        + String.format("Each binary set of the model-quality benchmark over %d seeded splits (seeds 1 to %d; "
            + "the sets, splits and γ of `benchmarks/results/model-quality.md`). spark-rvm's solvers run on the "
            + "driver's design (RBF kernel on every training row and a bias, as the estimator fits these sizes), "
            + "every setting at the estimator's default: `fast` is the default binary classifier on the driver (two "
            + "paths: its own, and em over a shortlist from where it ended; the higher evidence kept), `one path` "
            + "the fast path alone (the default before issue 42), `em` Tipping's em. dlib: `rvm_trainer` at its "
            + "defaults on the same CSV files. Cells: mean test error / mean relevance vectors / mean final log "
            + "marginal likelihood / mean fit seconds (wall clock; dlib's from its own process). Bars (issue 42): "
            + "fast's error at most each of em's and dlib's + 0.5 points, its vectors at most 1.25 × the fewer "
            + "of theirs + 2.%n%n", splits, splits)
        + "Command: `benchmarks/dlib/build.sh && mvn -B -q -pl benchmarks exec:exec@fastquality "
        + "-Dbenchmark.args=\"" + splits + " " + only + "\"`\n\n## Machine\n\n" + Machine.describe()
        + "- the machine was shared with other work: compare seconds within a row only\n\n## Results\n\n"
        + summary + "\n## Every split\n" + details;
    Files.writeString(Machine.result("fast-classifier-quality.md"), report);
    System.out.println(summary);
  }

  /** Issue 42's bars for the first solver (fast) against em and dlib. */
  private static String verdict(List<String> names, double[] error, double[] vectors) {
    List<String> misses = new ArrayList<>();
    double fewest = Double.POSITIVE_INFINITY;
    for (String peer : new String[] {"em", "dlib"}) {
      int k = names.indexOf(peer);
      if (k < 0) {
        continue;
      }
      fewest = Math.min(fewest, vectors[k]);
      if (error[0] > error[k] + 0.005) {
        misses.add(String.format(Locale.ROOT, "error %+.2f points vs %s", 100 * (error[0] - error[k]), peer));
      }
    }
    if (vectors[0] > 1.25 * fewest + 2) {
      misses.add(String.format(Locale.ROOT, "%.1f vectors > 1.25 × %.1f + 2", vectors[0], fewest));
    }
    return misses.isEmpty() ? "meets the bars" : "**misses: " + String.join("; ", misses) + "**";
  }
}
