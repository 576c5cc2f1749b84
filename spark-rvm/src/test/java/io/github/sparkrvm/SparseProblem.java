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

import io.github.sparkrvm.distributed.TrainingRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.spark.ml.linalg.Vectors;

/**
 * A synthetic sparse logistic (or linear) problem with a known answer, from a seed: {@code d} features, of which the
 * first {@code truth.length} are true (each present in a row with probability 0.3) and the rest noise (between half
 * and 1.5 times {@code noisePerRow} of them in a row, uniformly), every value in [0.5, 1.5); with the score
 * η = Σ truth_j x_j − 0.3 Σ truth_j (centred), the label is Bernoulli with P(1) = σ(η), or, for a regression,
 * η plus Gaussian noise of deviation {@code sigma}. The noise features are drawn from all the others, or from a
 * pool of {@code noisePool} of them spread evenly over the indices (a vocabulary, as hashed words: each seen in many
 * rows).
 *
 * @param d the number of features
 * @param truth the weights of the true features 0 … truth.length − 1
 * @param noisePerRow the noise features in a row
 * @param noisePool how many distinct noise features there are (0: all the others)
 */
public record SparseProblem(int d, double[] truth, int noisePerRow, int noisePool) {

  /** {@return {@code n} rows of sparse vectors with Bernoulli labels (sigma NaN) or Gaussian ones} */
  public List<TrainingRow> rows(int n, long seed, double sigma) {
    SplittableRandom random = new SplittableRandom(seed);
    List<TrainingRow> rows = new ArrayList<>(n);
    int k = truth.length;
    for (int i = 0; i < n; i++) {
      TreeSet<Integer> idx = new TreeSet<>();
      double[] values = new double[d];
      double eta = -0.3 * Arrays.stream(truth).sum();
      for (int j = 0; j < k; j++) {
        if (random.nextDouble() < 0.3) {
          idx.add(j);
          values[j] = 0.5 + random.nextDouble();
          eta += truth[j] * values[j];
        }
      }
      int noise = noisePerRow / 2 + random.nextInt(noisePerRow + 1);
      for (int q = 0; q < noise; q++) {
        int j = noisePool == 0 ? k + random.nextInt(d - k) : k + random.nextInt(noisePool) * ((d - k) / noisePool);
        idx.add(j);
        values[j] = 0.5 + random.nextDouble();
      }
      int[] indices = idx.stream().mapToInt(Integer::intValue).toArray();
      double[] nz = Arrays.stream(indices).mapToDouble(j -> values[j]).toArray();
      double label = Double.isNaN(sigma) ? (random.nextDouble() < 1.0 / (1.0 + Math.exp(-eta)) ? 1.0 : 0.0)
          : eta + sigma * random.nextGaussian();
      rows.add(new TrainingRow(Vectors.sparse(d, indices, nz), label, 1.0));
    }
    return rows;
  }
}
