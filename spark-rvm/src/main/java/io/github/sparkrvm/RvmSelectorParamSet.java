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
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.util.Identifiable;

/** The param objects of an {@link RvmSelector} or {@link RvmSelectorModel}, with their documentation and defaults. */
public final class RvmSelectorParamSet implements java.io.Serializable {

  static final String[] SELECTION_MODES = {"numTopFeatures", "threshold"};

  final Param<String> featuresCol;
  final Param<String> labelCol;
  final Param<String> weightCol;
  final Param<String> outputCol;
  final Param<String> selectionMode;
  final DoubleParam selectionThreshold;
  final Param<String> family;
  final Param<String> multiClassStrategy;
  final BooleanParam fitIntercept;
  final BooleanParam standardization;
  final IntParam maxIter;
  final DoubleParam tol;
  final DoubleParam alphaMax;
  final DoubleParam alphaPriorShape;
  final DoubleParam alphaPriorRate;
  final IntParam aggregationDepth;
  final IntParam parallelism;
  final Param<String> solver;

  RvmSelectorParamSet(Identifiable owner) {
    featuresCol = new Param<>(owner, "featuresCol", "features column name (a Vector column)");
    labelCol = new Param<>(owner, "labelCol", "label column name (numeric; see family)");
    weightCol = new Param<>(owner, "weightCol",
        "row weight column name (numeric, non-negative). Empty: every row has weight 1");
    outputCol = new Param<>(owner, "outputCol", "output column name: the selected features, in their input order");
    selectionMode = new Param<>(owner, "selectionMode",
        "how features are selected by their relevance 1/alpha under an RVM with the linear kernel: numTopFeatures "
            + "(the selectionThreshold most relevant; ties go to the lower index) or threshold (those whose "
            + "relevance exceeds selectionThreshold; relevance 0 means the RVM pruned the feature)",
        ParamValidators.inArray(SELECTION_MODES));
    selectionThreshold = new DoubleParam(owner, "selectionThreshold",
        "numTopFeatures: how many features to keep (a whole number >= 1; default 50); threshold: the relevance a "
            + "feature must exceed (>= 0; default 0, i.e. every feature the RVM kept)", ParamValidators.gtEq(0.0));
    family = new Param<>(owner, "family",
        "the RVM's likelihood: gaussian (regression), bernoulli (labels 0/1) or multinomial (labels 0 ... K-1; "
            + "a feature's relevance is then summed over the classes)",
        ParamValidators.inArray(RvmParamSet.FAMILIES));
    multiClassStrategy = new Param<>(owner, "multiClassStrategy",
        "family multinomial: softmax (one alpha per class and feature, jointly) or ovr (K binary RVMs)",
        ParamValidators.inArray(RvmParamSet.MULTI_CLASS_STRATEGIES));
    fitIntercept = new BooleanParam(owner, "fitIntercept", "whether the RVM has a bias basis function");
    standardization = new BooleanParam(owner, "standardization",
        "whether features are centred and scaled to unit variance before the fit, so that relevances compare "
            + "features on a common scale");
    maxIter = new IntParam(owner, "maxIter", "maximum number of alpha re-estimation steps (>= 1)",
        ParamValidators.gtEq(1));
    tol = new DoubleParam(owner, "tol", "convergence tolerance on the largest change of log(alpha) (> 0)",
        ParamValidators.gt(0.0));
    alphaMax = new DoubleParam(owner, "alphaMax", "a feature whose alpha exceeds this is pruned (> 0)",
        ParamValidators.gt(0.0));
    alphaPriorShape = new DoubleParam(owner, "alphaPriorShape",
        "shape a of the Gamma(a, b) hyperprior on each alpha (>= 0)", ParamValidators.gtEq(0.0));
    alphaPriorRate = new DoubleParam(owner, "alphaPriorRate",
        "rate b of the Gamma(a, b) hyperprior on each alpha (>= 0)", ParamValidators.gtEq(0.0));
    aggregationDepth = new IntParam(owner, "aggregationDepth", "suggested depth for treeReduce (>= 2)",
        ParamValidators.gtEq(2));
    parallelism = new IntParam(owner, "parallelism", "binary fits run at once by multiClassStrategy ovr (>= 1)",
        ParamValidators.gtEq(1));
    solver = new Param<>(owner, "solver",
        "the RVM's algorithm, as RvmEstimator's solver: em (the classic re-estimation, starting from every feature), "
            + "fast (Tipping & Faul's sequential algorithm, starting from one feature and adding the relevant ones; "
            + "far fewer passes when most features are irrelevant) or variational",
        ParamValidators.inArray(RvmParamSet.SOLVERS));
  }

  void setDefaults(Params owner, String uid) {
    owner.setDefault(featuresCol, "features");
    owner.setDefault(labelCol, "label");
    owner.setDefault(weightCol, "");
    owner.setDefault(outputCol, uid + "__output");
    owner.setDefault(selectionMode, "numTopFeatures");
    owner.setDefault(family, "gaussian");
    owner.setDefault(multiClassStrategy, "softmax");
    owner.setDefault(fitIntercept, true);
    owner.setDefault(standardization, true);
    owner.setDefault(maxIter, 1000);
    owner.setDefault(tol, 1e-3);
    owner.setDefault(alphaMax, 1e9);
    owner.setDefault(alphaPriorShape, 0.0);
    owner.setDefault(alphaPriorRate, 0.0);
    owner.setDefault(aggregationDepth, 2);
    owner.setDefault(parallelism, 1);
    owner.setDefault(solver, RvmParamSet.DEFAULT_SOLVER);
  }
}
