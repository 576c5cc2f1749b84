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

import java.util.Arrays;

/**
 * Where a warm-started fit begins: the basis functions of an earlier fit, as candidate indices of this fit, with
 * their prior precisions α and posterior weights (per class for the softmax), and, for family gaussian, the noise
 * precision β. The solvers bind it with their options ({@code of(options, initial)}); a null one is a cold start.
 *
 * @param active per class (one entry for the single-output families), the candidate indices, ascending
 * @param alpha per class, their prior precisions (finite, positive)
 * @param weights per class, their weights (the start of a mode search; the gaussian solvers recompute them)
 * @param noisePrecision β of a gaussian fit, NaN otherwise
 */
public record InitialState(int[][] active, double[][] alpha, double[][] weights, double noisePrecision) {

  /**
   * Checks that the per-class parts agree.
   *
   * @param active per class (one entry for the single-output families), the candidate indices, ascending
   * @param alpha per class, their prior precisions (finite, positive)
   * @param weights per class, their weights
   * @param noisePrecision β of a gaussian fit, NaN otherwise
   */
  public InitialState {
    if (active.length == 0 || alpha.length != active.length || weights.length != active.length) {
      throw new IllegalArgumentException("InitialState: one active set, alpha and weight vector per class expected");
    }
    for (int p = 0; p < active.length; p++) {
      int k = active[p].length;
      if (alpha[p].length != k || weights[p].length != k) {
        throw new IllegalArgumentException("InitialState: class " + p + " has " + k + " basis functions but "
            + alpha[p].length + " alphas and " + weights[p].length + " weights");
      }
      for (int i = 0; i < k; i++) {
        if (active[p][i] < 0 || (i > 0 && active[p][i] <= active[p][i - 1])) {
          throw new IllegalArgumentException("InitialState: the candidates of class " + p + " must ascend");
        }
        if (!(alpha[p][i] > 0.0) || Double.isInfinite(alpha[p][i])) {
          throw new IllegalArgumentException("InitialState: alpha must be finite and positive; got " + alpha[p][i]);
        }
      }
    }
  }

  /**
   * {@return the start of a single-output fit (gaussian, bernoulli)}
   *
   * @param active the candidate indices, ascending
   * @param alpha their prior precisions
   * @param weights their weights
   * @param noisePrecision β of a gaussian fit, NaN otherwise
   */
  public static InitialState of(int[] active, double[] alpha, double[] weights, double noisePrecision) {
    return new InitialState(new int[][] {active}, new double[][] {alpha}, new double[][] {weights}, noisePrecision);
  }

  /** {@return the number of classes the state has a part for (1 for the single-output families)} */
  public int numClasses() {
    return active.length;
  }

  /** {@return the number of (class, basis function) pairs} */
  public int size() {
    return Arrays.stream(active).mapToInt(a -> a.length).sum();
  }

  /**
   * {@return the state of a single-output fit over {@code numCandidates} candidates, checked}
   *
   * @param numCandidates the candidates of the fit
   */
  int[] singleActive(int numCandidates) {
    if (numClasses() != 1) {
      throw new IllegalArgumentException("a single-output fit cannot start from the " + numClasses() + " classes of "
          + "a multi-class model");
    }
    return checked(active[0], numCandidates);
  }

  /**
   * {@return the flat, class-major candidate indices p·M + i of every (class p, candidate i) pair (the layout of
   * the softmax solvers)}
   *
   * @param numClasses K, which the state must match
   * @param numCandidates M, the candidates per class
   */
  int[] flatActive(int numClasses, int numCandidates) {
    if (numClasses() != numClasses) {
      throw new IllegalArgumentException("a fit of " + numClasses + " classes cannot start from a state of "
          + numClasses() + " classes");
    }
    int[] flat = new int[size()];
    int at = 0;
    for (int p = 0; p < numClasses; p++) {
      for (int i : checked(active[p], numCandidates)) {
        flat[at++] = p * numCandidates + i;
      }
    }
    return flat;
  }

  /** {@return α of every (class, basis function) pair, class-major} */
  double[] flatAlpha() {
    return flat(alpha);
  }

  /** {@return the weight of every (class, basis function) pair, class-major} */
  double[] flatWeights() {
    return flat(weights);
  }

  private static double[] flat(double[][] perClass) {
    return Arrays.stream(perClass).flatMapToDouble(Arrays::stream).toArray();
  }

  private static int[] checked(int[] candidates, int numCandidates) {
    for (int i : candidates) {
      if (i >= numCandidates) {
        throw new IllegalArgumentException("InitialState: candidate " + i + " of a fit of " + numCandidates
            + " candidates");
      }
    }
    return candidates;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof InitialState s && Arrays.deepEquals(active, s.active) && Arrays.deepEquals(alpha, s.alpha)
        && Arrays.deepEquals(weights, s.weights) && Double.compare(noisePrecision, s.noisePrecision) == 0;
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(active) * 31 + Double.hashCode(noisePrecision);
  }

  @Override
  public String toString() {
    return "InitialState[" + size() + " (class, basis function) pairs, beta " + noisePrecision + "]";
  }
}
