package io.github.sparkrvm;

import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntArrayParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * The params {@link RvmEstimator} and {@link RvmModel} share. Each stage holds its own {@link RvmParamSet}; these
 * default methods expose its params under Spark's names (so that {@code params()} and {@code explainParams()} find
 * them) and read their values.
 */
public interface RvmParams extends Params {

  /** The param objects of this stage. */
  RvmParamSet paramSet();

  default Param<String> featuresCol() { return paramSet().featuresCol; }
  default Param<String> labelCol() { return paramSet().labelCol; }
  default Param<String> weightCol() { return paramSet().weightCol; }
  default Param<String> predictionCol() { return paramSet().predictionCol; }
  default Param<String> probabilityCol() { return paramSet().probabilityCol; }
  default Param<String> rawPredictionCol() { return paramSet().rawPredictionCol; }
  default Param<String> varianceCol() { return paramSet().varianceCol; }
  default Param<String> family() { return paramSet().family; }
  default Param<String> kernel() { return paramSet().kernel; }
  default DoubleParam gamma() { return paramSet().gamma; }
  default IntParam degree() { return paramSet().degree; }
  default DoubleParam coef0() { return paramSet().coef0; }
  default BooleanParam fitIntercept() { return paramSet().fitIntercept; }
  default BooleanParam standardization() { return paramSet().standardization; }
  default IntParam maxIter() { return paramSet().maxIter; }
  default DoubleParam tol() { return paramSet().tol; }
  default DoubleParam alphaMax() { return paramSet().alphaMax; }
  default DoubleParam alphaPriorShape() { return paramSet().alphaPriorShape; }
  default DoubleParam alphaPriorRate() { return paramSet().alphaPriorRate; }
  default IntParam maxBasis() { return paramSet().maxBasis; }
  default LongParam seed() { return paramSet().seed; }
  default IntParam aggregationDepth() { return paramSet().aggregationDepth; }
  default Param<String> probabilityMethod() { return paramSet().probabilityMethod; }
  default DoubleParam threshold() { return paramSet().threshold; }
  default Param<String> multiClassStrategy() { return paramSet().multiClassStrategy; }
  default IntParam parallelism() { return paramSet().parallelism; }
  default Param<String> solver() { return paramSet().solver; }
  default Param<String> prior() { return paramSet().prior; }
  default IntArrayParam gridShape() { return paramSet().gridShape; }
  default DoubleParam maxBlockSizeInMB() { return paramSet().maxBlockSizeInMB; }

  default String getFeaturesCol() { return (String) getOrDefault(featuresCol()); }
  default String getLabelCol() { return (String) getOrDefault(labelCol()); }
  /** The weight column, or "" for unit weights. */
  default String getWeightCol() { return (String) getOrDefault(weightCol()); }
  default String getPredictionCol() { return (String) getOrDefault(predictionCol()); }
  default String getProbabilityCol() { return (String) getOrDefault(probabilityCol()); }
  default String getRawPredictionCol() { return (String) getOrDefault(rawPredictionCol()); }
  default String getVarianceCol() { return (String) getOrDefault(varianceCol()); }
  default String getFamily() { return (String) getOrDefault(family()); }
  default String getKernel() { return (String) getOrDefault(kernel()); }
  /** The RBF/poly scale; NaN when unset, in which case a fit uses 1 / (number of features). */
  default double getGamma() { return isDefined(gamma()) ? (Double) getOrDefault(gamma()) : Double.NaN; }
  default int getDegree() { return (Integer) getOrDefault(degree()); }
  default double getCoef0() { return (Double) getOrDefault(coef0()); }
  default boolean getFitIntercept() { return (Boolean) getOrDefault(fitIntercept()); }
  default boolean getStandardization() { return (Boolean) getOrDefault(standardization()); }
  default int getMaxIter() { return (Integer) getOrDefault(maxIter()); }
  default double getTol() { return (Double) getOrDefault(tol()); }
  default double getAlphaMax() { return (Double) getOrDefault(alphaMax()); }
  default double getAlphaPriorShape() { return (Double) getOrDefault(alphaPriorShape()); }
  default double getAlphaPriorRate() { return (Double) getOrDefault(alphaPriorRate()); }
  default int getMaxBasis() { return (Integer) getOrDefault(maxBasis()); }
  default long getSeed() { return (Long) getOrDefault(seed()); }
  default int getAggregationDepth() { return (Integer) getOrDefault(aggregationDepth()); }
  default String getProbabilityMethod() { return (String) getOrDefault(probabilityMethod()); }
  default double getThreshold() { return (Double) getOrDefault(threshold()); }
  default String getMultiClassStrategy() { return (String) getOrDefault(multiClassStrategy()); }
  default int getParallelism() { return (Integer) getOrDefault(parallelism()); }
  default String getSolver() { return (String) getOrDefault(solver()); }
  default String getPrior() { return (String) getOrDefault(prior()); }
  /** The table [rows, columns] of a grid prior, or null when unset. */
  default int[] getGridShape() { return isDefined(gridShape()) ? (int[]) getOrDefault(gridShape()) : null; }
  default double getMaxBlockSizeInMB() { return (Double) getOrDefault(maxBlockSizeInMB()); }

  /** True for binary classification. */
  default boolean isBernoulli() {
    return "bernoulli".equals(getFamily());
  }

  /** True for multi-class classification. */
  default boolean isMultinomial() {
    return "multinomial".equals(getFamily());
  }

  /** True for classification, binary or multi-class. */
  default boolean isClassifier() {
    return isBernoulli() || isMultinomial();
  }
}
