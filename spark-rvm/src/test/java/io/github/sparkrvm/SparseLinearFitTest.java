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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.distributed.TrainingRow;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;

/**
 * The stages on wide sparse rows (issue 44): 50,000 features, beyond what the dense path's 50,001² matrices allow in
 * the tests' heap (so a fit that runs took the sparse rows), for a regression and a one-vs-rest classifier; 2¹⁸
 * features for the softmax.
 */
class SparseLinearFitTest {

  private static final int FEATURES = 50_000;

  @Test
  void aGaussianRegressionOnSparseRowsFindsItsFeatures() {
    // y = 2 x0 − 1.5 x1 + x2 + noise 0.1, with noise features from a vocabulary of 60 spread over the indices
    SparseProblem problem = new SparseProblem(FEATURES, new double[] {2.0, -1.5, 1.0}, 6, 60);
    List<Row> rows = new ArrayList<>();
    for (TrainingRow r : problem.rows(400, 21, 0.1)) {
      rows.add(RowFactory.create(r.vector(), r.label()));
    }
    Dataset<Row> data = SparkTestSession.get().createDataFrame(rows, SparkTestSession.SCHEMA);
    RvmRegressionModel model = new RvmRegressor().setKernel("linear").setSolver("fast").setStandardization(false)
        .fit(data);
    double[] relevance = model.featureRelevance().toArray();
    for (int j = 0; j < 3; j++) {
      assertTrue(relevance[j] > 0.0, "true feature " + j + " kept");
    }
    double[] w = model.weights().toArray();
    int[] kept = model.relevantFeatures();
    for (int i = 0; i < kept.length; i++) {
      if (kept[i] < 3) {
        assertEquals(new double[] {2.0, -1.5, 1.0}[kept[i]], w[i], 0.05,
            "weight of feature " + kept[i]);
      }
    }
    assertTrue(1.0 / Math.sqrt(model.fittedNoisePrecision()) < 0.15, "noise deviation near 0.1");
  }

  @Test
  void aOneVsRestClassifierOnSparseRowsFindsEachClassFeature() {
    // class c has feature c in 80% of its rows; 12 noise features a row from a vocabulary of 200
    SplittableRandom random = new SplittableRandom(31);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 450; i++) {
      int c = i % 3;
      java.util.TreeSet<Integer> on = new java.util.TreeSet<>();
      if (random.nextDouble() < 0.8) {
        on.add(c);
      }
      for (int q = 0; q < 12; q++) {
        on.add(3 + random.nextInt(200) * ((FEATURES - 3) / 200));
      }
      int[] idx = on.stream().mapToInt(Integer::intValue).toArray();
      double[] ones = new double[idx.length];
      java.util.Arrays.fill(ones, 1.0);
      rows.add(RowFactory.create(Vectors.sparse(FEATURES, idx, ones), (double) c));
    }
    Dataset<Row> data = SparkTestSession.get().createDataFrame(rows, SparkTestSession.SCHEMA);
    assertTrue(data.first().get(0) instanceof SparseVector);
    RvmClassificationModel model = new RvmClassifier().setKernel("linear").setSolver("fast")
        .setMultiClassStrategy("ovr").fit(data);
    for (int c = 0; c < 3; c++) {
      assertTrue(model.featureRelevance(c).apply(c) > 0.0, "class " + c + " keeps feature " + c);
    }
    double accuracy = model.transform(data).filter("prediction = label").count() / 450.0;
    // the Bayes rule is right on 80% of the rows and a third of the rest
    assertTrue(accuracy > 0.8, "training accuracy " + accuracy);
  }
  @Test
  void aSoftmaxClassifierOnSparseRowsKeepsThePlantedPairs() {
    // 3 classes, 2^18 features, about 20 nonzeros a row (noise from a vocabulary of 2,000 spread over the indices);
    // class p's true features 3p … 3p + 2 with weights in its score alone: the (class, feature) pairs to keep. The
    // dense fast softmax's (K + 1)·M² doubles do not fit the tests' heap, so a fit that runs took the sparse rows.
    double[][] truth = {{3.0, 2.5, -2.5}, {3.0, -3.0, 2.5}, {2.5, 3.0, -2.5}};
    SparseSoftmaxProblem problem = new SparseSoftmaxProblem(1 << 18, truth, 20, 2000);
    List<Row> rows = new ArrayList<>();
    for (TrainingRow r : problem.rows(2000, 44)) {
      rows.add(RowFactory.create(r.vector(), r.label()));
    }
    Dataset<Row> data = SparkTestSession.get().createDataFrame(rows, SparkTestSession.SCHEMA);
    RvmClassificationModel model = new RvmClassifier().setKernel("linear").setSolver("fast")
        .setMultiClassStrategy("softmax").setStandardization(false).fit(data);
    int truePairs = problem.trueFeatures();
    int keptTrue = 0;
    int keptNoise = 0;
    for (int p = 0; p < truth.length; p++) {
      int[] kept = model.classRelevantFeatures(p);
      double[] w = model.classWeights(p).toArray();
      for (int i = 0; i < kept.length; i++) {
        if (problem.classOf(kept[i]) == p) {
          keptTrue++;
          double expected = truth[p][kept[i] - 3 * p];
          assertEquals(expected, w[i], 0.6, "weight of class " + p + ", feature " + kept[i]);
        } else {
          keptNoise++;
        }
      }
    }
    double recall = keptTrue / (double) truePairs;
    double precision = keptTrue / (double) Math.max(1, keptTrue + keptNoise);
    assertTrue(recall >= 0.95, "recall " + recall + " (" + keptTrue + " of " + truePairs + " planted pairs)");
    assertTrue(precision >= 0.95, "precision " + precision + " (" + keptNoise + " other pairs kept)");
  }
}
