package io.github.sparkrvm;

import static org.apache.spark.sql.functions.col;

import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.core.Logistic;
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
 */
public final class RvmModel extends Model<RvmModel> implements RvmParams, MLWritable {

  private static final long serialVersionUID = 1L;
  private static final String RESULT = "__rvm_prediction";

  private final String uid;
  private final RvmParamSet paramSet;
  private final FittedRvm fitted;
  private transient Predictive predictive;

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

  public RvmModel setFeaturesCol(String v) { set(featuresCol(), v); return this; }
  public RvmModel setPredictionCol(String v) { set(predictionCol(), v); return this; }
  public RvmModel setProbabilityCol(String v) { set(probabilityCol(), v); return this; }
  public RvmModel setRawPredictionCol(String v) { set(rawPredictionCol(), v); return this; }
  public RvmModel setVarianceCol(String v) { set(varianceCol(), v); return this; }
  public RvmModel setProbabilityMethod(String v) { set(probabilityMethod(), v); return this; }
  public RvmModel setThreshold(double v) { set(threshold(), v); return this; }

  /** The number of input features the model was fitted on. */
  public int numFeatures() {
    return fitted.numFeatures();
  }

  /** The number of relevance vectors (kernel bases) or relevant features (linear), the bias not counted. */
  public int numRelevanceVectors() {
    return fitted.numRelevant();
  }

  /** The relevance vectors, one per row, on the original feature scale (0 rows for the linear kernel). */
  public Matrix relevanceVectors() {
    int k = fitted.kernel() instanceof Kernel.Linear ? 0 : fitted.numRelevant();
    int d = fitted.numFeatures();
    return new DenseMatrix(k, d, fitted.centres().clone(), true);
  }

  /** The indices of the relevant input features (linear kernel; empty otherwise). */
  public int[] relevantFeatures() {
    return fitted.features().clone();
  }

  /** Whether the bias basis function was kept. */
  public boolean hasIntercept() {
    return fitted.biasKept();
  }

  /** The bias weight (0 when it was pruned or not fitted). */
  public double intercept() {
    return fitted.biasKept() ? fitted.weights()[0] : 0.0;
  }

  /** The weights of the relevance vectors (or relevant features), in their order. */
  public Vector weights() {
    return Vectors.dense(nonBias(fitted.weights()));
  }

  /** The prior precisions α of the relevance vectors (or relevant features). */
  public Vector alphas() {
    return Vectors.dense(nonBias(fitted.alpha()));
  }

  /** α of the bias, NaN when it was pruned or not fitted. */
  public double interceptAlpha() {
    return fitted.biasKept() ? fitted.alpha()[0] : Double.NaN;
  }

  /** The posterior covariance Σ of all kept weights: the bias first (when kept), then the relevance vectors. */
  public Matrix covariance() {
    int k = fitted.weights().length;
    return new DenseMatrix(k, k, fitted.covariance().clone());
  }

  /** β, the noise precision (gaussian); NaN for bernoulli. */
  public double noisePrecision() {
    return fitted.noisePrecision();
  }

  /** How the fit went. */
  public RvmTrainingSummary summary() {
    return fitted.summary();
  }

  private double[] nonBias(double[] v) {
    return fitted.biasKept() ? Arrays.copyOfRange(v, 1, v.length) : v.clone();
  }

  private Predictive predictive() {
    if (predictive == null) {
      predictive = fitted.predictive();
    }
    return predictive;
  }

  /** The prediction for one feature vector: the predictive mean (gaussian) or the class (bernoulli). */
  public double predict(Vector features) {
    Predictive.Latent latent = latent(features, predictive(), fitted.scaling(), getFeaturesCol());
    return isBernoulli() ? (probabilityOfOne(latent) > getThreshold() ? 1.0 : 0.0) : latent.mean();
  }

  /** P(label = 1) for one feature vector (bernoulli). */
  public double predictProbability(Vector features) {
    return probabilityOfOne(latent(features, predictive(), fitted.scaling(), getFeaturesCol()));
  }

  /** The predictive variance 1/β + φᵀΣφ for one feature vector (gaussian). */
  public double predictVariance(Vector features) {
    return 1.0 / fitted.noisePrecision() + latent(features, predictive(), fitted.scaling(), getFeaturesCol()).variance();
  }

  private double probabilityOfOne(Predictive.Latent latent) {
    return Logistic.sigmoid(logit(latent, "moderated".equals(getProbabilityMethod())));
  }

  private static double logit(Predictive.Latent latent, boolean moderated) {
    return moderated ? latent.moderatedLogit() : latent.mean();
  }

  private static Predictive.Latent latent(Vector v, Predictive p, FeatureScaling scaling, String column) {
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
    return p.at(scaling.apply(x));
  }

  @Override
  public StructType transformSchema(StructType schema) {
    return RvmSchema.withOutputs(this, schema);
  }

  @Override
  public Dataset<Row> transform(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    Predictive p = predictive();
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
    if (bernoulli) {
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

  /** Reads a model saved with {@code write().save(path)}, also from inside a saved {@code PipelineModel}. */
  public static MLReader<RvmModel> read() {
    return new Reader();
  }

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
      RvmModel model = new RvmModel(metadata.uid(), ModelFormat.read(path, sparkSession()));
      metadata.applyParams(model);
      return model;
    }
  }
}
