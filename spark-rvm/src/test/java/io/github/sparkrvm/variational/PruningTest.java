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

package io.github.sparkrvm.variational;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.predict.Predictive;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.SparseBayesOptions;
import io.github.sparkrvm.solvers.VariationalFit;
import io.github.sparkrvm.statistics.InMemoryStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Pruning a variational fit by E[precision] ({@link Pruning#kept}): fewer basis functions, and predictions that move
 * by no more than the stated tolerance of their scale (1e-3 on Ripley's classification; 1e-2 on the noisy
 * sinc, where 1e-3 keeps all 101; the default {@link Pruning#TOLERANCE}, 1e-6, keeps every function of both) (Σ|μᵢ| for the latent mean, Σ|Σᵢⱼ| for its variance).
 */
class PruningTest {

  private static double[] ones(int n) {
    double[] w = new double[n];
    Arrays.fill(w, 1.0);
    return w;
  }

  @Test
  void sincRegressionKeepsFewerFunctionsAndTheSamePredictions() {
    TestData.Table train = TestData.noisySinc(100, 0.1, 1);
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(0.25), true, 1, TestData.flatten(train.x()));
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), ones(100));
    VariationalFit fit = VariationalSolver.fitGaussian(stats.gaussian(),
        new SparseBayesOptions(2000, 1e-3, 1e9, 1e-6, 1e-6, 1), new PriorTable(WeightPrior.Structure.ARD, 100, 1, true),
        IterationListener.none());
    check("sinc", basis, fit.posterior(), TestData.sincGrid(1000).x(), 1e-2);
  }

  @Test
  void ripleyClassificationKeepsFewerFunctionsAndTheSamePredictions() {
    TestData.Table train = TestData.ripley("tr");
    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2, TestData.flatten(train.x()));
    InMemoryStatistics stats = InMemoryStatistics.of(basis, train.x(), train.t(), ones(train.size()));
    VariationalFit fit = VariationalSolver.fitBernoulli(stats, new SparseBayesOptions(500, 1e-3, 1e9, 1e-6, 1e-6, 1),
        new PriorTable(WeightPrior.Structure.ARD, 250, 1, true), IterationListener.none());
    check("ripley", basis, fit.posterior(), TestData.ripley("te").x(), 1e-3);
  }

  private static void check(String name, BasisFunctions basis, RelevanceFit fit, double[][] points,
      double tolerance) {
    int m = fit.active().length;
    int[] all = IntStream.range(0, m).toArray();
    int[] kept = Pruning.kept(all, fit.alpha(), fit.weights(), fit.covariance(), tolerance);
    assertTrue(kept.length < m, name + ": " + kept.length + " of " + m + " kept");
    // a looser tolerance keeps fewer, and never more
    int[] looser = Pruning.kept(all, fit.alpha(), fit.weights(), fit.covariance(), 0.1);
    assertTrue(looser.length < kept.length, name + ": " + looser.length + " kept at 0.1, " + kept.length + " at "
        + tolerance);
    int[] byDefault = Pruning.kept(all, fit.alpha(), fit.weights(), fit.covariance(), Pruning.TOLERANCE);
    assertTrue(byDefault.length >= kept.length, name + ": the default tolerance keeps at least as many");
    int k = kept.length;
    double[] covariance = new double[k * k];
    for (int b = 0; b < k; b++) {
      for (int a = 0; a < k; a++) {
        covariance[b * k + a] = fit.covariance()[kept[b] * m + kept[a]];
      }
    }
    Predictive full = new Predictive(basis, fit.active(), fit.weights(), fit.covariance());
    Predictive pruned = new Predictive(basis, Arrays.stream(kept).map(i -> fit.active()[i]).toArray(),
        Arrays.stream(kept).mapToDouble(i -> fit.weights()[i]).toArray(), covariance);
    double meanScale = Arrays.stream(fit.weights()).map(Math::abs).sum();
    double varianceScale = Arrays.stream(fit.covariance()).map(Math::abs).sum();
    double meanChange = 0.0;
    double varianceChange = 0.0;
    for (double[] x : points) {
      Predictive.Latent before = full.at(x);
      Predictive.Latent after = pruned.at(x);
      meanChange = Math.max(meanChange, Math.abs(before.mean() - after.mean()));
      varianceChange = Math.max(varianceChange, Math.abs(before.variance() - after.variance()));
    }
    System.out.printf("%s: %d of %d basis functions kept; largest change of the latent mean %.3g (%.3g of its "
        + "scale), of the latent variance %.3g (%.3g of its scale)%n", name, k, m, meanChange,
        meanChange / meanScale, varianceChange, varianceChange / varianceScale);
    assertTrue(meanChange <= tolerance * meanScale, name + ": mean moved by " + meanChange);
    assertTrue(varianceChange <= tolerance * varianceScale, name + ": variance moved by " + varianceChange);
  }
}
