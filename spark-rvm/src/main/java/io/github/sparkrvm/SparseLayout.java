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

/**
 * Whether the rows are held as blocks of sparse rows over the candidates ({@code distributed.SparseStatistics}) or
 * expanded dense, decided once per fit. The sparse layout needs kernel linear and solver fast (whose steps need
 * only the m × m posterior of the active features and each candidate's terms against them), a family whose fast
 * solver reads those terms (gaussian, bernoulli, poisson, multinomial one-vs-rest, whose binary fits run on
 * one-vs-rest views of the same rows, and the softmax, whose candidates are the K·M (class, feature) pairs scored
 * apart the same way), and features without a shift (standardization divides
 * by each feature's deviation and does not centre, as Spark's {@code LogisticRegression} on sparse data, so that
 * zeros stay zeros). It is taken when the features are wide and sparse: at least {@link #MIN_CANDIDATES}
 * candidates of which at most {@link #MAX_DENSITY} are nonzero on average; or whenever the dense path's
 * candidates² matrices would not fit the driver. Elsewhere the dense path, whose BLAS products are faster on
 * dense or narrow data, stays (measured: {@code benchmarks/results/sparse-layout-switch.md}, where the sparse
 * terms win by 3x or more up to 20% nonzero and lose at 50%; the softmax takes the binary fit's thresholds: both sides of
 * its terms cost K times the binary ones, the dense N·K·M·k products against the sparse nonzeros × K × active pairs).
 *
 * @param sparse whether the rows stay sparse
 * @param why the decision, for the log
 */
record SparseLayout(boolean sparse, String why) {

  /** The fewest candidates for which sparse rows are chosen on their density alone. */
  static final int MIN_CANDIDATES = 1024;

  /** The largest share of nonzero features for which sparse rows are chosen on their density alone. */
  static final double MAX_DENSITY = 0.1;

  /**
   * What the layout is chosen from.
   *
   * @param choice the params' typed choices
   * @param candidates M, the features and the bias
   * @param density the share of nonzero features over the rows (the summary pass)
   * @param shiftFree whether the scaling the fit must use has no shift (false for a warm start from a model that
   *     centred its features)
   * @param denseFits whether the dense path's matrices fit the driver (M × M; the fast softmax's K·M × M)
   */
  record Inputs(FitChoice choice, int candidates, double density, boolean shiftFree, boolean denseFits) {}

  /** {@return the layout of a fit} */
  static SparseLayout of(Inputs in) {
    FitChoice c = in.choice();
    if (!c.linear() || c.method() != FitChoice.Method.FAST || !in.shiftFree()) {
      return new SparseLayout(false, "");
    }
    boolean wide = in.candidates() >= MIN_CANDIDATES && in.density() <= MAX_DENSITY;
    if (!wide && in.denseFits()) {
      return new SparseLayout(false, "");
    }
    return new SparseLayout(true, String.format(java.util.Locale.ROOT, "kernel linear over %d candidates with "
        + "%.4g%% of the features nonzero: the rows stay sparse (%s): every pass costs O(nonzeros x active features "
        + "of a row), the driver holds %s and the k x k posterior, never M x M; standardization scales the "
        + "features without centring them",
        in.candidates(), 100 * in.density(), wide ? "at least " + MIN_CANDIDATES + " candidates, at most "
            + 100 * MAX_DENSITY + "% nonzero" : "the dense path's " + in.candidates() + " x " + in.candidates()
            + " matrices do not fit the driver", c.softmax() ? "each (class, feature) pair's scores (O(K x M) doubles: the pairs' terms against the "
                + "active pairs are summed and scored by ranges over the cluster)"
            : "each candidate's scores (O(M) doubles: the candidates' terms against the active features are summed "
                + "and scored by ranges over the cluster)"));
  }
}
