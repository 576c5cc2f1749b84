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
import io.github.sparkrvm.util.IterationListener;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.regression.Regressor;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;

/**
 * The Relevance Vector Machine as a Spark regressor (a {@link Regressor}, as {@code LinearRegression}): family
 * gaussian (regression with Gaussian noise, the default) or poisson (counts, log link, as Spark's
 * {@code GeneralizedLinearRegression} covers them), over RBF, polynomial or linear (feature relevance) bases. Its
 * model, {@link RvmRegressionModel}, writes the prediction (the predictive mean, or mean count) and the predictive
 * variance ({@code varianceCol}).
 *
 * <p>The fit is {@link RvmEstimator}'s, with the same params (see there); Spark's {@code CrossValidator} and any tool
 * that takes a {@code Regressor} take this stage.
 */
public final class RvmRegressor extends Regressor<Vector, RvmRegressor, RvmRegressionModel>
    implements SparseBayesSetters<RvmRegressor>, RvmModelSetters<RvmRegressor>, BasisSetters<RvmRegressor>,
    RvmParams, DefaultParamsWritable {

  private static final long serialVersionUID = 1L;

  private String uid;
  private final RvmParamSet paramSet;
  private transient IterationListener progress = IterationListener.none();
  private RvmRegressionModel initialModel;

  /** A regressor with a random uid and the default params. */
  public RvmRegressor() {
    this(Identifiable$.MODULE$.randomUID("rvmr"));
  }

  /**
   * A regressor with the default params.
   *
   * @param uid the stage's unique id
   */
  public RvmRegressor(String uid) {
    this(StageUid.pass(uid));
  }

  private RvmRegressor(StageUid.Passed passed) {
    super();
    uid();
    this.paramSet = new RvmParamSet(this, RvmParamSet.regressorFamily(this), "gaussian");
    paramSet.setDefaults(this);
  }

  @Override
  public String uid() {
    if (uid == null) {
      uid = StageUid.claim();
    }
    return uid;
  }

  @Override
  public RvmParamSet paramSet() {
    return paramSet;
  }

  /**
   * Tells {@code listener} of every iteration of the fits that follow (as {@link RvmEstimator#setProgressListener}).
   *
   * @param listener told of every iteration; null for none
   * @return this regressor
   */
  public RvmRegressor setProgressListener(IterationListener listener) {
    this.progress = listener == null ? IterationListener.none() : listener;
    return this;
  }

  /**
   * Starts the fits that follow from {@code model} (a warm start, as {@link RvmEstimator#setInitialModel}). Not a
   * param: it is not saved with the regressor; {@link #copy} keeps it.
   *
   * @param model the model to start from; null for a cold start (the default)
   * @return this regressor
   */
  public RvmRegressor setInitialModel(RvmRegressionModel model) {
    this.initialModel = model;
    return this;
  }

  /** {@return the model the fits start from ({@link #setInitialModel}), or null for a cold start} */
  public RvmRegressionModel getInitialModel() {
    return initialModel;
  }

  /** {@inheritDoc} Validates the params together and the columns; the outputs are prediction and variance. */
  @Override
  public StructType transformSchema(StructType schema) {
    RvmSchema.validateForFit(this, schema);
    return RvmSchema.withRegressionOutputs(this, schema);
  }

  @Override
  public RvmRegressor copy(ParamMap extra) {
    RvmRegressor copy = defaultCopy(extra);
    copy.progress = progress;
    copy.initialModel = initialModel;
    return copy;
  }

  /**
   * {@inheritDoc} As {@link RvmEstimator#fit} ({@link RvmTraining}); the model's training summary is the RVM's
   * ({@link RvmRegressionModel#summary()}).
   */
  @Override
  public RvmRegressionModel train(Dataset<?> dataset) {
    RvmTraining.Result result = new RvmTraining(uid(), this, progress,
        initialModel == null ? null : RvmModel.of(initialModel)).fit(dataset);
    RvmRegressionModel model = new RvmRegressionModel(uid(), new RvmCore(result.fitted()));
    copyValues(model, ParamMap.empty());
    model.set(model.gamma(), result.gamma());
    model.rvmCore().setFittedParams(model);
    model.setSummary(scala.Option.apply(result.fitted().summary()));
    return model;
  }

  /** {@inheritDoc} The model's family, kernel and kernel params are those of its fit. */
  @Override
  public RvmRegressionModel fit(Dataset<?> dataset) {
    RvmRegressionModel model = super.fit(dataset);
    model.rvmCore().setFittedParams(model);
    return model;
  }

  /** {@return the reader of a regressor saved with {@code write().save(path)}} */
  public static MLReader<RvmRegressor> read() {
    return SparkInternals.defaultParamsReader();
  }

  /**
   * Reads a regressor saved with {@code write().save(path)}.
   *
   * @param path a Hadoop path
   * @return the regressor
   */
  public static RvmRegressor load(String path) {
    return read().load(path);
  }
}
