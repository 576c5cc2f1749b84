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
 * @param warnings what a user should know about the fit, each also logged at WARN: a model that kept no relevance
 *     vector (it predicts the same for every input), a non-finite objective, declared classes without rows. Empty
 *     when all went well; saved with the model from model format 5 (a model saved before has none)
 * @param warmStartBasis a fit started from an initial model ({@link RvmEstimator#setInitialModel}): the number of
 *     its basis functions (multinomial: (class, basis function) pairs) it started from; −1 for a cold start. Saved
 *     with the model from model format 5 (a model saved before has −1)
 * @param gammaChoice the search by the evidence for the kernel's γ when the param gamma was unset (every γ tried,
 *     its evidence and the one chosen, which the model's gamma holds); null when gamma was set, the kernel has none
 *     (linear) or the fit started from an initial model. Saved with the model from model format 5
 * @param standardizationChoice the choice by the evidence between standardised and raw features when the params
 *     gamma and standardization were both unset and the search for γ ran on every row; null otherwise. Saved
 *     with the model from model format 5 (the model's standardization holds the choice)
 */
public record RvmTrainingSummary(long numRows, int iterations, boolean converged, double[] logMarginalLikelihood,
    int[] activeBasis, int dataPasses, double fitSeconds, java.util.List<String> warnings, int warmStartBasis,
    GammaChoice gammaChoice, StandardizationChoice standardizationChoice) implements Serializable {

  /**
   * The choice between standardised and raw features by the evidence: the search for γ ran on both, and the fit of
   * the higher final log marginal likelihood less one nat per α kept (the criterion of the search for γ, whose
   * {@link GammaChoice#kept()} holds each fit's count) was kept.
   *
   * @param standardizedLogMarginalLikelihood the evidence of the fit on the standardised features (at the γ its
   *     search chose)
   * @param rawLogMarginalLikelihood the evidence of the fit on the features as given (at the γ its search chose)
   * @param standardization whether the kept fit is the one on standardised features (the higher criterion; the
   *     standardised one when they are equal)
   */
  public record StandardizationChoice(double standardizedLogMarginalLikelihood, double rawLogMarginalLikelihood,
      boolean standardization) implements Serializable {}

  /**
   * The search for γ: the γ tried in the order tried, the log marginal likelihood of the fit at each (as
   * {@code logMarginalLikelihood}'s last entry: exact for gaussian, Laplace-approximated or the variational bound for
   * the others; one-vs-rest: summed over the K binary fits), the α each fit kept, the criterion the search maximised
   * at each ({@code solvers.GammaCriterion}: for bernoulli and multinomial the evidence less one nat per α kept,
   * Akaike's correction for the α the evidence was maximised over; for gaussian the leave-one-out log density of the
   * training rows at the fit's α and β, less two nats per α kept), for gaussian the held-out log density of the three
   * γ of the highest criterion and of the steps of the walk from the best of them (fits on seeded folds of the rows
   * predicting the rows left out: {@code solvers.HeldOutScore}), and the one chosen: for gaussian the best held-out
   * score ({@code solvers.GammaSearch}), for the others the highest criterion.
   *
   * @param tried the γ tried, in the order tried
   * @param logMarginalLikelihood the evidence of the fit at each (−∞: none)
   * @param kept the α the fit at each kept: its basis functions (the bias among them), or (class, basis function)
   *     pairs for several classes
   * @param criterion what the search maximised, at each γ (−∞: not finite)
   * @param heldOut the held-out log density of each γ among the finalists (−∞: not finite), NaN for the others (every
   *     γ of a classifier's search, and of a model saved before format 6)
   * @param chosen the γ chosen, the model's
   * @param rows the rows each fit of the search was on: every training row when the fit runs on the driver,
   *     otherwise a seeded sample of about 32,768 (the fit is then made again at the chosen γ on every row)
   */
  public record GammaChoice(double[] tried, double[] logMarginalLikelihood, int[] kept, double[] criterion,
      double[] heldOut, double chosen, long rows) implements Serializable {

    /** Checks that every γ tried has its evidence, count of α kept, criterion and held-out score. */
    public GammaChoice {
      if (tried.length != logMarginalLikelihood.length || tried.length != kept.length
          || tried.length != criterion.length || tried.length != heldOut.length || tried.length == 0) {
        throw new IllegalArgumentException("GammaChoice: one evidence, one count kept, one criterion and one "
            + "held-out score per gamma tried expected, at least one");
      }
    }
  }

  /**
   * A summary without a choice of standardization by the evidence (as a saved model's).
   *
   * @param numRows training rows read
   * @param iterations α re-estimation steps taken
   * @param converged whether {@code tol} was met within {@code maxIter}
   * @param logMarginalLikelihood the objective at the start and after each step
   * @param activeBasis the number of basis functions in the model at the start and after each step
   * @param dataPasses passes over the training data
   * @param fitSeconds wall-clock seconds of the whole fit
   * @param warnings what a user should know about the fit (null: none)
   * @param warmStartBasis the basis functions a warm start started from, −1 for a cold start
   * @param gammaChoice the search for γ by the evidence, or null
   */
  public RvmTrainingSummary(long numRows, int iterations, boolean converged, double[] logMarginalLikelihood,
      int[] activeBasis, int dataPasses, double fitSeconds, java.util.List<String> warnings, int warmStartBasis,
      GammaChoice gammaChoice) {
    this(numRows, iterations, converged, logMarginalLikelihood, activeBasis, dataPasses, fitSeconds, warnings,
        warmStartBasis, gammaChoice, null);
  }

  /**
   * A summary without a search for γ (the param gamma set).
   *
   * @param numRows training rows read
   * @param iterations α re-estimation steps taken
   * @param converged whether {@code tol} was met within {@code maxIter}
   * @param logMarginalLikelihood the objective at the start and after each step
   * @param activeBasis the number of basis functions in the model at the start and after each step
   * @param dataPasses passes over the training data
   * @param fitSeconds wall-clock seconds of the whole fit
   * @param warnings what a user should know about the fit (null: none)
   * @param warmStartBasis the basis functions a warm start started from, −1 for a cold start
   */
  public RvmTrainingSummary(long numRows, int iterations, boolean converged, double[] logMarginalLikelihood,
      int[] activeBasis, int dataPasses, double fitSeconds, java.util.List<String> warnings, int warmStartBasis) {
    this(numRows, iterations, converged, logMarginalLikelihood, activeBasis, dataPasses, fitSeconds, warnings,
        warmStartBasis, null, null);
  }

  /**
   * The canonical constructor, with an unmodifiable copy of the warnings.
   *
   * @param numRows training rows read
   * @param iterations α re-estimation steps taken
   * @param converged whether {@code tol} was met within {@code maxIter}
   * @param logMarginalLikelihood the objective at the start and after each step
   * @param activeBasis the number of basis functions in the model at the start and after each step
   * @param dataPasses passes over the training data
   * @param fitSeconds wall-clock seconds of the whole fit
   * @param warnings what a user should know about the fit (null for none)
   * @param warmStartBasis the basis functions of the initial model the fit started from; −1 for a cold start
   * @param gammaChoice the search for γ by the evidence, or null
   * @param standardizationChoice the choice of standardization by the evidence, or null
   */
  public RvmTrainingSummary {
    warnings = warnings == null ? java.util.List.of() : java.util.List.copyOf(warnings);
  }

  /**
   * A cold-started fit's summary.
   *
   * @param numRows training rows read
   * @param iterations α re-estimation steps taken
   * @param converged whether {@code tol} was met within {@code maxIter}
   * @param logMarginalLikelihood the objective at the start and after each step
   * @param activeBasis the number of basis functions in the model at the start and after each step
   * @param dataPasses passes over the training data
   * @param fitSeconds wall-clock seconds of the whole fit
   * @param warnings what a user should know about the fit (null for none)
   */
  public RvmTrainingSummary(long numRows, int iterations, boolean converged, double[] logMarginalLikelihood,
      int[] activeBasis, int dataPasses, double fitSeconds, java.util.List<String> warnings) {
    this(numRows, iterations, converged, logMarginalLikelihood, activeBasis, dataPasses, fitSeconds, warnings, -1);
  }

  /** {@return whether the fit started from an initial model (a warm start)} */
  public boolean warmStarted() {
    return warmStartBasis >= 0;
  }

  /**
   * A summary without warnings.
   *
   * @param numRows training rows read
   * @param iterations α re-estimation steps taken
   * @param converged whether {@code tol} was met within {@code maxIter}
   * @param logMarginalLikelihood the objective at the start and after each step
   * @param activeBasis the number of basis functions at the start and after each step
   * @param dataPasses passes over the training data
   * @param fitSeconds wall-clock seconds of the whole fit
   */
  public RvmTrainingSummary(long numRows, int iterations, boolean converged, double[] logMarginalLikelihood,
      int[] activeBasis, int dataPasses, double fitSeconds) {
    this(numRows, iterations, converged, logMarginalLikelihood, activeBasis, dataPasses, fitSeconds,
        java.util.List.of());
  }

  /**
   * {@return this summary with {@code more} warnings after its own}
   *
   * @param more the warnings to add
   */
  public RvmTrainingSummary withWarnings(java.util.List<String> more) {
    java.util.List<String> all = new java.util.ArrayList<>(warnings);
    all.addAll(more);
    return new RvmTrainingSummary(numRows, iterations, converged, logMarginalLikelihood, activeBasis, dataPasses,
        fitSeconds, all, warmStartBasis, gammaChoice, standardizationChoice);
  }

  /**
   * {@return the log marginal likelihood per iteration, as Spark's training summaries' objectiveHistory (which
   * for the RVM rises: the evidence is maximised)}
   */
  public double[] objectiveHistory() {
    return logMarginalLikelihood.clone();
  }

  /** {@return the number of iterations, as Spark's training summaries' totalIterations} */
  public int totalIterations() {
    return iterations;
  }
}
