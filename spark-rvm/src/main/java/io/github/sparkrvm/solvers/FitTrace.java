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

package io.github.sparkrvm.solvers;

import io.github.sparkrvm.util.IterationListener;
import io.github.sparkrvm.util.IterationReport;
import java.util.ArrayList;
import java.util.List;

/**
 * The history of a fit as its steps happen: the objective and the kept count after each step, each step also told
 * to the listener as an {@link IterationReport}.
 */
public final class FitTrace {

  private final IterationListener listener;
  private final List<Double> objective = new ArrayList<>();
  private final List<Integer> counts = new ArrayList<>();

  /**
   * A trace whose steps are told to the listener as they are numbered.
   *
   * @param listener told of every step
   */
  public FitTrace(IterationListener listener) {
    this.listener = listener;
  }

  /**
   * Records a step (0: the starting point) and tells the listener.
   *
   * @param iteration the step
   * @param logMarginalLikelihood the objective after it
   * @param activeBasis the kept count after it
   * @param maxLogAlphaChange the largest change of log α in it (NaN at the start)
   * @param noisePrecision β, or NaN
   * @param passes the passes over the data it made
   */
  public void record(int iteration, double logMarginalLikelihood, int activeBasis, double maxLogAlphaChange,
      double noisePrecision, int passes) {
    objective.add(logMarginalLikelihood);
    counts.add(activeBasis);
    listener.onIteration(new IterationReport(iteration, logMarginalLikelihood, activeBasis, maxLogAlphaChange,
        noisePrecision, passes));
  }

  /**
   * Appends another fit's trajectories, telling no one (one-vs-rest: the binary fits one after another).
   *
   * @param fit the fit
   */
  void append(RelevanceResult fit) {
    for (double v : fit.logMarginalLikelihoods()) {
      objective.add(v);
    }
    for (int c : fit.activeCounts()) {
      counts.add(c);
    }
  }

  /** {@return the number of steps recorded} */
  public int size() {
    return objective.size();
  }

  /** {@return the objective of the last step recorded, −∞ before the first} */
  public double last() {
    return objective.isEmpty() ? Double.NEGATIVE_INFINITY : objective.get(objective.size() - 1);
  }

  /** {@return the objective after each step} */
  public double[] objective() {
    return objective.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** {@return the kept count after each step} */
  public int[] activeCounts() {
    return counts.stream().mapToInt(Integer::intValue).toArray();
  }
}
