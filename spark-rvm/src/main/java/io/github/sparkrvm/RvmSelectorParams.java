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

import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.Param;

/**
 * The params {@link RvmSelector} and {@link RvmSelectorModel} share: the fit's ({@link SparseBayesParams}, forwarded
 * to the RVM the selector fits) and the selector's own (see {@link RvmParams} for the pattern).
 */
public interface RvmSelectorParams extends SparseBayesParams {

  /** {@return the param objects of this stage} */
  RvmSelectorParamSet paramSet();

  @Override
  default SparseBayesParamSet sparseBayesParamSet() { return paramSet().sparseBayes; }

  /** {@return the {@code outputCol} param: the output column of the selected features} */
  default Param<String> outputCol() { return paramSet().outputCol; }
  /** {@return the {@code selectionMode} param: numTopFeatures or threshold} */
  default Param<String> selectionMode() { return paramSet().selectionMode; }
  /** {@return the {@code selectionThreshold} param: how many features to keep, or the relevance threshold} */
  default DoubleParam selectionThreshold() { return paramSet().selectionThreshold; }

  /** {@return the value of {@link #outputCol()}} */
  default String getOutputCol() { return getOrDefault(outputCol()); }
  /** {@return the value of {@link #selectionMode()}} */
  default String getSelectionMode() { return getOrDefault(selectionMode()); }
  /** {@return the threshold as set, or the mode's default: 50 for numTopFeatures, 0 for threshold} */
  default double getSelectionThreshold() {
    if (isSet(selectionThreshold())) {
      return (Double) getOrDefault(selectionThreshold());
    }
    return "numTopFeatures".equals(getSelectionMode()) ? 50.0 : 0.0;
  }
}
