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

import java.util.List;

/**
 * Softmax fits over one design whose predictive distributions are mixed with the given shares: the model's class
 * probabilities at a point are Σ_f s_f P_f(class), each P_f the moderated softmax of fit f's Gaussian
 * ({@link io.github.sparkrvm.predict.MultiClassMixture}). Unlike {@link PosteriorMixture}, which moment-matches fits
 * into one Gaussian, this keeps each fit's own.
 *
 * @param fits the components, each over the candidates of the design (their nested {@code predictive} null)
 * @param shares their shares, each in (0, 1], summing to 1 (within 1e-9)
 */
public record PredictiveMixture(List<MultiClassFit> fits, double[] shares) {

  /** Checks the shares. */
  public PredictiveMixture {
    fits = List.copyOf(fits);
    if (fits.isEmpty() || fits.size() != shares.length) {
      throw new IllegalArgumentException("a predictive mixture needs one share per fit; got " + fits.size()
          + " fits and " + shares.length + " shares");
    }
    double total = 0.0;
    for (int f = 0; f < shares.length; f++) {
      if (!(shares[f] > 0.0 && shares[f] <= 1.0)) {
        throw new IllegalArgumentException("the share of a fit in a predictive mixture must be in (0, 1]; got "
            + shares[f]);
      }
      if (fits.get(f).numClasses() != fits.get(0).numClasses()) {
        throw new IllegalArgumentException("cannot mix fits of " + fits.get(0).numClasses() + " and "
            + fits.get(f).numClasses() + " classes");
      }
      total += shares[f];
    }
    if (Math.abs(total - 1.0) > 1e-9) {
      throw new IllegalArgumentException("the shares of a predictive mixture must sum to 1; got " + total);
    }
  }

  /** {@return the number of distinct (class, candidate) pairs the components keep} */
  public int distinctPairs() {
    int classes = fits.get(0).numClasses();
    int n = 0;
    for (int p = 0; p < classes; p++) {
      int cls = p;
      n += (int) fits.stream().flatMapToInt(f -> java.util.Arrays.stream(f.active()[cls])).distinct().count();
    }
    return n;
  }
}
