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

package io.github.sparkrvm.util;

/** Told of every step of a sparse Bayesian outer loop (for logging and progress). */
@FunctionalInterface
public interface IterationListener {

  /**
   * Called after every step.
   *
   * @param report the step
   */
  void onIteration(IterationReport report);

  /**
   * {@return the listener of the binary fit of one class against the rest (one-vs-rest); by default this one} It
   * may be called from several threads at once.
   *
   * @param positiveClass the class fitted against the rest
   */
  default IterationListener forClass(int positiveClass) {
    return this;
  }

  /**
   * {@return the listener of a fit on a sample of the rows that starts a fit at scale (its pilot and the fits of its
   * ladder); by default one that ignores every report: the fit's own reports are those of its fit on every row}
   *
   * @param fraction the sample's expected fraction of the rows
   */
  default IterationListener forSample(double fraction) {
    return none();
  }

  /**
   * {@return this listener, told each report with its step numbered {@code first} steps on} A fit that follows
   * several greedy paths numbers each later path's steps on from the earlier ones'.
   *
   * @param first the number the reports' step 0 gets
   */
  default IterationListener numberedFrom(int first) {
    IterationListener self = this;
    return r -> self.onIteration(new IterationReport(first + r.iteration(), r.logMarginalLikelihood(),
        r.activeBasis(), r.maxLogAlphaChange(), r.noisePrecision(), r.likelihoodPasses()));
  }

  /** {@return a listener that ignores every report} */
  static IterationListener none() {
    return report -> {};
  }
}
