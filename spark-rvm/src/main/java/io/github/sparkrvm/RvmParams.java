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
import org.apache.spark.ml.param.IntArrayParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * The params {@link RvmEstimator} and {@link RvmModel} share. Each stage holds its own {@link RvmParamSet}; these
 * default methods expose its params under Spark's names (so that {@code params()} and {@code explainParams()} find
 * them) and read their values.
 */
public interface RvmParams extends Params {

  /** {@return the param objects of this stage} */
  RvmParamSet paramSet();

  /** {@return the {@code featuresCol} param: the features column (a Vector column)} */
  default Param<String> featuresCol() { return paramSet().featuresCol; }
  /** {@return the {@code labelCol} param: the label column} */
  default Param<String> labelCol() { return paramSet().labelCol; }
  /** {@return the {@code weightCol} param: the optional row-weight column (empty: unit weights)} */
  default Param<String> weightCol() { return paramSet().weightCol; }
  /** {@return the {@code predictionCol} param: the prediction column} */
  default Param<String> predictionCol() { return paramSet().predictionCol; }
  /** {@return the {@code probabilityCol} param: the class-probability column} */
  default Param<String> probabilityCol() { return paramSet().probabilityCol; }
  /** {@return the {@code rawPredictionCol} param: the raw-score column} */
  default Param<String> rawPredictionCol() { return paramSet().rawPredictionCol; }
  /** {@return the {@code varianceCol} param: the predictive-variance column (gaussian; empty to skip)} */
  default Param<String> varianceCol() { return paramSet().varianceCol; }
  /** {@return the {@code family} param: gaussian, bernoulli or multinomial} */
  default Param<String> family() { return paramSet().family; }
  /** {@return the {@code kernel} param: the kernel: rbf, linear, poly or rbf-per-dimension} */
  default Param<String> kernel() { return paramSet().kernel; }
  /** {@return the {@code gamma} param: the scale of the rbf and poly kernels} */
  default DoubleParam gamma() { return paramSet().gamma; }
  /** {@return the {@code degree} param: the degree of the poly kernel} */
  default IntParam degree() { return paramSet().degree; }
  /** {@return the {@code coef0} param: the constant of the poly kernel} */
  default DoubleParam coef0() { return paramSet().coef0; }
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
  /** {@return the {@code maxBasis} param: the largest number of candidate centres} */
  default IntParam maxBasis() { return paramSet().maxBasis; }
  /** {@return the {@code seed} param: the seed of the candidate sample} */
  default LongParam seed() { return paramSet().seed; }
  /** {@return the {@code aggregationDepth} param: the treeReduce depth} */
  default IntParam aggregationDepth() { return paramSet().aggregationDepth; }
  /** {@return the {@code probabilityMethod} param: how probabilities are computed: moderated or map} */
  default Param<String> probabilityMethod() { return paramSet().probabilityMethod; }
  /** {@return the {@code threshold} param: the bernoulli decision threshold on P(1)} */
  default DoubleParam threshold() { return paramSet().threshold; }
  /** {@return the {@code multiClassStrategy} param: multinomial: softmax or ovr} */
  default Param<String> multiClassStrategy() { return paramSet().multiClassStrategy; }
  /** {@return the {@code parallelism} param: how many one-vs-rest fits run at once} */
  default IntParam parallelism() { return paramSet().parallelism; }
  /** {@return the {@code solver} param: the solver: em, fast or variational} */
  default Param<String> solver() { return paramSet().solver; }
  /** {@return the {@code prior} param: the weight prior: ard, grid-product or grid-sum} */
  default Param<String> prior() { return paramSet().prior; }
  /** {@return the {@code gridShape} param: the table [rows, columns] of a grid prior} */
  default IntArrayParam gridShape() { return paramSet().gridShape; }
  /** {@return the {@code maxBlockSizeInMB} param: the largest row block, in MB} */
  default DoubleParam maxBlockSizeInMB() { return paramSet().maxBlockSizeInMB; }
  /** {@return the {@code variationalForm} param: solver variational's posterior form: auto, primal or dual} */
  default Param<String> variationalForm() { return paramSet().variationalForm; }

  /** {@return the {@code maxDriverDesignSizeInMB} param: the largest expanded design a fit runs on the driver} */
  default DoubleParam maxDriverDesignSizeInMB() { return paramSet().maxDriverDesignSizeInMB; }

  /** {@return the {@code maxAddsPerStep} param: the most basis functions a step of solver fast may add} */
  default IntParam maxAddsPerStep() { return paramSet().maxAddsPerStep; }

  /** {@return the value of {@link #featuresCol()}} */
  default String getFeaturesCol() { return (String) getOrDefault(featuresCol()); }
  /** {@return the value of {@link #labelCol()}} */
  default String getLabelCol() { return (String) getOrDefault(labelCol()); }
  /** {@return the weight column, or "" for unit weights} */
  default String getWeightCol() { return (String) getOrDefault(weightCol()); }
  /** {@return the value of {@link #predictionCol()}} */
  default String getPredictionCol() { return (String) getOrDefault(predictionCol()); }
  /** {@return the value of {@link #probabilityCol()}} */
  default String getProbabilityCol() { return (String) getOrDefault(probabilityCol()); }
  /** {@return the value of {@link #rawPredictionCol()}} */
  default String getRawPredictionCol() { return (String) getOrDefault(rawPredictionCol()); }
  /** {@return the value of {@link #varianceCol()}} */
  default String getVarianceCol() { return (String) getOrDefault(varianceCol()); }
  /** {@return the value of {@link #family()}} */
  default String getFamily() { return (String) getOrDefault(family()); }
  /** {@return the value of {@link #kernel()}} */
  default String getKernel() { return (String) getOrDefault(kernel()); }
  /** {@return the RBF/poly scale; NaN when unset, in which case a fit uses 1 / (number of features)} */
  default double getGamma() { return isDefined(gamma()) ? (Double) getOrDefault(gamma()) : Double.NaN; }
  /** {@return the value of {@link #degree()}} */
  default int getDegree() { return (Integer) getOrDefault(degree()); }
  /** {@return the value of {@link #coef0()}} */
  default double getCoef0() { return (Double) getOrDefault(coef0()); }
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
  /** {@return the value of {@link #maxBasis()}} */
  default int getMaxBasis() { return (Integer) getOrDefault(maxBasis()); }
  /** {@return the value of {@link #seed()}} */
  default long getSeed() { return (Long) getOrDefault(seed()); }
  /** {@return the value of {@link #aggregationDepth()}} */
  default int getAggregationDepth() { return (Integer) getOrDefault(aggregationDepth()); }
  /** {@return the value of {@link #probabilityMethod()}} */
  default String getProbabilityMethod() { return (String) getOrDefault(probabilityMethod()); }
  /** {@return the value of {@link #threshold()}} */
  default double getThreshold() { return (Double) getOrDefault(threshold()); }
  /** {@return the value of {@link #multiClassStrategy()}} */
  default String getMultiClassStrategy() { return (String) getOrDefault(multiClassStrategy()); }
  /** {@return the value of {@link #parallelism()}} */
  default int getParallelism() { return (Integer) getOrDefault(parallelism()); }
  /** {@return the value of {@link #solver()}} */
  default String getSolver() { return (String) getOrDefault(solver()); }
  /** {@return the value of {@link #prior()}} */
  default String getPrior() { return (String) getOrDefault(prior()); }
  /** {@return the table [rows, columns] of a grid prior, or null when unset} */
  default int[] getGridShape() { return isDefined(gridShape()) ? (int[]) getOrDefault(gridShape()) : null; }
  /** {@return the value of {@link #maxBlockSizeInMB()}} */
  default double getMaxBlockSizeInMB() { return (Double) getOrDefault(maxBlockSizeInMB()); }
  /** {@return the value of {@link #variationalForm()}} */
  default String getVariationalForm() { return (String) getOrDefault(variationalForm()); }

  /** {@return the value of {@link #maxDriverDesignSizeInMB()}} */
  default double getMaxDriverDesignSizeInMB() { return (Double) getOrDefault(maxDriverDesignSizeInMB()); }

  /** {@return the value of {@link #maxAddsPerStep()}} */
  default int getMaxAddsPerStep() { return (Integer) getOrDefault(maxAddsPerStep()); }

  /** {@return true for binary classification} */
  default boolean isBernoulli() {
    return "bernoulli".equals(getFamily());
  }

  /** {@return true for multi-class classification} */
  default boolean isMultinomial() {
    return "multinomial".equals(getFamily());
  }

  /** {@return true for classification, binary or multi-class} */
  default boolean isClassifier() {
    return isBernoulli() || isMultinomial();
  }
}
