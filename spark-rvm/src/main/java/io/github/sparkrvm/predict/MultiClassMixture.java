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

import java.io.Serializable;

/**
 * A mixture of softmax posterior predictives: at a point, the class probabilities Σ_j s_j P_j, each P_j the moderated
 * softmax ({@link ClassScores#softmax}) of component j's Gaussian over its class scores. Every component reads the
 * same points.
 */
public final class MultiClassMixture implements Serializable {

  private final MultiClassPredictive[] components;
  private final double[] shares;

  /**
   * @param components the components' predictives, over the same points and classes
   * @param shares their shares, one per component
   */
  public MultiClassMixture(MultiClassPredictive[] components, double[] shares) {
    if (components.length == 0 || components.length != shares.length) {
      throw new IllegalArgumentException("MultiClassMixture: " + components.length + " components and "
          + shares.length + " shares");
    }
    for (MultiClassPredictive c : components) {
      if (c.numClasses() != components[0].numClasses()) {
        throw new IllegalArgumentException("MultiClassMixture: components of " + components[0].numClasses()
            + " and " + c.numClasses() + " classes");
      }
    }
    this.components = components.clone();
    this.shares = shares.clone();
  }

  /** {@return the number of classes K} */
  public int numClasses() {
    return components[0].numClasses();
  }

  /**
   * {@return the mixture's class probabilities at x}
   *
   * @param x a point, on the basis' scale
   */
  public double[] probability(double[] x) {
    double[] out = new double[numClasses()];
    for (int j = 0; j < components.length; j++) {
      add(out, shares[j], components[j].at(x));
    }
    return out;
  }

  /**
   * {@return the mixture's class probabilities of a block of points, one array per point: the same as
   * {@link #probability} row by row, up to rounding}
   *
   * @param rows the points, row-major (n × dim), on the basis' scale
   * @param n the number of points
   */
  public double[][] block(double[] rows, int n) {
    double[][] out = new double[n][numClasses()];
    for (int j = 0; j < components.length; j++) {
      MultiClassPredictive.Latents[] latents = components[j].block(rows, n, true);
      for (int i = 0; i < n; i++) {
        add(out[i], shares[j], latents[i]);
      }
    }
    return out;
  }

  /**
   * Computes every component's factor of Σ once, before the predictive is shipped to many tasks.
   *
   * @return this mixture
   */
  public MultiClassMixture prepareCovariance() {
    for (MultiClassPredictive c : components) {
      c.prepareCovariance();
    }
    return this;
  }

  private static void add(double[] sum, double share, MultiClassPredictive.Latents latents) {
    double[] p = ClassScores.softmax(latents, true).probability();
    for (int k = 0; k < sum.length; k++) {
      sum[k] += share * p[k];
    }
  }
}
