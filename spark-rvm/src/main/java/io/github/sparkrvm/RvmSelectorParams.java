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
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/** The params {@link RvmSelector} and {@link RvmSelectorModel} share (see {@link RvmParams} for the pattern). */
public interface RvmSelectorParams extends Params {

  /** {@return the param objects of this stage} */
  RvmSelectorParamSet paramSet();

  /** {@return the {@code featuresCol} param: the features column (a Vector column)} */
  default Param<String> featuresCol() { return paramSet().featuresCol; }
  /** {@return the {@code labelCol} param: the label column} */
  default Param<String> labelCol() { return paramSet().labelCol; }
  /** {@return the {@code weightCol} param: the optional row-weight column (empty: unit weights)} */
  default Param<String> weightCol() { return paramSet().weightCol; }
  /** {@return the {@code outputCol} param: the output column of the selected features} */
  default Param<String> outputCol() { return paramSet().outputCol; }
  /** {@return the {@code selectionMode} param: numTopFeatures or threshold} */
  default Param<String> selectionMode() { return paramSet().selectionMode; }
  /** {@return the {@code selectionThreshold} param: how many features to keep, or the relevance threshold} */
  default DoubleParam selectionThreshold() { return paramSet().selectionThreshold; }
  /** {@return the {@code family} param: gaussian, bernoulli or multinomial} */
  default Param<String> family() { return paramSet().family; }
  /** {@return the {@code multiClassStrategy} param: multinomial: softmax or ovr} */
  default Param<String> multiClassStrategy() { return paramSet().multiClassStrategy; }
  /** {@return the {@code fitIntercept} param: whether to add a bias basis function} */
  default BooleanParam fitIntercept() { return paramSet().fitIntercept; }
  /** {@return the {@code standardization} param: whether to standardise the features internally} */
  default BooleanParam standardization() { return paramSet().standardization; }
  /** {@return the {@code maxIter} param: the largest number of re-estimation steps} */
  default IntParam maxIter() { return paramSet().maxIter; }
  /** {@return the {@code tol} param: the convergence tolerance on the largest change of log α} */
  default DoubleParam tol() { return paramSet().tol; }
  /** {@return the {@code alphaMax} param: the α above which a basis function is pruned} */
  default DoubleParam alphaMax() { return paramSet().alphaMax; }
  /** {@return the {@code alphaPriorShape} param: the shape a of the Gamma(a, b) hyperprior on each α} */
  default DoubleParam alphaPriorShape() { return paramSet().alphaPriorShape; }
  /** {@return the {@code alphaPriorRate} param: the rate b of the Gamma(a, b) hyperprior on each α} */
  default DoubleParam alphaPriorRate() { return paramSet().alphaPriorRate; }
  /** {@return the {@code aggregationDepth} param: the treeReduce depth} */
  default IntParam aggregationDepth() { return paramSet().aggregationDepth; }
  /** {@return the {@code parallelism} param: how many one-vs-rest fits run at once} */
  default IntParam parallelism() { return paramSet().parallelism; }
  /** {@return the {@code solver} param: the RVM's algorithm, em, fast or variational} */
  default Param<String> solver() { return paramSet().solver; }

  /** {@return the value of {@link #featuresCol()}} */
  default String getFeaturesCol() { return (String) getOrDefault(featuresCol()); }
  /** {@return the value of {@link #labelCol()}} */
  default String getLabelCol() { return (String) getOrDefault(labelCol()); }
  /** {@return the value of {@link #weightCol()}} */
  default String getWeightCol() { return (String) getOrDefault(weightCol()); }
  /** {@return the value of {@link #outputCol()}} */
  default String getOutputCol() { return (String) getOrDefault(outputCol()); }
  /** {@return the value of {@link #selectionMode()}} */
  default String getSelectionMode() { return (String) getOrDefault(selectionMode()); }
  /** {@return the threshold as set, or the mode's default: 50 for numTopFeatures, 0 for threshold} */
  default double getSelectionThreshold() {
    if (isSet(selectionThreshold())) {
      return (Double) getOrDefault(selectionThreshold());
    }
    return "numTopFeatures".equals(getSelectionMode()) ? 50.0 : 0.0;
  }
  /** {@return the value of {@link #family()}} */
  default String getFamily() { return (String) getOrDefault(family()); }
  /** {@return the value of {@link #multiClassStrategy()}} */
  default String getMultiClassStrategy() { return (String) getOrDefault(multiClassStrategy()); }
  /** {@return the value of {@link #fitIntercept()}} */
  default boolean getFitIntercept() { return (Boolean) getOrDefault(fitIntercept()); }
  /** {@return the value of {@link #standardization()}} */
  default boolean getStandardization() { return (Boolean) getOrDefault(standardization()); }
  /** {@return the value of {@link #maxIter()}} */
  default int getMaxIter() { return (Integer) getOrDefault(maxIter()); }
  /** {@return the value of {@link #tol()}} */
  default double getTol() { return (Double) getOrDefault(tol()); }
  /** {@return the value of {@link #alphaMax()}} */
  default double getAlphaMax() { return (Double) getOrDefault(alphaMax()); }
  /** {@return the value of {@link #alphaPriorShape()}} */
  default double getAlphaPriorShape() { return (Double) getOrDefault(alphaPriorShape()); }
  /** {@return the value of {@link #alphaPriorRate()}} */
  default double getAlphaPriorRate() { return (Double) getOrDefault(alphaPriorRate()); }
  /** {@return the value of {@link #aggregationDepth()}} */
  default int getAggregationDepth() { return (Integer) getOrDefault(aggregationDepth()); }
  /** {@return the value of {@link #parallelism()}} */
  default int getParallelism() { return (Integer) getOrDefault(parallelism()); }
  /** {@return the value of {@link #solver()}} */
  default String getSolver() { return (String) getOrDefault(solver()); }
}
