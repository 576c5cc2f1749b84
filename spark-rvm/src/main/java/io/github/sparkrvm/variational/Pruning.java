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

package io.github.sparkrvm.variational;

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.linalg.MatrixProduct;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.RelevanceSolver;
import io.github.sparkrvm.solvers.VariationalFit;
import io.github.sparkrvm.statistics.Family;
import java.util.Arrays;
import java.util.Comparator;
import java.util.function.DoubleBinaryOperator;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The basis functions of a variational fit whose weights do not matter, pruned by E[precision]. A variational fit
 * keeps every candidate: its E[precision] αᵢ = E[qᵢ] stays finite (under the Gamma hyperprior an irrelevant weight's
 * αᵢ settles where its posterior is about its prior, N(0, 1/αᵢ)), so a model would score with all of them.
 * {@link #kept} drops the basis functions in decreasing order of E[precision] for as long as, at every check point
 * (the fit's candidate centres: training rows), the model that remains moves the latent mean φᵀμ and the prediction
 * that also depends on the latent variance v = φᵀΣφ (the family's {@code output} of mean and variance) by at most
 * the bound: the longest such prefix of the order, found by scanning the prefixes for the mean and by bisection for
 * the output. Dropping a function takes its weight out of q(w): the kept ones keep their marginal (the matching rows
 * and columns of Σ).
 *
 * <p>The bound is {@link #TOLERANCE} (0.05) times the latent's natural unit, and the outputs are what the model
 * predicts with: for regression the unit is the noise standard deviation 1/√β and the output the predictive standard
 * deviation √(1/β + v); for a classifier the unit is 1 on the logit and the output MacKay's moderated logit
 * m/√(1 + πv/8) (so a probability moves by at most 0.0125, at the mode or moderated); for counts the unit is 1 on
 * the log-rate and the output the log of the mean count, m + v/2 (a relative change of at most about 5 %).
 */
public final class Pruning {

  /** The default tolerance of {@link #kept}, in units of the latent scale (see the class comment). */
  public static final double TOLERANCE = 0.05;

  private static final Logger LOG = LoggerFactory.getLogger(Pruning.class);

  private Pruning() {}

  /**
   * {@return {@code solver} followed by {@link #prune} at {@link #TOLERANCE}: its fits keep only the basis functions
   * that matter}
   *
   * @param solver the variational solver
   * @param family the fit's family
   * @param alphaMax E[precision] above which a basis function is pruned outright
   * @param basis the fit's candidate basis
   * @param checkPoints the candidate centres on the scaled features (row-major, {@code basis.dim()} a row): the
   *     check points of {@link #kept}; none (kernel linear) prunes by alphaMax alone
   */
  public static RelevanceSolver<VariationalFit> after(RelevanceSolver<VariationalFit> solver, Family family,
      double alphaMax, BasisFunctions basis, double[] checkPoints) {
    return (data, listener) -> prune(solver.fit(data, listener), family, alphaMax, basis, checkPoints, TOLERANCE);
  }

  /**
   * {@return {@code variational} over the basis functions that matter: those whose E[precision] exceeds
   * {@code alphaMax} are pruned, then (at check points) those of largest E[precision] whose removal moves the latent
   * mean and the prediction at no check point by more than {@code tolerance} of the latent scale ({@link #kept});
   * the kept ones carry the marginal of q(w) over them (the matching rows and columns of Σ), the grid relevances
   * stay}
   *
   * @param variational the fit over every candidate
   * @param family the fit's family
   * @param alphaMax E[precision] above which a basis function is pruned outright
   * @param basis the fit's candidate basis
   * @param checkPoints the check points on the scaled features (row-major, {@code basis.dim()} a row)
   * @param tolerance the largest change at a check point, in units of the latent scale ({@link #scale}); 0 prunes
   *     by alphaMax alone
   */
  public static VariationalFit prune(VariationalFit variational, Family family, double alphaMax,
      BasisFunctions basis, double[] checkPoints, double tolerance) {
    RelevanceFit fit = variational.posterior();
    int m = fit.active().length;
    int[] positions = IntStream.range(0, m).filter(i -> fit.alpha()[i] <= alphaMax).toArray();
    int d = basis.dim();
    if (tolerance > 0.0 && checkPoints.length > 0) {
      int n = checkPoints.length / d;
      double[] phi = basis.expand(RowBlock.unweighted(n, d, checkPoints, new double[n]), fit.active());
      double scale = scale(family, fit.noisePrecision());
      int before = positions.length;
      positions = kept(positions, fit.alpha(), fit.weights(), fit.covariance(), phi, n, tolerance * scale,
          output(family, fit.noisePrecision()));
      LOG.info("variational fit: {} of {} basis functions kept after pruning by E[precision] (the latent mean and "
          + "the {} prediction move by at most {} x {} at the {} candidate centres)", positions.length, before,
          family.paramValue(), tolerance, scale, n);
    }
    int[] kept = positions;
    int k = kept.length;
    double[] covariance = new double[k * k];
    for (int b = 0; b < k; b++) {
      for (int a = 0; a < k; a++) {
        covariance[b * k + a] = fit.covariance()[kept[b] * m + kept[a]];
      }
    }
    RelevanceFit pruned = new RelevanceFit(Arrays.stream(kept).map(i -> fit.active()[i]).toArray(),
        select(fit.weights(), kept), select(fit.alpha(), kept), covariance, fit.noisePrecision(), fit.iterations(),
        fit.converged(), fit.logMarginalLikelihoods(), fit.activeCounts(), fit.likelihoodPasses());
    return new VariationalFit(pruned, variational.rowRelevance(), variational.columnRelevance());
  }

  private static double[] select(double[] v, int[] positions) {
    return Arrays.stream(positions).mapToDouble(i -> v[i]).toArray();
  }

  /**
   * {@return the unit of the latent scale the bound is a multiple of: the noise standard deviation 1/√β for
   * regression, 1 (logit, log-rate) otherwise}
   *
   * @param family the fit's family
   * @param noisePrecision β (regression; ignored otherwise)
   */
  public static double scale(Family family, double noisePrecision) {
    return family.latentScale(noisePrecision);
  }

  /**
   * {@return the prediction checked beside the latent mean, of the latent mean m and variance v
   * ({@link Family#checkedOutput})}
   *
   * @param family the fit's family
   * @param noisePrecision β (regression; ignored otherwise)
   */
  public static DoubleBinaryOperator output(Family family, double noisePrecision) {
    return family.checkedOutput(noisePrecision);
  }

  /**
   * {@return the positions (ascending) among {@code candidates} of the basis functions to keep}
   *
   * @param candidates the positions still in the model (ascending), into the full fit's arrays
   * @param alpha the E[precision] of every basis function of the fit
   * @param mean the posterior means of the weights
   * @param covariance the posterior covariance of the weights (m × m column-major, m = alpha.length)
   * @param phi every basis function of the fit at the check points (n × m column-major)
   * @param n the number of check points
   * @param bound the largest change of the latent mean and of the output at any check point: the tolerance times the
   *     latent scale
   * @param output the prediction checked beside the latent mean, of the latent mean and variance
   */
  public static int[] kept(int[] candidates, double[] alpha, double[] mean, double[] covariance, double[] phi, int n,
      double bound, DoubleBinaryOperator output) {
    int m = alpha.length;
    int k = candidates.length;
    if (k == 0 || n == 0) {
      return candidates.clone();
    }
    // the candidates' basis, weights and covariance
    double[] p = new double[n * k];
    double[] w = new double[k];
    double[] s = new double[k * k];
    for (int b = 0; b < k; b++) {
      System.arraycopy(phi, candidates[b] * n, p, b * n, n);
      w[b] = mean[candidates[b]];
      for (int a = 0; a < k; a++) {
        s[b * k + a] = covariance[candidates[b] * m + candidates[a]];
      }
    }
    // U = Φ Σ (n × k): the full variance is the rowwise Φ ∘ U; dropping a set D takes 2 φ_Dᵀ U_D − φ_Dᵀ Σ_DD φ_D off it
    double[] u = new double[n * k];
    MatrixProduct.dgemm("N", "N", n, k, k, 1.0, p, n, s, k, 0.0, u, n);
    double[] full = new double[n];
    double[] fullMean = new double[n];
    for (int b = 0; b < k; b++) {
      for (int c = 0; c < n; c++) {
        full[c] += p[b * n + c] * u[b * n + c];
        fullMean[c] += p[b * n + c] * w[b];
      }
    }
    Integer[] boxed = IntStream.range(0, k).boxed().toArray(Integer[]::new);
    Arrays.sort(boxed, Comparator.comparingDouble((Integer b) -> alpha[candidates[b]]).reversed()
        .thenComparing(b -> b));
    int[] order = Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();
    // the mean: the longest prefix every shorter prefix of which moves no check point's mean beyond the bound
    double[] shift = new double[n];
    int drop = 0;
    for (; drop < k; drop++) {
      int b = order[drop];
      boolean within = true;
      for (int c = 0; c < n; c++) {
        shift[c] += p[b * n + c] * w[b];
        within &= Math.abs(shift[c]) <= bound;
      }
      if (!within) {
        break;
      }
    }
    // the output: bisection on the prefix length (0 always holds)
    Full model = new Full(p, w, u, s, fullMean, full, n, k);
    if (!outputWithin(drop, order, model, bound, output)) {
      int lo = 0;
      int hi = drop;
      while (hi - lo > 1) {
        int mid = (lo + hi) >>> 1;
        if (outputWithin(mid, order, model, bound, output)) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      drop = lo;
    }
    boolean[] dropped = new boolean[k];
    for (int t = 0; t < drop; t++) {
      dropped[order[t]] = true;
    }
    return IntStream.range(0, k).filter(b -> !dropped[b]).map(b -> candidates[b]).toArray();
  }

  /** The full model at the check points: basis, weights, ΦΣ, Σ, latent means and variances. */
  private record Full(double[] p, double[] w, double[] u, double[] s, double[] mean, double[] variance, int n,
      int k) {}

  /** Whether dropping the first {@code drop} of {@code order} moves no check point's output beyond the bound. */
  private static boolean outputWithin(int drop, int[] order, Full f, double bound, DoubleBinaryOperator output) {
    if (drop == 0) {
      return true;
    }
    int n = f.n();
    double[] p = f.p();
    // Φ_D (n × d) and Σ_DD (d × d); the variance loses 2 φ_Dᵀ(ΣΦᵀ)_D − φ_Dᵀ Σ_DD φ_D, the mean φ_Dᵀ μ_D
    double[] pd = new double[n * drop];
    double[] sd = new double[drop * drop];
    double[] change = new double[n];
    double[] meanChange = new double[n];
    for (int t = 0; t < drop; t++) {
      int b = order[t];
      System.arraycopy(p, b * n, pd, t * n, n);
      for (int r = 0; r < drop; r++) {
        sd[t * drop + r] = f.s()[b * f.k() + order[r]];
      }
      for (int c = 0; c < n; c++) {
        change[c] += 2.0 * p[b * n + c] * f.u()[b * n + c];
        meanChange[c] += p[b * n + c] * f.w()[b];
      }
    }
    double[] z = new double[n * drop];
    MatrixProduct.dgemm("N", "N", n, drop, drop, 1.0, pd, n, sd, drop, 0.0, z, n);
    for (int t = 0; t < drop; t++) {
      for (int c = 0; c < n; c++) {
        change[c] -= pd[t * n + c] * z[t * n + c];
      }
    }
    for (int c = 0; c < n; c++) {
      double before = output.applyAsDouble(f.mean()[c], Math.max(f.variance()[c], 0.0));
      double after = output.applyAsDouble(f.mean()[c] - meanChange[c], Math.max(f.variance()[c] - change[c], 0.0));
      if (!(Math.abs(before - after) <= bound)) {
        return false;
      }
    }
    return true;
  }
}
