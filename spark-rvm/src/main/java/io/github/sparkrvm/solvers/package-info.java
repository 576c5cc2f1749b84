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

/**
 * The sparse Bayesian solvers, Spark-free, and their one contract: {@link
 * io.github.sparkrvm.solvers.RelevanceSolver} ({@code fit(DesignStatistics, IterationListener)}) with its sealed
 * result {@link io.github.sparkrvm.solvers.RelevanceResult} ({@code RelevanceFit}, {@code MultiClassFit},
 * {@code VariationalFit}) and one options record, {@code SparseBayesOptions}. The em solvers (Tipping 2001:
 * {@code GaussianRelevanceSolver}, {@code BernoulliRelevanceSolver}, {@code MultinomialRelevanceSolver}, over the
 * Laplace mode search {@code PosteriorMode} and the α/β updates of {@code Reestimation}), the fast sequential solvers
 * (Tipping &amp; Faul 2003: {@code FastGaussianSolver}, {@code FastBernoulliSolver}, {@code FastMultinomialSolver},
 * over {@code FastLaplaceSolver} and the one action rule {@code SequentialAction}), {@code OneVsRestSolver}, which
 * wraps any binary solver, and the per-step trace {@code FitTrace}. Over {@code statistics} and {@code linalg}.
 *
 * <p>Internal: not part of the public API (left out of the published Javadoc); it may change in any release.
 *
 * @serial exclude
 */
package io.github.sparkrvm.solvers;
