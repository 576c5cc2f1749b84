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

import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.ml.regression.RegressionModel;
import org.apache.spark.ml.util.HasTrainingSummary;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import scala.Option;

/**
 * A fitted RVM regressor ({@link RvmRegressor}), a Spark {@link RegressionModel}: family gaussian or poisson.
 * {@link #transform} writes the prediction (the predictive mean; poisson: the mean count exp(m + v/2)) and the
 * predictive variance ({@code varianceCol}: 1/β + φᵀΣφ; poisson: the count's variance); {@link #predict} and
 * {@link #predictVariance} give them for one point. Its training summary ({@link #summary()}) has the log marginal
 * likelihood per iteration as {@code objectiveHistory} and {@code totalIterations}, beside the RVM's own figures. The
 * RVM's accessors (relevance vectors, weights, α, Σ, …) are {@link HasRelevanceVectors}'.
 */
public final class RvmRegressionModel extends RegressionModel<Vector, RvmRegressionModel>
    implements RvmModelSetters<RvmRegressionModel>, HasRelevanceVectors, MLWritable,
    HasTrainingSummary<RvmTrainingSummary> {

  private static final long serialVersionUID = 1L;

  private String uid;
  private final RvmParamSet paramSet;
  private final RvmCore core;
  private final StringArrayParam featureNames;
  private Option<RvmTrainingSummary> trainingSummary = Option.empty();

  /**
   * Not for use: a model comes from {@link RvmRegressor#fit} or {@link #load}. This public no-argument constructor
   * exists for the ServiceLoader registration through which Spark Connect's server finds the model classes; it is
   * never called.
   *
   * @throws UnsupportedOperationException always
   */
  public RvmRegressionModel() {
    this(StageUid.pass("unused"), null);
    throw new UnsupportedOperationException("an RvmRegressionModel holds a fit: obtain one from RvmRegressor.fit "
        + "or RvmRegressionModel.load");
  }

  RvmRegressionModel(String uid, RvmCore core) {
    this(StageUid.pass(uid), core);
  }

  private RvmRegressionModel(StageUid.Passed passed, RvmCore core) {
    super();
    uid();
    this.core = core;
    this.paramSet = new RvmParamSet(this, RvmParamSet.regressorFamily(this), "gaussian");
    paramSet.setDefaults(this);
    this.featureNames = FeatureNames.param(this);
    if (core != null) {
      core.setFittedParams(this);
    }
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

  @Override
  public RvmCore rvmCore() {
    return core;
  }

  @Override
  public StringArrayParam featureNames() {
    return featureNames;
  }

  /**
   * Sets {@link #featureNames()}.
   *
   * @param names one distinct name per feature, in vector order, or none
   * @return this model
   */
  @Override
  public RvmRegressionModel setFeatureNames(String... names) {
    HasRelevanceVectors.super.setFeatureNames(names);
    return this;
  }

  @Override
  public int numFeatures() {
    return HasRelevanceVectors.super.numFeatures();
  }

  private OutputSettings settings() {
    return OutputSettings.of(this, 0);
  }

  /**
   * {@return the prediction for one feature vector: the predictive mean (gaussian) or the mean count exp(m + v/2)
   * (poisson)}
   *
   * @param features a point, on the original feature scale
   */
  @Override
  public double predict(Vector features) {
    return core.score(features, getFeaturesCol(), settings().withoutVarianceColumn()).prediction();
  }

  /**
   * {@return the predictive variance for one feature vector: 1/β + φᵀΣφ (gaussian); the count's variance
   * exp(m + v/2) + (exp(v) − 1)·exp(2m + v) (poisson)}
   *
   * @param features a point, on the original feature scale
   */
  public double predictVariance(Vector features) {
    return core.score(features, getFeaturesCol(), settings().withVarianceColumn()).variance();
  }

  @Override
  public StructType transformSchema(StructType schema) {
    return core.outputs().withColumns(this, schema);
  }

  @Override
  public Dataset<Row> transform(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    return core.transform(this, uid(), dataset);
  }

  @Override
  public Option<RvmTrainingSummary> trainingSummary() {
    return trainingSummary;
  }

  @Override
  public void trainingSummary_$eq(Option<RvmTrainingSummary> summary) {
    this.trainingSummary = summary;
  }

  /**
   * {@inheritDoc} The fitted state's params (family, kernel, the kernel's) cannot change in a copy (as
   * {@link RvmModel#copy}); the copy keeps the training summary, as Spark's models do.
   */
  @Override
  public RvmRegressionModel copy(ParamMap extra) {
    core.refuseFittedChanges(extra);
    RvmRegressionModel copy = copyValues(new RvmRegressionModel(uid(), core.copy()), extra);
    core.setFittedParams(copy);
    copy.trainingSummary = trainingSummary;
    return copy.setParent(parent());
  }

  @Override
  public MLWriter write() {
    return new MLWriter() {
      @Override
      public void saveImpl(String path) {
        core.save(RvmRegressionModel.this, path, sparkSession());
      }
    };
  }

  /**
   * {@return the reader of a model saved with {@code write().save(path)}, also inside a saved PipelineModel; it also
   * reads an {@link RvmModel} of this kind}
   */
  public static MLReader<RvmRegressionModel> read() {
    return new MLReader<>() {
      @Override
      public RvmRegressionModel load(String path) {
        RvmCore.Saved saved = RvmCore.load(path, sparkSession(), RvmRegressionModel.class, false);
        return saved.applyTo(new RvmRegressionModel(saved.metadata().uid(), saved.core()));
      }
    };
  }

  /**
   * Reads a model saved with {@code write().save(path)}.
   *
   * @param path a Hadoop path
   * @return the model
   */
  public static RvmRegressionModel load(String path) {
    return read().load(path);
  }
}
