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

import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleArrayParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;

/**
 * The params {@link RvmEstimator} and {@link RvmModel} share: the fit's ({@link SparseBayesParams}), and the RVM's
 * own, the basis (kernel, gamma, degree, coef0) and the outputs. Each stage holds its own {@link RvmParamSet}; these
 * default methods expose its params under Spark's names (so that {@code params()} and {@code explainParams()} find
 * them) and read their values.
 */
public interface RvmParams extends SparseBayesParams {

  /** {@return the param objects of this stage} */
  RvmParamSet paramSet();

  @Override
  default SparseBayesParamSet sparseBayesParamSet() { return paramSet().sparseBayes; }

  /** {@return the {@code predictionCol} param: the prediction column} */
  default Param<String> predictionCol() { return paramSet().predictionCol; }
  /** {@return the {@code probabilityCol} param: the class-probability column} */
  default Param<String> probabilityCol() { return paramSet().probabilityCol; }
  /** {@return the {@code rawPredictionCol} param: the raw-score column} */
  default Param<String> rawPredictionCol() { return paramSet().rawPredictionCol; }
  /** {@return the {@code varianceCol} param: the predictive-variance column (gaussian; empty to skip)} */
  default Param<String> varianceCol() { return paramSet().varianceCol; }
  /** {@return the {@code kernel} param: the kernel: rbf, linear, poly or rbf-per-dimension} */
  default Param<String> kernel() { return paramSet().kernel; }
  /** {@return the {@code gamma} param: the scale of the rbf and poly kernels} */
  default DoubleParam gamma() { return paramSet().gamma; }
  /** {@return the {@code degree} param: the degree of the poly kernel} */
  default IntParam degree() { return paramSet().degree; }
  /** {@return the {@code coef0} param: the constant of the poly kernel} */
  default DoubleParam coef0() { return paramSet().coef0; }
  /** {@return the {@code probabilityMethod} param: how probabilities are computed: moderated or map} */
  default Param<String> probabilityMethod() { return paramSet().probabilityMethod; }
  /** {@return the {@code threshold} param: the bernoulli decision threshold on P(1)} */
  default DoubleParam threshold() { return paramSet().threshold; }
  /** {@return the {@code thresholds} param: per-class thresholds; the class maximising P(k) / t(k) is predicted} */
  default DoubleArrayParam thresholds() { return paramSet().thresholds; }
  /** {@return the {@code classFeatureBlocks} param: B &gt; 0, the features per class of class-specific blocks} */
  default IntParam classFeatureBlocks() { return paramSet().classFeatureBlocks; }
  /** {@return the {@code calibrateVariance} param: gaussian: scale the predictive variance by held-out fits} */
  default BooleanParam calibrateVariance() { return paramSet().calibrateVariance; }

  /** {@return the value of {@link #predictionCol()}} */
  default String getPredictionCol() { return getOrDefault(predictionCol()); }
  /** {@return the value of {@link #probabilityCol()}} */
  default String getProbabilityCol() { return getOrDefault(probabilityCol()); }
  /** {@return the value of {@link #rawPredictionCol()}} */
  default String getRawPredictionCol() { return getOrDefault(rawPredictionCol()); }
  /** {@return the value of {@link #varianceCol()}} */
  default String getVarianceCol() { return getOrDefault(varianceCol()); }
  /** {@return the value of {@link #calibrateVariance()}} */
  default boolean getCalibrateVariance() { return (Boolean) getOrDefault(calibrateVariance()); }
  /** {@return the value of {@link #kernel()}} */
  default String getKernel() { return getOrDefault(kernel()); }
  /** {@return the RBF/poly scale; NaN when unset, in which case a fit uses 1 / (number of features)} */
  default double getGamma() { return isDefined(gamma()) ? (Double) getOrDefault(gamma()) : Double.NaN; }
  /** {@return the value of {@link #degree()}} */
  default int getDegree() { return (Integer) getOrDefault(degree()); }
  /** {@return the value of {@link #coef0()}} */
  default double getCoef0() { return (Double) getOrDefault(coef0()); }
  /** {@return the value of {@link #probabilityMethod()}} */
  default String getProbabilityMethod() { return getOrDefault(probabilityMethod()); }
  /** {@return the value of {@link #threshold()}} */
  default double getThreshold() { return (Double) getOrDefault(threshold()); }
  /** {@return the per-class thresholds, or null when unset} */
  default double[] getThresholds() { return isDefined(thresholds()) ? (double[]) getOrDefault(thresholds()) : null; }
  /** {@return the value of {@link #classFeatureBlocks()}: 0 when every class uses every feature} */
  default int getClassFeatureBlocks() { return (Integer) getOrDefault(classFeatureBlocks()); }
}
