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

/**
 * The binary fit's posterior averaged over two priors on its support, by {@link SupportPriorAverage}'s algorithm
 * itself: the binary fit under the support prior ({@link SupportPrior#candidates}) and under ARD alone, weighted
 * 1 − λ and λ, moment-matched into one Gaussian over the union of the kept basis functions, its covariance scaled by
 * c, with λ and c chosen by cross-fitting on the training rows.
 *
 * <p>A binary fit is the two-class softmax whose class 0 scores 0 and whose class 1 scores the binary latent f: the
 * two-class softmax of (0, f) is σ(f), and its moderated probability is MacKay's binary one exactly (the contrast
 * of the two scores is f, of variance v = φᵀΣφ: σ(m/√(1 + πv/8)), what {@code predict.Predictive} gives the
 * model). So the binary fit is read as that softmax, averaged and chosen there, and read back: class 1's kept basis
 * functions, weights, α and covariance are the binary posterior's (benchmarks/results/categorical-one-hot.md).
 */
public final class BinarySupportPriorAverage {

  private BinarySupportPriorAverage() {}

  /**
   * {@return the solver that fits {@code underPrior} and {@code ardAlone} on the data, chooses λ and c by
   * cross-fitting both, and returns their average with its covariance scaled by c ({@link SupportPriorAverage#of})}
   *
   * @param underPrior the binary fit under the support prior
   * @param ardAlone the same fit under ARD alone
   */
  public static RelevanceSolver<RelevanceFit> of(RelevanceSolver<RelevanceFit> underPrior,
      RelevanceSolver<RelevanceFit> ardAlone) {
    RelevanceSolver<MultiClassFit> averaged = SupportPriorAverage.of(asSoftmax(underPrior), asSoftmax(ardAlone));
    return (data, listener) -> asBinary(averaged.fit(data, listener));
  }

  /** {@return the solver whose fit is {@code binary}'s read as the two-class softmax whose class 0 scores 0} */
  private static RelevanceSolver<MultiClassFit> asSoftmax(RelevanceSolver<RelevanceFit> binary) {
    return (data, listener) -> asSoftmax(binary.fit(data, listener));
  }

  /** {@return {@code fit} as the two-class softmax whose class 0 keeps nothing and class 1 is the binary fit} */
  static MultiClassFit asSoftmax(RelevanceFit fit) {
    return new MultiClassFit(new int[][] {{}, fit.active()}, new double[][] {{}, fit.weights()},
        new double[][] {{}, fit.alpha()}, fit.covariance(), fit.iterations(), fit.converged(),
        fit.logMarginalLikelihoods(), fit.activeCounts(), fit.likelihoodPasses());
  }

  /** {@return the binary fit that is class 1 of {@code fit}, a two-class softmax whose class 0 keeps nothing} */
  static RelevanceFit asBinary(MultiClassFit fit) {
    if (fit.numClasses() != 2 || fit.active()[0].length != 0) {
      throw new IllegalArgumentException("a binary fit is a two-class softmax whose class 0 keeps nothing; got "
          + fit.numClasses() + " classes and " + fit.active()[0].length + " basis functions in class 0");
    }
    return new RelevanceFit(fit.active()[1], fit.weights()[1], fit.alpha()[1], fit.covariance(), Double.NaN,
        fit.iterations(), fit.converged(), fit.logMarginalLikelihoods(), fit.activeCounts(), fit.likelihoodPasses());
  }
}
