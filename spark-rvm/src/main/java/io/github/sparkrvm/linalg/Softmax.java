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

package io.github.sparkrvm.linalg;

/** The softmax over K class scores and its log-normaliser, computed without overflow. */
public final class Softmax {

  private Softmax() {}

  /**
   * Replaces the K scores {@code u[offset .. offset + k)} by their softmax {@code e^{u_p} / Σ_q e^{u_q}} and returns
   * the log-normaliser {@code log Σ_q e^{u_q}} of the scores as given.
   *
   * @param u the scores, replaced in place
   * @param offset where the K scores start
   * @param k K, the number of scores
   * @return the log-normaliser of the scores as given
   */
  public static double normalise(double[] u, int offset, int k) {
    double max = Double.NEGATIVE_INFINITY;
    for (int p = 0; p < k; p++) {
      max = Math.max(max, u[offset + p]);
    }
    double sum = 0.0;
    for (int p = 0; p < k; p++) {
      double e = Math.exp(u[offset + p] - max);
      u[offset + p] = e;
      sum += e;
    }
    for (int p = 0; p < k; p++) {
      u[offset + p] /= sum;
    }
    return max + Math.log(sum);
  }

  /**
   * {@return the class a label stands for: a whole number in [0, k)}
   *
   * @param label the label
   * @param k the number of classes
   */
  public static int classOf(double label, int k) {
    int c = (int) label;
    if (c != label || c < 0 || c >= k) {
      throw new IllegalArgumentException("label " + label + " is not a class index 0 .. " + (k - 1));
    }
    return c;
  }
}
