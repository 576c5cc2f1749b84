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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.linalg.Cholesky;
import io.github.sparkrvm.util.IterationListener;
import io.github.sparkrvm.util.IterationReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The noisePrecision param: β held at a given value by both gaussian solvers, with known answers. */
class NoisePrecisionTest {

  /** 60 rows of 3 features, t = 1.5 x₀ − 2 x₁ + 0.5 x₂ + noise of deviation 0.4. */
  private static TestData.Table linear() {
    SplittableRandom random = new SplittableRandom(21);
    int n = 60;
    double[][] x = new double[n][];
    double[] t = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = new double[] {TestData.gaussian(random), TestData.gaussian(random), TestData.gaussian(random)};
      t[i] = 1.5 * x[i][0] - 2.0 * x[i][1] + 0.5 * x[i][2] + 0.4 * TestData.gaussian(random);
    }
    return new TestData.Table(x, t);
  }

  @Test
  void heldNoiseWithAlphaPinnedIsRidgeRegression() {
    TestData.Table data = linear();
    double beta = 4.0;
    double alpha = 0.5;
    // a Gamma(a, b) hyperprior with a, b of 1e10 pins every alpha at a / b to about 1e-10 (the re-estimate is
    // (gamma + 2a) / (w^2 + 2b), gamma <= 1 and w^2 about 4)
    RvmModel model = new RvmEstimator().setKernel("linear").setStandardization(false).setFitIntercept(false)
        .setSolver("em").setNoisePrecision(beta).setAlphaPriorShape(alpha * 1e10).setAlphaPriorRate(1e10)
        .fit(SparkTestSession.frame(data, 2));
    // the closed form: (XᵀX + (α/β) I)⁻¹ Xᵀt
    int d = 3;
    double[] normal = new double[d * d];
    double[] rhs = new double[d];
    for (int i = 0; i < data.size(); i++) {
      for (int a = 0; a < d; a++) {
        rhs[a] += data.x()[i][a] * data.t()[i];
        for (int b = 0; b < d; b++) {
          normal[b * d + a] += data.x()[i][a] * data.x()[i][b];
        }
      }
    }
    for (int a = 0; a < d; a++) {
      normal[a * d + a] += alpha / beta;
    }
    double[] ridge = Cholesky.factorWithJitter(normal, d).solve(rhs);
    assertEquals(beta, model.fittedNoisePrecision());
    assertEquals(3, model.relevantFeatures().length);
    for (int a = 0; a < d; a++) {
      assertEquals(ridge[a], model.weights().apply(a), 1e-8 * Math.abs(ridge[a]), "weight " + a);
      assertEquals(alpha, model.alphas().apply(a), 1e-8, "alpha " + a);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"em", "fast"})
  void heldNoiseNeverChanges(String solver) {
    double beta = 50.0;
    List<Double> reported = new ArrayList<>();
    IterationListener listener = new IterationListener() {
      @Override
      public void onIteration(IterationReport r) {
        reported.add(r.noisePrecision());
      }
    };
    RvmModel model = new RvmEstimator().setGamma(1.0).setSolver(solver).setNoisePrecision(beta).setProgressListener(listener)
        .fit(SparkTestSession.frame(TestData.noisySinc(100, 0.1, 3), 2));
    assertTrue(reported.size() > 2, "steps reported: " + reported.size());
    for (double b : reported) {
      assertEquals(beta, b, 0.0, "a step's noise precision");
    }
    assertEquals(beta, model.fittedNoisePrecision(), 0.0);
    assertEquals(beta, model.getNoisePrecision(), 0.0);
    assertTrue(model.summary().converged());
  }

  /**
   * β* and α* of a learnt fit are a fixed point of the re-estimation with β held at β*: over the three relevant
   * features of {@link #linear} (one optimum), the fit holding it ends at the same model. (Over a kernel basis the
   * landscape has many optima, and a cold start with β held may settle in another one: solver fast's greedy growth
   * in particular, which a held noise of the learnt level does not lead to as many basis functions as the small
   * noise it starts a learning fit with.)
   */
  @ParameterizedTest
  @ValueSource(strings = {"em", "fast"})
  void holdingTheLearntNoiseGivesTheSameModel(String solver) {
    Dataset<Row> frame = SparkTestSession.frame(linear(), 1);
    RvmEstimator rvm = new RvmEstimator().setKernel("linear").setSolver(solver).setTol(1e-9);
    RvmModel learnt = rvm.fit(frame);
    RvmModel held = rvm.copy(new org.apache.spark.ml.param.ParamMap())
        .setNoisePrecision(learnt.fittedNoisePrecision()).fit(frame);
    assertTrue(learnt.summary().converged() && held.summary().converged());
    assertEquals(3, learnt.relevantFeatures().length);
    org.junit.jupiter.api.Assertions.assertArrayEquals(learnt.relevantFeatures(), held.relevantFeatures());
    assertEquals(learnt.fittedNoisePrecision(), held.fittedNoisePrecision(), 0.0);
    // the same optimum: solver fast stops when no action gains 1e-6 nats (the learning fit a few 1e-5 nats below
    // it, measured), where the objective is flat enough in log alpha to leave a weight within about 1e-4 of it
    boolean em = solver.equals("em");
    double[] l = learnt.summary().logMarginalLikelihood();
    double[] h = held.summary().logMarginalLikelihood();
    assertEquals(l[l.length - 1], h[h.length - 1], em ? 1e-6 : 1e-4, "log marginal likelihood");
    double relative = em ? 1e-6 : 1e-3;
    for (int a = 0; a < 3; a++) {
      assertEquals(learnt.weights().apply(a), held.weights().apply(a),
          relative * Math.abs(learnt.weights().apply(a)), "weight " + a);
    }
    assertEquals(learnt.intercept(), held.intercept(), relative);
  }

  @Test
  void classifiersAndTheVariationalSolverRefuseIt() {
    Dataset<Row> ripley = SparkTestSession.frame(TestData.ripley("tr"), 2);
    IllegalArgumentException bernoulli = assertThrows(IllegalArgumentException.class,
        () -> new RvmEstimator().setFamily("bernoulli").setNoisePrecision(2.0).fit(ripley));
    assertTrue(bernoulli.getMessage().contains("noisePrecision") && bernoulli.getMessage().contains("bernoulli"),
        bernoulli.getMessage());
    IllegalArgumentException multinomial = assertThrows(IllegalArgumentException.class,
        () -> new RvmEstimator().setFamily("multinomial").setNoisePrecision(2.0).fit(ripley));
    assertTrue(multinomial.getMessage().contains("multinomial"), multinomial.getMessage());
    IllegalArgumentException variational = assertThrows(IllegalArgumentException.class,
        () -> new RvmEstimator().setSolver("variational").setNoisePrecision(2.0)
            .fit(SparkTestSession.frame(TestData.noisySinc(30, 0.1, 1), 1)));
    assertTrue(variational.getMessage().contains("noisePrecision")
        && variational.getMessage().contains("variational"), variational.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new RvmEstimator().setNoisePrecision(-1.0));
    assertThrows(IllegalArgumentException.class,
        () -> new RvmEstimator().setNoisePrecision(Double.POSITIVE_INFINITY));
  }

  @Test
  void theParamIsSavedWithTheEstimatorAndTheModel(@TempDir Path dir) throws Exception {
    SparkTestSession.get();
    RvmEstimator rvm = new RvmEstimator().setSolver("em").setNoisePrecision(80.0).setMaxIter(50);
    rvm.write().save(dir.resolve("estimator").toString());
    assertEquals(80.0, RvmEstimator.load(dir.resolve("estimator").toString()).getNoisePrecision(), 0.0);
    RvmModel model = rvm.fit(SparkTestSession.frame(TestData.noisySinc(40, 0.1, 2), 1));
    model.write().save(dir.resolve("model").toString());
    RvmModel loaded = RvmModel.load(dir.resolve("model").toString());
    assertEquals(80.0, loaded.getNoisePrecision(), 0.0);
    assertEquals(80.0, loaded.fittedNoisePrecision(), 0.0);
    assertEquals(0.0, new RvmEstimator().getNoisePrecision(), 0.0);
  }
}
