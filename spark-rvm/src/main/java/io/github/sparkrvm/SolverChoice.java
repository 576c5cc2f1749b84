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

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.solvers.BernoulliRelevanceSolver;
import io.github.sparkrvm.solvers.BetterOfTwo;
import io.github.sparkrvm.solvers.BinarySupportPriorAverage;
import io.github.sparkrvm.solvers.EmOverShortlist;
import io.github.sparkrvm.solvers.FastBernoulliSolver;
import io.github.sparkrvm.solvers.FastGaussianSolver;
import io.github.sparkrvm.solvers.FastMultinomialSolver;
import io.github.sparkrvm.solvers.FitStart;
import io.github.sparkrvm.solvers.GaussianRelevanceSolver;
import io.github.sparkrvm.solvers.MultiClassFit;
import io.github.sparkrvm.solvers.MultinomialRelevanceSolver;
import io.github.sparkrvm.solvers.OneVsRestSolver;
import io.github.sparkrvm.solvers.RelevanceResult;
import io.github.sparkrvm.solvers.RelevanceSolver;
import io.github.sparkrvm.solvers.SparseBayesOptions;
import io.github.sparkrvm.solvers.SupportPrior;
import io.github.sparkrvm.solvers.SupportPriorAverage;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.RowSample;
import io.github.sparkrvm.variational.PriorTable;
import io.github.sparkrvm.variational.Pruning;
import io.github.sparkrvm.variational.VariationalSolver;

/**
 * The solver that runs, with the options, the class count, the start and the prior table bound: one-vs-rest over a
 * binary solver per class, the softmax (at scale in rounds over a shortlist, or on two paths; kernel linear on the
 * driver: under the multiplicity prior and under ARD alone, averaged, {@code SupportPriorAverage}), the variational
 * solver followed by its pruning, the binary classifier of one score (at scale from a pilot fit; the small fast
 * bernoulli fit on the driver, cold with maxAddsPerStep auto, on two paths: {@code FastBernoulliSolver.twoPaths};
 * under a support prior (kernel linear) that fit and the same under ARD alone, averaged,
 * {@code BinarySupportPriorAverage}), or the gaussian solver.
 *
 * @param solver the solver
 * @param why what runs and why, for the log (empty when the choice needs no word)
 */
record SolverChoice(RelevanceSolver<? extends RelevanceResult> solver, String why) {

  /**
   * What the solver is chosen from.
   *
   * @param choice the params' typed choices
   * @param numClasses K (multinomial), else 0
   * @param options the outer loop's settings, maxAddsPerStep resolved
   * @param start how the fit starts
   * @param adds the adds policy
   * @param placement where the steps run
   * @param softmaxAtScale whether the softmax runs at scale
   * @param variationalOptions the variational solver's settings (its hyperprior floored)
   * @param dual whether the variational solver runs in the dual form
   * @param table the variational prior's table (null for the other solvers)
   * @param basis the candidate basis
   * @param checkPoints the candidate centres on the scaled features: the check points of the variational pruning
   * @param parallelism the parallelism param (one-vs-rest)
   * @param seed the seed param (the pilot's sample)
   * @param rows the training rows
   * @param ranking the softmax at scale: the sample of the rows held on the driver that ranks its pairs (a draw,
   *     {@code SoftmaxDraws#rankingSample})
   */
  record Inputs(FitChoice choice, int numClasses, SparseBayesOptions options, FitStart start, AddsPolicy adds,
      Placement placement, boolean softmaxAtScale, SparseBayesOptions variationalOptions, boolean dual,
      PriorTable table, BasisFunctions basis, double[] checkPoints, int parallelism, long seed, long rows,
      RowSample ranking) {}

  /**
   * {@return the fast softmax from {@code start}: one path, or the better of two (one and two adds a step) where the
   * adds policy says so}
   */
  private static RelevanceSolver<MultiClassFit> softmaxPaths(int k, SparseBayesOptions options, FitStart start,
      AddsPolicy adds) {
    RelevanceSolver<MultiClassFit> oneAdd = FastMultinomialSolver.of(k, options, start);
    return adds instanceof AddsPolicy.TwoPaths two
        ? BetterOfTwo.of(oneAdd, FastMultinomialSolver.of(k, options.withMaxAddsPerStep(two.second()), start))
        : oneAdd;
  }

  /**
   * {@return the solver of a fit}
   *
   * @param in what it is chosen from
   */
  static SolverChoice of(Inputs in) {
    FitChoice choice = in.choice();
    boolean fast = choice.method() == FitChoice.Method.FAST;
    SparseBayesOptions options = in.options();
    FitStart start = in.start();
    int k = in.numClasses();
    if (choice.oneVsRest()) {
      // with class feature blocks, class p's binary fit uses its own block (and the bias) only
      int[][] blocks = start instanceof FitStart.Restricted r ? r.candidates() : null;
      return new SolverChoice(OneVsRestSolver.of(p -> {
        FitStart own = FitStart.over(blocks == null ? null : blocks[p]);
        return fast ? FastBernoulliSolver.of(options, LaplaceLikelihood.BERNOULLI, own)
            : BernoulliRelevanceSolver.of(options, LaplaceLikelihood.BERNOULLI, own);
      }, k, in.parallelism()), "");
    }
    if (choice.softmax() && !fast) {
      return new SolverChoice(MultinomialRelevanceSolver.of(k, options, start), "");
    }
    if (choice.softmax() && in.softmaxAtScale()) {
      long pairs = (long) k * in.basis().numCandidates();
      return new SolverChoice(FastMultinomialSolver.atScale(k, options, start.initial(), Placement.SHORTLIST,
          in.ranking()),
          "solver fast runs the softmax at scale over its " + pairs + " (class, basis function) pairs (at least "
          + FitPlan.SOFTMAX_AT_SCALE_PAIRS + "): in rounds over the active pairs and a shortlist of the "
          + Placement.SHORTLIST + " pairs whose adds gain most, each round scoring every pair once; one path with "
          + "maxAddsPerStep " + options.maxAddsPerStep());
    }
    if (choice.softmax()) {
      String paths = in.adds() instanceof AddsPolicy.TwoPaths two ? "solver fast follows two paths: "
          + two.describe() : "";
      if (options.supportPrior().multiplicityCandidates() > 0 && in.placement().onDriver()
          && !(start instanceof FitStart.Warm)) {
        return new SolverChoice(SupportPriorAverage.of(softmaxPaths(k, options, start, in.adds()),
            softmaxPaths(k, options.withSupportPrior(SupportPrior.NONE), start, in.adds())),
            (paths.isEmpty() ? "" : paths + "; ") + "the softmax is fitted under the multiplicity prior and under "
            + "ARD alone, and the two posteriors averaged, the weight of each and the scale of the average's "
            + "covariance chosen by cross-fitting on the training rows (benchmarks/results/dna-softmax.md)");
      }
      return new SolverChoice(softmaxPaths(k, options, start, in.adds()), paths);
    }
    if (choice.variational()) {
      return new SolverChoice(Pruning.after(VariationalSolver.of(choice.family(), in.dual(), in.variationalOptions(),
          in.table()), choice.family(), options.alphaMax(), in.basis(), in.checkPoints()), "");
    }
    LaplaceLikelihood likelihood = choice.family().laplace();
    if (likelihood != null) {
      Placement placement = in.placement();
      if (placement.atScale()) {
        RowSample pilot = start.initial() != null || placement.pilotRows() == 0 ? null
            : new RowSample(Math.min(1.0, (double) placement.pilotRows() / in.rows()), in.seed());
        return new SolverChoice(FastBernoulliSolver.atScale(options, likelihood, start.initial(),
            new FastBernoulliSolver.AtScale(pilot, AddsPolicy.PILOT_ADDS, Placement.SHORTLIST,
                Math.min(1.0, (double) placement.driverRows() / in.rows()), !placement.onDriver())), "");
      }
      if (fast && likelihood == LaplaceLikelihood.BERNOULLI && start instanceof FitStart.Cold
          && placement.onDriver() && in.adds() instanceof AddsPolicy.Auto auto && auto.maxAddsPerStep() == 1) {
        String paths = "solver fast follows two paths on the driver: its own, and em over its basis functions and "
            + "the " + EmOverShortlist.SHORTLIST + " candidates nearest to being added, then its own again from "
            + "there; the higher evidence kept";
        if (options.supportPrior().any()) {
          return new SolverChoice(BinarySupportPriorAverage.of(FastBernoulliSolver.twoPaths(options, likelihood),
              FastBernoulliSolver.twoPaths(options.withSupportPrior(SupportPrior.NONE), likelihood)), paths
              + "; the fit is made under the support prior and under ARD alone, and the two posteriors averaged, the "
              + "weight of each and the scale of the average's covariance chosen by cross-fitting on the training "
              + "rows (benchmarks/results/categorical-one-hot.md)");
        }
        return new SolverChoice(FastBernoulliSolver.twoPaths(options, likelihood), paths);
      }
      return new SolverChoice(fast ? FastBernoulliSolver.of(options, likelihood, start)
          : BernoulliRelevanceSolver.of(options, likelihood, start), "");
    }
    return new SolverChoice(fast ? FastGaussianSolver.of(options, start.initial())
        : GaussianRelevanceSolver.of(options, start.initial()), "");
  }
}
