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

package io.github.sparkrvm.solvers;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The kernel scale γ that maximises the evidence (the log marginal likelihood a fit reports: exact for gaussian, its
 * Laplace approximation or variational bound otherwise) less one nat per basis function the fit keeps (per α kept:
 * per (class, basis function) pair for several classes), found by a coarse-to-fine search on a log scale around a
 * centre (1 / features): γ and {@value #COARSE_STEPS} steps either way a factor {@value #COARSE} apart, then the two γ
 * a factor {@value #FINE} either side of the best of those; never beyond a largest γ (for radial kernels, where a basis
 * function stops reaching its centre's neighbours: {@code basis.KernelReach}). The whole coarse grid is fitted rather
 * than walked while the criterion grows: over γ it has local dips (on Ripley's 100 rows a fit at 4 × 1 / features can
 * keep more basis functions than the fits either side of it), at which a walk stops short.
 *
 * <p>Why the nat per basis function: the evidence a fit reports is maximised over the α of the basis functions it
 * keeps (type-II maximum likelihood), so as an estimate of how well the model predicts new rows it is optimistic by
 * about one nat per α fitted, as a maximised likelihood is per parameter (Akaike's criterion; the degrees of freedom
 * of a sparse linear model are its nonzero coefficients, Zou, Hastie and Tibshirani 2007). The bias matters because
 * narrower kernels keep more basis functions: the raw evidence of a noisy regression or a small classification set
 * rises with γ as the basis functions absorb the noise (benchmarks/results/model-quality.md).
 *
 * <p>Every fit starts cold, so that the γ are compared on an equal footing (a start from a neighbouring γ's state
 * ends in a local optimum that depends on the neighbour) and the fit at the chosen γ is the one setting γ gives. The
 * search only calls the fit it is given: what it fits on (every row on the driver, or a sample of them) is the
 * caller's choice.
 */
public final class GammaSearch {

  /** The factor between the coarse grid's neighbouring γ. */
  public static final double COARSE = 4.0;

  /** The factor between the best coarse γ and the refined γ either side of it. */
  public static final double FINE = 2.0;

  /** The coarse steps away from the centre in either direction (a range of 4³ = 64 either side). */
  public static final int COARSE_STEPS = 3;

  private GammaSearch() {}

  /** The fit at a γ, from a cold start. */
  @FunctionalInterface
  public interface FitAt {

    /**
     * {@return the fit at {@code gamma}}
     *
     * @param gamma the kernel scale
     */
    RelevanceResult fit(double gamma);
  }

  /**
   * One γ tried.
   *
   * @param gamma the kernel scale
   * @param logMarginalLikelihood the fit's final evidence ({@link RelevanceResult#evidence}: −∞ when it reported
   *     none, or not a finite one)
   * @param fit the fit
   */
  public record Trial(double gamma, double logMarginalLikelihood, RelevanceResult fit) {

    /** {@return the α the fit kept: its basis functions, or (class, basis function) pairs for several classes} */
    public int kept() {
      return fit.size();
    }

    /** {@return what the search maximises: the evidence less one nat per α kept ({@link #kept()})} */
    public double criterion() {
      return GammaSearch.criterion(logMarginalLikelihood, kept());
    }
  }

  /**
   * {@return the search's criterion of a fit: its evidence less one nat per α it kept}
   *
   * @param logMarginalLikelihood the fit's evidence
   * @param kept the α it kept
   */
  public static double criterion(double logMarginalLikelihood, int kept) {
    return logMarginalLikelihood - kept;
  }

  /**
   * The search's outcome.
   *
   * @param tried every γ tried, in the order tried
   * @param best the trial of the highest criterion (the first of equal ones)
   */
  public record Outcome(List<Trial> tried, Trial best) {}

  /**
   * {@return the search around {@code centre}}
   *
   * @param centre the γ the search starts from, positive and finite
   * @param largest the largest γ the search may try (+∞: no limit): a γ beyond it is tried at it
   * @param fitAt the fit at a γ
   * @param tried told of each trial as it ends (e.g. to log it)
   */
  public static Outcome search(double centre, double largest, FitAt fitAt, Consumer<Trial> tried) {
    if (!(centre > 0.0) || Double.isInfinite(centre)) {
      throw new IllegalArgumentException("the centre of a gamma search must be positive and finite; got " + centre);
    }
    if (!(largest > 0.0)) {
      throw new IllegalArgumentException("the largest gamma of a search must be positive; got " + largest);
    }
    List<Trial> trials = new ArrayList<>();
    double first = trial(Math.min(centre, largest), largest, fitAt, tried, trials).gamma();
    for (int step = 1; step <= COARSE_STEPS; step++) {
      trial(first * Math.pow(COARSE, step), largest, fitAt, tried, trials);
      trial(first / Math.pow(COARSE, step), largest, fitAt, tried, trials);
    }
    Trial coarse = best(trials);
    trial(coarse.gamma() * FINE, largest, fitAt, tried, trials);
    trial(coarse.gamma() / FINE, largest, fitAt, tried, trials);
    return new Outcome(List.copyOf(trials), best(trials));
  }

  /** {@return the trial at {@code gamma}, at most {@code largest}: fitted now, or the earlier one at that γ} */
  private static Trial trial(double wanted, double largest, FitAt fitAt, Consumer<Trial> tried, List<Trial> trials) {
    double gamma = Math.min(wanted, largest);
    for (Trial t : trials) {
      if (t.gamma() == gamma) {
        return t;
      }
    }
    RelevanceResult fit = fitAt.fit(gamma);
    Trial t = new Trial(gamma, fit.evidence(), fit);
    trials.add(t);
    tried.accept(t);
    return t;
  }

  /** {@return the trial of the highest criterion, the first of equal ones} */
  private static Trial best(List<Trial> trials) {
    Trial best = trials.get(0);
    for (Trial t : trials) {
      if (t.criterion() > best.criterion()) {
        best = t;
      }
    }
    return best;
  }
}
