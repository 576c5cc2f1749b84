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

package io.github.sparkrvm.util;

/**
 * What one step of the outer loop reached.
 *
 * @param iteration 0 for the starting point, then one per α re-estimation
 * @param logMarginalLikelihood the log marginal likelihood (Laplace-approximated for classification), plus the
 *     hyperprior's log density when a or b is positive
 * @param activeBasis the number of basis functions still in the model
 * @param maxLogAlphaChange the largest change of log α (and log β) in this step
 * @param noisePrecision β for a Gaussian likelihood, NaN otherwise
 * @param likelihoodPasses the passes over the data this step made (0 for Gaussian steps)
 */
public record IterationReport(int iteration, double logMarginalLikelihood, int activeBasis,
    double maxLogAlphaChange, double noisePrecision, int likelihoodPasses) {}
