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

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.FeatureScaling;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.predict.MultiClassMixture;
import io.github.sparkrvm.predict.MultiClassPredictive;
import io.github.sparkrvm.predict.Predictive;
import io.github.sparkrvm.statistics.Family;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;

/**
 * A linear model scores a row from its kept features alone ({@link FeatureReader}): a SparseVector column gives the
 * outputs the same rows give as DenseVectors, and both the outputs of the whole scaled point over the full basis (the
 * reading before issue 44), to 1e-12, for every family and both scoring paths; a model over 2¹⁸ features scores
 * sparse rows in blocks without a dense row of 2¹⁸ doubles.
 */
class SparseScoringTest {

  private static final int D = 40;

  /** 240 rows over 40 features, 3 to 8 nonzeros a row in [0.5, 1.5); class c (of 3) turns feature c on in 80%. */
  private static List<Row> rows(String family, boolean sparse) {
    SplittableRandom random = new SplittableRandom(44);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 240; i++) {
      int c = i % 3;
      TreeMap<Integer, Double> on = new TreeMap<>();
      if (random.nextDouble() < 0.8) {
        on.put(c, 0.5 + random.nextDouble());
      }
      for (int q = random.nextInt(3, 8); q > 0; q--) {
        on.put(random.nextInt(D), 0.5 + random.nextDouble());
      }
      double eta = on.getOrDefault(0, 0.0) - on.getOrDefault(1, 0.0) + 0.5 * on.getOrDefault(2, 0.0);
      double label = switch (family) {
        case "gaussian" -> eta + 0.1 * random.nextGaussian();
        case "poisson" -> poisson(Math.exp(0.3 + 0.7 * eta), random);
        case "bernoulli" -> random.nextDouble() < 1.0 / (1.0 + Math.exp(-2.0 * eta)) ? 1.0 : 0.0;
        default -> c;
      };
      int[] idx = on.keySet().stream().mapToInt(Integer::intValue).toArray();
      double[] values = on.values().stream().mapToDouble(Double::doubleValue).toArray();
      Vector v = Vectors.sparse(D, idx, values);
      rows.add(RowFactory.create(sparse ? v : v.toDense(), label));
    }
    return rows;
  }

  /** {@return the candidates of the full linear basis (bias 0, feature f at 1 + f) of a kept basis} */
  private static int[] inFullBasis(boolean biasKept, int[] features) {
    int offset = biasKept ? 1 : 0;
    int[] active = new int[offset + features.length];
    for (int i = 0; i < features.length; i++) {
      active[offset + i] = 1 + features[i];
    }
    return active;
  }

  private static double poisson(double mean, SplittableRandom random) {
    double limit = Math.exp(-mean);
    double p = random.nextDouble();
    int k = 0;
    while (p > limit) {
      p *= random.nextDouble();
      k++;
    }
    return k;
  }

  /**
   * The family's outputs over the full linear basis (the bias, then every feature), as transform read a row before:
   * the whole scaled point; a softmax's predictive components over the same basis.
   */
  private static FamilyOutputs fullBasis(FittedRvm f) {
    BasisFunctions basis = BasisFunctions.linear(true, f.numFeatures());
    int[] active = inFullBasis(f.biasKept(), f.features());
    if (f.family() == Family.MULTINOMIAL) {
      ClassModels c = f.classes();
      ClassMixture x = f.mixture();
      MultiClassMixture mixture = null;
      if (x != null) {
        int[] kept = inFullBasis(x.biasKept(), x.features());
        MultiClassPredictive[] components = new MultiClassPredictive[x.numComponents()];
        for (int j = 0; j < components.length; j++) {
          components[j] = new MultiClassPredictive(basis, kept, x.basis()[j], x.weights()[j], x.covariance()[j]);
        }
        mixture = new MultiClassMixture(components, x.shares());
      }
      return new FamilyOutputs.Classes(new MultiClassPredictive(basis, active, c.basis(), c.weights(),
          c.covariance()), mixture, c.strategy());
    }
    double[] covariance = f.covariance().clone();
    for (int i = 0; i < covariance.length; i++) {
      covariance[i] *= f.varianceScale();
    }
    Predictive p = new Predictive(basis, active, f.weights(), covariance);
    return switch (f.family()) {
      case GAUSSIAN -> new FamilyOutputs.Regression(p, f.predictiveNoise());
      case POISSON -> new FamilyOutputs.Counts(p);
      default -> new FamilyOutputs.Binary(p);
    };
  }

  private static void assertOutputs(RvmModel model, String family, Dataset<Row> data, String what) {
    FittedRvm f = model.rvmCore().fitted();
    FamilyOutputs reference = fullBasis(f);
    OutputSettings settings = OutputSettings.of(model, reference.numClasses());
    boolean classes = reference.numClasses() > 0;
    Dataset<Row> out = model.transform(data);
    List<Row> scored = (classes ? out.select("features", "prediction", "rawPrediction", "probability")
        : out.select("features", "prediction", "variance")).collectAsList();
    assertEquals(240, scored.size());
    for (Row r : scored) {
      Vector v = r.getAs(0);
      FamilyOutputs.Scored expected = reference.row(f.scaling().apply(v.toArray()), settings);
      String where = family + " " + what + " at " + v;
      assertEquals(expected.prediction(), r.getDouble(1), 1e-12 * Math.max(1.0, Math.abs(expected.prediction())),
          where);
      if (classes) {
        double[] raw = ((Vector) r.getAs(2)).toArray();
        double[] probability = ((Vector) r.getAs(3)).toArray();
        for (int c = 0; c < raw.length; c++) {
          assertEquals(expected.raw()[c], raw[c], 1e-12 * Math.max(1.0, Math.abs(raw[c])), where);
          assertEquals(expected.probability()[c], probability[c], 1e-12, where);
        }
      } else {
        assertEquals(expected.variance(), r.getDouble(2), 1e-12 * Math.max(1.0, expected.variance()), where);
      }
    }
  }

  @Test
  void aLinearModelScoresSparseRowsAsTheSameRowsDenseInEveryFamily() {
    String[][] cases = {{"gaussian", ""}, {"poisson", ""}, {"bernoulli", ""}, {"multinomial", "softmax"},
        {"multinomial", "ovr"}};
    for (String[] c : cases) {
      Dataset<Row> sparse = SparkTestSession.get().createDataFrame(rows(c[0], true), SparkTestSession.SCHEMA);
      Dataset<Row> dense = SparkTestSession.get().createDataFrame(rows(c[0], false), SparkTestSession.SCHEMA);
      RvmEstimator estimator = new RvmEstimator().setFamily(c[0]).setKernel("linear").setSolver("fast");
      if (!c[1].isEmpty()) {
        estimator.setMultiClassStrategy(c[1]);
      }
      RvmModel model = estimator.fit(sparse);
      if (model.numClasses() == 0) {
        model.setVarianceCol("variance");
      }
      // the standardised features are centred here (fewer than 1024 candidates: the dense layout), so a zero of a
      // sparse row is a nonzero of the scaled point
      assertTrue(Arrays.stream(model.rvmCore().fitted().scaling().shift()).anyMatch(s -> s != 0.0), c[0]);
      assertTrue(model.numRelevanceVectors() >= 2 && model.numRelevanceVectors() < D, c[0] + " keeps "
          + model.numRelevanceVectors());
      String name = c[0] + (c[1].isEmpty() ? "" : " " + c[1]);
      assertOutputs(model, name, sparse, "sparse, rows");
      assertOutputs(model, name, dense, "dense, rows");
      model.setRowScoringLimit(0);
      assertOutputs(model, name, sparse, "sparse, blocks");
      assertOutputs(model, name, dense, "dense, blocks");
    }
  }

  @Test
  void aModelOver2To18FeaturesScoresSparseRowsInBlocksFromItsKeptFeatures() {
    // a gaussian model of known weights over 300 of 2^18 features: 301 basis functions score in blocks; its mean
    // is b + Σ w_j x_j and its predictive variance 1/β + Σ_j σ_j² x_j² + σ_b² (Σ diagonal)
    int d = 1 << 18;
    int k = 300;
    int[] features = new int[k];
    double[] weights = new double[k + 1];
    double[] alpha = new double[k + 1];
    double[] covariance = new double[(k + 1) * (k + 1)];
    weights[0] = 0.5;
    covariance[0] = 0.02;
    for (int i = 0; i < k; i++) {
      features[i] = 7 + 800 * i;
      weights[i + 1] = 0.1 * (i % 7 - 3);
      covariance[(i + 1) * (k + 2)] = 0.01 * (1 + i % 3);
    }
    Arrays.fill(alpha, 1.0);
    FittedRvm fitted = new FittedRvm(Family.GAUSSIAN, new Kernel.Linear(), d, FeatureScaling.identity(d), true,
        features, new double[0], weights, alpha, covariance, 4.0,
        new RvmTrainingSummary(1, 1, true, new double[] {0.0}, new int[] {k + 1}, 1, 0.0));
    RvmModel model = new RvmModel("wide", fitted).setVarianceCol("variance");
    assertEquals(ScoringPath.BLOCKS, model.scoringPath());
    SplittableRandom random = new SplittableRandom(18);
    List<Row> rows = new ArrayList<>();
    double[] mean = new double[20_000];
    double[] variance = new double[mean.length];
    for (int r = 0; r < mean.length; r++) {
      java.util.TreeSet<Integer> on = new java.util.TreeSet<>();
      for (int q = 0; q < 20; q++) {
        // half of them kept features, the rest anywhere
        on.add(q % 2 == 0 ? features[random.nextInt(k)] : random.nextInt(d));
      }
      int[] idx = on.stream().mapToInt(Integer::intValue).toArray();
      double[] values = new double[idx.length];
      mean[r] = 0.5;
      variance[r] = 0.25 + 0.02;
      for (int i = 0; i < idx.length; i++) {
        values[i] = 0.5 + random.nextDouble();
        int a = Arrays.binarySearch(features, idx[i]);
        if (a >= 0) {
          mean[r] += weights[a + 1] * values[i];
          variance[r] += covariance[(a + 1) * (k + 2)] * values[i] * values[i];
        }
      }
      rows.add(RowFactory.create(Vectors.sparse(d, idx, values), (double) r));
    }
    Dataset<Row> data = SparkTestSession.get().createDataFrame(rows, SparkTestSession.SCHEMA).repartition(2);
    List<Row> scored = model.transform(data).select("label", "prediction", "variance").collectAsList();
    assertEquals(mean.length, scored.size());
    for (Row s : scored) {
      int r = (int) s.getDouble(0);
      assertEquals(mean[r], s.getDouble(1), 1e-12, "mean of row " + r);
      assertEquals(variance[r], s.getDouble(2), 1e-12, "variance of row " + r);
    }
    // a row costs its nonzeros and the k kept features, not 2^18 doubles (2 MiB) as a dense point would
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    Vector row = rows.get(0).getAs(0);
    model.predictVariance(row);
    long before = threads.getCurrentThreadAllocatedBytes();
    for (int i = 0; i < 100; i++) {
      assertEquals(variance[0], model.predictVariance(row), 1e-12);
    }
    long perRow = (threads.getCurrentThreadAllocatedBytes() - before) / 100;
    assertTrue(perRow < 64 * 1024, perRow + " bytes allocated a row");
  }
}
