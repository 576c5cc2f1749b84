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
 * Relevance Vector Machines as Spark ML stages: {@link io.github.sparkrvm.RvmEstimator} fits,
 * {@link io.github.sparkrvm.RvmModel} predicts; {@link io.github.sparkrvm.RvmSelector} selects features by their
 * relevance under a linear-kernel RVM. The stages only orchestrate: the mathematics lives in the internal,
 * Spark-free packages ({@code linalg}, {@code statistics}, {@code solvers}, {@code variational}, {@code predict},
 * {@code basis}), the cluster side in {@code distributed}; none of them is part of the public API. The types a user
 * meets besides the stages (the progress listener, the input exception) are in {@code util}.
 *
 * @serial exclude
 */
package io.github.sparkrvm;
