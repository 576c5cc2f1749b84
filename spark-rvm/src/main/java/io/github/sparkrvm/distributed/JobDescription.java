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

package io.github.sparkrvm.distributed;

import java.util.function.Supplier;
import org.apache.spark.SparkContext;

/**
 * Names the Spark jobs of a fit's passes over the data, as the Spark UI and {@code SparkListener}s see them (the
 * local property {@code spark.job.description} of {@link SparkContext#setJobDescription}): each pass sets its
 * description for its own jobs and restores the caller's afterwards, so that a user's own description around the
 * whole fit comes back when the fit ends, and heads the pass' own: "the user's: rvm_1: statistics pass 2: ...".
 */
public final class JobDescription {

  /** The local property that Spark reads a job's description from. */
  public static final String PROPERTY = "spark.job.description";

  private JobDescription() {}

  /**
   * Runs {@code action} with the jobs it starts on this thread described as {@code description}, after the
   * caller's own description (when there is one) and ": ".
   *
   * @param sc the Spark context
   * @param description what the jobs do, e.g. "rvm_1: statistics pass 2: Bernoulli candidate statistics"
   * @param action the Spark action(s)
   * @param <T> the result
   * @return the action's result
   */
  public static <T> T run(SparkContext sc, String description, Supplier<T> action) {
    String previous = sc.getLocalProperty(PROPERTY);
    sc.setJobDescription(previous == null || previous.isEmpty() ? description : previous + ": " + description);
    try {
      return action.get();
    } finally {
      sc.setLocalProperty(PROPERTY, previous);
    }
  }
}
