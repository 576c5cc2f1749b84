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

/** The logistic function and the Bernoulli log-likelihood, computed without overflow. */
public final class Logistic {

  private Logistic() {}

  /**
   * {@code 1 / (1 + e^{−z})}.
   *
   * @param z the logit
   * @return σ(z)
   */
  public static double sigmoid(double z) {
    if (z >= 0) {
      return 1.0 / (1.0 + Math.exp(-z));
    }
    double e = Math.exp(z);
    return e / (1.0 + e);
  }

  /**
   * {@return m / √(1 + πv/8): MacKay's moderated logit, the logit whose sigmoid approximates the predictive
   * probability of class 1 when the latent score is N(m, v)}
   *
   * @param mean the latent mean m
   * @param variance the latent variance v
   */
  public static double moderatedLogit(double mean, double variance) {
    return mean / Math.sqrt(1.0 + Math.PI * variance / 8.0);
  }

  /**
   * {@code log(1 + e^z)}.
   *
   * @param z any number
   * @return log(1 + e^z), without overflow
   */
  public static double log1pExp(double z) {
    return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
  }

  /**
   * {@code t log σ(z) + (1 − t) log(1 − σ(z)) = t z − log(1 + e^z)}.
   *
   * @param t the label, 0 or 1
   * @param z the logit
   * @return the log-likelihood of t
   */
  public static double logLikelihood(double t, double z) {
    return t * z - log1pExp(z);
  }
}
