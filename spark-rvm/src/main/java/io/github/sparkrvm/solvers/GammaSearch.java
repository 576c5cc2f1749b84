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
 * Laplace approximation or variational bound otherwise), found by a coarse-to-fine search on a log scale around a
 * centre (1 / features): γ and its neighbours a factor {@value #COARSE} apart, walking on while the evidence grows (at
 * most {@value #MAX_COARSE_STEPS} such steps each way), then the two γ a factor {@value #FINE} either side of the best;
 * never beyond a largest γ (for radial kernels, where a basis function stops reaching its centre's neighbours:
 * {@code basis.KernelReach}).
 * Each fit after the first starts warm from the state of the fit at the nearest γ tried (same candidates, a
 * neighbouring kernel), so it needs few steps. The search only calls the fit it is given: what it fits on (every row
 * on the driver, or a sample of them) is the caller's choice.
 */
public final class GammaSearch {

  /** The factor between the coarse grid's neighbouring γ. */
  public static final double COARSE = 4.0;

  /** The factor between the best coarse γ and the refined γ either side of it. */
  public static final double FINE = 2.0;

  /** The most coarse steps away from the centre in either direction (a range of 4⁴ = 256 either side). */
  public static final int MAX_COARSE_STEPS = 4;

  private GammaSearch() {}

  /** The fit at a γ, started from {@code warm} (null: cold). */
  @FunctionalInterface
  public interface FitAt {

    /**
     * {@return the fit at {@code gamma}}
     *
     * @param gamma the kernel scale
     * @param warm the state of a fit at a neighbouring γ to start from, or null for a cold start
     */
    RelevanceResult fit(double gamma, InitialState warm);
  }

  /**
   * One γ tried.
   *
   * @param gamma the kernel scale
   * @param logMarginalLikelihood the fit's final evidence ({@link RelevanceResult#evidence}: −∞ when it reported
   *     none, or not a finite one)
   * @param fit the fit
   */
  public record Trial(double gamma, double logMarginalLikelihood, RelevanceResult fit) {}

  /**
   * The search's outcome.
   *
   * @param tried every γ tried, in the order tried
   * @param best the trial of the highest evidence (the first of equal ones)
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
    Trial first = trial(Math.min(centre, largest), null, largest, fitAt, tried, trials);
    Trial up = trial(first.gamma() * COARSE, first, largest, fitAt, tried, trials);
    trial(first.gamma() / COARSE, first, largest, fitAt, tried, trials);
    Trial best = best(trials);
    if (best != first) {
      double factor = best == up ? COARSE : 1.0 / COARSE;
      Trial last = best;
      for (int step = 2; step <= MAX_COARSE_STEPS && last == best; step++) {
        last = trial(best.gamma() * factor, best, largest, fitAt, tried, trials);
        best = best(trials);
      }
    }
    Trial coarse = best;
    trial(coarse.gamma() * FINE, coarse, largest, fitAt, tried, trials);
    trial(coarse.gamma() / FINE, coarse, largest, fitAt, tried, trials);
    return new Outcome(List.copyOf(trials), best(trials));
  }

  /** {@return the trial at {@code gamma}, at most {@code largest}: fitted now, or the earlier one at that γ} */
  private static Trial trial(double wanted, Trial from, double largest, FitAt fitAt, Consumer<Trial> tried,
      List<Trial> trials) {
    double gamma = Math.min(wanted, largest);
    for (Trial t : trials) {
      if (t.gamma() == gamma) {
        return t;
      }
    }
    RelevanceResult fit = fitAt.fit(gamma, from == null ? null : stateOf(from.fit()));
    Trial t = new Trial(gamma, fit.evidence(), fit);
    trials.add(t);
    tried.accept(t);
    return t;
  }

  /** {@return the trial of the highest evidence, the first of equal ones} */
  private static Trial best(List<Trial> trials) {
    Trial best = trials.get(0);
    for (Trial t : trials) {
      if (t.logMarginalLikelihood() > best.logMarginalLikelihood()) {
        best = t;
      }
    }
    return best;
  }

  /**
   * {@return the state of {@code fit} as the start of a fit over the same candidates (its basis functions, α and
   * weights; β for gaussian), or null for a fit that gives none (variational, or one that kept nothing)}
   */
  static InitialState stateOf(RelevanceResult fit) {
    if (fit.size() == 0) {
      return null;
    }
    if (fit instanceof RelevanceFit f) {
      int[] order = ascending(f.active());
      return InitialState.of(pick(f.active(), order), pick(f.alpha(), order), pick(f.weights(), order),
          f.noisePrecision());
    }
    if (fit instanceof MultiClassFit f) {
      int k = f.active().length;
      int[][] active = new int[k][];
      double[][] alpha = new double[k][];
      double[][] weights = new double[k][];
      for (int p = 0; p < k; p++) {
        int[] order = ascending(f.active()[p]);
        active[p] = pick(f.active()[p], order);
        alpha[p] = pick(f.alpha()[p], order);
        weights[p] = pick(f.weights()[p], order);
      }
      return new InitialState(active, alpha, weights, Double.NaN);
    }
    return null;
  }

  /** {@return the positions of {@code values} in ascending order of their values} */
  private static int[] ascending(int[] values) {
    return java.util.stream.IntStream.range(0, values.length).boxed()
        .sorted(java.util.Comparator.comparingInt(i -> values[i])).mapToInt(Integer::intValue).toArray();
  }

  private static int[] pick(int[] values, int[] order) {
    return java.util.Arrays.stream(order).map(i -> values[i]).toArray();
  }

  private static double[] pick(double[] values, int[] order) {
    return java.util.Arrays.stream(order).mapToDouble(i -> values[i]).toArray();
  }
}
