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
 * The public types a user of the stages meets that the internal packages share: the progress listener of a fit
 * ({@link io.github.sparkrvm.util.IterationListener}, given to {@link
 * io.github.sparkrvm.RvmEstimator#setProgressListener}) with its per-step report ({@link
 * io.github.sparkrvm.util.IterationReport}), and {@link io.github.sparkrvm.util.InvalidInputException}, thrown when
 * training or prediction input cannot be used. They depend on nothing else of the library, so every package can use
 * them without an arrow back to the stages.
 *
 * @serial exclude
 */
package io.github.sparkrvm.util;
