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

/**
 * The setters of the fit's params ({@link SparseBayesParams}), written once for {@link RvmEstimator} and
 * {@link RvmSelector}; {@code T} is the stage, so that calls chain ({@code new RvmEstimator().setMaxIter(5)
 * .setKernel("rbf")}).
 *
 * @param <T> the stage class
 */
public interface SparseBayesSetters<T extends SparseBayesSetters<T>> extends FeaturesColSetter<T> {

  /**
   * Sets {@link #labelCol()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setLabelCol(String v) { set(labelCol(), v); return self(); }

  /**
   * Sets {@link #weightCol()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setWeightCol(String v) { set(weightCol(), v); return self(); }

  /**
   * Sets {@link #family()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setFamily(String v) { set(family(), v); return self(); }

  /**
   * Sets {@link #multiClassStrategy()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setMultiClassStrategy(String v) { set(multiClassStrategy(), v); return self(); }

  /**
   * Sets {@link #fitIntercept()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setFitIntercept(boolean v) { set(fitIntercept(), v); return self(); }

  /**
   * Sets {@link #standardization()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setStandardization(boolean v) { set(standardization(), v); return self(); }

  /**
   * Sets {@link #maxIter()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setMaxIter(int v) { set(maxIter(), v); return self(); }

  /**
   * Sets {@link #tol()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setTol(double v) { set(tol(), v); return self(); }

  /**
   * Sets {@link #alphaMax()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setAlphaMax(double v) { set(alphaMax(), v); return self(); }

  /**
   * Sets {@link #alphaPriorShape()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setAlphaPriorShape(double v) { set(alphaPriorShape(), v); return self(); }

  /**
   * Sets {@link #alphaPriorRate()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setAlphaPriorRate(double v) { set(alphaPriorRate(), v); return self(); }

  /**
   * Sets {@link #maxBasis()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setMaxBasis(int v) { set(maxBasis(), v); return self(); }

  /**
   * Sets {@link #seed()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setSeed(long v) { set(seed(), v); return self(); }

  /**
   * Sets {@link #aggregationDepth()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setAggregationDepth(int v) { set(aggregationDepth(), v); return self(); }

  /**
   * Sets {@link #parallelism()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setParallelism(int v) { set(parallelism(), v); return self(); }

  /**
   * Sets {@link #logEvery()}: the fit prints its progress on the driver's standard error every {@code v}
   * iterations.
   *
   * @param v the value (0: never)
   * @return this stage
   */
  default T setLogEvery(int v) { set(logEvery(), v); return self(); }

  /**
   * Sets {@link #solver()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setSolver(String v) { set(solver(), v); return self(); }

  /**
   * Sets {@link #prior()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setPrior(String v) { set(prior(), v); return self(); }

  /**
   * Sets {@link #gridShape()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setGridShape(int[] v) { set(gridShape(), v); return self(); }

  /**
   * Sets {@link #maxBlockSizeInMB()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setMaxBlockSizeInMB(double v) { set(maxBlockSizeInMB(), v); return self(); }

  /**
   * Sets {@link #maxDriverDesignSizeInMB()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setMaxDriverDesignSizeInMB(double v) { set(maxDriverDesignSizeInMB(), v); return self(); }

  /**
   * Sets {@link #maxAddsPerStep()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setMaxAddsPerStep(int v) { set(maxAddsPerStep(), v); return self(); }

  /**
   * Sets {@link #variationalForm()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setVariationalForm(String v) { set(variationalForm(), v); return self(); }

  /**
   * Sets {@link #noisePrecision()}.
   *
   * @param v the noise precision β to hold through the fit (family gaussian), or 0 to learn it
   * @return this stage
   */
  default T setNoisePrecision(double v) { set(noisePrecision(), v); return self(); }

  /** {@return this stage, as its own type} */
  @SuppressWarnings("unchecked")
  private T self() {
    return (T) this;
  }
}
