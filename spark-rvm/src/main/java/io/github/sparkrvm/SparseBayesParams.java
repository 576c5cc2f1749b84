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
 * The params of the sparse Bayesian fit, shared by {@link RvmEstimator} and {@link RvmModel} (through
 * {@link RvmParams}) and by {@link RvmSelector} and {@link RvmSelectorModel} (through {@link RvmSelectorParams}):
 * the input columns, the likelihood, the solver and its stopping rule, the prior, the candidate sample and the
 * memory bounds. Each stage holds its own {@link SparseBayesParamSet}; these default methods expose its params under
 * Spark's names (so that {@code params()} and {@code explainParams()} find them) and read their values.
 */
public interface SparseBayesParams extends Params {

  /** {@return the fit's param objects of this stage} */
  SparseBayesParamSet sparseBayesParamSet();

  /** {@return the {@code featuresCol} param: the features column (a Vector column)} */
  default Param<String> featuresCol() { return sparseBayesParamSet().featuresCol; }
  /** {@return the {@code labelCol} param: the label column} */
  default Param<String> labelCol() { return sparseBayesParamSet().labelCol; }
  /** {@return the {@code weightCol} param: the optional row-weight column (empty: unit weights)} */
  default Param<String> weightCol() { return sparseBayesParamSet().weightCol; }
  /** {@return the {@code family} param: gaussian, bernoulli or multinomial} */
  default Param<String> family() { return sparseBayesParamSet().family; }
  /** {@return the {@code multiClassStrategy} param: multinomial: softmax or ovr} */
  default Param<String> multiClassStrategy() { return sparseBayesParamSet().multiClassStrategy; }
  /** {@return the {@code fitIntercept} param: whether to add a bias basis function} */
  default BooleanParam fitIntercept() { return sparseBayesParamSet().fitIntercept; }
  /** {@return the {@code standardization} param: whether to standardise the features internally} */
  default BooleanParam standardization() { return sparseBayesParamSet().standardization; }
  /** {@return the {@code maxIter} param: the largest number of re-estimation steps} */
  default IntParam maxIter() { return sparseBayesParamSet().maxIter; }
  /** {@return the {@code tol} param: the convergence tolerance on the largest change of log α} */
  default DoubleParam tol() { return sparseBayesParamSet().tol; }
  /** {@return the {@code alphaMax} param: the α above which a basis function is pruned} */
  default DoubleParam alphaMax() { return sparseBayesParamSet().alphaMax; }
  /** {@return the {@code alphaPriorShape} param: the shape a of the Gamma(a, b) hyperprior on each α} */
  default DoubleParam alphaPriorShape() { return sparseBayesParamSet().alphaPriorShape; }
  /** {@return the {@code alphaPriorRate} param: the rate b of the Gamma(a, b) hyperprior on each α} */
  default DoubleParam alphaPriorRate() { return sparseBayesParamSet().alphaPriorRate; }
  /** {@return the {@code maxBasis} param: the largest number of candidate centres} */
  default IntParam maxBasis() { return sparseBayesParamSet().maxBasis; }
  /** {@return the {@code seed} param: the seed of the candidate sample} */
  default LongParam seed() { return sparseBayesParamSet().seed; }
  /** {@return the {@code aggregationDepth} param: the treeReduce depth} */
  default IntParam aggregationDepth() { return sparseBayesParamSet().aggregationDepth; }
  /** {@return the {@code parallelism} param: how many one-vs-rest fits run at once} */
  default IntParam parallelism() { return sparseBayesParamSet().parallelism; }
  /** {@return the {@code logEvery} param: print the fit's progress every this many iterations (0: never)} */
  default IntParam logEvery() { return sparseBayesParamSet().logEvery; }
  /** {@return the {@code solver} param: the solver: em, fast or variational} */
  default Param<String> solver() { return sparseBayesParamSet().solver; }
  /** {@return the {@code prior} param: the weight prior: ard, grid-product or grid-sum} */
  default Param<String> prior() { return sparseBayesParamSet().prior; }
  /** {@return the {@code gridShape} param: the table [rows, columns] of a grid prior} */
  default IntArrayParam gridShape() { return sparseBayesParamSet().gridShape; }
  /** {@return the {@code maxBlockSizeInMB} param: the largest row block, in MB} */
  default DoubleParam maxBlockSizeInMB() { return sparseBayesParamSet().maxBlockSizeInMB; }
  /** {@return the {@code maxDriverDesignSizeInMB} param: the largest expanded design a fit runs on the driver} */
  default DoubleParam maxDriverDesignSizeInMB() { return sparseBayesParamSet().maxDriverDesignSizeInMB; }
  /** {@return the {@code maxAddsPerStep} param: the most basis functions a step of solver fast may add} */
  default IntParam maxAddsPerStep() { return sparseBayesParamSet().maxAddsPerStep; }
  /** {@return the {@code variationalForm} param: solver variational's posterior form: auto, primal or dual} */
  default Param<String> variationalForm() { return sparseBayesParamSet().variationalForm; }
  /** {@return the {@code noisePrecision} param: gaussian: β held through the fit, or 0 to learn it} */
  default DoubleParam noisePrecision() { return sparseBayesParamSet().noisePrecision; }

  /** {@return the value of {@link #featuresCol()}} */
  default String getFeaturesCol() { return getOrDefault(featuresCol()); }
  /** {@return the value of {@link #labelCol()}} */
  default String getLabelCol() { return getOrDefault(labelCol()); }
  /** {@return the weight column, or "" for unit weights} */
  default String getWeightCol() { return getOrDefault(weightCol()); }
  /** {@return the value of {@link #family()}, "binomial" (Spark's name) given as "bernoulli"} */
  default String getFamily() { return SparseBayesParamSet.canonicalFamily(getOrDefault(family())); }
  /** {@return the value of {@link #multiClassStrategy()}} */
  default String getMultiClassStrategy() { return getOrDefault(multiClassStrategy()); }
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
  /** {@return the value of {@link #parallelism()}} */
  default int getParallelism() { return (Integer) getOrDefault(parallelism()); }
  /** {@return the value of {@link #logEvery()}} */
  default int getLogEvery() { return (Integer) getOrDefault(logEvery()); }
  /** {@return the value of {@link #solver()}} */
  default String getSolver() { return getOrDefault(solver()); }
  /** {@return the value of {@link #prior()}} */
  default String getPrior() { return getOrDefault(prior()); }
  /** {@return the table [rows, columns] of a grid prior, or null when unset} */
  default int[] getGridShape() { return isDefined(gridShape()) ? getOrDefault(gridShape()) : null; }
  /** {@return the value of {@link #maxBlockSizeInMB()}} */
  default double getMaxBlockSizeInMB() { return (Double) getOrDefault(maxBlockSizeInMB()); }
  /** {@return the value of {@link #maxDriverDesignSizeInMB()}} */
  default double getMaxDriverDesignSizeInMB() { return (Double) getOrDefault(maxDriverDesignSizeInMB()); }
  /** {@return the value of {@link #maxAddsPerStep()}} */
  default int getMaxAddsPerStep() { return (Integer) getOrDefault(maxAddsPerStep()); }
  /** {@return the value of {@link #variationalForm()}} */
  default String getVariationalForm() { return getOrDefault(variationalForm()); }
  /** {@return the value of {@link #noisePrecision()}: the β to hold, or 0 to learn it} */
  default double getNoisePrecision() { return (Double) getOrDefault(noisePrecision()); }
}
