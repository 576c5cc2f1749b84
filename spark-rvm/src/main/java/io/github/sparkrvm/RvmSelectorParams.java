package io.github.sparkrvm;

import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/** The params {@link RvmSelector} and {@link RvmSelectorModel} share (see {@link RvmParams} for the pattern). */
public interface RvmSelectorParams extends Params {

  /** The param objects of this stage. */
  RvmSelectorParamSet paramSet();

  default Param<String> featuresCol() { return paramSet().featuresCol; }
  default Param<String> labelCol() { return paramSet().labelCol; }
  default Param<String> weightCol() { return paramSet().weightCol; }
  default Param<String> outputCol() { return paramSet().outputCol; }
  default Param<String> selectionMode() { return paramSet().selectionMode; }
  default DoubleParam selectionThreshold() { return paramSet().selectionThreshold; }
  default Param<String> family() { return paramSet().family; }
  default Param<String> multiClassStrategy() { return paramSet().multiClassStrategy; }
  default BooleanParam fitIntercept() { return paramSet().fitIntercept; }
  default BooleanParam standardization() { return paramSet().standardization; }
  default IntParam maxIter() { return paramSet().maxIter; }
  default DoubleParam tol() { return paramSet().tol; }
  default DoubleParam alphaMax() { return paramSet().alphaMax; }
  default DoubleParam alphaPriorShape() { return paramSet().alphaPriorShape; }
  default DoubleParam alphaPriorRate() { return paramSet().alphaPriorRate; }
  default IntParam aggregationDepth() { return paramSet().aggregationDepth; }
  default IntParam parallelism() { return paramSet().parallelism; }

  default String getFeaturesCol() { return (String) getOrDefault(featuresCol()); }
  default String getLabelCol() { return (String) getOrDefault(labelCol()); }
  default String getWeightCol() { return (String) getOrDefault(weightCol()); }
  default String getOutputCol() { return (String) getOrDefault(outputCol()); }
  default String getSelectionMode() { return (String) getOrDefault(selectionMode()); }
  /** The threshold as set, or the mode's default: 50 for numTopFeatures, 0 for threshold. */
  default double getSelectionThreshold() {
    if (isSet(selectionThreshold())) {
      return (Double) getOrDefault(selectionThreshold());
    }
    return "numTopFeatures".equals(getSelectionMode()) ? 50.0 : 0.0;
  }
  default String getFamily() { return (String) getOrDefault(family()); }
  default String getMultiClassStrategy() { return (String) getOrDefault(multiClassStrategy()); }
  default boolean getFitIntercept() { return (Boolean) getOrDefault(fitIntercept()); }
  default boolean getStandardization() { return (Boolean) getOrDefault(standardization()); }
  default int getMaxIter() { return (Integer) getOrDefault(maxIter()); }
  default double getTol() { return (Double) getOrDefault(tol()); }
  default double getAlphaMax() { return (Double) getOrDefault(alphaMax()); }
  default double getAlphaPriorShape() { return (Double) getOrDefault(alphaPriorShape()); }
  default double getAlphaPriorRate() { return (Double) getOrDefault(alphaPriorRate()); }
  default int getAggregationDepth() { return (Integer) getOrDefault(aggregationDepth()); }
  default int getParallelism() { return (Integer) getOrDefault(parallelism()); }
}
