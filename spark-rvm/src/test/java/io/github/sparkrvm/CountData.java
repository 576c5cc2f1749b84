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

package io.github.sparkrvm;

import java.util.SplittableRandom;

/** Poisson-distributed counts with a known log-linear mean, for the tests of family poisson. */
public final class CountData {

  private CountData() {}

  /**
   * {@code n} rows of {@code weights.length − 1} standard normal features and counts t ~ Poisson(exp(w₀ + Σⱼ wⱼxⱼ)),
   * w₀ = {@code weights[0]} the bias; the same seed gives the same table.
   *
   * @param n the number of rows
   * @param weights the bias, then one weight per feature
   * @param seed the seed
   * @return the table
   */
  public static TestData.Table logLinear(int n, double[] weights, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int d = weights.length - 1;
    double[][] x = new double[n][d];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      double f = weights[0];
      for (int j = 0; j < d; j++) {
        x[i][j] = TestData.gaussian(random);
        f += weights[j + 1] * x[i][j];
      }
      t[i] = poisson(Math.exp(f), random);
    }
    return new TestData.Table(x, t);
  }

  /** A Poisson(λ) draw by counting unit-rate exponential arrivals before λ (exact; fine for the small λ here). */
  public static double poisson(double lambda, SplittableRandom random) {
    int k = 0;
    double time = -Math.log(1.0 - random.nextDouble());
    while (time < lambda) {
      k++;
      time -= Math.log(1.0 - random.nextDouble());
    }
    return k;
  }
}
