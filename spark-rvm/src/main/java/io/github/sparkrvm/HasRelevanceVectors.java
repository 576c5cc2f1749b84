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

import java.util.Arrays;
import org.apache.spark.ml.linalg.DenseMatrix;
import org.apache.spark.ml.linalg.Matrix;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.StringArrayParam;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The accessors of a fitted RVM, written once for every model class ({@link RvmModel},
 * {@link RvmClassificationModel}, {@link RvmRegressionModel}) as default methods over the {@link RvmCore} it holds:
 * the relevance vectors (or relevant features, for the linear kernel), their weights, prior precisions α and
 * posterior covariance Σ, the intercept, feature relevance, the grid relevances of a grid-prior fit, the per-class
 * parts of a multinomial model, and the family, kernel and kernel params it predicts with (those of the fitted
 * state, which the params are set from).
 *
 * <p>A multinomial model has weights, α and Σ per class ({@link #classWeights}, {@link #classAlphas},
 * {@link #classCovariance}, …) over its own subset of the relevance vectors ({@link #classRelevanceVectors}); the
 * model-wide {@link #relevanceVectors} are their union. With the linear kernel, {@link #featureRelevance} ranks
 * the input features.
 */
public interface HasRelevanceVectors extends RvmParams {

  /**
   * {@return the shared implementation this model delegates to} Not for use outside spark-rvm: it is how the
   * model classes share one implementation.
   */
  RvmCore rvmCore();

  /**
   * {@return the {@code featuresCol} data scored with this model's params (as {@code Transformer.transform})}
   *
   * @param dataset the data
   */
  Dataset<Row> transform(Dataset<?> dataset);

  /** {@return the uid of the model} */
  String uid();

  private FittedRvm fit() {
    return rvmCore().fitted();
  }

  /** {@return the family the model was fitted with, which it predicts with} */
  @Override
  default String getFamily() {
    return fit().family().paramValue();
  }

  /** {@return the kernel the model was fitted with, which it predicts with} */
  @Override
  default String getKernel() {
    return fit().kernel().name();
  }

  /**
   * {@return the gamma the model's kernel was fitted with, which it predicts with (the resolved default 1 / number of
   * features when the estimator's gamma was unset); for the linear kernel, which has none, the param's value}
   */
  @Override
  default double getGamma() {
    return fittedOr(gamma().name(), isDefined(gamma()) ? (Double) getOrDefault(gamma()) : Double.NaN);
  }

  /** {@return the degree of the fitted poly kernel; for the other kernels, which have none, the param's value} */
  @Override
  default int getDegree() {
    return fittedOr(degree().name(), (Integer) getOrDefault(degree()));
  }

  /** {@return the coef0 of the fitted poly kernel; for the other kernels, which have none, the param's value} */
  @Override
  default double getCoef0() {
    return fittedOr(coef0().name(), (Double) getOrDefault(coef0()));
  }

  /** The value of param {@code name} in the fitted state, or {@code paramValue} when the fitted state has none. */
  private <T> T fittedOr(String name, T paramValue) {
    @SuppressWarnings("unchecked")
    T value = (T) rvmCore().fittedParams().get(name);
    return value != null ? value : paramValue;
  }

  /**
   * {@return the {@code featureNames} param: the names of the input features in the order of the features vector
   * (the columns the vector was assembled from); unset when unknown} Saved with the model; the spark-submit job sets
   * it and selects the columns of CSV and Parquet input by these names.
   */
  StringArrayParam featureNames();

  /**
   * Sets {@link #featureNames()}.
   *
   * @param names one distinct name per feature, in vector order, or none
   * @return this model
   */
  default HasRelevanceVectors setFeatureNames(String... names) {
    FeatureNames.check(names, numFeatures());
    set(featureNames(), names.clone());
    return this;
  }

  /** {@return the names of the input features, in vector order (empty when unknown)} */
  default String[] getFeatureNames() {
    return isDefined(featureNames()) ? getOrDefault(featureNames()).clone() : new String[0];
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
  default RvmMetrics evaluate(Dataset<?> dataset) {
    return evaluate(dataset, getLabelCol());
  }

  /**
   * As {@link #evaluate(Dataset)}, with the labels in another column than {@code labelCol}.
   *
   * @param dataset the data
   * @param labelCol the label column of {@code dataset}
   * @return the metrics
   */
  default RvmMetrics evaluate(Dataset<?> dataset, String labelCol) {
    FamilyOutputs outputs = rvmCore().outputs();
    RvmModel scoring = RvmModel.of(this).setPredictionCol(ModelEvaluation.PREDICTION);
    if (outputs.numClasses() > 0) {
      scoring.setProbabilityCol(ModelEvaluation.PROBABILITY).setRawPredictionCol(ModelEvaluation.RAW);
    } else {
      scoring.setVarianceCol("");
    }
    return ModelEvaluation.evaluate(scoring, outputs, dataset, labelCol);
  }

  /** {@return the number of input features the model was fitted on} */
  default int numFeatures() {
    return fit().numFeatures();
  }

  /** {@return the number of classes: K for multinomial, 2 for bernoulli, 0 for gaussian} */
  default int numClasses() {
    return rvmCore().outputs().numClasses();
  }

  /**
   * {@return the number of relevance vectors (kernel bases) or relevant features (linear), the bias not counted; for
   * a multinomial model, the distinct ones over all classes}
   */
  default int numRelevanceVectors() {
    return fit().numRelevant();
  }

  /**
   * {@return the relevance vectors, one per row, on the original feature scale (0 rows for the linear kernel); for a
   * multinomial model, those of every class (their union); for kernel rbf-per-dimension, every centre of the basis
   * table (a kept basis function uses one coordinate of one of them: see {@link #perDimensionBasis()})}
   */
  default Matrix relevanceVectors() {
    int k = fit().numCentres();
    int d = fit().numFeatures();
    return new DenseMatrix(k, d, fit().centres().clone(), true);
  }

  /**
   * Kernel rbf-per-dimension: the (input dimension, centre) of each kept basis function other than the bias, in the
   * order of {@link #weights()}; the centre indexes the rows of {@link #relevanceVectors()}. Empty for other
   * kernels.
   *
   * @return per kept basis function, {input dimension, centre}
   */
  default int[][] perDimensionBasis() {
    return fit().kernel().dimensionAndCentre(fit().features(), fit().numCentres());
  }

  /**
   * The row relevances E[α_i] of a grid-prior fit (prior grid-product or grid-sum): one per row of the basis table
   * (kernel rbf-per-dimension: per input dimension; kernel linear: per row of gridShape). They are prior precisions
   * shared by a whole row: small means relevant. Empty for a fit without a grid prior (prior ard, or another
   * solver), whose per-basis precisions are {@link #alphas()}.
   *
   * @return E[α_i] per row of the table
   */
  default double[] rowRelevances() {
    return fit().grid() == null ? new double[0] : fit().grid().rowRelevance().clone();
  }

  /**
   * The column relevances E[β_j] of a grid-prior fit: one per column of the basis table (rbf-per-dimension: per
   * centre; linear: per column of gridShape). Empty for a fit without a grid prior.
   *
   * @return E[β_j] per column of the table
   */
  default double[] columnRelevances() {
    return fit().grid() == null ? new double[0] : fit().grid().columnRelevance().clone();
  }

  /** {@return the [rows, columns] of the basis table of a grid-prior fit; empty for a fit without a grid prior} */
  default int[] gridTable() {
    return fit().grid() == null ? new int[0] : new int[] {fit().grid().rows(), fit().grid().cols()};
  }

  /**
   * {@return the indices of the relevant input features (linear kernel; empty otherwise); multinomial: over all
   * classes}
   */
  default int[] relevantFeatures() {
    return fit().kernel().hasCentres() ? new int[0] : fit().features().clone();
  }

  /** {@return whether the bias basis function was kept (multinomial: by some class)} */
  default boolean hasIntercept() {
    return fit().biasKept();
  }

  /**
   * {@return the bias weight (0 when it was pruned or not fitted)} Not for multinomial: see {@link #classIntercept}.
   */
  default double intercept() {
    requireSingle("intercept", "classIntercept(k)");
    return fit().biasKept() ? fit().weights()[0] : 0.0;
  }

  /**
   * {@return the weights of the relevance vectors (or relevant features), in their order} Not for multinomial.
   */
  default Vector weights() {
    requireSingle("weights", "classWeights(k)");
    return Vectors.dense(nonBias(fit().weights()));
  }

  /**
   * {@return the prior precisions α of the relevance vectors (or relevant features)} Not for multinomial.
   */
  default Vector alphas() {
    requireSingle("alphas", "classAlphas(k)");
    return Vectors.dense(nonBias(fit().alpha()));
  }

  /**
   * {@return α of the bias, NaN when it was pruned or not fitted} Not for multinomial.
   */
  default double interceptAlpha() {
    requireSingle("interceptAlpha", "classInterceptAlpha(k)");
    return fit().biasKept() ? fit().alpha()[0] : Double.NaN;
  }

  /**
   * {@return the posterior covariance Σ of all kept weights: the bias first (when kept), then the relevance vectors}
   * Not for multinomial: see {@link #classCovariance}.
   */
  default Matrix covariance() {
    requireSingle("covariance", "classCovariance(k)");
    int k = fit().weights().length;
    return new DenseMatrix(k, k, fit().covariance().clone());
  }

  /**
   * {@return β, the noise precision the model predicts with (gaussian): the fitted one, or the value the
   * {@code noisePrecision} param held it at; NaN for classification} (Named {@code noisePrecision()} before the
   * param of that name existed.)
   */
  default double fittedNoisePrecision() {
    return fit().noisePrecision();
  }

  /**
   * {@return the factor of a gaussian model's predictive variance: its predicted variance is this times
   * 1/β + φᵀΣφ of {@link #fittedNoisePrecision()} and {@link #covariance()}} Found by held-out fits when the param
   * calibrateVariance is true (the default) and the fit could run them; 1 otherwise, for other families, and for
   * models saved before it existed.
   */
  default double varianceScale() {
    return fit().varianceScale();
  }

  /**
   * {@return the RVM's own account of the fit: rows, iterations, convergence, the log marginal likelihood and the
   * number of basis functions per step, passes over the data, seconds, warnings and the warm-start basis}
   */
  default RvmTrainingSummary rvmSummary() {
    return fit().summary();
  }

  private void requireSingle(String method, String perClass) {
    if (fit().multiClass()) {
      throw new IllegalStateException("a multinomial model has " + method + " per class: use " + perClass);
    }
  }

  private double[] nonBias(double[] v) {
    return fit().biasKept() ? Arrays.copyOfRange(v, 1, v.length) : v.clone();
  }

  // ---- per class (multinomial) ----

  private ClassModels classes(int k) {
    if (!fit().multiClass()) {
      throw new IllegalStateException("per-class parts exist only for family 'multinomial'; this model is "
          + fit().family());
    }
    ClassModels classes = fit().classes();
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
  default boolean classHasIntercept(int k) {
    int[] basis = classes(k).basis()[k];
    return fit().biasKept() && basis.length > 0 && basis[0] == 0;
  }

  /**
   * {@return the positions among {@link #relevanceVectors()} (or {@link #relevantFeatures()}) that class k uses}
   *
   * @param k the class, 0 … K−1
   */
  default int[] classRelevanceIndices(int k) {
    int[] basis = classes(k).basis()[k];
    int offset = fit().biasKept() ? 1 : 0;
    return Arrays.stream(basis).filter(j -> j >= offset).map(j -> j - offset).toArray();
  }

  /**
   * {@return the relevance vectors class k uses, one per row, on the original feature scale (0 rows for linear)}
   *
   * @param k the class, 0 … K−1
   */
  default Matrix classRelevanceVectors(int k) {
    int[] rows = fit().kernel().hasCentres() ? classRelevanceIndices(k) : new int[0];
    int d = fit().numFeatures();
    double[] values = new double[rows.length * d];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(fit().centres(), rows[i] * d, values, i * d, d);
    }
    return new DenseMatrix(rows.length, d, values, true);
  }

  /**
   * {@return the input features class k found relevant (linear kernel; empty otherwise)}
   *
   * @param k the class, 0 … K−1
   */
  default int[] classRelevantFeatures(int k) {
    if (fit().kernel().hasCentres()) {
      classes(k);
      return new int[0];
    }
    return Arrays.stream(classRelevanceIndices(k)).map(i -> fit().features()[i]).toArray();
  }

  /**
   * {@return class k's weights on its relevance vectors (or relevant features), in their order}
   *
   * @param k the class, 0 … K−1
   */
  default Vector classWeights(int k) {
    return Vectors.dense(classNonBias(k, classes(k).weights()[k]));
  }

  /**
   * {@return class k's prior precisions α on its relevance vectors (or relevant features)}
   *
   * @param k the class, 0 … K−1
   */
  default Vector classAlphas(int k) {
    return Vectors.dense(classNonBias(k, classes(k).alpha()[k]));
  }

  /**
   * {@return class k's bias weight (0 when it pruned the bias)}
   *
   * @param k the class, 0 … K−1
   */
  default double classIntercept(int k) {
    return classHasIntercept(k) ? classes(k).weights()[k][0] : 0.0;
  }

  /**
   * {@return class k's α of the bias, NaN when it pruned the bias}
   *
   * @param k the class, 0 … K−1
   */
  default double classInterceptAlpha(int k) {
    return classHasIntercept(k) ? classes(k).alpha()[k][0] : Double.NaN;
  }

  /**
   * {@return the posterior covariance of class k's weights: its bias first (when kept), then its relevance vectors
   * (the class' diagonal block of {@link #jointCovariance()})}
   *
   * @param k the class, 0 … K−1
   */
  default Matrix classCovariance(int k) {
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
  default Matrix jointCovariance() {
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
  default Vector featureRelevance() {
    requireLinear();
    double[] relevance = new double[fit().numFeatures()];
    if (fit().multiClass()) {
      for (int k = 0; k < fit().classes().numClasses(); k++) {
        double[] r = featureRelevance(k).toArray();
        for (int j = 0; j < relevance.length; j++) {
          relevance[j] += r[j];
        }
      }
      return Vectors.dense(relevance);
    }
    double[] alpha = nonBias(fit().alpha());
    for (int i = 0; i < alpha.length; i++) {
      relevance[fit().features()[i]] = 1.0 / alpha[i];
    }
    return Vectors.dense(relevance);
  }

  /**
   * {@return the relevance of each input feature for class k (multinomial, linear kernel): 1/α, 0 where class k
   * pruned it}
   *
   * @param k the class, 0 … K−1
   */
  default Vector featureRelevance(int k) {
    requireLinear();
    double[] relevance = new double[fit().numFeatures()];
    int[] features = classRelevantFeatures(k);
    double[] alpha = classAlphas(k).toArray();
    for (int i = 0; i < features.length; i++) {
      relevance[features[i]] = 1.0 / alpha[i];
    }
    return Vectors.dense(relevance);
  }

  private void requireLinear() {
    if (fit().kernel().hasCentres()) {
      throw new IllegalStateException("feature relevance needs kernel 'linear' (the basis functions are then the "
          + "input features); this model's kernel is '" + fit().kernel().name() + "'");
    }
  }

}
