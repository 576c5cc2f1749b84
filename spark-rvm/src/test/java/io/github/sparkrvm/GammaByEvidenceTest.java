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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * γ unset: the fit chooses it by the evidence (issue 42; a regression by the leave-one-out density). The summary
 * records every γ tried with its evidence and criterion, the model is the fit at the γ of the highest criterion, and
 * setting γ gives the fit of that γ alone, as before.
 */
class GammaByEvidenceTest {

  private static Dataset<Row> data(String family) {
    return SparkTestSession.frame(family.equals("bernoulli") ? TestData.ripley("tr")
        : family.equals("multinomial") ? TestData.blobs(40, 3, 0.9, 7) : TestData.noisySinc(100, 0.1, 5), 2);
  }

  /** Ripley: 2 features (1/features = 0.5); three blobs in the plane: 2 features (0.5). */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"bernoulli, 0.5, 250", "multinomial, 0.5, 120"})
  void anUnsetGammaIsChosenByTheEvidenceOverTheGridTried(String family, double oneOverFeatures, long rows) {
    Dataset<Row> data = data(family);
    RvmModel model = new RvmEstimator().setFamily(family).setStandardization(true).fit(data);
    RvmTrainingSummary.GammaChoice search = model.summary().gammaChoice();
    assertNotNull(search, "the summary records the search");
    assertNull(model.summary().standardizationChoice(), "standardization set: no choice");
    double[] tried = search.tried();
    double[] evidence = search.logMarginalLikelihood();
    assertTrue(tried.length >= 5, "a coarse step either way and a refinement: " + Arrays.toString(tried));
    assertEquals(oneOverFeatures, tried[0], 0.0, "the search starts at 1 / features");
    assertEquals(rows, search.rows(), "on the driver: every row");
    int chosen = chosenByTheEvidence(search);
    assertEquals(search.chosen(), model.getGamma(), 0.0, "the model persists the chosen γ");
    double[] history = model.summary().logMarginalLikelihood();
    assertEquals(evidence[chosen], history[history.length - 1], 0.0, "the model is the search's fit at the chosen γ");
    int[] active = model.summary().activeBasis();
    assertEquals(search.kept()[chosen], active[active.length - 1], "the α it kept");

    // γ set: the old behaviour for that γ, no search; at 1/features it is the search's first (cold) fit exactly
    RvmModel set = new RvmEstimator().setFamily(family).setGamma(oneOverFeatures).fit(data);
    assertNull(set.summary().gammaChoice());
    assertEquals(oneOverFeatures, set.getGamma(), 0.0);
    double[] setHistory = set.summary().logMarginalLikelihood();
    assertEquals(evidence[0], setHistory[setHistory.length - 1], 0.0);
  }

  /**
   * γ and standardization both unset: the search runs on the standardised features and on the features as given, and
   * the fit of the higher evidence is kept; each is the fit that setting standardization gives.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"bernoulli", "multinomial"})
  void anUnsetStandardizationIsChosenByTheEvidenceWithGamma(String family, @TempDir Path dir) throws IOException {
    Dataset<Row> data = data(family);
    RvmModel chosen = new RvmEstimator().setFamily(family).fit(data);
    RvmTrainingSummary.StandardizationChoice choice = chosen.summary().standardizationChoice();
    assertNotNull(choice, "the summary records the choice");
    RvmModel standardised = new RvmEstimator().setFamily(family).setStandardization(true).fit(data);
    RvmModel asGiven = new RvmEstimator().setFamily(family).setStandardization(false).fit(data);
    assertEquals(last(standardised), choice.standardizedLogMarginalLikelihood(), 0.0);
    assertEquals(last(asGiven), choice.rawLogMarginalLikelihood(), 0.0);
    assertEquals(criterion(asGiven) <= criterion(standardised), choice.standardization(),
        "the higher evidence less one per α kept is kept");
    assertEquals(choice.standardization(), chosen.getStandardization(), "the model persists the choice");
    RvmModel kept = choice.standardization() ? standardised : asGiven;
    assertEquals(last(kept), last(chosen), 0.0);
    assertEquals(kept.getGamma(), chosen.getGamma(), 0.0);
    assertArrayEquals(kept.summary().gammaChoice().tried(), chosen.summary().gammaChoice().tried(), 0.0,
        "the summary's search is the kept scaling's");
    chosen.write().save(dir.resolve("chosen").toString()); // saved with the model (from format 5)
    assertEquals(choice, RvmModel.load(dir.resolve("chosen").toString()).summary().standardizationChoice());
    assertNull(new RvmEstimator().setFamily(family).setGamma(0.5).fit(data).summary().standardizationChoice(),
        "gamma set: no search, standardization as its default");
  }

  /**
   * {@return the index of the chosen γ in the search's record, checking that it maximises the recorded criterion over
   * every γ tried, and that a classifier's criterion is the evidence less one per α kept}
   */
  private static int chosenTrial(RvmTrainingSummary.GammaChoice search) {
    int chosen = -1;
    double best = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < search.tried().length; i++) {
      if (search.criterion()[i] > best) {
        best = search.criterion()[i];
        chosen = i;
      }
    }
    assertEquals(search.tried()[chosen], search.chosen(), 0.0,
        "the chosen γ has the highest criterion of the grid tried");
    return chosen;
  }

  /** As {@link #chosenTrial}, for a classifier: its criterion is the evidence less one per α kept. */
  private static int chosenByTheEvidence(RvmTrainingSummary.GammaChoice search) {
    for (int i = 0; i < search.tried().length; i++) {
      assertEquals(search.logMarginalLikelihood()[i] - search.kept()[i], search.criterion()[i], 0.0);
      assertTrue(Double.isNaN(search.heldOut()[i]), "a classifier's search scores nothing held-out");
    }
    return chosenTrial(search);
  }

  /** {@return the search's criterion at the γ it chose} */
  private static double criterion(RvmModel model) {
    RvmTrainingSummary.GammaChoice search = model.summary().gammaChoice();
    return search.criterion()[chosenByTheEvidence(search)];
  }

  private static double last(RvmModel model) {
    double[] history = model.summary().logMarginalLikelihood();
    return history[history.length - 1];
  }

  @Test
  void aFitOverTheClusterSearchesOnASampleCollectedToTheDriverThenFitsTheChosenGamma(@TempDir Path dir)
      throws IOException {
    // maxDriverDesignSizeInMB 0: every step passes over the cluster; the search fits on a seeded sample of up to
    // Placement.PILOT_ROWS rows on the driver (here all 250), then the fit runs again at the chosen γ
    Dataset<Row> data = data("bernoulli");
    RvmModel model = new RvmEstimator().setFamily("bernoulli").setMaxDriverDesignSizeInMB(0).setMaxIter(3)
        .fit(data);
    RvmTrainingSummary.GammaChoice search = model.summary().gammaChoice();
    assertNotNull(search);
    assertEquals(250, search.rows());
    assertEquals(search.chosen(), model.getGamma(), 0.0);
    chosenByTheEvidence(search);
    assertTrue(model.summary().dataPasses() > 2, "the fit at the chosen γ passed over the cluster");

    // the search is saved with the model (from model format 5): a loaded model, or read_model_data over Connect, has
    // it
    String path = dir.resolve("searched").toString();
    model.write().save(path);
    RvmTrainingSummary.GammaChoice loaded = RvmModel.load(path).summary().gammaChoice();
    assertNotNull(loaded);
    assertArrayEquals(search.tried(), loaded.tried(), 0.0);
    assertArrayEquals(search.logMarginalLikelihood(), loaded.logMarginalLikelihood(), 0.0);
    assertArrayEquals(search.kept(), loaded.kept());
    assertArrayEquals(search.criterion(), loaded.criterion(), 0.0);
    assertArrayEquals(search.heldOut(), loaded.heldOut(), 0.0);
    assertEquals(search.chosen(), loaded.chosen(), 0.0);
    assertEquals(search.rows(), loaded.rows());
  }

  /**
   * A regression with γ unset chooses it by the leave-one-out log density less two per α kept
   * ({@code solvers.GammaCriterion}) and then by held-out folds: the summary records the search; the three γ of the
   * highest criterion are scored held-out (and any γ the walk from them added), the others not; the chosen γ has the
   * highest held-out score; the criterion recorded at it is the leave-one-out density of the model fitted with that γ
   * set, computed again from that model's predictions of its training rows; the standardization is the param's (no
   * choice by the evidence for a regression); and setting γ gives the fit of that γ alone, as before.
   */
  @Test
  void aRegressionWithGammaUnsetChoosesItByTheLeaveOneOutDensityThenHeldOutFolds(@TempDir Path dir)
      throws IOException {
    Dataset<Row> sinc = data("gaussian");
    RvmModel unset = new RvmEstimator().setFamily("gaussian").setCalibrateVariance(false).fit(sinc);
    RvmTrainingSummary.GammaChoice search = unset.summary().gammaChoice();
    assertNotNull(search, "the summary records the search");
    assertNull(unset.summary().standardizationChoice());
    assertEquals(1.0, search.tried()[0], 0.0, "the search starts at 1 / features");
    assertEquals(100, search.rows());
    int chosen = chosenByHeldOut(search);
    assertEquals(search.chosen(), unset.getGamma(), 0.0, "the model persists the chosen γ");
    assertTrue(search.chosen() != 1.0, "on sinc the search leaves 1 / features: " + search.chosen());

    // the recorded criterion is the leave-one-out log density of the fit at that γ, less two per basis function kept
    RvmModel at = new RvmEstimator().setFamily("gaussian").setCalibrateVariance(false).setGamma(search.chosen())
        .fit(sinc);
    assertNull(at.summary().gammaChoice(), "γ set: no search");
    assertArrayEquals(unset.weights().toArray(), at.weights().toArray(), 0.0, "the search's fit is the fit at γ");
    double beta = at.fittedNoisePrecision();
    double loo = 0.0;
    for (Row r : sinc.select("features", "label").collectAsList()) {
      org.apache.spark.ml.linalg.Vector x = r.getAs(0);
      loo += io.github.sparkrvm.statistics.LeaveOneOutDensity.ofRow(r.getDouble(1), at.predict(x),
          at.predictVariance(x) - 1.0 / beta, beta);
    }
    int kept = at.summary().activeBasis()[at.summary().activeBasis().length - 1];
    assertEquals(search.kept()[chosen], kept);
    assertEquals(loo - 2 * kept, search.criterion()[chosen], 1e-9 * Math.abs(loo));

    // γ set at 1 / features: the former default, the search's first (cold) fit exactly
    RvmModel set = new RvmEstimator().setFamily("gaussian").setCalibrateVariance(false).setGamma(1.0).fit(sinc);
    assertNull(set.summary().gammaChoice());
    double[] history = set.summary().logMarginalLikelihood();
    assertEquals(search.logMarginalLikelihood()[0], history[history.length - 1], 0.0);

    // saved with the model (format 6: the held-out scores too)
    unset.write().save(dir.resolve("searched").toString());
    RvmTrainingSummary.GammaChoice loaded = RvmModel.load(dir.resolve("searched").toString()).summary()
        .gammaChoice();
    assertArrayEquals(search.heldOut(), loaded.heldOut(), 0.0);
    assertArrayEquals(search.criterion(), loaded.criterion(), 0.0);
    assertEquals(search.chosen(), loaded.chosen(), 0.0);
  }

  /**
   * {@return the index of the chosen γ in a regression's record, checking that the three γ of the highest criterion
   * were scored held-out, that every other γ scored is a walk's step (a factor 2 from another scored), and that the
   * chosen γ has the highest held-out score}
   */
  private static int chosenByHeldOut(RvmTrainingSummary.GammaChoice search) {
    Integer[] byCriterion = new Integer[search.tried().length];
    for (int i = 0; i < byCriterion.length; i++) {
      byCriterion[i] = i;
    }
    Arrays.sort(byCriterion, (a, b) -> Double.compare(search.criterion()[b], search.criterion()[a]));
    for (int r = 0; r < byCriterion.length; r++) {
      int i = byCriterion[r];
      if (r < 3) {
        assertTrue(!Double.isNaN(search.heldOut()[i]), "finalist " + r + " scored");
      } else if (!Double.isNaN(search.heldOut()[i])) {
        boolean step = false;
        for (int j = 0; j < search.tried().length; j++) {
          double ratio = search.tried()[i] / search.tried()[j];
          step |= !Double.isNaN(search.heldOut()[j]) && (ratio == 2.0 || ratio == 0.5);
        }
        assertTrue(step, "γ " + search.tried()[i] + " scored: a walk's step");
      }
    }
    int chosen = -1;
    for (int i = 0; i < search.tried().length; i++) {
      if (!Double.isNaN(search.heldOut()[i]) && (chosen < 0 || search.heldOut()[i] > search.heldOut()[chosen])) {
        chosen = i;
      }
    }
    assertEquals(search.tried()[chosen], search.chosen(), 0.0, "the chosen γ has the best held-out score");
    return chosen;
  }

  @Test
  void noSearchForTheLinearKernelOrAWarmStart(@TempDir Path dir) throws IOException {
    Dataset<Row> data = data("bernoulli");
    assertNull(new RvmEstimator().setFamily("bernoulli").setKernel("linear").fit(data).summary().gammaChoice());
    RvmModel initial = new RvmEstimator().setFamily("bernoulli").setGamma(2.0).setMaxIter(5).fit(data);
    RvmModel warm = new RvmEstimator().setFamily("bernoulli").setInitialModel(initial).setMaxIter(5).fit(data);
    assertNull(warm.summary().gammaChoice(), "a warm start keeps its initial model's γ");
    assertEquals(2.0, warm.getGamma(), 0.0);
    // saved with the model (format 5): the loaded model still says it was warm-started, and from how many functions
    warm.write().save(dir.resolve("warm").toString());
    RvmTrainingSummary loaded = RvmModel.load(dir.resolve("warm").toString()).summary();
    assertTrue(warm.summary().warmStartBasis() > 0);
    assertEquals(warm.summary().warmStartBasis(), loaded.warmStartBasis());
    assertNull(loaded.gammaChoice());
  }
}
