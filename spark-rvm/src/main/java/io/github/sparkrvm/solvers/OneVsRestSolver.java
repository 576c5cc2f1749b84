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

import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.util.IterationListener;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Multi-class classification by one-vs-rest (Tipping 2001): K binary Relevance Vector Machines, class k against the
 * rest, each fitted by a binary solver ({@link BernoulliRelevanceSolver} or {@link FastBernoulliSolver}) on a
 * {@link DesignStatistics#oneVsRest} view of the data.
 * The driver holds one m × m system per fit in progress instead of the softmax's (K·m) × (K·m). The binary fits are
 * independent: up to {@code parallelism} of them run at once (on a cluster their passes over the data are separate
 * jobs, which overlap), and the result does not depend on how many.
 */
public final class OneVsRestSolver {

  private OneVsRestSolver() {}

  /**
   * {@return the solver that fits the K binary models with {@code binary}, up to {@code parallelism} at a time} The
   * joint covariance of its result is block diagonal (the binary posteriors are independent). Its trajectories (log
   * marginal likelihoods, kept counts) are those of the K fits one after another; iterations and passes are summed;
   * it has converged when every class has. Each class' steps go to {@link IterationListener#forClass} of the
   * listener.
   *
   * @param binary the binary solver (em or fast), run on each class' {@link DesignStatistics#oneVsRest} view
   * @param numClasses the number of classes K
   * @param parallelism how many binary fits run at once
   */
  public static RelevanceSolver<MultiClassFit> of(RelevanceSolver<RelevanceFit> binary, int numClasses,
      int parallelism) {
    return of(k -> binary, numClasses, parallelism);
  }

  /**
   * {@return the solver that fits class k against the rest with {@code binaryOf.apply(k)}, up to {@code parallelism}
   * at a time} (e.g. each restricted to its class' own block of class-specific features); otherwise as
   * {@link #of(RelevanceSolver, int, int)}.
   *
   * @param binaryOf for each class k, the binary solver run on its {@link DesignStatistics#oneVsRest} view
   * @param numClasses the number of classes K
   * @param parallelism how many binary fits run at once
   */
  public static RelevanceSolver<MultiClassFit> of(IntFunction<RelevanceSolver<RelevanceFit>> binaryOf,
      int numClasses, int parallelism) {
    return (data, listener) -> fit(data, numClasses, parallelism, listener, binaryOf);
  }

  private static MultiClassFit fit(DesignStatistics stats, int numClasses, int parallelism,
      IterationListener listener, IntFunction<RelevanceSolver<RelevanceFit>> binaryOf) {
    if (numClasses < 2) {
      throw new IllegalArgumentException("one-vs-rest needs at least 2 classes; got " + numClasses);
    }
    List<RelevanceFit> fits = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(parallelism, numClasses)), task -> {
      Thread thread = new Thread(task, "rvm-one-vs-rest");
      thread.setDaemon(true);
      return thread;
    });
    try {
      List<Future<RelevanceFit>> futures = new ArrayList<>();
      for (int k = 0; k < numClasses; k++) {
        int positive = k;
        RelevanceSolver<RelevanceFit> solver = binaryOf.apply(positive);
        futures.add(pool.submit(() -> solver.fit(stats.oneVsRest(positive), listener.forClass(positive))));
      }
      for (Future<RelevanceFit> future : futures) {
        fits.add(future.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while fitting one-vs-rest", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(cause);
    } finally {
      pool.shutdownNow();
    }
    int[][] active = new int[numClasses][];
    double[][] weights = new double[numClasses][];
    double[][] alpha = new double[numClasses][];
    double[][] covariance = new double[numClasses][];
    FitTrace trace = new FitTrace(IterationListener.none());
    int iterations = 0;
    int passes = 0;
    boolean converged = true;
    double evidence = 0.0;
    for (int k = 0; k < numClasses; k++) {
      RelevanceFit fit = fits.get(k);
      evidence += fit.evidence();
      active[k] = fit.active();
      weights[k] = fit.weights();
      alpha[k] = fit.alpha();
      covariance[k] = fit.covariance();
      trace.append(fit);
      iterations += fit.iterations();
      passes += fit.likelihoodPasses();
      converged &= fit.converged();
    }
    return new MultiClassFit(active, weights, alpha, ClassLayout.blockDiagonal(covariance), iterations, converged,
        trace.objective(), trace.activeCounts(), passes, evidence);
  }
}
