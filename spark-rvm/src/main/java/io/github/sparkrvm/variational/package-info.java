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
 * The variational relevance vector machine (Bishop &amp; Tipping 2000; the grid priors of the gridRVM), Spark-free:
 * {@code VariationalSolver} (regression and Jaakkola–Jordan binary classification) over a Gaussian factor q(w) in the
 * primal ({@code PrimalPosterior}, M × M) or dual ({@code DualPosterior}, N × N) form behind {@code WeightPosterior},
 * the Gamma factors of the precisions ({@code GammaFactor}), the prior structures ({@code WeightPrior}) and the table
 * a grid prior is laid over ({@code PriorTable}). Over {@code statistics} and {@code solvers} (whose contract it
 * implements and whose result types it returns).
 *
 * <p>Internal: not part of the public API (left out of the published Javadoc); it may change in any release.
 *
 * @serial exclude
 */
package io.github.sparkrvm.variational;
