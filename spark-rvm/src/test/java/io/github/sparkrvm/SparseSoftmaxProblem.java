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
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.spark.ml.linalg.Vectors;

/**
 * A synthetic sparse multinomial (softmax) problem with a known answer, from a seed: {@code d} features, K =
 * {@code truth.length} classes; class p's true features are p·t … p·t + t − 1 (t = truth[p].length), with weights
 * {@code truth[p]} in class p's score and 0 in the others' (the (class, feature) pairs a fit should keep); each true
 * feature is present in a row with probability 0.3, and between half and 1.5 times {@code noisePerRow} noise features
 * (from a vocabulary of {@code noisePool} spread evenly over the other indices, or from all of them when 0), every value
 * in [0.5, 1.5). The label is drawn from the softmax of the class scores η_p = Σ truth[p][j] x_(p·t + j) − 0.3 Σ
 * truth[p][j] (centred).
 *
 * @param d the number of features
 * @param truth per class, the weights of its true features
 * @param noisePerRow the noise features in a row
 * @param noisePool how many distinct noise features there are (0: all the others)
 */
public record SparseSoftmaxProblem(int d, double[][] truth, int noisePerRow, int noisePool) {

  /** {@return the number of true features (over every class)} */
  public int trueFeatures() {
    int t = 0;
    for (double[] w : truth) {
      t += w.length;
    }
    return t;
  }

  /** {@return the class whose true feature {@code j} is, or −1 for a noise feature} */
  public int classOf(int j) {
    int first = 0;
    for (int p = 0; p < truth.length; p++) {
      if (j >= first && j < first + truth[p].length) {
        return p;
      }
      first += truth[p].length;
    }
    return -1;
  }

  /** {@return the class of the largest score η_p at {@code x}: the Bayes rule, the most accurate prediction there is} */
  public int bayesClass(org.apache.spark.ml.linalg.Vector x) {
    int best = 0;
    double bestScore = Double.NEGATIVE_INFINITY;
    int j = 0;
    for (int p = 0; p < truth.length; p++) {
      double eta = 0.0;
      for (double w : truth[p]) {
        eta += w * (x.apply(j++) - 0.3);
      }
      if (eta > bestScore) {
        bestScore = eta;
        best = p;
      }
    }
    return best;
  }

  /** {@return {@code n} rows of sparse vectors with class labels 0 … K−1} */
  public List<TrainingRow> rows(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<TrainingRow> rows = new ArrayList<>(n);
    int classes = truth.length;
    int t = trueFeatures();
    double[] eta = new double[classes];
    for (int i = 0; i < n; i++) {
      TreeMap<Integer, Double> x = new TreeMap<>();
      int j = 0;
      for (int p = 0; p < classes; p++) {
        eta[p] = 0.0;
        for (double w : truth[p]) {
          eta[p] -= 0.3 * w;
          if (random.nextDouble() < 0.3) {
            double v = 0.5 + random.nextDouble();
            x.put(j, v);
            eta[p] += w * v;
          }
          j++;
        }
      }
      int noise = noisePerRow / 2 + random.nextInt(noisePerRow + 1);
      for (int q = 0; q < noise; q++) {
        int f = noisePool == 0 ? t + random.nextInt(d - t) : t + random.nextInt(noisePool) * ((d - t) / noisePool);
        x.put(f, 0.5 + random.nextDouble());
      }
      double max = Double.NEGATIVE_INFINITY;
      for (double e : eta) {
        max = Math.max(max, e);
      }
      double sum = 0.0;
      for (double e : eta) {
        sum += Math.exp(e - max);
      }
      double u = random.nextDouble() * sum;
      int label = 0;
      for (double acc = Math.exp(eta[0] - max); acc < u && label < classes - 1; ) {
        acc += Math.exp(eta[++label] - max);
      }
      int[] indices = new int[x.size()];
      double[] values = new double[x.size()];
      int e = 0;
      for (Map.Entry<Integer, Double> entry : x.entrySet()) {
        indices[e] = entry.getKey();
        values[e++] = entry.getValue();
      }
      rows.add(new TrainingRow(Vectors.sparse(d, indices, values), label, 1.0));
    }
    return rows;
  }
}
