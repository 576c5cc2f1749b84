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

import org.apache.spark.ml.classification.BinaryLogisticRegressionTrainingSummary;
import org.apache.spark.ml.classification.BinaryLogisticRegressionTrainingSummaryImpl;
import org.apache.spark.ml.classification.LogisticRegressionTrainingSummary;
import org.apache.spark.ml.classification.LogisticRegressionTrainingSummaryImpl;
import org.apache.spark.ml.classification.ProbabilisticClassificationModel;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.ml.util.HasTrainingSummary;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import scala.Option;
import scala.Tuple3;

/**
 * A fitted RVM classifier ({@link RvmClassifier}), a Spark {@link ProbabilisticClassificationModel}: bernoulli or
 * multinomial. {@link #transform} writes Spark's classifier columns: rawPrediction ([−z, z], z the (moderated) logit
 * of class 1; multinomial: the K class scores, or the K logits of each class against the rest), probability
 * (MacKay's moderated probabilities by default, probabilityMethod map for those at the posterior mode) and prediction
 * (by thresholds when set, else, binary, P(1) &gt; threshold, or the most probable class). {@link #predictRaw},
 * {@link #predictProbability} and {@link #predict} give the same for one point.
 *
 * <p>Its training summary is Spark's, as {@code LogisticRegression}'s ({@link #summary()}, {@link #binarySummary()}:
 * predictions, accuracy, areaUnderROC, roc, …), with the log marginal likelihood per iteration as
 * {@code objectiveHistory}; the RVM's own account is {@link #rvmSummary()}. The RVM's accessors (relevance vectors,
 * weights, α, Σ, per class, …) are {@link HasRelevanceVectors}'.
 */
public final class RvmClassificationModel
    extends ProbabilisticClassificationModel<Vector, RvmClassificationModel>
    implements RvmModelSetters<RvmClassificationModel>, HasRelevanceVectors, MLWritable,
    HasTrainingSummary<LogisticRegressionTrainingSummary> {

  private static final long serialVersionUID = 1L;

  private String uid;
  private final RvmParamSet paramSet;
  private final RvmCore core;
  private final StringArrayParam featureNames;
  private Option<LogisticRegressionTrainingSummary> trainingSummary = Option.empty();

  /**
   * Not for use: a model comes from {@link RvmClassifier#fit} or {@link #load}. This public no-argument constructor
   * exists for the ServiceLoader registration through which Spark Connect's server finds the model classes; it is
   * never called.
   *
   * @throws UnsupportedOperationException always
   */
  public RvmClassificationModel() {
    this(StageUid.pass("unused"), null);
    throw new UnsupportedOperationException("an RvmClassificationModel holds a fit: obtain one from "
        + "RvmClassifier.fit or RvmClassificationModel.load");
  }

  RvmClassificationModel(String uid, RvmCore core) {
    this(StageUid.pass(uid), core);
  }

  private RvmClassificationModel(StageUid.Passed passed, RvmCore core) {
    super();
    uid();
    this.core = core;
    this.paramSet = new RvmParamSet(this, RvmParamSet.classifierFamily(this), "auto");
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
  public RvmClassificationModel setFeatureNames(String... names) {
    HasRelevanceVectors.super.setFeatureNames(names);
    return this;
  }

  @Override
  public int numFeatures() {
    return HasRelevanceVectors.super.numFeatures();
  }

  @Override
  public int numClasses() {
    return HasRelevanceVectors.super.numClasses();
  }

  private OutputSettings settings() {
    return OutputSettings.of(this, numClasses());
  }

  @Override
  public Vector predictRaw(Vector features) {
    return Vectors.dense(core.score(features, getFeaturesCol(), settings()).raw());
  }

  /** {@inheritDoc} The moderated probabilities by default (probabilityMethod), as transform writes them. */
  @Override
  public Vector predictProbability(Vector features) {
    return Vectors.dense(core.score(features, getFeaturesCol(), settings()).probability());
  }

  @Override
  public double predict(Vector features) {
    return core.score(features, getFeaturesCol(), settings()).prediction();
  }

  /**
   * {@inheritDoc} Binary: [1 − σ(z), σ(z)] of raw [−z, z]; one-vs-rest: σ(z_k) renormalised; softmax: the softmax of
   * the K scores, which for probabilityMethod moderated are the probabilities at the posterior mode (the moderated
   * ones also need the scores' covariance at the point: {@link #predictProbability} and transform give them).
   */
  @Override
  public Vector raw2probabilityInPlace(Vector rawPrediction) {
    return core.outputs().rawToProbability(rawPrediction);
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

  // ---- training summary ----

  /**
   * {@inheritDoc} (Declared here because Java sees the Scala overloads of ClassificationModel and
   * ProbabilisticClassificationModel as two.)
   */
  @Override
  @SuppressWarnings("rawtypes")
  public Tuple3 findSummaryModel() {
    return super.findSummaryModel();
  }

  @Override
  public Option<LogisticRegressionTrainingSummary> trainingSummary() {
    return trainingSummary;
  }

  @Override
  public void trainingSummary_$eq(Option<LogisticRegressionTrainingSummary> summary) {
    this.trainingSummary = summary;
  }

  /**
   * {@return the training summary of a binary model: Spark's binary summary (areaUnderROC, roc, pr, …)}
   *
   * @throws RuntimeException if the model has no summary or is not binary
   */
  public BinaryLogisticRegressionTrainingSummary binarySummary() {
    if (summary() instanceof BinaryLogisticRegressionTrainingSummary binary) {
      return binary;
    }
    throw new UnsupportedOperationException("binarySummary is for a binary model; this one has " + numClasses()
        + " classes: use summary");
  }

  /**
   * Sets Spark's training summary of this model over its training data, as LogisticRegression's: the predictions of
   * {@code dataset}, and the log marginal likelihood per iteration as objectiveHistory.
   */
  RvmClassificationModel withTrainingSummary(Dataset<?> dataset) {
    Tuple3<?, ?, ?> summaryModel = findSummaryModel();
    Dataset<Row> predictions = ((RvmClassificationModel) summaryModel._1()).transform(dataset);
    String probabilityCol = (String) summaryModel._2();
    String predictionCol = (String) summaryModel._3();
    String weightCol = getWeightCol().isEmpty() ? "weightCol" : getWeightCol();
    double[] objective = rvmSummary().objectiveHistory();
    int iterations = rvmSummary().iterations();
    LogisticRegressionTrainingSummary summary = numClasses() == 2
        ? new BinarySummary(predictions, probabilityCol, predictionCol, getLabelCol(), getFeaturesCol(), weightCol,
            objective, iterations)
        : new Summary(predictions, probabilityCol, predictionCol, getLabelCol(), getFeaturesCol(), weightCol,
            objective, iterations);
    setSummary(Option.apply(summary));
    return this;
  }

  /**
   * {@inheritDoc} The fitted state's params (family, kernel, the kernel's) cannot change in a copy (as
   * {@link RvmModel#copy}); the copy keeps the training summary, as Spark's models do.
   */
  @Override
  public RvmClassificationModel copy(ParamMap extra) {
    core.refuseFittedChanges(extra);
    RvmClassificationModel copy = copyValues(new RvmClassificationModel(uid(), core.copy()), extra);
    core.setFittedParams(copy);
    copy.trainingSummary = trainingSummary;
    return copy.setParent(parent());
  }

  // ---- persistence ----

  @Override
  public MLWriter write() {
    return new MLWriter() {
      @Override
      public void saveImpl(String path) {
        core.save(RvmClassificationModel.this, path, sparkSession());
      }
    };
  }

  /**
   * {@return the reader of a model saved with {@code write().save(path)}, also inside a saved PipelineModel; it also
   * reads an {@link RvmModel} of this kind}
   */
  public static MLReader<RvmClassificationModel> read() {
    return new MLReader<>() {
      @Override
      public RvmClassificationModel load(String path) {
        RvmCore.Saved saved = RvmCore.load(path, sparkSession(), RvmClassificationModel.class, true);
        return saved.applyTo(new RvmClassificationModel(saved.metadata().uid(), saved.core()));
      }
    };
  }

  /**
   * Reads a model saved with {@code write().save(path)}.
   *
   * @param path a Hadoop path
   * @return the model
   */
  public static RvmClassificationModel load(String path) {
    return read().load(path);
  }

  /**
   * Spark's training summary of a multi-class logistic regression, with the RVM's iteration count: its
   * objectiveHistory holds one log marginal likelihood per iteration, without Spark's initial value, so that Spark's
   * count (one less than the entries) would be one short.
   */
  static final class Summary extends LogisticRegressionTrainingSummaryImpl {
    private static final long serialVersionUID = 1L;
    private final int iterations;

    Summary(Dataset<Row> predictions, String probabilityCol, String predictionCol, String labelCol,
        String featuresCol, String weightCol, double[] objectiveHistory, int iterations) {
      super(predictions, probabilityCol, predictionCol, labelCol, featuresCol, weightCol, objectiveHistory);
      this.iterations = iterations;
    }

    @Override
    public int totalIterations() {
      return iterations;
    }
  }

  /** Spark's training summary of a binary logistic regression, with the RVM's iteration count (as {@link Summary}). */
  static final class BinarySummary extends BinaryLogisticRegressionTrainingSummaryImpl {
    private static final long serialVersionUID = 1L;
    private final int iterations;

    BinarySummary(Dataset<Row> predictions, String probabilityCol, String predictionCol, String labelCol,
        String featuresCol, String weightCol, double[] objectiveHistory, int iterations) {
      super(predictions, probabilityCol, predictionCol, labelCol, featuresCol, weightCol, objectiveHistory);
      this.iterations = iterations;
    }

    @Override
    public int totalIterations() {
      return iterations;
    }
  }
}
