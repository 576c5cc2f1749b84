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

import io.github.sparkrvm.util.IterationListener;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The fast Laplace fit over a few candidates (a round's active basis functions and shortlist, {@link ShortlistRounds})
 * in batches of many actions per pass over the data. At the posterior mode of the current state one pass gives the
 * likelihood's terms over all u candidates; on their {@link QuadraticModel} (the IRLS surrogate, whose actions at the
 * mode are exactly the fast rule's) {@link FastLaplaceSolver} runs to convergence on the driver, with no pass; the
 * state it ends in is then checked against the likelihood itself: its mode is searched by Newton over the data (the
 * active basis only), and the batch is kept when the Laplace objective did not fall. A batch that lowers it is cut to
 * the first half of its steps (the surrogate's fit is deterministic, so a shorter one is its prefix), until one is
 * kept; the next batch may take twice as many steps as the last one kept after a cut. The fit ends when the surrogate
 * at the current mode takes no step (a fixed point of the fast rule over the u candidates, since there the
 * surrogate's S and Q are the likelihood's), or at maxIter steps. Where even a batch of one step lowers the objective,
 * the rest of the fit is the fast solver's own over the likelihood, which tries the next actions in turn.
 *
 * <p>One step of the plain fast solver costs a mode search over the data, one to three passes; a batch costs one pass
 * over the u candidates (N·u²/2 flops) and a mode search, however many actions it takes. Near a mode that changes
 * little, a round of dozens of steps becomes two or three batches.
 *
 * <p>The listener is told of every batch kept, with the Laplace objective after it; {@link RelevanceFit#iterations}
 * counts the batches.
 */
final class SurrogateSteps {

  private SurrogateSteps() {}

  /** The state at a mode of the likelihood: the active candidates, α, the mode and the Laplace objective there. */
  private record State(int[] active, double[] alpha, PosteriorMode mode, double objective) {}

  /**
   * Fits over the {@code numCandidates} candidates of {@code likelihood}.
   *
   * @param likelihood the likelihood over u candidates (each {@code terms} call is one pass over the data)
   * @param numCandidates u
   * @param options the settings (scale-free prior; maxIter bounds the steps of every batch together)
   * @param initial where to start (null: a cold start)
   * @param atMode whether the initial weights are the mode for the initial α (no search)
   * @param listener told of every batch kept
   * @return the fit over the positions 0 … u − 1
   */
  static RelevanceFit fit(FastLaplaceSolver.Likelihood likelihood, int numCandidates, SparseBayesOptions options,
      InitialState initial, boolean atMode, IterationListener listener) {
    int u = numCandidates;
    int[] all = IntStream.range(0, u).toArray();
    boolean cold = initial == null || initial.size() == 0;
    int[] startActive = cold ? new int[0] : initial.singleActive(u).clone();
    double[] startAlpha = cold ? new double[0] : initial.alpha()[0].clone();
    double[] startWeights = cold ? new double[0] : initial.weights()[0].clone();
    int passes = 0;
    PosteriorMode startMode = null;
    if (!cold && !atMode) {
      startMode = PosteriorMode.find(w -> likelihood.terms(startActive, w), startAlpha, startWeights, null);
      passes += startMode.passes();
    }
    double[] centre = centreOf(startActive, startMode == null ? startWeights : startMode.weights(), u);
    QuadraticModel model = new QuadraticModel(likelihood.terms(all, centre), centre);
    passes++;
    if (startMode == null) {
      // a start at its mode (or the empty model of a cold start): the factor from the terms of the pass just made
      startMode = PosteriorMode.at(startWeights, model.terms(startActive, startWeights), startAlpha);
    }
    State state = new State(startActive, startAlpha, startMode, startMode.logMarginalLikelihood(startAlpha));
    FitTrace trace = new FitTrace(listener);
    trace.record(0, state.objective(), state.active().length, Double.NaN, Double.NaN, passes);
    int before = passes;
    int steps = 0;
    int batches = 0;
    int cap = options.maxIter();
    boolean converged = false;
    while (steps < options.maxIter()) {
      InitialState from = state.active().length == 0 ? null
          : InitialState.of(state.active(), state.alpha(), state.mode().weights(), Double.NaN);
      RelevanceFit batch = surrogate(model, options, from, Math.min(cap, options.maxIter() - steps));
      int taken = stepsOf(batch, from);
      if (taken == 0) {
        converged = batch.converged();
        break;
      }
      State next = null;
      boolean cut = false;
      while (true) {
        int[] active = batch.active();
        double[] alpha = batch.alpha();
        PosteriorMode mode = PosteriorMode.find(w -> likelihood.terms(active, w), alpha, batch.weights(), null);
        passes += mode.passes();
        double objective = mode.logMarginalLikelihood(alpha);
        if (objective >= state.objective() - 1e-10 * (1.0 + Math.abs(state.objective()))) {
          next = new State(active, alpha, mode, objective);
          break;
        }
        cut = true;
        // the first half of the batch's actions (a cold fit's first add is its start, before its steps)
        int half = taken / 2 - (from == null ? 1 : 0);
        if (taken == 1 || half < 1 && from != null) {
          break;
        }
        RelevanceFit shorter = surrogate(model, options, from, Math.max(1, half));
        if (stepsOf(shorter, from) >= taken) {
          break; // a cold fit of its start and one step
        }
        batch = shorter;
        taken = stepsOf(batch, from);
      }
      if (next == null) {
        // even the surrogate's first action lowers the objective: the plain fast solver tries the next ones
        RelevanceFit rest = FastLaplaceSolver.fit(likelihood, u, options.withMaxIter(options.maxIter() - steps),
            from, from == null ? null : model.candidates(state.active(), state.mode().weights()),
            IterationListener.none());
        passes += rest.likelihoodPasses();
        double[] history = rest.logMarginalLikelihoods();
        int[] counts = rest.activeCounts();
        for (int i = 1; i < history.length; i++) {
          trace.record(++batches, history[i], counts[i], Double.POSITIVE_INFINITY, Double.NaN, passes - before);
          before = passes;
        }
        return new RelevanceFit(rest.active(), rest.weights(), rest.alpha(), rest.covariance(), Double.NaN, batches,
            rest.converged(), trace.objective(), trace.activeCounts(), passes);
      }
      steps += taken;
      cap = cut ? 2 * taken : cap;
      double change = Arrays.equals(next.active(), state.active()) ? maxLogChange(state.alpha(), next.alpha())
          : Double.POSITIVE_INFINITY;
      state = next;
      if (steps < options.maxIter()) {
        // the model at the new mode: the next batch, or none (the end of the round)
        centre = centreOf(state.active(), state.mode().weights(), u);
        model = new QuadraticModel(likelihood.terms(all, centre), centre);
        passes++;
      }
      trace.record(++batches, state.objective(), state.active().length, change, Double.NaN, passes - before);
      before = passes;
    }
    // every mode was searched to the classic solver's Newton tolerance: the last one needs no polish
    PosteriorMode mode = state.mode();
    return new RelevanceFit(state.active(), mode.weights(), state.alpha(), mode.precision().inverse(), Double.NaN,
        batches, converged, trace.objective(), trace.activeCounts(), passes);
  }

  /** w₀ over the u candidates: {@code weights} on {@code active}, zero elsewhere. */
  private static double[] centreOf(int[] active, double[] weights, int u) {
    double[] centre = new double[u];
    for (int a = 0; a < active.length; a++) {
      centre[active[a]] = weights[a];
    }
    return centre;
  }

  /** {@return the actions of a surrogate fit: its steps, and for a cold fit (from null) its first add too} */
  private static int stepsOf(RelevanceFit batch, InitialState from) {
    return batch.iterations() + (from == null ? 1 : 0);
  }

  /** The fast solver over the model from {@code from} (null: cold), at most {@code maxSteps} steps. */
  private static RelevanceFit surrogate(QuadraticModel model, SparseBayesOptions options, InitialState from,
      int maxSteps) {
    return FastLaplaceSolver.fit(model, model.numCandidates(), options.withMaxIter(maxSteps), from,
        from == null ? null : model.candidates(from.singleActive(model.numCandidates()), from.weights()[0]),
        IterationListener.none());
  }

  private static double maxLogChange(double[] before, double[] after) {
    double change = 0.0;
    for (int a = 0; a < before.length; a++) {
      change = Math.max(change, Math.abs(Math.log(after[a]) - Math.log(before[a])));
    }
    return change;
  }
}
