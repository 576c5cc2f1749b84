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
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleArrayParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.Params;

/**
 * The param objects of one {@link RvmEstimator} or {@link RvmModel}, created for their owner, with their documentation
 * and defaults: the fit's params ({@link SparseBayesParamSet}) and the RVM's own, the basis and the outputs.
 */
public final class RvmParamSet implements java.io.Serializable {

  static final String[] KERNELS = {"rbf", "linear", "poly", "rbf-per-dimension"};
  static final String[] PROBABILITY_METHODS = {"moderated", "map"};

  /** The families {@link RvmClassifier} fits: auto chooses by the number of classes, as LogisticRegression. */
  static final String[] CLASSIFIER_FAMILIES = {"auto", "bernoulli", "binomial", "multinomial"};
  /** The families {@link RvmRegressor} fits. */
  static final String[] REGRESSOR_FAMILIES = {"gaussian", "poisson"};

  /**
   * {@return the family param of a classifier and its model: auto (bernoulli for 2 classes, multinomial for more,
   * as Spark's LogisticRegression), bernoulli (binomial, Spark's name, is the same) or multinomial}
   */
  static Param<String> classifierFamily(Params owner) {
    return new Param<>(owner, "family", "the likelihood: auto (bernoulli for 2 classes, multinomial for more, the "
        + "number of classes read from the label column's ML attribute when present, else the largest label + 1), "
        + "bernoulli (binary, labels 0/1; binomial, Spark's name for it, is the same) or multinomial (K classes, labels "
        + "0 ... K-1; see multiClassStrategy). A fitted model holds the family it was fitted with",
        ParamValidators.inArray(CLASSIFIER_FAMILIES));
  }

  /** {@return the family param of a regressor and its model: gaussian or poisson} */
  static Param<String> regressorFamily(Params owner) {
    return new Param<>(owner, "family", "the likelihood: gaussian (regression with Gaussian noise) or poisson "
        + "(counts 0, 1, 2, ..., log link: the prediction is the mean count exp(f) under the posterior of the latent "
        + "f; solver em or fast)", ParamValidators.inArray(REGRESSOR_FAMILIES));
  }

  /** The params of the fit, shared with the selector. */
  final SparseBayesParamSet sparseBayes;
  final Param<String> predictionCol;
  final Param<String> probabilityCol;
  final Param<String> rawPredictionCol;
  final Param<String> varianceCol;
  final Param<String> kernel;
  final DoubleParam gamma;
  final IntParam degree;
  final DoubleParam coef0;
  final Param<String> probabilityMethod;
  final DoubleParam threshold;
  final DoubleArrayParam thresholds;
  final IntParam classFeatureBlocks;
  final BooleanParam calibrateVariance;

  RvmParamSet(Params owner) {
    this(owner, null, "gaussian");
  }

  /**
   * The params of {@code owner}, with its own family param ({@link #classifierFamily}, {@link #regressorFamily}) and
   * its default, or, when {@code family} is null, the family param of every family.
   */
  RvmParamSet(Params owner, Param<String> family, String defaultFamily) {
    sparseBayes = new SparseBayesParamSet(owner, family, defaultFamily);
    predictionCol = new Param<>(owner, "predictionCol",
        "prediction column name: the predictive mean (gaussian) or the predicted class (bernoulli, multinomial: the "
            + "most probable)");
    probabilityCol = new Param<>(owner, "probabilityCol",
        "column name for the predicted class probabilities [P(0), P(1)] (bernoulli) or [P(0), ..., P(K-1)] "
            + "(multinomial); empty: not written");
    rawPredictionCol = new Param<>(owner, "rawPredictionCol",
        "column name for the raw prediction: [-z, z], z the (moderated) logit of class 1 (bernoulli); the K "
            + "(moderated) class scores whose softmax is the probability (multinomial, softmax), or the K (moderated) "
            + "logits of each class against the rest (multinomial, ovr); empty: not written");
    varianceCol = new Param<>(owner, "varianceCol",
        "column name for the predictive variance 1/beta + phi' Sigma phi (gaussian); empty: not written");
    kernel = new Param<>(owner, "kernel",
        "the basis: rbf (exp(-gamma |x - c|^2) on each candidate centre c), poly ((gamma x'c + coef0)^degree), "
            + "linear (the input features themselves, so that relevance ranks the features), or rbf-per-dimension "
            + "(exp(-gamma (x(i) - c(i))^2) for every input dimension i and centre c: a table of dimensions x "
            + "centres, for the grid priors)",
        ParamValidators.inArray(KERNELS));
    gamma = new DoubleParam(owner, "gamma",
        "scale of the rbf and poly kernels (> 0), on the standardised features when standardization is on. "
            + "Unset: families bernoulli and multinomial choose it by the evidence (the log marginal likelihood less "
            + "one per basis function kept), gaussian by the log density of rows held out of 10 seeded folds among the "
            + "gamma of the highest leave-one-out log density of its training rows (less two per basis function kept), "
            + "searching around 1 / number of features; poisson uses 1 / number of features. A multinomial softmax "
            + "at scale (solver fast, at least 4096 (class, basis function) pairs) is then the average of 10 fits at "
            + "the chosen gamma, their pairs ranked on different seeded samples of the rows",
        ParamValidators.gt(0.0));
    degree = new IntParam(owner, "degree", "degree of the poly kernel (>= 1)", ParamValidators.gtEq(1));
    coef0 = new DoubleParam(owner, "coef0", "constant term of the poly kernel (finite)",
        ParamValidators.inRange(-Double.MAX_VALUE, Double.MAX_VALUE));
    probabilityMethod = new Param<>(owner, "probabilityMethod",
        "how class probabilities are computed: moderated (MacKay: sigmoid(m / sqrt(1 + pi s^2 / 8)), which "
            + "accounts for the weight uncertainty) or map (sigmoid(m) at the posterior mode)",
        ParamValidators.inArray(PROBABILITY_METHODS));
    threshold = new DoubleParam(owner, "threshold",
        "binary classification threshold on P(1) in [0, 1]: predict 1 when P(1) > threshold (bernoulli only; a "
            + "multinomial model predicts the most probable class)",
        ParamValidators.inRange(0.0, 1.0));
    thresholds = new DoubleArrayParam(owner, "thresholds",
        "per-class thresholds for classification (bernoulli: 2 values; multinomial: K, one per class): the "
            + "predicted class is the k that maximises P(k) / thresholds(k) (a class of threshold 0 wins whenever "
            + "its probability is positive), as Spark's probabilistic classifiers. Values >= 0, at most one 0. "
            + "Unset: bernoulli uses threshold, multinomial the most probable class; set, it takes precedence "
            + "over threshold", new NonNegativeThresholds());
    classFeatureBlocks = new IntParam(owner, "classFeatureBlocks",
        "class-specific features (Zhang & Malik, appendix A.1), for family multinomial with kernel linear: B > 0 "
            + "reads each features vector as K consecutive blocks of B features, one per class (K*B features in all), "
            + "and class p's score uses only block p (and the bias): w_p' phi_p(x), with one alpha per (class, "
            + "feature) of its block (multiClassStrategy ovr: class p's binary fit against the rest uses block p). "
            + "0 (the default): every class uses every feature",
        ParamValidators.gtEq(0));
    calibrateVariance = new BooleanParam(owner, "calibrateVariance",
        "family gaussian: whether to scale the predictive variance 1/beta + phi' Sigma phi so that it is right on rows "
            + "the fit has not seen. true (the default): each fifth of the training rows is predicted by a fit on the "
            + "other four, and the mean squared standardised residual of those predictions (the model's "
            + "varianceScale) multiplies the predictive variance (five more fits on the driver; the relevance vectors, "
            + "weights, beta and Sigma are unchanged). Type-II maximum likelihood "
            + "fits part of the noise and gives the pruned basis functions no uncertainty, so without it 95% "
            + "intervals cover about 90-93% of new points. Not done (and logged) when the design does not fit the "
            + "driver, with a held noisePrecision, with solver variational or under 20 rows. false: the variance of "
            + "type-II maximum likelihood");
  }

  /** Sets Spark-style defaults on the owner (gamma has none: it follows the number of features). */
  void setDefaults(Params owner) {
    sparseBayes.setDefaults(owner);
    owner.setDefault(predictionCol, "prediction");
    owner.setDefault(probabilityCol, "probability");
    owner.setDefault(rawPredictionCol, "rawPrediction");
    owner.setDefault(varianceCol, "variance");
    owner.setDefault(kernel, "rbf");
    owner.setDefault(degree, 3);
    owner.setDefault(coef0, 1.0);
    owner.setDefault(probabilityMethod, "moderated");
    owner.setDefault(threshold, 0.5);
    owner.setDefault(classFeatureBlocks, 0);
    owner.setDefault(calibrateVariance, true);
  }

  /** {@return the RVM's own params (not those of {@link #sparseBayes}), in declaration order} */
  List<Param<?>> params() {
    return List.of(predictionCol, probabilityCol, rawPredictionCol, varianceCol, kernel, gamma, degree, coef0,
        probabilityMethod, threshold, thresholds, classFeatureBlocks, calibrateVariance);
  }

  /** The thresholds validator: finite values >= 0, at most one of them 0 (a class, so that the stages serialize). */
  private static final class NonNegativeThresholds extends scala.runtime.AbstractFunction1<double[], Object>
      implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Object apply(double[] v) {
      int zeros = 0;
      for (double t : v) {
        if (!(t >= 0.0) || Double.isInfinite(t)) {
          return false;
        }
        zeros += t == 0.0 ? 1 : 0;
      }
      return v.length >= 2 && zeros <= 1;
    }
  }
}
