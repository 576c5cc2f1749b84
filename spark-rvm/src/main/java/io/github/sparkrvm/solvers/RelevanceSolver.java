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

import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.util.IterationListener;

/**
 * A sparse Bayesian solver with its settings bound: it fits the data seen through the statistics seam. Every solver
 * is reached through this contract (e.g. {@link GaussianRelevanceSolver#of}, {@link FastMultinomialSolver#of},
 * {@code variational.VariationalSolver.of}, and {@link OneVsRestSolver#of}, which wraps a binary one).
 *
 * @param <R> the shape of its result
 */
@FunctionalInterface
public interface RelevanceSolver<R extends RelevanceResult> {

  /**
   * Fits the data.
   *
   * @param data the data, through the statistics seam
   * @param listener told of every step
   * @return the fit
   */
  R fit(DesignStatistics data, IterationListener listener);
}
