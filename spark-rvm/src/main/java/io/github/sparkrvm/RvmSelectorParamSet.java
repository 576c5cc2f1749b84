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

import java.util.List;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.Params;

/**
 * The param objects of an {@link RvmSelector} or {@link RvmSelectorModel}, with their documentation and defaults: the
 * fit's params ({@link SparseBayesParamSet}, forwarded to the RVM the selector fits) and the selector's own.
 */
public final class RvmSelectorParamSet implements java.io.Serializable {

  static final String[] SELECTION_MODES = {"numTopFeatures", "threshold"};

  /** The params of the fit, shared with {@link RvmEstimator}. */
  final SparseBayesParamSet sparseBayes;
  final Param<String> outputCol;
  final Param<String> selectionMode;
  final DoubleParam selectionThreshold;

  RvmSelectorParamSet(Params owner) {
    sparseBayes = new SparseBayesParamSet(owner);
    outputCol = new Param<>(owner, "outputCol", "output column name: the selected features, in their input order");
    selectionMode = new Param<>(owner, "selectionMode",
        "how features are selected by their relevance 1/alpha under an RVM with the linear kernel (summed over the "
            + "classes for family multinomial; with standardization, on the common unit-variance scale): "
            + "numTopFeatures (the selectionThreshold most relevant; ties go to the lower index) or threshold (those "
            + "whose relevance exceeds selectionThreshold; relevance 0 means the RVM pruned the feature)",
        ParamValidators.inArray(SELECTION_MODES));
    selectionThreshold = new DoubleParam(owner, "selectionThreshold",
        "numTopFeatures: how many features to keep (a whole number >= 1; default 50); threshold: the relevance a "
            + "feature must exceed (>= 0; default 0, i.e. every feature the RVM kept)", ParamValidators.gtEq(0.0));
  }

  void setDefaults(Params owner, String uid) {
    sparseBayes.setDefaults(owner);
    owner.setDefault(outputCol, uid + "__output");
    owner.setDefault(selectionMode, "numTopFeatures");
  }

  /** {@return the selector's own params (not those of {@link #sparseBayes}), in declaration order} */
  List<Param<?>> params() {
    return List.of(outputCol, selectionMode, selectionThreshold);
  }
}
