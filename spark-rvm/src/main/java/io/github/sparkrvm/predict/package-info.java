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
 * The posterior predictive of a fitted model, Spark-free: {@code Predictive} (one set of weights: mean and variance
 * of φᵀw, or the probit-approximated class probability), {@code MultiClassPredictive} (softmax or one-vs-rest over
 * the classes' kept basis functions) and {@code ClassScores}. Over {@code linalg} and {@code basis}; the model stage
 * {@code RvmModel} scores blocks of rows through {@code Predictive.block} / {@code MultiClassPredictive.block} (matrix
 * products; the variances through a Cholesky factor of Σ) and single rows through {@code at}.
 *
 * <p>Internal: not part of the public API (left out of the published Javadoc); it may change in any release.
 *
 * @serial exclude
 */
package io.github.sparkrvm.predict;
