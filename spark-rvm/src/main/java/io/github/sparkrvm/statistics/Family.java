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

package io.github.sparkrvm.statistics;

import io.github.sparkrvm.linalg.Logistic;
import java.util.function.DoubleBinaryOperator;

/** The likelihood of the labels, as the {@code family} param names it. */
public enum Family {
  /** Regression with Gaussian noise: any finite label. */
  GAUSSIAN("gaussian", Labels.ANY, true, true, 0) {
    @Override
    public double latentScale(double noisePrecision) {
      return 1.0 / Math.sqrt(noisePrecision);
    }

    @Override
    public DoubleBinaryOperator checkedOutput(double noisePrecision) {
      return (m, v) -> Math.sqrt(1.0 / noisePrecision + v);
    }
  },
  /** Binary classification (logistic): labels 0 and 1. */
  BERNOULLI("bernoulli", Labels.BINARY, false, true, 2) {
    @Override
    public LaplaceLikelihood laplace() {
      return LaplaceLikelihood.BERNOULLI;
    }
  },
  /** Multi-class classification: labels 0, 1, …, K − 1. */
  MULTINOMIAL("multinomial", Labels.CLASSES, false, false, 0),
  /** Counts (Poisson regression, log link): labels 0, 1, 2, …. */
  POISSON("poisson", Labels.COUNTS, false, false, 0) {
    @Override
    public LaplaceLikelihood laplace() {
      return LaplaceLikelihood.POISSON;
    }

    @Override
    public DoubleBinaryOperator checkedOutput(double noisePrecision) {
      return (m, v) -> m + 0.5 * v;
    }
  };

  /** What the labels of a family are. */
  private enum Labels { ANY, BINARY, CLASSES, COUNTS }

  private final String param;
  private final Labels labels;
  private final boolean noise;
  private final boolean variational;
  private final int fixedClasses;

  Family(String param, Labels labels, boolean noise, boolean variational, int fixedClasses) {
    this.param = param;
    this.labels = labels;
    this.noise = noise;
    this.variational = variational;
    this.fixedClasses = fixedClasses;
  }

  /** {@return whether the labels are classes (bernoulli or multinomial)} */
  public boolean classifier() {
    return labels == Labels.BINARY || labels == Labels.CLASSES;
  }

  /** {@return whether the labels must be 0 or 1 (bernoulli)} */
  public boolean binaryLabels() {
    return labels == Labels.BINARY;
  }

  /** {@return whether the labels are counts 0, 1, 2, … (poisson)} */
  public boolean countLabels() {
    return labels == Labels.COUNTS;
  }

  /**
   * {@return whether the family has one latent score per class, K of them, with weights, α and Σ per class
   * (multinomial); the others have one latent score}
   */
  public boolean perClass() {
    return labels == Labels.CLASSES;
  }

  /** {@return whether the family has a noise precision β to fit or hold (gaussian)} */
  public boolean hasNoise() {
    return noise;
  }

  /** {@return whether solver variational fits the family (gaussian, bernoulli)} */
  public boolean fitsVariational() {
    return variational;
  }

  /** {@return the number of classes the family fixes before any data: 2 for bernoulli, else 0 (unknown or none)} */
  public int binaryClasses() {
    return fixedClasses;
  }

  /**
   * {@return the likelihood of a family fitted by the Laplace approximation over one latent score (bernoulli,
   * poisson); null for the others (gaussian is conjugate, multinomial has K scores)}
   */
  public LaplaceLikelihood laplace() {
    return null;
  }

  /**
   * {@return the unit of the latent scale: the noise standard deviation 1/√β for gaussian, 1 (logit, log-rate)
   * otherwise}
   *
   * @param noisePrecision β (gaussian; ignored otherwise)
   */
  public double latentScale(double noisePrecision) {
    return 1.0;
  }

  /**
   * {@return the prediction, of the latent mean m and variance v, that pruning checks beside the latent mean: the
   * predictive standard deviation √(1/β + v) (gaussian), the moderated logit m/√(1 + πv/8) (classification), the
   * log of the mean count m + v/2 (poisson)}
   *
   * @param noisePrecision β (gaussian; ignored otherwise)
   */
  public DoubleBinaryOperator checkedOutput(double noisePrecision) {
    return Logistic::moderatedLogit;
  }

  /** {@return the value of the {@code family} param that names it} */
  public String paramValue() {
    return param;
  }

  /**
   * {@return the family a {@code family} param value names}
   *
   * @param value gaussian, bernoulli, multinomial or poisson
   * @throws IllegalArgumentException for any other value
   */
  public static Family of(String value) {
    for (Family f : values()) {
      if (f.param.equals(value)) {
        return f;
      }
    }
    throw new IllegalArgumentException("family '" + value
        + "' is not one of gaussian, bernoulli, multinomial, poisson");
  }

  @Override
  public String toString() {
    return param;
  }
}
