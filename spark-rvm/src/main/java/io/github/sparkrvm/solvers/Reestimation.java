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

import java.util.Arrays;

/** The α re-estimation rules and the bookkeeping shared by the outer loops. */
public final class Reestimation {

  /** The largest change of log α at which a step counts as settled. */
  static final double SETTLED = 0.1;

  private Reestimation() {}

  /** γᵢ = 1 − αᵢΣᵢᵢ, clipped to [0, 1] against rounding. */
  static double[] wellDetermined(double[] alpha, double[] covariance) {
    int k = alpha.length;
    double[] gamma = new double[k];
    for (int i = 0; i < k; i++) {
      gamma[i] = Math.min(1.0, Math.max(0.0, 1.0 - alpha[i] * covariance[i * k + i]));
    }
    return gamma;
  }

  /** γᵢ = 1 − αᵢΣᵢᵢ from the diagonal of Σ alone, clipped to [0, 1] against rounding. */
  static double[] wellDeterminedFromDiagonal(double[] alpha, double[] covarianceDiagonal) {
    double[] gamma = new double[alpha.length];
    for (int i = 0; i < alpha.length; i++) {
      gamma[i] = Math.min(1.0, Math.max(0.0, 1.0 - alpha[i] * covarianceDiagonal[i]));
    }
    return gamma;
  }

  /** MacKay's fixed point with the Gamma(a, b) hyperprior: α ← (γ + 2a)/(m² + 2b). */
  static double[] mackay(double[] gamma, double[] mean, double a, double b) {
    double[] next = new double[gamma.length];
    for (int i = 0; i < next.length; i++) {
      next[i] = ratio(gamma[i] + 2 * a, mean[i] * mean[i] + 2 * b);
    }
    return next;
  }

  /**
   * Once a step has settled (no log α moved by more than {@link #SETTLED}), replaces it by the exact optimum of
   * each αᵢ with the others held fixed (Tipping &amp; Faul 2003): αᵢ = sᵢ²/(qᵢ² − sᵢ) when qᵢ² &gt; sᵢ, else ∞
   * (prune). From the current posterior, sᵢ = αᵢγᵢ/(1 − γᵢ) and qᵢ = αᵢmᵢ/(1 − γᵢ), so αᵢ = αᵢγᵢ²/(αᵢmᵢ² −
   * γᵢ(1 − γᵢ)). The fixed points are those of the classic step, which reaches them only geometrically slowly
   * (an α creeping toward infinity can take thousands of steps). Early on, with every α still far from its
   * optimum, "the others held fixed" means little, hence the settling condition. Scale-free prior (a = b = 0) only.
   *
   * @return whether the step was settled and so refined
   */
  static boolean refineSettled(double[] next, double[] alpha, double[] mean, double[] gamma) {
    for (int i = 0; i < next.length; i++) {
      if (Double.isFinite(next[i]) && Math.abs(Math.log(next[i]) - Math.log(alpha[i])) > SETTLED) {
        return false;
      }
    }
    for (int i = 0; i < next.length; i++) {
      double excess = alpha[i] * mean[i] * mean[i] - gamma[i] * (1.0 - gamma[i]);
      next[i] = excess > 0.0 ? alpha[i] * gamma[i] * gamma[i] / excess : Double.POSITIVE_INFINITY;
    }
    return true;
  }

  /**
   * The pruning half of {@link #refineSettled}: once every αᵢ that is not creeping toward infinity has settled,
   * prunes the creeping ones — those MacKay's step raises although the exact coordinate optimum is already
   * α = ∞ (qᵢ² ≤ sᵢ, i.e. αᵢmᵢ² ≤ γᵢ(1 − γᵢ)). MacKay's step takes them there only geometrically slowly. The other
   * αᵢ keep MacKay's value.
   *
   * @return whether any was pruned
   */
  static boolean pruneCreeping(double[] next, double[] alpha, double[] mean, double[] gamma) {
    boolean[] creeping = new boolean[next.length];
    boolean any = false;
    for (int i = 0; i < next.length; i++) {
      creeping[i] = next[i] > alpha[i] && alpha[i] * mean[i] * mean[i] - gamma[i] * (1.0 - gamma[i]) <= 0.0;
      any |= creeping[i];
      if (!creeping[i] && Double.isFinite(next[i]) && Math.abs(Math.log(next[i]) - Math.log(alpha[i])) > SETTLED) {
        return false;
      }
    }
    for (int i = 0; i < next.length; i++) {
      if (creeping[i]) {
        next[i] = Double.POSITIVE_INFINITY;
      }
    }
    return any;
  }

  /**
   * {@return the EM step with the Gamma(a, b) hyperprior: α ← (1 + 2a)/(m² + Σᵢᵢ + 2b); it never lowers the
   * objective}
   */
  static double[] expectationMaximisation(double[] mean, double[] covariance, double a, double b) {
    int k = mean.length;
    double[] next = new double[k];
    for (int i = 0; i < k; i++) {
      next[i] = ratio(1 + 2 * a, mean[i] * mean[i] + covariance[i * k + i] + 2 * b);
    }
    return next;
  }

  private static double ratio(double numerator, double denominator) {
    return denominator > 0.0 ? numerator / denominator : Double.POSITIVE_INFINITY;
  }

  /** Σ (a log αᵢ − b αᵢ): the log density of the hyperprior over log α, up to a constant. */
  static double hyperprior(double[] alpha, double a, double b) {
    if (a == 0.0 && b == 0.0) {
      return 0.0;
    }
    double s = 0.0;
    for (double v : alpha) {
      s += a * Math.log(v) - b * v;
    }
    return s;
  }

  static double sumLog(double[] v) {
    double s = 0.0;
    for (double x : v) {
      s += Math.log(x);
    }
    return s;
  }

  /** {@return the positions of {@code alpha} at or below alphaMax (those kept)} */
  static int[] kept(double[] alpha, double alphaMax) {
    return java.util.stream.IntStream.range(0, alpha.length).filter(i -> alpha[i] <= alphaMax).toArray();
  }

  /** {@return the largest |log α'ᵢ − log αᵢ| over the positions kept} */
  static double maxLogChange(double[] before, double[] after, int[] kept) {
    double d = 0.0;
    for (int i : kept) {
      d = Math.max(d, Math.abs(Math.log(after[i]) - Math.log(before[i])));
    }
    return d;
  }

  public static int[] indices(int m) {
    int[] idx = new int[m];
    Arrays.setAll(idx, i -> i);
    return idx;
  }

  /** {@return the initial α: the prior variance of the function spread evenly over the m basis functions} */
  static double[] initialAlpha(double[] gramDiagonal, double weightSum, double functionVariance) {
    int m = gramDiagonal.length;
    double[] alpha = new double[m];
    for (int i = 0; i < m; i++) {
      double meanSquare = gramDiagonal[i] / weightSum;
      alpha[i] = meanSquare > 0.0 ? m * meanSquare / functionVariance : 1.0;
    }
    return alpha;
  }
}
