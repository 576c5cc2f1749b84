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
 * The statistics seam and what it answers, Spark-free: {@link io.github.sparkrvm.statistics.DesignStatistics} (the
 * one interface every solver reads the data through), its driver-side implementation {@code LocalStatistics} over
 * rows collected to the driver, the BLAS accumulators a partition and the driver both run (Gaussian sufficient
 * statistics, Bernoulli/softmax likelihood terms, Jaakkola–Jordan terms, every candidate's terms for the fast solvers),
 * the value types they return ({@code GaussianStatistics}, {@code LikelihoodTerms}, {@code CandidateTerms},
 * {@code JaakkolaJordanTerms}, {@code DesignMatrix}, the lazy Gram {@code LazyGram}) and the likelihood
 * {@code Family}. Over {@code linalg}; the cluster's implementation of the seam is {@code distributed.BlockStatistics}.
 *
 * <p>Internal: not part of the public API (left out of the published Javadoc); it may change in any release.
 *
 * @serial exclude
 */
package io.github.sparkrvm.statistics;
