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

import static org.apache.spark.sql.functions.col;

import io.github.sparkrvm.basis.FeatureScaling;
import io.github.sparkrvm.internal.SparkInternals;
import io.github.sparkrvm.linalg.Logistic;
import io.github.sparkrvm.predict.ClassScores;
import io.github.sparkrvm.predict.MultiClassPredictive;
import io.github.sparkrvm.predict.Predictive;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.util.InvalidInputException;
import java.util.Arrays;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.linalg.DenseMatrix;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fitted Relevance Vector Machine: the relevance vectors (or relevant features, for the linear kernel), their
 * weights, prior precisions α and posterior covariance Σ. {@link #transform} adds the prediction and, for
 * regression, the predictive variance 1/β + φᵀΣφ, for counts (family poisson, log link) the predictive mean count
 * exp(m + v/2) and its variance exp(m + v/2) + (exp(v) − 1)·exp(2m + v) (m = φᵀμ and v = φᵀΣφ, the latent score's
 * Gaussian posterior), or, for classification, the raw prediction and the class probabilities (MacKay's moderated
 * output by default).
 *
 * <p>A multinomial model has weights, α and Σ per class ({@link #classWeights}, {@link #classAlphas},
 * {@link #classCovariance}, …) over its own subset of the relevance vectors ({@link #classRelevanceVectors}); the
 * model-wide {@link #relevanceVectors} are their union. With the linear kernel, {@link #featureRelevance} ranks
 * the input features.
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
    implements RvmModelSetters<RvmModel>, RvmParams, SparseBayesParams, MLWritable {

  private static final long serialVersionUID = 1L;
  private static final String RESULT = "__rvm_prediction";
  private static final Logger LOG = LoggerFactory.getLogger(RvmModel.class);

  private final String uid;
  private final RvmParamSet paramSet;
  private final FittedRvm fitted;
  private transient Predictive predictive;
  private transient MultiClassPredictive multiClassPredictive;
  /** The most basis functions transform scores row by row ({@link ScoringPath}); lower in tests. */
  private int rowScoringLimit = ScoringPath.ROW_SCORING_MAX_BASIS_FUNCTIONS;
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
    this.uid = uid;
    this.fitted = fitted;
    this.paramSet = new RvmParamSet(this);
    paramSet.setDefaults(this);
    this.featureNames = FeatureNames.param(this);
    setFittedParams();
  }

  /**
   * The fitted state's values of the params that describe it: family, kernel and the params the kernel uses (gamma;
   * for poly also degree and coef0), by param name. The params a kernel does not use (gamma of the linear kernel,
   * degree and coef0 of rbf) are no part of it and keep the estimator's values.
   */
  private java.util.Map<String, Object> fittedParams() {
    java.util.Map<String, Object> values = new java.util.LinkedHashMap<>();
    values.put(family().name(), fitted.family().paramValue());
    values.put(kernel().name(), fitted.kernel().name());
    values.putAll(fitted.kernel().params());
    return values;
  }

  /** Sets the params that describe the fitted state from it, so that they agree with what predicts. */
  private void setFittedParams() {
    fittedParams().forEach((name, value) -> set(getParam(name), value));
  }

  /** The value of param {@code name} in the fitted state, or {@code paramValue} when the fitted state has none. */
  private <T> T fittedOr(String name, T paramValue) {
    @SuppressWarnings("unchecked")
    T value = (T) fittedParams().get(name);
    return value != null ? value : paramValue;
  }

  /** {@return the family the model was fitted with, which it predicts with} */
  @Override
  public String getFamily() {
    return fitted.family().paramValue();
  }

  /** {@return the kernel the model was fitted with, which it predicts with} */
  @Override
  public String getKernel() {
    return fitted.kernel().name();
  }

  /**
   * {@return the gamma the model's kernel was fitted with, which it predicts with (the resolved default 1 / number of
   * features when the estimator's gamma was unset); for the linear kernel, which has none, the param's value}
   */
  @Override
  public double getGamma() {
    return fittedOr(gamma().name(), isDefined(gamma()) ? (Double) getOrDefault(gamma()) : Double.NaN);
  }

  /** {@return the degree of the fitted poly kernel; for the other kernels, which have none, the param's value} */
  @Override
  public int getDegree() {
    return fittedOr(degree().name(), (Integer) getOrDefault(degree()));
  }

  /** {@return the coef0 of the fitted poly kernel; for the other kernels, which have none, the param's value} */
  @Override
  public double getCoef0() {
    return fittedOr(coef0().name(), (Double) getOrDefault(coef0()));
  }

  @Override
  public String uid() {
    return uid;
  }

  @Override
  public RvmParamSet paramSet() {
    return paramSet;
  }

  FittedRvm fitted() {
    return fitted;
  }


  /**
   * {@return the {@code featureNames} param: the names of the input features in the order of the features vector
   * (the columns the vector was assembled from); unset when unknown} Saved with the model; the spark-submit job sets
   * it and selects the columns of CSV and Parquet input by these names.
   */
  public StringArrayParam featureNames() {
    return featureNames;
  }

  /** {@return the names of the input features, in vector order (empty when unknown)} */
  public String[] getFeatureNames() {
    return isDefined(featureNames) ? $(featureNames).clone() : new String[0];
  }

  /**
   * Sets {@link #featureNames()}.
   *
   * @param names one distinct name per feature, in vector order, or none
   * @return this model
   */
  public RvmModel setFeatureNames(String... names) {
    FeatureNames.check(names, numFeatures());
    set(featureNames, names.clone());
    return this;
  }

  /**
   * Scores a labelled data set (its {@code featuresCol} and {@code labelCol}) and measures the predictions: for
   * family gaussian rmse, mse, mae and r2; for poisson the same and the mean Poisson deviance; for bernoulli and
   * multinomial accuracy, error, log-loss, weighted F1, the confusion matrix and (bernoulli) the area under the ROC
   * curve.
   *
   * @param dataset the data, with the label column (class indices 0 … K − 1 for a classifier)
   * @return the metrics
   * @throws IllegalArgumentException if the label column is missing, not numeric, null, or not a class index
   */
  public RvmMetrics evaluate(Dataset<?> dataset) {
    return ModelEvaluation.evaluate(this, dataset, getLabelCol());
  }

  /**
   * As {@link #evaluate(Dataset)}, with the labels in another column than {@code labelCol}.
   *
   * @param dataset the data
   * @param labelCol the label column of {@code dataset}
   * @return the metrics
   */
  public RvmMetrics evaluate(Dataset<?> dataset, String labelCol) {
    return ModelEvaluation.evaluate(this, dataset, labelCol);
  }

  /** {@return the number of input features the model was fitted on} */
  public int numFeatures() {
    return fitted.numFeatures();
  }

  /** {@return the number of classes: K for multinomial, 2 for bernoulli, 0 for gaussian} */
  public int numClasses() {
    if (fitted.multiClass()) {
      return fitted.classes().numClasses();
    }
    return fitted.family() == Family.BERNOULLI ? 2 : 0;
  }

  /**
   * {@return the number of relevance vectors (kernel bases) or relevant features (linear), the bias not counted; for
   * a multinomial model, the distinct ones over all classes}
   */
  public int numRelevanceVectors() {
    return fitted.numRelevant();
  }

  /**
   * {@return the relevance vectors, one per row, on the original feature scale (0 rows for the linear kernel); for a
   * multinomial model, those of every class (their union); for kernel rbf-per-dimension, every centre of the basis
   * table (a kept basis function uses one coordinate of one of them: see {@link #perDimensionBasis()})}
   */
  public Matrix relevanceVectors() {
    int k = fitted.numCentres();
    int d = fitted.numFeatures();
    return new DenseMatrix(k, d, fitted.centres().clone(), true);
  }

  /**
   * Kernel rbf-per-dimension: the (input dimension, centre) of each kept basis function other than the bias, in the
   * order of {@link #weights()}; the centre indexes the rows of {@link #relevanceVectors()}. Empty for other
   * kernels.
   *
   * @return per kept basis function, {input dimension, centre}
   */
  public int[][] perDimensionBasis() {
    return fitted.kernel().dimensionAndCentre(fitted.features(), fitted.numCentres());
  }

  /**
   * The row relevances E[α_i] of a grid-prior fit (prior grid-product or grid-sum): one per row of the basis table
   * (kernel rbf-per-dimension: per input dimension; kernel linear: per row of gridShape). They are prior precisions
   * shared by a whole row: small means relevant. Empty for a fit without a grid prior (prior ard, or another
   * solver), whose per-basis precisions are {@link #alphas()}.
   *
   * @return E[α_i] per row of the table
   */
  public double[] rowRelevances() {
    return fitted.grid() == null ? new double[0] : fitted.grid().rowRelevance().clone();
  }

  /**
   * The column relevances E[β_j] of a grid-prior fit: one per column of the basis table (rbf-per-dimension: per
   * centre; linear: per column of gridShape). Empty for a fit without a grid prior.
   *
   * @return E[β_j] per column of the table
   */
  public double[] columnRelevances() {
    return fitted.grid() == null ? new double[0] : fitted.grid().columnRelevance().clone();
  }

  /** {@return the [rows, columns] of the basis table of a grid-prior fit; empty for a fit without a grid prior} */
  public int[] gridTable() {
    return fitted.grid() == null ? new int[0] : new int[] {fitted.grid().rows(), fitted.grid().cols()};
  }

  /**
   * {@return the indices of the relevant input features (linear kernel; empty otherwise); multinomial: over all
   * classes}
   */
  public int[] relevantFeatures() {
    return fitted.kernel().hasCentres() ? new int[0] : fitted.features().clone();
  }

  /** {@return whether the bias basis function was kept (multinomial: by some class)} */
  public boolean hasIntercept() {
    return fitted.biasKept();
  }

  /**
   * {@return the bias weight (0 when it was pruned or not fitted)} Not for multinomial: see {@link #classIntercept}.
   */
  public double intercept() {
    requireSingle("intercept", "classIntercept(k)");
    return fitted.biasKept() ? fitted.weights()[0] : 0.0;
  }

  /**
   * {@return the weights of the relevance vectors (or relevant features), in their order} Not for multinomial.
   */
  public Vector weights() {
    requireSingle("weights", "classWeights(k)");
    return Vectors.dense(nonBias(fitted.weights()));
  }

  /**
   * {@return the prior precisions α of the relevance vectors (or relevant features)} Not for multinomial.
   */
  public Vector alphas() {
    requireSingle("alphas", "classAlphas(k)");
    return Vectors.dense(nonBias(fitted.alpha()));
  }

  /**
   * {@return α of the bias, NaN when it was pruned or not fitted} Not for multinomial.
   */
  public double interceptAlpha() {
    requireSingle("interceptAlpha", "classInterceptAlpha(k)");
    return fitted.biasKept() ? fitted.alpha()[0] : Double.NaN;
  }

  /**
   * {@return the posterior covariance Σ of all kept weights: the bias first (when kept), then the relevance vectors}
   * Not for multinomial: see {@link #classCovariance}.
   */
  public Matrix covariance() {
    requireSingle("covariance", "classCovariance(k)");
    int k = fitted.weights().length;
    return new DenseMatrix(k, k, fitted.covariance().clone());
  }

  /**
   * {@return β, the noise precision the model predicts with (gaussian): the fitted one, or the value the
   * {@code noisePrecision} param held it at; NaN for classification} (Named {@code noisePrecision()} before the
   * param of that name existed.)
   */
  public double fittedNoisePrecision() {
    return fitted.noisePrecision();
  }

  /** {@return how the fit went} */
  public RvmTrainingSummary summary() {
    return fitted.summary();
  }

  private void requireSingle(String method, String perClass) {
    if (fitted.multiClass()) {
      throw new IllegalStateException("a multinomial model has " + method + " per class: use " + perClass);
    }
  }

  private double[] nonBias(double[] v) {
    return fitted.biasKept() ? Arrays.copyOfRange(v, 1, v.length) : v.clone();
  }

  // ---- per class (multinomial) ----

  private ClassModels classes(int k) {
    if (!fitted.multiClass()) {
      throw new IllegalStateException("per-class parts exist only for family 'multinomial'; this model is "
          + fitted.family());
    }
    ClassModels classes = fitted.classes();
    if (k < 0 || k >= classes.numClasses()) {
      throw new IllegalArgumentException("class " + k + " is not one of 0 … " + (classes.numClasses() - 1));
    }
    return classes;
  }

  /**
   * {@return whether class k kept the bias}
   *
   * @param k the class, 0 … K−1
   */
  public boolean classHasIntercept(int k) {
    int[] basis = classes(k).basis()[k];
    return fitted.biasKept() && basis.length > 0 && basis[0] == 0;
  }

  /**
   * {@return the positions among {@link #relevanceVectors()} (or {@link #relevantFeatures()}) that class k uses}
   *
   * @param k the class, 0 … K−1
   */
  public int[] classRelevanceIndices(int k) {
    int[] basis = classes(k).basis()[k];
    int offset = fitted.biasKept() ? 1 : 0;
    return Arrays.stream(basis).filter(j -> j >= offset).map(j -> j - offset).toArray();
  }

  /**
   * {@return the relevance vectors class k uses, one per row, on the original feature scale (0 rows for linear)}
   *
   * @param k the class, 0 … K−1
   */
  public Matrix classRelevanceVectors(int k) {
    int[] rows = fitted.kernel().hasCentres() ? classRelevanceIndices(k) : new int[0];
    int d = fitted.numFeatures();
    double[] values = new double[rows.length * d];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(fitted.centres(), rows[i] * d, values, i * d, d);
    }
    return new DenseMatrix(rows.length, d, values, true);
  }

  /**
   * {@return the input features class k found relevant (linear kernel; empty otherwise)}
   *
   * @param k the class, 0 … K−1
   */
  public int[] classRelevantFeatures(int k) {
    if (fitted.kernel().hasCentres()) {
      classes(k);
      return new int[0];
    }
    return Arrays.stream(classRelevanceIndices(k)).map(i -> fitted.features()[i]).toArray();
  }

  /**
   * {@return class k's weights on its relevance vectors (or relevant features), in their order}
   *
   * @param k the class, 0 … K−1
   */
  public Vector classWeights(int k) {
    return Vectors.dense(classNonBias(k, classes(k).weights()[k]));
  }

  /**
   * {@return class k's prior precisions α on its relevance vectors (or relevant features)}
   *
   * @param k the class, 0 … K−1
   */
  public Vector classAlphas(int k) {
    return Vectors.dense(classNonBias(k, classes(k).alpha()[k]));
  }

  /**
   * {@return class k's bias weight (0 when it pruned the bias)}
   *
   * @param k the class, 0 … K−1
   */
  public double classIntercept(int k) {
    return classHasIntercept(k) ? classes(k).weights()[k][0] : 0.0;
  }

  /**
   * {@return class k's α of the bias, NaN when it pruned the bias}
   *
   * @param k the class, 0 … K−1
   */
  public double classInterceptAlpha(int k) {
    return classHasIntercept(k) ? classes(k).alpha()[k][0] : Double.NaN;
  }

  /**
   * {@return the posterior covariance of class k's weights: its bias first (when kept), then its relevance vectors
   * (the class' diagonal block of {@link #jointCovariance()})}
   *
   * @param k the class, 0 … K−1
   */
  public Matrix classCovariance(int k) {
    ClassModels classes = classes(k);
    int dim = jointSize(classes);
    int from = 0;
    for (int p = 0; p < k; p++) {
      from += classes.weights()[p].length;
    }
    int n = classes.weights()[k].length;
    double[] block = new double[n * n];
    for (int j = 0; j < n; j++) {
      System.arraycopy(classes.covariance(), (from + j) * dim + from, block, j * n, n);
    }
    return new DenseMatrix(n, n, block);
  }

  /**
   * {@return the joint posterior covariance of all class weights (multinomial): class 0's weights (bias first when it
   * kept it), then class 1's, …} For the softmax strategy the classes are correlated; for ovr it is block diagonal.
   */
  public Matrix jointCovariance() {
    ClassModels classes = classes(0);
    int dim = jointSize(classes);
    return new DenseMatrix(dim, dim, classes.covariance().clone());
  }

  private static int jointSize(ClassModels classes) {
    int dim = 0;
    for (double[] w : classes.weights()) {
      dim += w.length;
    }
    return dim;
  }

  private double[] classNonBias(int k, double[] v) {
    return classHasIntercept(k) ? Arrays.copyOfRange(v, 1, v.length) : v.clone();
  }

  // ---- feature relevance (linear kernel) ----

  /**
   * {@return the relevance of each input feature, 1/α (the prior variance of its weight on the standardised scale), 0
   * for a pruned feature} Needs the linear kernel. For a multinomial model, the sum over the classes of {@link
   * #featureRelevance(int)}.
   */
  public Vector featureRelevance() {
    requireLinear();
    double[] relevance = new double[fitted.numFeatures()];
    if (fitted.multiClass()) {
      for (int k = 0; k < fitted.classes().numClasses(); k++) {
        double[] r = featureRelevance(k).toArray();
        for (int j = 0; j < relevance.length; j++) {
          relevance[j] += r[j];
        }
      }
      return Vectors.dense(relevance);
    }
    double[] alpha = nonBias(fitted.alpha());
    for (int i = 0; i < alpha.length; i++) {
      relevance[fitted.features()[i]] = 1.0 / alpha[i];
    }
    return Vectors.dense(relevance);
  }

  /**
   * {@return the relevance of each input feature for class k (multinomial, linear kernel): 1/α, 0 where class k
   * pruned it}
   *
   * @param k the class, 0 … K−1
   */
  public Vector featureRelevance(int k) {
    requireLinear();
    double[] relevance = new double[fitted.numFeatures()];
    int[] features = classRelevantFeatures(k);
    double[] alpha = classAlphas(k).toArray();
    for (int i = 0; i < features.length; i++) {
      relevance[features[i]] = 1.0 / alpha[i];
    }
    return Vectors.dense(relevance);
  }

  private void requireLinear() {
    if (fitted.kernel().hasCentres()) {
      throw new IllegalStateException("feature relevance needs kernel 'linear' (the basis functions are then the "
          + "input features); this model's kernel is '" + fitted.kernel().name() + "'");
    }
  }

  // ---- prediction ----

  private Predictive predictive() {
    if (predictive == null) {
      predictive = fitted.predictive();
    }
    return predictive;
  }

  private MultiClassPredictive multiClassPredictive() {
    if (multiClassPredictive == null) {
      multiClassPredictive = fitted.multiClassPredictive();
    }
    return multiClassPredictive;
  }

  /**
   * {@return the prediction for one feature vector: the predictive mean (gaussian), the predictive mean count
   * exp(m + v/2) (poisson) or the class (bernoulli; multinomial: the most probable)}
   *
   * @param features a point, on the original feature scale
   */
  public double predict(Vector features) {
    double[] thresholds = classThresholds();
    if (fitted.multiClass()) {
      return ClassScores.argmax(classScores(features).probability(), thresholds);
    }
    if (isPoisson()) {
      return latent(features, predictive(), fitted.scaling(), getFeaturesCol()).poissonMean();
    }
    if (!isBernoulli() || "map".equals(getProbabilityMethod())) {
      // the latent mean alone: O(k) where the variance would cost O(k²) for k kept basis functions
      double mean = predictive().mean(fitted.scaling().apply(checked(features, fitted.scaling(), getFeaturesCol())));
      return isBernoulli() ? binaryClass(Logistic.sigmoid(mean), getThreshold(), thresholds) : mean;
    }
    Predictive.Latent latent = latent(features, predictive(), fitted.scaling(), getFeaturesCol());
    return binaryClass(probabilityOfOne(latent), getThreshold(), thresholds);
  }

  /** The class of P(1) = one: by thresholds when they are set, else 1 when one &gt; threshold. */
  private static double binaryClass(double one, double threshold, double[] thresholds) {
    if (thresholds != null) {
      return ClassScores.argmax(new double[] {1.0 - one, one}, thresholds);
    }
    return one > threshold ? 1.0 : 0.0;
  }

  /**
   * {@return the thresholds param of a classifier, checked against the number of classes; null when unset (or for a
   * gaussian model, which has no classes)}
   */
  private double[] classThresholds() {
    double[] t = getThresholds();
    if (t == null || !isClassifier()) {
      return null;
    }
    if (t.length != numClasses()) {
      throw new IllegalArgumentException("thresholds holds " + t.length + " values, but the model has "
          + numClasses() + " classes (labels 0 … " + (numClasses() - 1) + " of labelCol '" + getLabelCol()
          + "'): set one threshold per class with setThresholds, or clear it");
    }
    return t.clone();
  }

  /**
   * {@return whether transform needs the latent variances φᵀΣφ: for the gaussian varianceCol, for moderated
   * probabilities and for every poisson prediction (its mean count exp(m + v/2) needs v); not for the gaussian mean,
   * nor for probabilities at the posterior mode}
   */
  boolean needsVariance() {
    if (isPoisson()) {
      return true;
    }
    if (isClassifier()) {
      return "moderated".equals(getProbabilityMethod());
    }
    return !getVarianceCol().isEmpty();
  }

  /**
   * {@return P(label = 1) for one feature vector (bernoulli)}
   *
   * @param features a point, on the original feature scale
   */
  public double predictProbability(Vector features) {
    if (fitted.multiClass()) {
      throw new IllegalStateException("a multinomial model has one probability per class: use "
          + "predictProbabilities");
    }
    return probabilityOfOne(latent(features, predictive(), fitted.scaling(), getFeaturesCol()));
  }

  /**
   * {@return the class probabilities for one feature vector: [P(0), P(1)] (bernoulli) or [P(0), …, P(K−1)]
   * (multinomial)}
   *
   * @param features a point, on the original feature scale
   */
  public Vector predictProbabilities(Vector features) {
    if (fitted.multiClass()) {
      return Vectors.dense(classScores(features).probability());
    }
    double one = predictProbability(features);
    return Vectors.dense(1.0 - one, one);
  }

  /**
   * {@return the predictive variance for one feature vector: 1/β + φᵀΣφ (gaussian); for poisson the variance of the
   * count, exp(m + v/2) + (exp(v) − 1)·exp(2m + v) with m = φᵀμ and v = φᵀΣφ
   * ({@link Predictive.Latent#poissonVariance})}
   *
   * @param features a point, on the original feature scale
   */
  public double predictVariance(Vector features) {
    Predictive.Latent latent = latent(features, predictive(), fitted.scaling(), getFeaturesCol());
    return isPoisson() ? latent.poissonVariance() : 1.0 / fitted.noisePrecision() + latent.variance();
  }

  private ClassScores classScores(Vector features) {
    return classScores(classLatents(features, multiClassPredictive(), fitted.scaling(), getFeaturesCol()),
        fitted.classes().strategy(), "moderated".equals(getProbabilityMethod()));
  }

  private static ClassScores classScores(MultiClassPredictive.Latents latents, MultiClassStrategy strategy,
      boolean moderated) {
    return strategy == MultiClassStrategy.OVR ? ClassScores.oneVsRest(latents, moderated)
        : ClassScores.softmax(latents, moderated);
  }

  private double probabilityOfOne(Predictive.Latent latent) {
    return Logistic.sigmoid(logit(latent, "moderated".equals(getProbabilityMethod())));
  }

  private static double logit(Predictive.Latent latent, boolean moderated) {
    return moderated ? latent.moderatedLogit() : latent.mean();
  }

  private static Predictive.Latent latent(Vector v, Predictive p, FeatureScaling scaling, String column) {
    return p.at(scaling.apply(checked(v, scaling, column)));
  }

  private static MultiClassPredictive.Latents classLatents(Vector v, MultiClassPredictive p, FeatureScaling scaling,
      String column) {
    return p.at(scaling.apply(checked(v, scaling, column)));
  }

  private static double[] checked(Vector v, FeatureScaling scaling, String column) {
    if (v == null) {
      throw new InvalidInputException("featuresCol '" + column + "' is null in a row: drop or fill such rows");
    }
    if (v.size() != scaling.dim()) {
      throw new InvalidInputException("featuresCol '" + column + "' holds a vector of size " + v.size()
          + ", but the model was fitted on " + scaling.dim() + " features");
    }
    double[] x = v.toArray();
    for (int j = 0; j < x.length; j++) {
      if (!Double.isFinite(x[j])) {
        throw new InvalidInputException("featuresCol '" + column + "' holds " + x[j] + " (feature " + j
            + "): remove or impute non-finite values before predicting");
      }
    }
    return x;
  }

  @Override
  public StructType transformSchema(StructType schema) {
    return RvmSchema.withOutputs(this, schema, numClasses());
  }

  @Override
  public Dataset<Row> transform(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    boolean multiClass = fitted.multiClass();
    Predictive p = multiClass ? null : predictive();
    MultiClassPredictive classes = multiClass ? multiClassPredictive() : null;
    MultiClassStrategy strategy = multiClass ? fitted.classes().strategy() : null;
    FeatureScaling scaling = fitted.scaling();
    String column = getFeaturesCol();
    boolean bernoulli = isBernoulli();
    boolean poisson = isPoisson();
    boolean moderated = "moderated".equals(getProbabilityMethod());
    double threshold = getThreshold();
    double[] thresholds = classThresholds();
    boolean variance = needsVariance();
    double inverseBeta = 1.0 / fitted.noisePrecision();
    StructType result = new StructType()
        .add("prediction", DataTypes.DoubleType, false)
        .add("raw", SQLDataTypes.VectorType(), true)
        .add("probability", SQLDataTypes.VectorType(), true)
        .add("variance", DataTypes.DoubleType, false);
    Dataset<Row> input = dataset.toDF();
    Scorer scorer = new Scorer(p, classes, strategy, scaling, column, input.schema().fieldIndex(column),
        bernoulli, poisson, moderated, threshold, thresholds, variance, inverseBeta);
    // decided once, here: row by row in a deterministic UDF, or in blocks of rows with matrix products
    int basisFunctions = scoredBasisFunctions();
    ScoringPath path = ScoringPath.of(basisFunctions, rowScoringLimit);
    LOG.info("{}: {}", uid, path.describe(basisFunctions, rowScoringLimit));
    Dataset<Row> out;
    if (path == ScoringPath.ROWS) {
      // the variance φᵀΣφ (O(k²) for k kept basis functions) only where an output needs it
      UDF1<Vector, Row> predict = scorer::row;
      // deterministic: the same features give the same outputs, so that the optimiser may push filters on the
      // outputs below the scoring and reorder it as any other expression
      UserDefinedFunction udf = functions.udf(predict, result);
      out = input.withColumn(RESULT, udf.apply(col(column)));
    } else {
      // Σ's factor once, here, for every block of every task, when an output needs the variance
      if (variance && p != null) {
        p.prepareVariance();
      }
      if (variance && classes != null) {
        classes.prepareCovariance();
      }
      // blocks of rows within each partition, scored with matrix products; row order and the input columns kept.
      // The scorer (Σ and its factor: 2k² doubles) is broadcast, not serialized into every task
      org.apache.spark.broadcast.Broadcast<Scorer> shared = org.apache.spark.api.java.JavaSparkContext
          .fromSparkContext(input.sparkSession().sparkContext()).broadcast(scorer);
      out = input.mapPartitions((MapPartitionsFunction<Row, Row>) rows -> shared.value().blocks(rows),
          Encoders.row(input.schema().add(RESULT, result, false)));
    }
    int k = numClasses();
    boolean classified = bernoulli || multiClass;
    out = withField(out, getPredictionCol(), "prediction",
        classified ? RvmSchema.predictionMetadata(getPredictionCol(), k) : null);
    if (classified) {
      out = withField(out, getRawPredictionCol(), "raw", RvmSchema.vectorMetadata(getRawPredictionCol(), k));
      out = withField(out, getProbabilityCol(), "probability", RvmSchema.vectorMetadata(getProbabilityCol(), k));
    } else {
      out = withField(out, getVarianceCol(), "variance", null);
    }
    return out.drop(RESULT);
  }

  /**
   * {@return the basis functions the latent variance runs over, which set the cost of scoring a row: the kept ones
   * (the bias included); for a multi-class model the sum of every class' kept ones, the order of the joint Σ (its
   * K × K score covariance is a quadratic form over all of them)}
   */
  int scoredBasisFunctions() {
    if (fitted.multiClass()) {
      return Arrays.stream(fitted.classes().weights()).mapToInt(w -> w.length).sum();
    }
    return fitted.weights().length;
  }

  /** {@return how transform scores with the current params ({@link ScoringPath#of})} */
  ScoringPath scoringPath() {
    return ScoringPath.of(scoredBasisFunctions(), rowScoringLimit);
  }

  /**
   * Sets the most basis functions transform scores row by row (default
   * {@link ScoringPath#ROW_SCORING_MAX_BASIS_FUNCTIONS}): tests score small models in blocks with it.
   *
   * @param limit the limit, at least 0
   * @return this model
   */
  RvmModel setRowScoringLimit(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("rowScoringLimit must be at least 0; got " + limit);
    }
    rowScoringLimit = limit;
    return this;
  }

  /** The rows scored per block (per partition, up to this many at a time) by {@link #transform}. */
  static final int SCORING_BLOCK_ROWS = 1024;

  /**
   * What transform computes for a row, as a struct of prediction, raw, probability and variance: one row at a time
   * ({@link #row}, {@link ScoringPath#ROWS}) or the rows of a partition block by block ({@link #blocks},
   * {@link ScoringPath#BLOCKS}); the variance φᵀΣφ (O(k²) for k kept basis functions) only where an output needs it.
   */
  @com.esotericsoftware.kryo.DefaultSerializer(com.esotericsoftware.kryo.serializers.JavaSerializer.class)
  private record Scorer(Predictive p, MultiClassPredictive classes, MultiClassStrategy strategy,
      FeatureScaling scaling, String column, int featureIndex, boolean bernoulli, boolean poisson,
      boolean moderated, double threshold, double[] thresholds, boolean variance, double inverseBeta)
      implements java.io.Serializable {

    /** The result struct of one feature vector, by {@link Predictive#at} (or {@link Predictive#mean}). */
    Row row(Vector v) {
      double[] x = scaling.apply(checked(v, scaling, column));
      if (classes != null) {
        ClassScores scores = classScores(variance ? classes.at(x) : classes.means(x), strategy, moderated);
        return RowFactory.create((double) ClassScores.argmax(scores.probability(), thresholds),
            Vectors.dense(scores.raw()), Vectors.dense(scores.probability()), Double.NaN);
      }
      Predictive.Latent latent = variance ? p.at(x) : new Predictive.Latent(p.mean(x), Double.NaN);
      if (bernoulli) {
        double z = variance ? logit(latent, moderated) : latent.mean();
        double one = Logistic.sigmoid(z);
        return RowFactory.create(binaryClass(one, threshold, thresholds), Vectors.dense(-z, z),
            Vectors.dense(1.0 - one, one), latent.variance());
      }
      if (poisson) {
        return RowFactory.create(latent.poissonMean(), null, null, latent.poissonVariance());
      }
      return RowFactory.create(latent.mean(), null, null, inverseBeta + latent.variance());
    }

    /** The rows of a partition with the result struct appended, scored in blocks ({@link Predictive#block}). */
    java.util.Iterator<Row> blocks(java.util.Iterator<Row> rows) {
      return new java.util.Iterator<>() {
        private final Row[] in = new Row[SCORING_BLOCK_ROWS];
        private Row[] out = new Row[0];
        private int next;

        @Override
        public boolean hasNext() {
          if (next < out.length) {
            return true;
          }
          int n = 0;
          while (n < in.length && rows.hasNext()) {
            in[n++] = rows.next();
          }
          out = n == 0 ? new Row[0] : block(in, n);
          java.util.Arrays.fill(in, 0, n, null);
          next = 0;
          return out.length > 0;
        }

        @Override
        public Row next() {
          if (!hasNext()) {
            throw new java.util.NoSuchElementException();
          }
          return out[next++];
        }
      };
    }

    private Row[] block(Row[] in, int n) {
      int dim = scaling.dim();
      double[] x = new double[n * dim];
      for (int i = 0; i < n; i++) {
        System.arraycopy(scaling.apply(checked(in[i].getAs(featureIndex), scaling, column)), 0, x, i * dim, dim);
      }
      Row[] out = new Row[n];
      if (classes != null) {
        MultiClassPredictive.Latents[] latents = classes.block(x, n, variance);
        for (int i = 0; i < n; i++) {
          ClassScores scores = classScores(latents[i], strategy, moderated);
          out[i] = withResult(in[i], RowFactory.create((double) ClassScores.argmax(scores.probability(), thresholds),
              Vectors.dense(scores.raw()), Vectors.dense(scores.probability()), Double.NaN));
        }
        return out;
      }
      Predictive.Block block = p.block(x, n, variance);
      for (int i = 0; i < n; i++) {
        Predictive.Latent latent = block.latent(i);
        Row result;
        if (bernoulli) {
          double z = variance ? logit(latent, moderated) : latent.mean();
          double one = Logistic.sigmoid(z);
          result = RowFactory.create(binaryClass(one, threshold, thresholds), Vectors.dense(-z, z),
              Vectors.dense(1.0 - one, one), latent.variance());
        } else if (poisson) {
          result = RowFactory.create(latent.poissonMean(), null, null, latent.poissonVariance());
        } else {
          result = RowFactory.create(latent.mean(), null, null, inverseBeta + latent.variance());
        }
        out[i] = withResult(in[i], result);
      }
      return out;
    }

    private static Row withResult(Row row, Row result) {
      Object[] values = new Object[row.length() + 1];
      for (int j = 0; j < row.length(); j++) {
        values[j] = row.get(j);
      }
      values[row.length()] = result;
      return RowFactory.create(values);
    }
  }

  private static Dataset<Row> withField(Dataset<Row> data, String name, String field,
      org.apache.spark.sql.types.Metadata metadata) {
    if (name.isEmpty()) {
      return data;
    }
    Column value = col(RESULT).getField(field);
    return data.withColumn(name, metadata == null ? value : value.as(name, metadata));
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
    fittedParams().forEach((name, value) -> {
      org.apache.spark.ml.param.Param<Object> param = getParam(name);
      if (extra.contains(param) && !value.equals(extra.apply(param))) {
        throw new IllegalArgumentException("copy(extra) sets " + name + " to " + extra.apply(param) + ", but this "
            + "model was fitted with " + name + " " + value + ": family, kernel and the kernel's params are the "
            + "fitted state the model predicts with, not settings of it. Fit the estimator with " + name + " "
            + extra.apply(param) + " instead (estimator.fit(dataset, paramMap))");
      }
    });
    RvmModel copy = copyValues(new RvmModel(uid, fitted), extra);
    // the same fitted state, so the same predictives: a copy (as evaluate scores with) reuses Σ's factor
    copy.predictive = predictive;
    copy.multiClassPredictive = multiClassPredictive;
    copy.rowScoringLimit = rowScoringLimit;
    copy.setFittedParams();
    return copy.setParent(parent());
  }

  @Override
  public MLWriter write() {
    return new Writer(this);
  }

  /**
   * {@return the reader of a model saved with {@code write().save(path)}, also from inside a saved {@code
   * PipelineModel}}
   */
  public static MLReader<RvmModel> read() {
    return new Reader();
  }

  /**
   * Reads a model saved with {@code write().save(path)}.
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
      SparkInternals.saveMetadata(model, path, sparkSession(), ModelFormat.VERSION);
      ModelFormat.write(model.fitted, path, sparkSession());
    }
  }

  private static final class Reader extends MLReader<RvmModel> {
    @Override
    public RvmModel load(String path) {
      SparkInternals.Metadata metadata = SparkInternals.loadMetadata(path, sparkSession(), RvmModel.class.getName());
      if (metadata.formatVersion() > ModelFormat.VERSION) {
        throw new IllegalArgumentException("'" + path + "' was saved in model format " + metadata.formatVersion()
            + " by a newer spark-rvm; this version reads formats up to " + ModelFormat.VERSION + ": upgrade spark-rvm");
      }
      if (metadata.formatVersion() < 1) {
        throw new IllegalArgumentException("'" + path + "' has no model format version in its metadata: it was not "
            + "saved by spark-rvm, or the metadata is damaged");
      }
      RvmModel model = new RvmModel(metadata.uid(), ModelFormat.read(path, sparkSession(), metadata.formatVersion()));
      metadata.applyParams(model);
      model.setFittedParams(); // the saved data, which predicts, wins over the params saved beside it
      return model;
    }
  }
}
