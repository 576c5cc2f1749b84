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
import io.github.sparkrvm.distributed.DataSummary;
import io.github.sparkrvm.linalg.ClassLayout;
import io.github.sparkrvm.solvers.MultiClassFit;
import io.github.sparkrvm.solvers.RelevanceFit;
import io.github.sparkrvm.solvers.RelevanceResult;
import io.github.sparkrvm.solvers.VariationalFit;
import io.github.sparkrvm.statistics.Family;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a user should know about a finished fit, read from the solver's result before the model is assembled: a fit
 * that kept no relevance vector (its model predicts the same for every input), a non-finite objective, declared
 * classes without rows. A result whose weights or covariance are not finite is refused.
 */
final class FitWarnings {

  private FitWarnings() {}

  /**
   * {@return the warnings of a fit, each naming the column or param to check}
   *
   * @param result the solver's result (a variational one pruned)
   * @param family the fit's family
   * @param basis the fit's candidate basis
   * @param p the params of the fit
   * @param summary the summary pass over the training rows
   * @throws ArithmeticException when the result's weights or covariance are not finite
   */
  static List<String> of(RelevanceResult result, Family family, BasisFunctions basis, RvmParams p, DataSummary summary) {
    RelevanceFit single = result instanceof VariationalFit v ? v.posterior()
        : result instanceof RelevanceFit f ? f : null;
    MultiClassFit multi = result instanceof MultiClassFit m ? m : null;
    boolean finite = single != null
        ? allFinite(single.weights()) && allFinite(single.covariance())
        : allFinite(multi.covariance()) && Arrays.stream(multi.weights()).allMatch(FitWarnings::allFinite);
    if (!finite) {
      throw new ArithmeticException("non-finite weights or covariance in the fitted model");
    }
    int[] active = single != null ? single.active() : ClassLayout.union(multi.active());
    boolean biasKept = active.length > 0 && basis.isBias(active[0]);
    List<String> warnings = new ArrayList<>();
    if (active.length == (biasKept ? 1 : 0)) {
      warnings.add("the fit kept no relevance vector" + (biasKept ? " (only the bias)" : " (not even the bias)")
          + ": the model predicts the same " + (family.classifier() ? "class probabilities" : "value")
          + " for every input. The features of featuresCol '" + p.getFeaturesCol() + "' showed no evidence about "
          + "labelCol '" + p.getLabelCol() + "' at this kernel" + (p.isDefined(p.gamma()) ? " and gamma "
          + p.getGamma() : "") + ": check the features' scale (standardization), the kernel and its gamma, and the "
          + "labels");
    }
    double[] trajectory = result.logMarginalLikelihoods();
    for (int i = 0; i < trajectory.length; i++) {
      if (!Double.isFinite(trajectory[i])) {
        warnings.add("the log marginal likelihood is " + trajectory[i] + " at step " + i + ": the fit's statistics "
            + "lost precision; check the scale of featuresCol '" + p.getFeaturesCol() + "', labelCol '"
            + p.getLabelCol() + "'" + (p.getWeightCol().isEmpty() ? "" : " and weightCol '" + p.getWeightCol()
            + "'"));
        break;
      }
    }
    if (multi != null) {
      double[] classWeights = summary.classWeights();
      for (int k = 0; k < classWeights.length; k++) {
        if (classWeights[k] == 0.0) {
          warnings.add("labelCol '" + p.getLabelCol() + "' has no rows of class " + k + " of the "
              + classWeights.length + " its ML attribute declares: that class is fitted from its absence only (the "
              + "model gives it a low probability everywhere)");
        }
      }
    }
    return warnings;
  }

  private static boolean allFinite(double[] values) {
    return Arrays.stream(values).allMatch(Double::isFinite);
  }
}
