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
import org.apache.spark.ml.classification.ProbabilisticClassifier;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;

/**
 * The Relevance Vector Machine as a Spark classifier (a {@link ProbabilisticClassifier}, as
 * {@code LogisticRegression}): binary classification (family bernoulli, by the Laplace approximation, or with solver
 * variational) and multi-class (family multinomial: the softmax RVM of Zhang &amp; Malik 2005, or one-vs-rest), over
 * RBF, polynomial or linear (feature relevance) bases. Family auto (the default) chooses bernoulli for 2 classes and
 * multinomial for more, as {@code LogisticRegression} does, the number of classes read from the label column's ML
 * attribute, else the largest label + 1. Its model, {@link RvmClassificationModel}, writes Spark's rawPrediction,
 * probability (MacKay's moderated output by default) and prediction columns, and has Spark's training summary.
 *
 * <p>The fit is {@link RvmEstimator}'s, with the same params (see there); Spark's {@code OneVsRest},
 * {@code CrossValidator} and any tool that takes a {@code ProbabilisticClassifier} take this stage.
 */
public final class RvmClassifier extends ProbabilisticClassifier<Vector, RvmClassifier, RvmClassificationModel>
    implements SparseBayesSetters<RvmClassifier>, RvmModelSetters<RvmClassifier>, BasisSetters<RvmClassifier>,
    RvmParams, DefaultParamsWritable {

  private static final long serialVersionUID = 1L;

  private String uid;
  private final RvmParamSet paramSet;
  private transient IterationListener progress = IterationListener.none();
  private RvmClassificationModel initialModel;

  /** A classifier with a random uid and the default params. */
  public RvmClassifier() {
    this(Identifiable$.MODULE$.randomUID("rvmc"));
  }

  /**
   * A classifier with the default params.
   *
   * @param uid the stage's unique id
   */
  public RvmClassifier(String uid) {
    this(StageUid.pass(uid));
  }

  private RvmClassifier(StageUid.Passed passed) {
    super();
    uid();
    this.paramSet = new RvmParamSet(this, RvmParamSet.classifierFamily(this), "auto");
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
   * @return this classifier
   */
  public RvmClassifier setProgressListener(IterationListener listener) {
    this.progress = listener == null ? IterationListener.none() : listener;
    return this;
  }

  /**
   * Starts the fits that follow from {@code model} (a warm start, as {@link RvmEstimator#setInitialModel}). Not a
   * param: it is not saved with the classifier; {@link #copy} keeps it.
   *
   * @param model the model to start from; null for a cold start (the default)
   * @return this classifier
   */
  public RvmClassifier setInitialModel(RvmClassificationModel model) {
    this.initialModel = model;
    return this;
  }

  /** {@return the model the fits start from ({@link #setInitialModel}), or null for a cold start} */
  public RvmClassificationModel getInitialModel() {
    return initialModel;
  }

  /**
   * {@inheritDoc} Validates the params together and the columns; the output columns are Spark's classifier's
   * (prediction, rawPrediction, probability).
   */
  @Override
  public StructType transformSchema(StructType schema) {
    RvmSchema.validateForFit(resolved(isDefined(classFeatureBlocks()) && getClassFeatureBlocks() > 0 ? 3 : 2), schema);
    return RvmSchema.withClassOutputs(this, schema, 0);
  }

  /**
   * {@return this classifier with family auto resolved for {@code numClasses} classes: a copy with family bernoulli
   * (2 classes) or multinomial; itself when the family is set}
   */
  private RvmClassifier resolved(int numClasses) {
    if (!"auto".equals(getOrDefault(family()))) {
      return this;
    }
    RvmClassifier copy = copy(ParamMap.empty());
    copy.set(copy.family(), numClasses > 2 ? "multinomial" : "bernoulli");
    return copy;
  }

  @Override
  public RvmClassifier copy(ParamMap extra) {
    RvmClassifier copy = defaultCopy(extra);
    copy.progress = progress;
    copy.initialModel = initialModel;
    return copy;
  }

  /**
   * {@inheritDoc} As {@link RvmEstimator#fit} ({@link RvmTraining}), the family chosen first when it is auto; the
   * model has Spark's training summary ({@link RvmClassificationModel#summary()}).
   */
  @Override
  public RvmClassificationModel train(Dataset<?> dataset) {
    int declared = RvmSchema.declaredClasses(dataset.schema(), getLabelCol());
    RvmClassifier p = resolved("auto".equals(getOrDefault(family())) && declared == 0
        ? getNumClasses(dataset, Integer.MAX_VALUE) : declared);
    RvmSchema.validateForFit(p, dataset.schema());
    RvmTraining.Result result = new RvmTraining(uid(), p, progress,
        initialModel == null ? null : RvmModel.of(initialModel)).fit(dataset);
    RvmClassificationModel model = new RvmClassificationModel(uid(), new RvmCore(result.fitted()));
    copyValues(model, ParamMap.empty());
    model.set(model.gamma(), result.gamma());
    model.rvmCore().setFittedParams(model);
    return model.withTrainingSummary(dataset);
  }

  /** {@inheritDoc} The model's family, kernel and kernel params are those of its fit (family auto resolved). */
  @Override
  public RvmClassificationModel fit(Dataset<?> dataset) {
    RvmClassificationModel model = super.fit(dataset);
    model.rvmCore().setFittedParams(model);
    return model;
  }

  /** {@return the reader of a classifier saved with {@code write().save(path)}} */
  public static MLReader<RvmClassifier> read() {
    return SparkInternals.defaultParamsReader();
  }

  /**
   * Reads a classifier saved with {@code write().save(path)}.
   *
   * @param path a Hadoop path
   * @return the classifier
   */
  public static RvmClassifier load(String path) {
    return read().load(path);
  }
}
