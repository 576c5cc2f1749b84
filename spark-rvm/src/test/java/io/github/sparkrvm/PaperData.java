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

import io.github.sparkrvm.datasets.Datasets;
import java.util.SplittableRandom;

/** The data of Kropotov, Vetrov, Wolf &amp; Hassner (2010), §6.1, generated with fixed seeds. */
public final class PaperData {

  private PaperData() {}

  /**
   * Noisy sinc: x uniform on [−10, 10], t = sinc(x) + uniform noise on [−0.2, 0.2] (none when {@code noisy} is
   * false), then {@code noiseFeatures} standard-normal features appended to each row.
   */
  public static TestData.Table sinc(int n, int noiseFeatures, boolean noisy, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[][] x = new double[n][1 + noiseFeatures];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      x[i][0] = -10.0 + 20.0 * random.nextDouble();
      t[i] = TestData.sinc(x[i][0]) + (noisy ? -0.2 + 0.4 * random.nextDouble() : 0.0);
      for (int f = 1; f <= noiseFeatures; f++) {
        x[i][f] = TestData.gaussian(random);
      }
    }
    return new TestData.Table(x, t);
  }

  /** ESL's 200 training points of the two-class mixture, with {@code noiseFeatures} standard-normal features. */
  public static TestData.Table mixtureTrain(int noiseFeatures, long seed) {
    return TestData.of(Datasets.eslMixtureTrain(Datasets.eslMixtureDir(), noiseFeatures, seed));
  }

  /**
   * n new points from the ESL mixture: the class with probability ½, one of its ten centres uniformly, then
   * x ~ N(centre, I/5); plus {@code noiseFeatures} standard-normal features.
   */
  public static TestData.Table mixtureSample(int n, int noiseFeatures, long seed) {
    return TestData.of(Datasets.eslMixtureSample(Datasets.eslMixtureDir(), n, noiseFeatures, seed));
  }
}
