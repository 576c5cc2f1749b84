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
 * The setters of the basis params (kernel, gamma, degree, coef0), of classFeatureBlocks and of calibrateVariance,
 * written once for every RVM estimator.
 *
 * @param <T> the stage type
 */
public interface BasisSetters<T extends BasisSetters<T>> extends RvmParams {

  /**
   * Sets {@link #kernel()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setKernel(String v) { set(kernel(), v); return self(); }
  /**
   * Sets {@link #gamma()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setGamma(double v) { set(gamma(), v); return self(); }
  /**
   * Sets {@link #degree()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setDegree(int v) { set(degree(), v); return self(); }
  /**
   * Sets {@link #coef0()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setCoef0(double v) { set(coef0(), v); return self(); }
  /**
   * Sets {@link #classFeatureBlocks()}: B &gt; 0 reads the features as K blocks of B, block p feeding class p only.
   *
   * @param v the value (0: off)
   * @return this stage
   */
  default T setClassFeatureBlocks(int v) { set(classFeatureBlocks(), v); return self(); }

  /**
   * Sets {@link #calibrateVariance()}.
   *
   * @param v whether a gaussian fit scales its predictive variance by held-out fits
   * @return this stage
   */
  default T setCalibrateVariance(boolean v) { set(calibrateVariance(), v); return self(); }


  @SuppressWarnings("unchecked")
  private T self() {
    return (T) this;
  }
}
