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

package io.github.sparkrvm;

import java.io.Serializable;

/**
 * How a fit went.
 *
 * @param numRows training rows read
 * @param iterations α re-estimation steps taken (multinomial ovr: summed over the K binary fits)
 * @param converged whether {@code tol} was met within {@code maxIter} (ovr: by every binary fit)
 * @param logMarginalLikelihood the objective at the start and after each step (Laplace-approximated for
 *     bernoulli and multinomial; plus the hyperprior's log density when alphaPriorShape or alphaPriorRate is
 *     positive); ovr: the K binary fits' trajectories one after another
 * @param activeBasis the number of basis functions in the model at the start and after each step (multinomial:
 *     of (class, basis function) pairs; ovr: the binary fits' one after another)
 * @param dataPasses passes over the training data (the summary pass, then one per statistics evaluation)
 * @param fitSeconds wall-clock seconds of the whole fit
 */
public record RvmTrainingSummary(long numRows, int iterations, boolean converged, double[] logMarginalLikelihood,
    int[] activeBasis, int dataPasses, double fitSeconds) implements Serializable {}
