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

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.FeatureScaling;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.solvers.InitialState;
import io.github.sparkrvm.statistics.Family;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A fit started from an earlier model (the estimator's {@code setInitialModel}): the checks that the model fits this
 * fit's params and data, the candidate centres (the model's first, then the sampled ones it does not already hold),
 * and the model's basis functions, α, weights and β as an {@link InitialState} over the new candidate basis. The
 * fit keeps the model's feature scaling, so that its relevance vectors are the same basis functions.
 */
final class WarmStart {

  /**
   * The model a fit starts from, as the stage hands it over: its fitted content and the params a warm start must
   * share with the fit.
   *
   * @param uid the model's uid, for messages
   * @param fitted what its fit left
   * @param standardization its standardization param
   * @param fitIntercept its fitIntercept param
   */
  record Initial(String uid, FittedRvm fitted, boolean standardization, boolean fitIntercept) {}

  private final String uid;
  private final FittedRvm model;
  private final int offset;

  private WarmStart(String uid, FittedRvm model, boolean intercept) {
    this.uid = uid;
    this.model = model;
    this.offset = intercept ? 1 : 0;
  }

  /**
   * {@return the warm start from {@code initial}, checked against this fit}
   *
   * @param initial the initial model
   * @param p the params of this fit
   * @param choice their typed choices
   * @param kernel this fit's kernel (γ resolved)
   * @param dim the number of features of the training data
   * @param numClasses K of the training data (multinomial), else 0
   * @throws IllegalArgumentException naming what differs, when the model cannot start this fit
   */
  static WarmStart of(Initial initial, RvmParams p, FitChoice choice, Kernel kernel, int dim,
      int numClasses) {
    FittedRvm m = initial.fitted();
    List<String> differ = new ArrayList<>();
    if (m.family() != choice.family()) {
      differ.add("family " + m.family().paramValue() + " (this fit: " + choice.family().paramValue() + ")");
    }
    if (!m.kernel().equals(kernel)) {
      differ.add("kernel " + describe(m.kernel()) + " (this fit: " + describe(kernel) + ")");
    }
    if (m.numFeatures() != dim) {
      differ.add(m.numFeatures() + " features (this fit's featuresCol '" + p.getFeaturesCol() + "': " + dim + ")");
    }
    // standardization unset: the initial model's (the evidence may have chosen it), as an unset gamma keeps its γ
    if (p.isSet(p.standardization()) && initial.standardization() != p.getStandardization()) {
      differ.add("standardization " + initial.standardization() + " (this fit: " + p.getStandardization() + ")");
    }
    if (initial.fitIntercept() != p.getFitIntercept()) {
      differ.add("fitIntercept " + initial.fitIntercept() + " (this fit: " + p.getFitIntercept() + ")");
    }
    if (m.multiClass() && m.classes().numClasses() != numClasses) {
      differ.add(m.classes().numClasses() + " classes (this fit's labelCol '" + p.getLabelCol() + "': " + numClasses
          + ")");
    }
    if (!differ.isEmpty()) {
      throw new IllegalArgumentException("initialModel " + initial.uid() + " cannot start this fit: it has "
          + String.join(", ", differ) + ". A warm start needs a model of the same family, kernel and gamma (degree, "
          + "coef0), number of features, standardization, fitIntercept and number of classes: set these params as "
          + "the initial model's, or fit without initialModel");
    }
    if (choice.variational()) {
      throw new IllegalArgumentException("initialModel (a warm start) is not supported by solver 'variational': use "
          + "solver em or fast, or fit without initialModel");
    }
    if (choice.oneVsRest()) {
      throw new IllegalArgumentException("initialModel (a warm start) is not supported with multiClassStrategy "
          + "'ovr': use multiClassStrategy softmax, or fit without initialModel");
    }
    if (m.grid() != null) {
      throw new IllegalArgumentException("initialModel " + initial.uid() + " was fitted with a grid prior (solver "
          + "variational), which a warm start cannot continue: fit without initialModel");
    }
    return new WarmStart(initial.uid(), m, p.getFitIntercept());
  }

  private static String describe(Kernel k) {
    String params = k.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).sorted()
        .reduce((a, b) -> a + ", " + b).orElse("");
    return k.name() + (params.isEmpty() ? "" : " (" + params + ")");
  }

  /**
   * {@return the warm start, for the log}
   *
   * @param state {@link #state} (null when the model kept no basis function: the fit starts cold)
   * @param candidates the fit's candidate basis functions
   */
  String describe(InitialState state, int candidates) {
    return state == null ? "initialModel " + uid + " kept no basis function: the fit starts cold (on its candidates "
        + "and scaling)"
        : "warm start from initialModel " + uid + ": its " + state.size() + " " + (model.family().perClass()
            ? "(class, basis function) pairs" : "basis functions") + ", their alpha and weights"
            + (Double.isNaN(model.noisePrecision()) ? "" : " and noise precision") + "; its feature scaling; "
            + candidates + " candidate basis functions (its own first, then the sampled ones it does not hold)";
  }

  /** {@return the feature scaling of the initial model, which the fit keeps} */
  FeatureScaling scaling() {
    return model.scaling();
  }

  /** {@return the number of (class, basis function) pairs the initial model has} */
  int size() {
    return model.keptPairs();
  }

  /**
   * {@return the candidate centres on the original scale: the initial model's (rbf, poly: its relevance vectors;
   * rbf-per-dimension: every centre of its fit), then those of {@code sampled} it does not hold}
   *
   * @param sampled the centres the summary pass sampled, row-major
   */
  double[] centres(double[] sampled) {
    int d = model.numFeatures();
    double[] own = model.centres();
    Set<List<Double>> held = new HashSet<>();
    for (int c = 0; c < own.length / d; c++) {
      held.add(row(own, c, d));
    }
    double[] out = Arrays.copyOf(own, own.length + sampled.length);
    int at = own.length;
    for (int c = 0; c < sampled.length / d; c++) {
      if (!held.contains(row(sampled, c, d))) {
        System.arraycopy(sampled, c * d, out, at, d);
        at += d;
      }
    }
    return Arrays.copyOf(out, at);
  }

  private static List<Double> row(double[] values, int c, int d) {
    List<Double> r = new ArrayList<>(d);
    for (int j = 0; j < d; j++) {
      r.add(values[c * d + j]);
    }
    return r;
  }

  /**
   * {@return the initial model's state over the candidates of {@code basis}, built on {@link #centres}}
   *
   * @param basis the fit's candidate basis
   */
  InitialState state(BasisFunctions basis) {
    int[] candidates = candidates(basis);
    if (model.multiClass()) {
      ClassModels c = model.classes();
      int k = c.numClasses();
      int[][] active = new int[k][];
      for (int p = 0; p < k; p++) {
        active[p] = Arrays.stream(c.basis()[p]).map(u -> candidates[u]).toArray();
      }
      return new InitialState(active, c.alpha(), c.weights(), Double.NaN);
    }
    return InitialState.of(candidates, model.alpha(), model.weights(), model.noisePrecision());
  }

  /** The candidate index in {@code basis} of each basis function the model kept (bias first when kept). */
  private int[] candidates(BasisFunctions basis) {
    int bias = model.biasKept() ? 1 : 0;
    int relevant = model.numRelevant();
    int[] out = new int[bias + relevant];
    if (bias == 1) {
      out[0] = 0; // the bias is candidate 0 of a basis with an intercept, which the checks ensured
    }
    Kernel kernel = model.kernel();
    int oldCentres = model.numCentres();
    for (int r = 0; r < relevant; r++) {
      int source;
      if (!kernel.keepsPositions()) {
        source = r; // rbf, poly: the model's relevance vectors are the first centres
      } else if (kernel.hasCentres()) {
        int position = model.features()[r]; // rbf-per-dimension: (dimension, centre), dimension-major
        source = (position / oldCentres) * basis.numCentres() + position % oldCentres;
      } else {
        source = model.features()[r]; // linear: the feature
      }
      out[bias + r] = offset + source;
    }
    return out;
  }
}
