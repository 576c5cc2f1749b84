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

import org.apache.spark.ml.Model;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * A fitted Relevance Vector Machine: the relevance vectors (or relevant features, for the linear kernel), their
 * weights, prior precisions α and posterior covariance Σ. {@link #transform} adds the prediction and, for
 * regression, the predictive variance 1/β + φᵀΣφ, for counts (family poisson, log link) the predictive mean count
 * exp(m + v/2) and its variance exp(m + v/2) + (exp(v) − 1)·exp(2m + v) (m = φᵀμ and v = φᵀΣφ, the latent score's
 * Gaussian posterior), or, for classification, the raw prediction and the class probabilities (MacKay's moderated
 * output by default).
 *
 * <p>The family-generic model, as {@link RvmEstimator} is the family-generic estimator: for a classifier or a
 * regressor that Spark's tools know as such, {@link RvmClassifier} and {@link RvmRegressor} fit
 * {@link RvmClassificationModel} and {@link RvmRegressionModel} over the same implementation ({@link RvmCore}), and
 * {@link #load} reads a model saved by any of the three. Its accessors are {@link HasRelevanceVectors}'.
 *
 * <p>{@link #transform} decides once per call how it scores, and logs the choice at INFO (the model's uid, its number
 * of basis functions and the threshold): row by row in one deterministic UDF, below which Spark pushes a filter on an
 * input column; or, when the model has more than 256 basis functions (the bias included; multinomial: the classes'
 * together, the order of the joint Σ), in blocks of 1024 rows per partition with matrix products
 * ({@code mapPartitions}; the latent variance φᵀΣφ, where an output needs it, through a Cholesky factor of Σ computed once).
 * The blocks pay off above that size ({@code benchmarks/results/scoring-throughput.md}, with the variance: 0.4–1.8×
 * up to 100 basis functions, 2.9–3.1× at 256, 4.2–4.5× at 512, 3.9–7.5× at 1,000 and 16–22× at 6,401; without it the
 * block path ships the model once per executor instead of with every task). Above the threshold a filter after
 * transform is not pushed below the scoring, so filter before transform. Both paths give the single-row methods'
 * values up to rounding (1e-12).
 *
 * <p>A model fitted with {@code solver} variational holds the posterior mean and covariance of q(w) over the basis
 * functions whose E[precision] stayed at most alphaMax and that pruning by E[precision] kept (the functions of largest
 * E[precision] go while the latent mean and the prediction at every candidate centre move by at most 0.05 of the
 * latent scale: the noise standard deviation, or 1 on the logit and log-rate), and E[precision] as {@link #alphas()};
 * with a grid prior, also
 * the {@link #rowRelevances()} and {@link #columnRelevances()}. The solver and prior a model was fitted with are its
 * {@link #getSolver()} and {@link #getPrior()} (copied from the estimator and saved with the model).
 *
 * <p>Its family, kernel and the kernel's params ({@link #getFamily()}, {@link #getKernel()}, {@link #getGamma()};
 * for kernel poly also {@link #getDegree()} and {@link #getCoef0()}) are those of the fitted state it predicts with:
 * the params are set from it, and {@link #copy} refuses to change them (a model with another gamma needs another
 * fit).
 */
public final class RvmModel extends Model<RvmModel>
    implements RvmModelSetters<RvmModel>, HasRelevanceVectors, SparseBayesParams, MLWritable {

  private static final long serialVersionUID = 1L;

  private final String uid;
  private final RvmParamSet paramSet;
  private final RvmCore core;
  private final StringArrayParam featureNames;

  /**
   * Not for use: a model comes from {@link RvmEstimator#fit} or {@link #load}. This public no-argument constructor
   * exists because Java's {@link java.util.ServiceLoader}, through which Spark Connect's server finds the model
   * classes listed in {@code META-INF/services/org.apache.spark.ml.Transformer}, requires one of every provider; the
   * server only reads the class (and calls {@link #load}), it never calls this.
   *
   * @throws UnsupportedOperationException always
   */
  public RvmModel() {
    throw new UnsupportedOperationException("an RvmModel holds a fit: obtain one from RvmEstimator.fit or "
        + "RvmModel.load (this constructor exists only for the ServiceLoader registration Spark Connect reads)");
  }

  RvmModel(String uid, FittedRvm fitted) {
    this(uid, new RvmCore(fitted));
  }

  RvmModel(String uid, RvmCore core) {
    this.uid = uid;
    this.core = core;
    this.paramSet = new RvmParamSet(this);
    paramSet.setDefaults(this);
    this.featureNames = FeatureNames.param(this);
    core.setFittedParams(this);
  }

  /**
   * {@return the family-generic model over the fit of {@code model}, with its uid and the values of its params} (How
   * evaluate, the job and a warm start treat the three model classes alike.)
   */
  static RvmModel of(HasRelevanceVectors model) {
    return RvmCore.wrap(model, RvmModel::new);
  }

  @Override
  public String uid() {
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

  FittedRvm fitted() {
    return core.fitted();
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
  public RvmModel setFeatureNames(String... names) {
    HasRelevanceVectors.super.setFeatureNames(names);
    return this;
  }

  /** {@return how the fit went (the RVM's own account, {@link #rvmSummary()})} */
  public RvmTrainingSummary summary() {
    return rvmSummary();
  }

  /**
   * {@return the prediction for one feature vector: the predictive mean (gaussian), the predictive mean count
   * exp(m + v/2) (poisson) or the class (bernoulli; multinomial: the most probable)}
   *
   * @param features a point, on the original feature scale
   */
  public double predict(Vector features) {
    // without the variance column: the gaussian mean alone is O(k) where the variance would cost O(k²)
    return core.score(features, getFeaturesCol(), settings().withoutVarianceColumn()).prediction();
  }

  /**
   * {@return P(label = 1) for one feature vector (bernoulli)}
   *
   * @param features a point, on the original feature scale
   * @throws IllegalStateException for a model that is not binary
   */
  public double predictProbability(Vector features) {
    if (numClasses() != 2) {
      throw new IllegalStateException("predictProbability gives P(1) of a binary model; this model has "
          + numClasses() + " classes: use predictProbabilities");
    }
    return predictProbabilities(features).apply(1);
  }

  /**
   * {@return the class probabilities for one feature vector: [P(0), P(1)] (bernoulli) or [P(0), …, P(K−1)]
   * (multinomial)}
   *
   * @param features a point, on the original feature scale
   * @throws IllegalStateException for a regression model
   */
  public Vector predictProbabilities(Vector features) {
    double[] probability = core.score(features, getFeaturesCol(), settings()).probability();
    if (probability == null) {
      throw new IllegalStateException("a " + getFamily() + " model predicts values, not class probabilities");
    }
    return Vectors.dense(probability);
  }

  /**
   * {@return the predictive variance for one feature vector: 1/β + φᵀΣφ (gaussian); for poisson the variance of the
   * count, exp(m + v/2) + (exp(v) − 1)·exp(2m + v) with m = φᵀμ and v = φᵀΣφ; for bernoulli the latent variance
   * φᵀΣφ}
   *
   * @param features a point, on the original feature scale
   */
  public double predictVariance(Vector features) {
    return core.score(features, getFeaturesCol(), settings().withVarianceColumn()).variance();
  }

  private OutputSettings settings() {
    return OutputSettings.of(this, numClasses());
  }

  /**
   * {@return whether transform needs the latent variances φᵀΣφ: for the gaussian varianceCol, for moderated
   * probabilities and for every poisson prediction (its mean count exp(m + v/2) needs v); not for the gaussian mean,
   * nor for probabilities at the posterior mode}
   */
  boolean needsVariance() {
    return core.outputs().needsVariance(settings());
  }

  @Override
  public StructType transformSchema(StructType schema) {
    return core.outputs().withColumns(this, schema);
  }

  @Override
  public Dataset<Row> transform(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    return core.transform(this, uid, dataset);
  }

  /** {@return the basis functions the latent variance runs over ({@link RvmCore#scoredBasisFunctions})} */
  int scoredBasisFunctions() {
    return core.scoredBasisFunctions();
  }

  /** {@return how transform scores with the current params ({@link ScoringPath#of})} */
  ScoringPath scoringPath() {
    return core.scoringPath();
  }

  /**
   * Sets the most basis functions transform scores row by row (default
   * {@link ScoringPath#ROW_SCORING_MAX_BASIS_FUNCTIONS}): tests score small models in blocks with it.
   *
   * @param limit the limit, at least 0
   * @return this model
   */
  RvmModel setRowScoringLimit(int limit) {
    core.setRowScoringLimit(limit);
    return this;
  }

  /**
   * {@inheritDoc}
   *
   * <p>The params that describe the fitted state (family, kernel, and the params the kernel uses: gamma; for poly
   * also degree and coef0) cannot change in a copy: the model predicts with the basis and posterior it was fitted
   * with, so another gamma would be a different model, which needs another fit. {@code extra} may hold them with
   * the fitted values (as {@code CrossValidator} passes each fit's own param map to its model); another value is
   * refused.
   *
   * @throws IllegalArgumentException if {@code extra} sets family, kernel, gamma, degree or coef0 to a value other
   *     than the fitted one
   */
  @Override
  public RvmModel copy(ParamMap extra) {
    core.refuseFittedChanges(extra);
    RvmModel copy = copyValues(new RvmModel(uid, core.copy()), extra);
    core.setFittedParams(copy);
    return copy.setParent(parent());
  }

  @Override
  public MLWriter write() {
    return new Writer(this);
  }

  /**
   * {@return the reader of a model saved with {@code write().save(path)}, also from inside a saved {@code
   * PipelineModel}; it also reads an {@link RvmClassificationModel} or {@link RvmRegressionModel} as the
   * family-generic model}
   */
  public static MLReader<RvmModel> read() {
    return new Reader();
  }

  /**
   * Reads a model saved with {@code write().save(path)} (by this class, {@link RvmClassificationModel} or
   * {@link RvmRegressionModel}).
   *
   * @param path a Hadoop path
   * @return the model
   */
  public static RvmModel load(String path) {
    return read().load(path);
  }

  private static final class Writer extends MLWriter {
    private final RvmModel model;

    Writer(RvmModel model) {
      this.model = model;
    }

    @Override
    public void saveImpl(String path) {
      model.core.save(model, path, sparkSession());
    }
  }

  private static final class Reader extends MLReader<RvmModel> {
    @Override
    public RvmModel load(String path) {
      RvmCore.Saved saved = RvmCore.load(path, sparkSession(), RvmCore.MODEL_CLASSES);
      return saved.applyTo(new RvmModel(saved.metadata().uid(), saved.core()));
    }
  }
}
