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
 * The Spark-free mathematics of sparse Bayesian learning: the statistics seam ({@link
 * io.github.sparkrvm.statistics.DesignStatistics}) with its in-memory reference, the accumulators the cluster runs, the
 * Gaussian, Bernoulli and multinomial (Laplace; softmax or one-vs-rest) outer loops, the fast sequential solvers
 * (Tipping &amp; Faul) for Gaussian and Bernoulli likelihoods, the posterior mode, the
 * multi-class predictive, and Cholesky solves.
 *
 * @serial exclude
 */
package io.github.sparkrvm.solvers;
