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

import java.io.PrintStream;
import java.util.Locale;

/**
 * The progress a user sees of one fit (param {@code logEvery}): a line on a stream (the driver's standard error)
 * every {@code every} iterations, "uid: iteration k of maxIter: n basis functions, log marginal likelihood L, max |d
 * log alpha| c (tol t), s s", and one when the fit ends; and the step in progress, which heads the Spark job
 * descriptions of the fit's passes over the data.
 */
public final class FitProgress {

  private final String uid;
  private final int maxIter;
  private final double tol;
  private final int every;
  private final PrintStream out;
  private final long start = System.nanoTime();
  /** The last step reported (−1: none yet); a one-vs-rest fit's classes may report from several threads. */
  private volatile int last = -1;

  /**
   * The progress of a fit that starts now.
   *
   * @param uid the estimator's uid, at the head of every line
   * @param maxIter the fit's maxIter
   * @param tol the fit's tol
   * @param every print a line every this many iterations (iteration 0, the starting point, included); 0: none
   * @param out where the lines go
   */
  public FitProgress(String uid, int maxIter, double tol, int every, PrintStream out) {
    this.uid = uid;
    this.maxIter = maxIter;
    this.tol = tol;
    this.every = every;
    this.out = out;
  }

  /**
   * Told of one step: prints its line when its number is a multiple of {@code every}.
   *
   * @param report the step
   * @param what what is fitted, after the iteration ("" or e.g. " (class 2 vs rest)")
   */
  public void onIteration(IterationReport report, String what) {
    last = report.iteration();
    if (every > 0 && report.iteration() % every == 0) {
      out.println(line(report, what, seconds()));
    }
  }

  /**
   * {@return the line of one step}
   *
   * @param report the step
   * @param what what is fitted, after the iteration
   * @param seconds seconds since the fit started
   */
  String line(IterationReport report, String what, double seconds) {
    return String.format(Locale.ROOT, "%s: iteration %d of %d%s: %d basis functions, log marginal likelihood %.6f, "
        + "max |d log alpha| %.3g (tol %.3g), %.1f s", uid, report.iteration(), maxIter, what, report.activeBasis(),
        report.logMarginalLikelihood(), report.maxLogAlphaChange(), tol, seconds);
  }

  /**
   * Prints the fit's last line (when lines are printed).
   *
   * @param converged whether tol was met
   * @param iterations the steps taken
   */
  public void finished(boolean converged, int iterations) {
    if (every > 0) {
      out.println(String.format(Locale.ROOT, "%s: %s after %d of %d iterations, %.1f s", uid,
          converged ? "converged (tol " + tol + " met)" : "stopped at maxIter", iterations, maxIter, seconds()));
    }
  }

  /**
   * {@return "uid: iteration k of maxIter", k the step in progress (0: the starting point); "uid: after iteration
   * maxIter of maxIter" for the passes that finish a fit that took every step}
   */
  public String stage() {
    int step = last + 1;
    return step <= maxIter ? uid + ": iteration " + step + " of " + maxIter
        : uid + ": after iteration " + maxIter + " of " + maxIter;
  }

  private double seconds() {
    return (System.nanoTime() - start) / 1e9;
  }
}
