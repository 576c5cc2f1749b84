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

import io.github.sparkrvm.linalg.Logistic;
import io.github.sparkrvm.linalg.Softmax;

/**
 * The multi-class outputs at one point: the raw scores, the class probabilities (summing to 1) and the predicted
 * class (the most probable; the lowest index among ties).
 */
public record ClassScores(double[] raw, double[] probability) {

  private static final double PI_OVER_8 = Math.PI / 8.0;

  /**
   * The class k maximising probability[k] / thresholds[k] (a threshold of 0 gives +∞ to a class of positive
   * probability), the lowest index among ties: the rule of Spark's probabilistic classifiers. Without thresholds
   * (null), the most probable class.
   *
   * @param probability the class probabilities
   * @param thresholds one per class, or null
   * @return the predicted class
   */
  public static int argmax(double[] probability, double[] thresholds) {
    if (thresholds == null) {
      return argmaxOf(probability);
    }
    if (thresholds.length != probability.length) {
      throw new IllegalArgumentException("thresholds holds " + thresholds.length + " values for "
          + probability.length + " classes");
    }
    double[] scaled = new double[probability.length];
    for (int k = 0; k < scaled.length; k++) {
      scaled[k] = thresholds[k] == 0.0 ? (probability[k] > 0.0 ? Double.POSITIVE_INFINITY : 0.0)
          : probability[k] / thresholds[k];
    }
    return argmaxOf(scaled);
  }

  private static int argmaxOf(double[] v) {
    int best = 0;
    for (int p = 1; p < v.length; p++) {
      if (v[p] > v[best]) {
        best = p;
      }
    }
    return best;
  }

  /** {@return the most probable class} */
  public int argmax() {
    return argmaxOf(probability);
  }

  /**
   * Softmax: the raw scores are the latent means μ_p. The probabilities are softmax(μ) at the posterior mode, or,
   * when {@code moderated}, the mean-field approximation to the expected softmax over the Gaussian latents (Lu, Ie
   * &amp; Sha 2020), with MacKay's correction on every pairwise contrast:
   * P(p) ∝ 1 / Σ_q exp(−(μ_p − μ_q)/√(1 + π v_pq/8)), v_pq = Var(u_p − u_q) = S_pp + S_qq − 2S_pq. Only the
   * contrasts matter: a shift common to every class' score, which the likelihood cannot see and whose variance the
   * prior alone bounds, cancels. For K = 2 it is the Bernoulli model's moderated σ(m/√(1 + πs²/8)) of the contrast.
   *
   * @param latents the class scores' means and covariance at a point
   * @param moderated whether to moderate the probabilities by the scores' variances
   * @return the raw scores and the probabilities
   */
  public static ClassScores softmax(MultiClassPredictive.Latents latents, boolean moderated) {
    int k = latents.numClasses();
    double[] mean = latents.mean();
    double[] probability = new double[k];
    if (!moderated) {
      System.arraycopy(mean, 0, probability, 0, k);
      Softmax.normalise(probability, 0, k);
      return new ClassScores(mean.clone(), probability);
    }
    double[] s = latents.covariance();
    double[] terms = new double[k];
    for (int p = 0; p < k; p++) {
      for (int q = 0; q < k; q++) {
        double contrast = Math.max(s[p * k + p] + s[q * k + q] - 2.0 * s[q * k + p], 0.0);
        terms[q] = -(mean[p] - mean[q]) / Math.sqrt(1.0 + PI_OVER_8 * contrast);
      }
      // log P(p) up to the normaliser: −log Σ_q exp(terms_q)
      probability[p] = -Softmax.normalise(terms, 0, k);
    }
    Softmax.normalise(probability, 0, k);
    return new ClassScores(mean.clone(), probability);
  }

  /**
   * {@return one-vs-rest: raw score z_p, the (moderated, z_p = μ_p/√(1 + πS_pp/8)) logit of class p against the rest;
   * the probabilities are σ(z_p)/Σ_q σ(z_q), computed in log space so that they stay defined when every σ(z)
   * underflows}
   *
   * @param latents the class scores' means and covariance at a point
   * @param moderated whether to moderate the probabilities by the scores' variances
   */
  public static ClassScores oneVsRest(MultiClassPredictive.Latents latents, boolean moderated) {
    int k = latents.numClasses();
    double[] raw = new double[k];
    double[] logSigma = new double[k];
    for (int p = 0; p < k; p++) {
      double m = latents.mean()[p];
      raw[p] = moderated ? m / Math.sqrt(1.0 + PI_OVER_8 * latents.variance(p)) : m;
      logSigma[p] = -Logistic.log1pExp(-raw[p]);
    }
    Softmax.normalise(logSigma, 0, k);
    return new ClassScores(raw, logSigma);
  }
}
