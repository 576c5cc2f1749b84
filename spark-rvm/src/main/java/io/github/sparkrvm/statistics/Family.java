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

/** The likelihood of the labels, as the {@code family} param names it. */
public enum Family {
  /** Regression with Gaussian noise: any finite label. */
  GAUSSIAN("gaussian", false, 0),
  /** Binary classification (logistic): labels 0 and 1. */
  BERNOULLI("bernoulli", true, 2),
  /** Multi-class classification: labels 0, 1, …, K − 1. */
  MULTINOMIAL("multinomial", true, 0),
  /** Counts (Poisson regression, log link): labels 0, 1, 2, …. */
  POISSON("poisson", false, 0);

  private final String param;
  private final boolean classifier;
  private final int fixedClasses;

  Family(String param, boolean classifier, int fixedClasses) {
    this.param = param;
    this.classifier = classifier;
    this.fixedClasses = fixedClasses;
  }

  /** {@return the value of the {@code family} param that names it} */
  public String paramValue() {
    return param;
  }

  /** {@return whether the labels are classes (bernoulli or multinomial)} */
  public boolean classifier() {
    return classifier;
  }

  /** {@return the number of classes the family fixes before any data: 2 for bernoulli, else 0 (unknown or none)} */
  public int binaryClasses() {
    return fixedClasses;
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
