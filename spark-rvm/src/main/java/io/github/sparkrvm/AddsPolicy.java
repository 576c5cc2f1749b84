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
 * How many basis functions a step of a fast classifier may add ({@code maxAddsPerStep}), resolved here and nowhere
 * else: a value above 0 is kept ({@link Fixed}); 0 (auto) resolves by the size and shape of the fit:
 * <ul>
 *   <li>{@link Auto}: 1 below {@link #AUTO_BATCH_ROWS} rows of positive weight and {@link #DEFAULT_MAX_ADDS_PER_STEP}
 *       from there on, on either path. Batching below that size was measured and refused
 *       (benchmarks/results/fit-scaling.md, em-vs-fast.md): on small data the evidence supports few basis functions,
 *       and batches of near-collinear centres that the Gaussian surrogate mispredicts cost long mode searches.</li>
 *   <li>{@link TwoPaths}: the small softmax (below AUTO_BATCH_ROWS rows, cold) follows one and two adds per step and
 *       keeps the higher final evidence: over its K·M flat candidates one add per step stops early (DESIGN.md,
 *       "Digits (softmax): a second path").</li>
 *   <li>{@link AtScale}: a fit at scale adds 1 per step (the binary classifier: a step scores the shortlist only) or
 *       {@link #SOFTMAX_AT_SCALE_ADDS} (the softmax, the small softmax's second path;
 *       benchmarks/results/softmax-scale.md).</li>
 * </ul>
 * The pilot fit that starts a binary fit at scale adds {@link #PILOT_ADDS} per step, whatever the param.
 */
sealed interface AddsPolicy {

  /** The batched automatic value, from {@link #AUTO_BATCH_ROWS} rows of positive weight on (DESIGN.md). */
  int DEFAULT_MAX_ADDS_PER_STEP = 16;

  /** The rows of positive weight from which the automatic value batches adds. */
  long AUTO_BATCH_ROWS = 100_000;

  /** The automatic value of the softmax at scale. */
  int SOFTMAX_AT_SCALE_ADDS = 2;

  /** The adds per step of the pilot fit of a binary fit at scale. */
  int PILOT_ADDS = 1;

  /** {@return the adds per step of the fit (of its first path)} */
  int maxAddsPerStep();

  /** {@return the value and why, for the log} */
  String describe();

  /**
   * A value set by the user.
   *
   * @param maxAddsPerStep the param (at least 1)
   */
  record Fixed(int maxAddsPerStep) implements AddsPolicy {
    @Override
    public String describe() {
      return "maxAddsPerStep " + maxAddsPerStep;
    }
  }

  /**
   * The automatic value by the rows.
   *
   * @param weightedRows the rows of positive weight
   * @param onDriver whether the fit runs on the driver (for the log)
   */
  record Auto(long weightedRows, boolean onDriver) implements AddsPolicy {
    @Override
    public int maxAddsPerStep() {
      return weightedRows >= AUTO_BATCH_ROWS ? DEFAULT_MAX_ADDS_PER_STEP : 1;
    }

    @Override
    public String describe() {
      return "maxAddsPerStep 0: auto, " + weightedRows + " rows " + (onDriver ? "on the driver" : "over the cluster")
          + (maxAddsPerStep() > 1 ? ", at least " : ", fewer than ") + AUTO_BATCH_ROWS;
    }
  }

  /** The small softmax's two paths: one add per step, then two; the higher final evidence is kept. */
  record TwoPaths() implements AddsPolicy {
    @Override
    public int maxAddsPerStep() {
      return 1;
    }

    /** {@return the adds per step of the second path} */
    int second() {
      return 2;
    }

    @Override
    public String describe() {
      return "maxAddsPerStep 0: auto, softmax on fewer than " + AUTO_BATCH_ROWS + " rows: two paths, one and two "
          + "adds per step, the higher evidence kept";
    }
  }

  /**
   * The automatic value of a fit at scale.
   *
   * @param softmax whether the fit is the softmax (else the binary classifier of one score)
   */
  record AtScale(boolean softmax) implements AddsPolicy {
    @Override
    public int maxAddsPerStep() {
      return softmax ? SOFTMAX_AT_SCALE_ADDS : 1;
    }

    @Override
    public String describe() {
      return softmax ? "maxAddsPerStep 0: auto, " + SOFTMAX_AT_SCALE_ADDS + " for the softmax at scale"
          : "maxAddsPerStep 0: auto, 1 at scale (a step scores the shortlist only)";
    }
  }

  /**
   * What the policy is decided from.
   *
   * @param param maxAddsPerStep (0: auto)
   * @param weightedRows the rows of positive weight
   * @param onDriver whether the fit runs on the driver
   * @param atScale whether the fit runs at scale (the binary classifier of one score, or the softmax)
   * @param softmax whether the fit is the fast softmax
   * @param warm whether the fit starts from an initial model (the two paths start cold)
   */
  record Inputs(int param, long weightedRows, boolean onDriver, boolean atScale, boolean softmax, boolean warm) {}

  /**
   * {@return the policy of a fit}
   *
   * @param in what it is decided from
   */
  static AddsPolicy of(Inputs in) {
    if (in.param() > 0) {
      return new Fixed(in.param());
    }
    if (in.atScale()) {
      return new AtScale(in.softmax());
    }
    Auto auto = new Auto(in.weightedRows(), in.onDriver());
    return in.softmax() && !in.warm() && auto.maxAddsPerStep() == 1 ? new TwoPaths() : auto;
  }
}
