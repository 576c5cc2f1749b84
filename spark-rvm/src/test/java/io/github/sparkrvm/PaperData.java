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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
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
    List<String> lines = lines("esl_mixture/mixture_train.csv");
    SplittableRandom random = new SplittableRandom(seed);
    int n = lines.size() - 1;
    double[][] x = new double[n][2 + noiseFeatures];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      String[] cells = lines.get(i + 1).split(",");
      x[i][0] = Double.parseDouble(cells[0]);
      x[i][1] = Double.parseDouble(cells[1]);
      t[i] = Double.parseDouble(cells[2]);
      for (int f = 2; f < x[i].length; f++) {
        x[i][f] = TestData.gaussian(random);
      }
    }
    return new TestData.Table(x, t);
  }

  /**
   * n new points from the ESL mixture: the class with probability ½, one of its ten centres uniformly, then
   * x ~ N(centre, I/5); plus {@code noiseFeatures} standard-normal features.
   */
  public static TestData.Table mixtureSample(int n, int noiseFeatures, long seed) {
    List<String> lines = lines("esl_mixture/means.csv");
    double[][] means = new double[20][2];
    for (int i = 0; i < 20; i++) {
      String[] cells = lines.get(i + 1).split(",");
      means[i][0] = Double.parseDouble(cells[0]);
      means[i][1] = Double.parseDouble(cells[1]);
    }
    SplittableRandom random = new SplittableRandom(seed);
    double sd = Math.sqrt(1.0 / 5.0);
    double[][] x = new double[n][2 + noiseFeatures];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      int label = random.nextInt(2);
      double[] centre = means[10 * label + random.nextInt(10)];
      x[i][0] = centre[0] + sd * TestData.gaussian(random);
      x[i][1] = centre[1] + sd * TestData.gaussian(random);
      t[i] = label;
      for (int f = 2; f < x[i].length; f++) {
        x[i][f] = TestData.gaussian(random);
      }
    }
    return new TestData.Table(x, t);
  }

  private static List<String> lines(String file) {
    try {
      return Files.readAllLines(TestData.dataDir().resolve(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
