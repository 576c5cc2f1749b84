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

package io.github.sparkrvm.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.linalg.ClassLayout;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Block scoring ({@link Predictive#block}, {@link MultiClassPredictive#block}) against the row-by-row reference
 * ({@link Predictive#at}, {@link MultiClassPredictive#at}) on random models: every family's outputs agree to 1e-12
 * relative (absolute for values below 1: a mean near 0 is a sum of terms near 1 whose order differs, so its
 * rounding is relative to them, not to the sum).
 */
class BlockScoringTest {

  private static final double RELATIVE = 1e-12;
  private static final int DIM = 3;

  private static void close(double expected, double actual, String what) {
    double scale = Math.max(1.0, Math.max(Math.abs(expected), Math.abs(actual)));
    assertTrue(Math.abs(expected - actual) <= RELATIVE * scale,
        what + ": block " + actual + " against row by row " + expected);
  }

  private static double[] randomRows(Random r, int n) {
    double[] x = new double[n * DIM];
    for (int i = 0; i < x.length; i++) {
      x[i] = r.nextGaussian();
    }
    return x;
  }

  private static double[] row(double[] rows, int i) {
    return java.util.Arrays.copyOfRange(rows, i * DIM, (i + 1) * DIM);
  }

  /** A random symmetric positive-definite k × k matrix A Aᵀ / k + δ I (column-major). */
  private static double[] randomCovariance(Random r, int k, double scale) {
    double[] a = new double[k * k];
    for (int i = 0; i < a.length; i++) {
      a[i] = r.nextGaussian();
    }
    double[] c = new double[k * k];
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        double sum = 0.0;
        for (int l = 0; l < k; l++) {
          sum += a[l * k + i] * a[l * k + j];
        }
        c[j * k + i] = scale * (sum / k + (i == j ? 0.1 : 0.0));
      }
    }
    return c;
  }

  private static BasisFunctions rbf(Random r, int centres) {
    return BasisFunctions.kernel(Kernel.of("rbf", 0.5, 3, 1.0), true, DIM, randomRows(r, centres));
  }

  private static int[] randomActive(Random r, int candidates, int k) {
    return r.ints(0, candidates).distinct().limit(k).sorted().toArray();
  }

  private static Predictive randomPredictive(Random r, BasisFunctions basis, int[] active, double[] covariance) {
    double[] w = new double[active.length];
    for (int a = 0; a < w.length; a++) {
      w[a] = r.nextGaussian();
    }
    return new Predictive(basis, active, w, covariance);
  }

  @Test
  void binaryFamiliesMatchRowByRow() {
    Random r = new Random(1);
    for (int k : new int[] {1, 7, 40, 300}) {
      BasisFunctions basis = rbf(r, 400);
      int[] active = randomActive(r, basis.numCandidates(), k);
      Predictive p = randomPredictive(r, basis, active, randomCovariance(r, k, 0.3));
      int n = 257;
      double[] rows = randomRows(r, n);
      Predictive.Block block = p.block(rows, n, true);
      Predictive.Block means = p.block(rows, n, false);
      assertNull(means.variance());
      double beta = 4.0;
      for (int i = 0; i < n; i++) {
        Predictive.Latent ref = p.at(row(rows, i));
        Predictive.Latent got = block.latent(i);
        close(ref.mean(), got.mean(), "mean, k " + k);
        close(ref.mean(), means.mean()[i], "mean alone, k " + k);
        close(p.mean(row(rows, i)), means.mean()[i], "Predictive.mean, k " + k);
        // gaussian: the predictive variance 1/β + φᵀΣφ
        close(1.0 / beta + ref.variance(), 1.0 / beta + got.variance(), "gaussian variance, k " + k);
        // bernoulli: the moderated probability of class 1
        close(1.0 / (1.0 + Math.exp(-ref.moderatedLogit())), 1.0 / (1.0 + Math.exp(-got.moderatedLogit())),
            "moderated probability, k " + k);
        // poisson: the mean count and its variance
        close(ref.poissonMean(), got.poissonMean(), "poisson mean, k " + k);
        close(ref.poissonVariance(), got.poissonVariance(), "poisson variance, k " + k);
      }
    }
  }

  @Test
  void latentVarianceMatchesToRelativeTolerance() {
    Random r = new Random(2);
    int k = 60;
    BasisFunctions basis = rbf(r, 100);
    Predictive p = randomPredictive(r, basis, randomActive(r, basis.numCandidates(), k),
        randomCovariance(r, k, 1.0));
    double[] rows = randomRows(r, 100);
    Predictive.Block block = p.block(rows, 100, true);
    for (int i = 0; i < 100; i++) {
      close(p.at(row(rows, i)).variance(), block.variance()[i], "latent variance");
    }
  }

  @Test
  void covarianceWithoutFactorFallsBackToSigma() {
    Random r = new Random(3);
    int k = 20;
    BasisFunctions basis = rbf(r, 50);
    // Σ = v vᵀ: positive semi-definite of rank 1, no Cholesky factor
    double[] v = new double[k];
    for (int a = 0; a < k; a++) {
      v[a] = r.nextGaussian();
    }
    double[] sigma = new double[k * k];
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        sigma[j * k + i] = v[i] * v[j];
      }
    }
    assertNull(BlockAlgebra.factor(sigma, k));
    Predictive p = randomPredictive(r, basis, randomActive(r, basis.numCandidates(), k), sigma);
    double[] rows = randomRows(r, 64);
    Predictive.Block block = p.block(rows, 64, true);
    for (int i = 0; i < 64; i++) {
      close(p.at(row(rows, i)).variance(), block.variance()[i], "variance through Σ");
    }
  }

  @Test
  void linearBasisWithBias() {
    Random r = new Random(4);
    BasisFunctions basis = BasisFunctions.linear(true, DIM);
    int[] active = {0, 1, 3};
    Predictive p = randomPredictive(r, basis, active, randomCovariance(r, 3, 1.0));
    double[] rows = randomRows(r, 10);
    Predictive.Block block = p.block(rows, 10, true);
    for (int i = 0; i < 10; i++) {
      Predictive.Latent ref = p.at(row(rows, i));
      close(ref.mean(), block.mean()[i], "linear mean");
      close(ref.variance(), block.variance()[i], "linear variance");
    }
  }

  @Test
  void multinomialMatchesRowByRow() {
    Random r = new Random(5);
    BasisFunctions basis = rbf(r, 80);
    int[] union = randomActive(r, basis.numCandidates(), 30);
    int classes = 4;
    int[][] positions = new int[classes][];
    double[][] weights = new double[classes][];
    for (int p = 0; p < classes; p++) {
      positions[p] = randomActive(r, union.length, p == 3 ? 1 : 5 + 3 * p);
      weights[p] = r.doubles(positions[p].length).map(w -> 4.0 * w - 2.0).toArray();
    }
    int dim = ClassLayout.offsets(positions)[classes];
    for (double[] covariance : new double[][] {randomCovariance(r, dim, 0.5), singular(r, dim)}) {
      MultiClassPredictive m = new MultiClassPredictive(basis, union, positions, weights, covariance);
      int n = 130;
      double[] rows = randomRows(r, n);
      MultiClassPredictive.Latents[] block = m.block(rows, n, true);
      MultiClassPredictive.Latents[] means = m.block(rows, n, false);
      for (int i = 0; i < n; i++) {
        MultiClassPredictive.Latents ref = m.at(row(rows, i));
        for (int p = 0; p < classes; p++) {
          close(ref.mean()[p], block[i].mean()[p], "class mean");
          close(ref.mean()[p], means[i].mean()[p], "class mean alone");
        }
        for (int c = 0; c < classes * classes; c++) {
          assertEquals(0.0, means[i].covariance()[c]);
          close(ref.covariance()[c], block[i].covariance()[c], "class covariance " + c);
        }
        for (boolean moderated : new boolean[] {true, false}) {
          ClassScores refSoftmax = ClassScores.softmax(ref, moderated);
          ClassScores gotSoftmax = ClassScores.softmax(moderated ? block[i] : means[i], moderated);
          ClassScores refOvr = ClassScores.oneVsRest(ref, moderated);
          ClassScores gotOvr = ClassScores.oneVsRest(moderated ? block[i] : means[i], moderated);
          for (int p = 0; p < classes; p++) {
            close(refSoftmax.probability()[p], gotSoftmax.probability()[p], "softmax probability");
            close(refOvr.probability()[p], gotOvr.probability()[p], "one-vs-rest probability");
            close(refOvr.raw()[p], gotOvr.raw()[p], "one-vs-rest raw");
          }
        }
      }
    }
  }

  /** A positive semi-definite matrix of rank 2 (no Cholesky factor). */
  private static double[] singular(Random r, int k) {
    double[] u = r.doubles(k).toArray();
    double[] v = r.doubles(k).toArray();
    double[] c = new double[k * k];
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        c[j * k + i] = u[i] * u[j] + v[i] * v[j];
      }
    }
    return c;
  }
}
