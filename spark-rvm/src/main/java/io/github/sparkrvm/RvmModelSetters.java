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
 * The setters of the params an {@link RvmModel} reads when it transforms (the output columns, the probability method
 * and the threshold), written once for the model and for {@link RvmEstimator}, which copies them to the model it
 * fits; {@code T} is the stage, so that calls chain.
 *
 * @param <T> the stage class
 */
public interface RvmModelSetters<T extends RvmModelSetters<T>> extends RvmParams, FeaturesColSetter<T> {

  /**
   * Sets {@link #predictionCol()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setPredictionCol(String v) { set(predictionCol(), v); return self(); }

  /**
   * Sets {@link #probabilityCol()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setProbabilityCol(String v) { set(probabilityCol(), v); return self(); }

  /**
   * Sets {@link #rawPredictionCol()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setRawPredictionCol(String v) { set(rawPredictionCol(), v); return self(); }

  /**
   * Sets {@link #varianceCol()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setVarianceCol(String v) { set(varianceCol(), v); return self(); }

  /**
   * Sets {@link #probabilityMethod()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setProbabilityMethod(String v) { set(probabilityMethod(), v); return self(); }

  /**
   * Sets {@link #threshold()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setThreshold(double v) { set(threshold(), v); return self(); }
  /**
   * Sets {@link #thresholds()}.
   *
   * @param v the per-class thresholds (K values, at least 0, at most one 0)
   * @return this stage
   */
  default T setThresholds(double[] v) { set(thresholds(), v); return self(); }

  /** {@return this stage, as its own type} */
  @SuppressWarnings("unchecked")
  private T self() {
    return (T) this;
  }
}
