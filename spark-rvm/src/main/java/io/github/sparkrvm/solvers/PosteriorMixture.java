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

package io.github.sparkrvm.solvers;

import io.github.sparkrvm.linalg.ClassLayout;
import java.util.Arrays;
import java.util.List;

/**
 * Several softmax posteriors over one design averaged into one Gaussian over the weights: the mean and covariance of
 * their mixture (moment matching), so that the average is a fit like any other (one model, the moderated softmax for
 * its probabilities). A pair a fit does not keep has α = ∞ there, a posterior that is the point 0, so over the union
 * of the kept pairs, class by class, the mixture with shares s_f has the mean w̄ = Σ s_f w_f and the covariance
 * Σ s_f (Σ_f + w_f w_fᵀ) − w̄ w̄ᵀ, each fit's vectors and matrices padded with zeros. Each kept pair's α is the one the
 * classic (EM) update takes from the averaged posterior, 1/(w̄ᵢ² + Σᵢᵢ). The fits' traces follow each other in the
 * order given, and their steps and passes add.
 */
public final class PosteriorMixture {

  private PosteriorMixture() {}

  /**
   * {@return the Gaussian with the mean and covariance of the mixture of {@code fits} with the given shares: a fit of
   * share 1 is returned itself (with the traces, steps and passes of all of them)}
   *
   * @param fits fits over the same candidates and classes
   * @param shares their weights in the mixture, each in [0, 1], summing to 1 (within 1e-9)
   */
  public static MultiClassFit of(List<MultiClassFit> fits, double[] shares) {
    if (fits.isEmpty() || fits.size() != shares.length) {
      throw new IllegalArgumentException("a mixture needs one share per fit; got " + fits.size() + " fits and "
          + shares.length + " shares");
    }
    int classes = fits.get(0).numClasses();
    double total = 0.0;
    for (int f = 0; f < shares.length; f++) {
      if (fits.get(f).numClasses() != classes) {
        throw new IllegalArgumentException("cannot average fits of " + classes + " and " + fits.get(f).numClasses()
            + " classes");
      }
      if (!(shares[f] >= 0.0 && shares[f] <= 1.0)) {
        throw new IllegalArgumentException("the share of a fit in a mixture must be in [0, 1]; got " + shares[f]);
      }
      total += shares[f];
    }
    if (Math.abs(total - 1.0) > 1e-9) {
      throw new IllegalArgumentException("the shares of a mixture must sum to 1; got " + total);
    }
    double[] trace = fits.stream().flatMapToDouble(f -> Arrays.stream(f.logMarginalLikelihoods())).toArray();
    int[] counts = fits.stream().flatMapToInt(f -> Arrays.stream(f.activeCounts())).toArray();
    int steps = fits.stream().mapToInt(MultiClassFit::iterations).sum();
    boolean converged = fits.stream().allMatch(MultiClassFit::converged);
    int passes = fits.stream().mapToInt(MultiClassFit::likelihoodPasses).sum();
    for (int f = 0; f < shares.length; f++) {
      if (shares[f] == 1.0) {
        MultiClassFit one = fits.get(f);
        return new MultiClassFit(one.active(), one.weights(), one.alpha(), one.covariance(), steps, converged, trace,
            counts, passes);
      }
    }
    int[][] union = new int[classes][];
    for (int p = 0; p < classes; p++) {
      int cls = p;
      union[p] = fits.stream().flatMapToInt(f -> Arrays.stream(f.active()[cls])).distinct().sorted().toArray();
    }
    int k = ClassLayout.dim(union);
    double[] mean = new double[k];
    double[] covariance = new double[k * k];
    for (int f = 0; f < shares.length; f++) {
      MultiClassFit fit = fits.get(f);
      double share = shares[f];
      if (share == 0.0) {
        continue;
      }
      int[] at = positions(fit.active(), union);
      double[] w = ClassLayout.concat(fit.weights());
      int n = at.length;
      for (int c = 0; c < n; c++) {
        mean[at[c]] += share * w[c];
        for (int r = 0; r < n; r++) {
          covariance[at[c] * k + at[r]] += share * (fit.covariance()[c * n + r] + w[r] * w[c]);
        }
      }
    }
    double[] alpha = new double[k];
    for (int c = 0; c < k; c++) {
      for (int r = 0; r < k; r++) {
        covariance[c * k + r] -= mean[r] * mean[c];
      }
      alpha[c] = 1.0 / (mean[c] * mean[c] + covariance[c * k + c]);
    }
    return new MultiClassFit(union, ClassLayout.split(mean, union), ClassLayout.split(alpha, union), covariance,
        steps, converged, trace, counts, passes);
  }

  /** {@return the flat position in {@code union} of each of {@code active}'s pairs, in its flat order} */
  private static int[] positions(int[][] active, int[][] union) {
    int[] offsets = ClassLayout.offsets(union);
    int[] at = new int[ClassLayout.dim(active)];
    int i = 0;
    for (int p = 0; p < active.length; p++) {
      for (int c : active[p]) {
        at[i++] = offsets[p] + Arrays.binarySearch(union[p], c);
      }
    }
    return at;
  }
}
