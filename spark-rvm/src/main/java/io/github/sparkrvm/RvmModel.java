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

import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.core.ClassScores;
import io.github.sparkrvm.core.Logistic;
import io.github.sparkrvm.core.MultiClassPredictive;
import io.github.sparkrvm.core.Predictive;
import io.github.sparkrvm.distributed.FeatureScaling;
import io.github.sparkrvm.distributed.InvalidInputException;
import io.github.sparkrvm.internal.SparkInternals;
import java.util.Arrays;
import org.apache.spark.ml.Model;
import org.apache.spark.ml.linalg.DenseMatrix;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A fitted Relevance Vector Machine: the relevance vectors (or relevant features, for the linear kernel), their
 * weights, prior precisions α and posterior covariance Σ. {@link #transform} adds the prediction and, for
 * regression, the predictive variance 1/β + φᵀΣφ, or, for classification, the raw prediction and the class
 * probabilities (MacKay's moderated output by default).
 *
 * <p>A multinomial model has weights, α and Σ per class ({@link #classWeights}, {@link #classAlphas},
 * {@link #classCovariance}, …) over its own subset of the relevance vectors ({@link #classRelevanceVectors}); the
 * model-wide {@link #relevanceVectors} are their union. With the linear kernel, {@link #featureRelevance} ranks
 * the input features.
 *
 * <p>A model fitted with {@code solver} variational holds the posterior mean and covariance of q(w) over the basis
 * functions whose E[precision] stayed at most alphaMax, and E[precision] as {@link #alphas()}; with a grid prior, also
 * the {@link #rowRelevances()} and {@link #columnRelevances()}. The solver and prior a model was fitted with are its
 * {@link #getSolver()} and {@link #getPrior()} (copied from the estimator and saved with the model).
 */
public final class RvmModel extends Model<RvmModel> implements RvmParams, MLWritable {

  private static final long serialVersionUID = 1L;
  private static final String RESULT = "__rvm_prediction";

  private final String uid;
  private final RvmParamSet paramSet;
  private final FittedRvm fitted;
  private transient Predictive predictive;
  private transient MultiClassPredictive multiClassPredictive;

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
   * Sets {@link #featuresCol()}.
   *
   * @param v the value
   * @return this model
   */
  public RvmModel setFeaturesCol(String v) { set(featuresCol(), v); return this; }
  /**
   * Sets {@link #predictionCol()}.
   *
   * @param v the value
   * @return this model
   */
  public RvmModel setPredictionCol(String v) { set(predictionCol(), v); return this; }
  /**
   * Sets {@link #probabilityCol()}.
   *
   * @param v the value
   * @return this model
   */
  public RvmModel setProbabilityCol(String v) { set(probabilityCol(), v); return this; }
  /**
   * Sets {@link #rawPredictionCol()}.
   *
   * @param v the value
   * @return this model
   */
  public RvmModel setRawPredictionCol(String v) { set(rawPredictionCol(), v); return this; }
  /**
   * Sets {@link #varianceCol()}.
   *
   * @param v the value
   * @return this model
   */
  public RvmModel setVarianceCol(String v) { set(varianceCol(), v); return this; }
  /**
   * Sets {@link #probabilityMethod()}.
   *
   * @param v the value
   * @return this model
   */
  public RvmModel setProbabilityMethod(String v) { set(probabilityMethod(), v); return this; }
  /**
   * Sets {@link #threshold()}.
   *
   * @param v the value
   * @return this model
   */
  public RvmModel setThreshold(double v) { set(threshold(), v); return this; }

  /** {@return the number of input features the model was fitted on} */
  public int numFeatures() {
    return fitted.numFeatures();
  }

  /** {@return the number of classes: K for multinomial, 2 for bernoulli, 0 for gaussian} */
  public int numClasses() {
    if (fitted.multiClass()) {
      return fitted.classes().numClasses();
    }
    return "bernoulli".equals(fitted.family()) ? 2 : 0;
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
    if (!(fitted.kernel() instanceof Kernel.RbfPerDimension)) {
      return new int[0][];
    }
    int centres = fitted.numCentres();
    return Arrays.stream(fitted.features()).mapToObj(p -> new int[] {p / centres, p % centres})
        .toArray(int[][]::new);
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
    return fitted.kernel() instanceof Kernel.Linear ? fitted.features().clone() : new int[0];
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

  /** {@return β, the noise precision (gaussian); NaN for classification} */
  public double noisePrecision() {
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
    int[] rows = fitted.kernel() instanceof Kernel.Linear ? new int[0] : classRelevanceIndices(k);
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
    if (!(fitted.kernel() instanceof Kernel.Linear)) {
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
    if (!(fitted.kernel() instanceof Kernel.Linear)) {
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
   * {@return the prediction for one feature vector: the predictive mean (gaussian) or the class (bernoulli;
   * multinomial: the most probable)}
   *
   * @param features a point, on the original feature scale
   */
  public double predict(Vector features) {
    if (fitted.multiClass()) {
      return classScores(features).argmax();
    }
    if (!isBernoulli() || "map".equals(getProbabilityMethod())) {
      // the latent mean alone: O(k) where the variance would cost O(k²) for k kept basis functions
      double mean = predictive().mean(fitted.scaling().apply(checked(features, fitted.scaling(), getFeaturesCol())));
      return isBernoulli() ? (Logistic.sigmoid(mean) > getThreshold() ? 1.0 : 0.0) : mean;
    }
    Predictive.Latent latent = latent(features, predictive(), fitted.scaling(), getFeaturesCol());
    return probabilityOfOne(latent) > getThreshold() ? 1.0 : 0.0;
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
   * {@return the predictive variance 1/β + φᵀΣφ for one feature vector (gaussian)}
   *
   * @param features a point, on the original feature scale
   */
  public double predictVariance(Vector features) {
    return 1.0 / fitted.noisePrecision() + latent(features, predictive(), fitted.scaling(), getFeaturesCol()).variance();
  }

  private ClassScores classScores(Vector features) {
    return classScores(classLatents(features, multiClassPredictive(), fitted.scaling(), getFeaturesCol()),
        fitted.classes().strategy(), "moderated".equals(getProbabilityMethod()));
  }

  private static ClassScores classScores(MultiClassPredictive.Latents latents, String strategy, boolean moderated) {
    return "ovr".equals(strategy) ? ClassScores.oneVsRest(latents, moderated)
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
    return RvmSchema.withOutputs(this, schema);
  }

  @Override
  public Dataset<Row> transform(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    boolean multiClass = fitted.multiClass();
    Predictive p = multiClass ? null : predictive();
    MultiClassPredictive classes = multiClass ? multiClassPredictive() : null;
    String strategy = multiClass ? fitted.classes().strategy() : null;
    FeatureScaling scaling = fitted.scaling();
    String column = getFeaturesCol();
    boolean bernoulli = isBernoulli();
    boolean moderated = "moderated".equals(getProbabilityMethod());
    double threshold = getThreshold();
    double inverseBeta = 1.0 / fitted.noisePrecision();
    StructType result = new StructType()
        .add("prediction", DataTypes.DoubleType, false)
        .add("raw", SQLDataTypes.VectorType(), true)
        .add("probability", SQLDataTypes.VectorType(), true)
        .add("variance", DataTypes.DoubleType, false);
    UDF1<Vector, Row> predict = v -> {
      if (multiClass) {
        ClassScores scores = classScores(classLatents(v, classes, scaling, column), strategy, moderated);
        return RowFactory.create((double) scores.argmax(), Vectors.dense(scores.raw()),
            Vectors.dense(scores.probability()), Double.NaN);
      }
      Predictive.Latent latent = latent(v, p, scaling, column);
      if (bernoulli) {
        double z = logit(latent, moderated);
        double one = Logistic.sigmoid(z);
        return RowFactory.create(one > threshold ? 1.0 : 0.0, Vectors.dense(-z, z), Vectors.dense(1.0 - one, one),
            latent.variance());
      }
      return RowFactory.create(latent.mean(), null, null, inverseBeta + latent.variance());
    };
    UserDefinedFunction udf = functions.udf(predict, result).asNondeterministic();
    Dataset<Row> out = dataset.toDF().withColumn(RESULT, udf.apply(col(column)));
    out = withField(out, getPredictionCol(), "prediction");
    if (bernoulli || multiClass) {
      out = withField(out, getRawPredictionCol(), "raw");
      out = withField(out, getProbabilityCol(), "probability");
    } else {
      out = withField(out, getVarianceCol(), "variance");
    }
    return out.drop(RESULT);
  }

  private static Dataset<Row> withField(Dataset<Row> data, String name, String field) {
    if (name.isEmpty()) {
      return data;
    }
    Column value = col(RESULT).getField(field);
    return data.withColumn(name, value);
  }

  @Override
  public RvmModel copy(ParamMap extra) {
    return copyValues(new RvmModel(uid, fitted), extra).setParent(parent());
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
      return model;
    }
  }
}
