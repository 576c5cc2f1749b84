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

import io.github.sparkrvm.internal.SparkInternals;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.util.IterationListener;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.Predictor;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;

/**
 * Fits a Relevance Vector Machine (sparse Bayesian learning, Tipping 2001): regression ({@code family} gaussian),
 * binary classification (bernoulli, by the Laplace approximation) or multi-class classification (multinomial: the
 * softmax RVM of Zhang &amp; Malik 2005, or one-vs-rest), over RBF, polynomial or linear (feature relevance) bases.
 * With {@code solver} variational (gaussian, bernoulli): the variational RVM of Bishop &amp; Tipping (2000) with the
 * ARD prior, or the grid priors of Kropotov, Vetrov, Wolf &amp; Hassner (2010) over a table of basis functions
 * (kernel rbf-per-dimension: input dimensions x centres; or kernel linear with gridShape); with more basis
 * functions than rows it collects the expanded design to the driver and runs in the dual (N × N) form
 * ({@code variationalForm}).
 * The basis expansion and the gradient/Hessian or sufficient statistics run on the executors, block by block; the
 * driver re-estimates α (and β) and prunes the basis. A classification fit whose expanded design fits the driver's
 * heap (and {@code maxDriverDesignSizeInMB}, no limit by default) collects its rows to the driver once, expands
 * them and computes the same statistics there, without further passes; the fit logs its path and why.
 */
public final class RvmEstimator extends Estimator<RvmModel>
    implements SparseBayesSetters<RvmEstimator>, RvmModelSetters<RvmEstimator>, BasisSetters<RvmEstimator>, RvmParams,
    SparseBayesParams, DefaultParamsWritable {

  private static final long serialVersionUID = 1L;

  private final String uid;
  private final RvmParamSet paramSet;
  private transient IterationListener progress = IterationListener.none();
  private RvmModel initialModel;

  /** An estimator with a random uid and the default params. */
  public RvmEstimator() {
    this(Identifiable$.MODULE$.randomUID("rvm"));
  }

  /**
   * An estimator with the default params.
   *
   * @param uid the stage's unique id
   */
  public RvmEstimator(String uid) {
    this.uid = uid;
    this.paramSet = new RvmParamSet(this);
    paramSet.setDefaults(this);
  }

  @Override
  public String uid() {
    return uid;
  }

  @Override
  public RvmParamSet paramSet() {
    return paramSet;
  }

  /**
   * Tells {@code listener} of every iteration of the fits that follow (for progress output). Not a param: it is
   * not saved, copied or shown by {@code explainParams}; iterations are also logged at INFO. With
   * multiClassStrategy ovr and parallelism above 1, it is called from several threads at once.
   *
   * @param listener told of every iteration; null for none
   * @return this estimator
   */
  public RvmEstimator setProgressListener(IterationListener listener) {
    this.progress = listener == null ? IterationListener.none() : listener;
    return this;
  }

  /**
   * Starts the fits that follow from {@code model} (a warm start, as Spark's {@code mllib} k-means
   * {@code setInitialModel}): its basis functions (relevance vectors or features), their α and weights, and, for
   * family gaussian, its noise precision β (unless {@code noisePrecision} holds β), on new or more data. Its
   * relevance vectors join the sampled candidate centres (which may then number up to maxBasis plus the model's);
   * the fit keeps the model's feature scaling. Solver fast then adds, re-estimates and deletes from there; solver em,
   * which only prunes, keeps to the model's basis functions. The model must have this fit's family, kernel and
   * gamma (degree, coef0), number of features, standardization, fitIntercept and number of classes; solver
   * variational and multiClassStrategy ovr refuse a warm start. Not a param: it is not saved with the estimator,
   * and {@code explainParams} does not show it; {@link #copy} keeps it. The training summary records it
   * ({@link RvmTrainingSummary#warmStartBasis}).
   *
   * @param model the model to start from; null for a cold start (the default)
   * @return this estimator
   */
  public RvmEstimator setInitialModel(RvmModel model) {
    this.initialModel = model;
    return this;
  }

  /** {@return the model the fits start from ({@link #setInitialModel}), or null for a cold start} */
  public RvmModel getInitialModel() {
    return initialModel;
  }

  /** {@return whether an initial model is set ({@link #setInitialModel})} */
  public boolean hasInitialModel() {
    return initialModel != null;
  }

  @Override
  public StructType transformSchema(StructType schema) {
    RvmSchema.validateForFit(this, schema);
    return RvmSchema.withOutputs(this, schema);
  }

  /**
   * {@return Spark's kind of stage for this estimator's family, with the params set on this estimator, its progress
   * listener and its initial model: an {@link RvmClassifier} for bernoulli and multinomial, an {@link RvmRegressor}
   * for gaussian and poisson} It fits the same model as this estimator, as the model class Spark's tools know
   * ({@link RvmClassificationModel}, {@link RvmRegressionModel}); the spark-submit job trains with it.
   */
  public Predictor<Vector, ?, ? extends Model<?>> familyStage() {
    if (Family.of(getFamily()).classifier()) {
      RvmClassifier classifier = copySetParams(new RvmClassifier(uid)).setProgressListener(progress);
      return classifier.setInitialModel(initialModel == null ? null
          : RvmCore.wrap(initialModel, RvmClassificationModel::new));
    }
    RvmRegressor regressor = copySetParams(new RvmRegressor(uid)).setProgressListener(progress);
    return regressor.setInitialModel(initialModel == null ? null
        : RvmCore.wrap(initialModel, RvmRegressionModel::new));
  }

  /** {@return {@code stage} with the values of the params set on this estimator} */
  private <T extends Params> T copySetParams(T stage) {
    for (Param<?> p : params()) {
      if (isSet(p)) {
        stage.set(stage.getParam(p.name()), getOrDefault(p));
      }
    }
    return stage;
  }

  @Override
  public RvmEstimator copy(ParamMap extra) {
    RvmEstimator copy = defaultCopy(extra);
    copy.initialModel = initialModel;
    return copy;
  }

  /**
   * Fits the model, as Spark's {@code train} does: validate the schema, summarise the rows in one pass, plan the fit
   * once ({@link FitPlan}: family, strategy, solver, kernel, path, form, memory checks), build the statistics
   * (collected to the driver or over the cluster's row blocks), solve, and assemble the model ({@link RvmTraining}).
   */
  @Override
  public RvmModel fit(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    RvmTraining.Result result = new RvmTraining(uid, this, progress, initialModel).fit(dataset);
    RvmModel model = new RvmModel(uid, result.fitted());
    copyValues(model, ParamMap.empty());
    model.set(model.gamma(), result.gamma());
    // the fitted state's params win over the estimator's
    model.rvmCore().setFittedParams(model);
    return model.setParent(this);
  }

  /** {@return the reader of an estimator saved with {@code write().save(path)}} */
  public static MLReader<RvmEstimator> read() {
    return SparkInternals.defaultParamsReader();
  }

  /**
   * Reads an estimator saved with {@code write().save(path)}.
   *
   * @param path a Hadoop path
   * @return the estimator
   */
  public static RvmEstimator load(String path) {
    return read().load(path);
  }
}
