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
import java.util.stream.IntStream;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.DefaultParamsWritable;
import org.apache.spark.ml.util.Identifiable$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.types.StructType;

/**
 * Feature selection by automatic relevance determination, in the manner of Spark's
 * {@code UnivariateFeatureSelector}: fits a Relevance Vector Machine with the linear kernel (one basis function per
 * input feature, each with its own prior precision α; Zhang &amp; Malik 2005 for the multinomial case) and keeps
 * the features it finds most relevant, relevance = 1/α (0 for a pruned feature; summed over the classes for
 * multinomial). Unlike a univariate filter, a feature that adds nothing to the ones already kept is pruned even if
 * it predicts the label well on its own.
 */
public final class RvmSelector extends Estimator<RvmSelectorModel>
    implements SparseBayesSetters<RvmSelector>, RvmSelectorModelSetters<RvmSelector>, RvmSelectorParams,
    SparseBayesParams, DefaultParamsWritable {

  private static final long serialVersionUID = 1L;

  private final String uid;
  private final RvmSelectorParamSet paramSet;

  /** A selector with a random uid and the default params. */
  public RvmSelector() {
    this(Identifiable$.MODULE$.randomUID("rvmSelector"));
  }

  /**
   * A selector with the default params.
   *
   * @param uid the stage's unique id
   */
  public RvmSelector(String uid) {
    this.uid = uid;
    this.paramSet = new RvmSelectorParamSet(this);
    paramSet.setDefaults(this, uid);
  }

  @Override
  public String uid() {
    return uid;
  }

  @Override
  public RvmSelectorParamSet paramSet() {
    return paramSet;
  }

  /**
   * Sets {@link #selectionMode()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmSelector setSelectionMode(String v) { set(selectionMode(), v); return this; }
  /**
   * Sets {@link #selectionThreshold()}.
   *
   * @param v the value
   * @return this estimator
   */
  public RvmSelector setSelectionThreshold(double v) { set(selectionThreshold(), v); return this; }

  @Override
  public StructType transformSchema(StructType schema) {
    RvmSchema.requireNumericColumn(schema, "labelCol", getLabelCol());
    if (!getWeightCol().isEmpty()) {
      RvmSchema.requireNumericColumn(schema, "weightCol", getWeightCol());
    }
    checkThreshold();
    return RvmSelectorModel.outputSchema(this, schema, -1);
  }

  private void checkThreshold() {
    double t = getSelectionThreshold();
    if ("numTopFeatures".equals(getSelectionMode()) && (t < 1.0 || t != Math.rint(t) || t > Integer.MAX_VALUE)) {
      throw new IllegalArgumentException("selectionThreshold " + t + " is not a number of features: selectionMode "
          + "'numTopFeatures' needs a whole number >= 1");
    }
  }

  /**
   * {@return the RVM this selector fits: the linear kernel over the features, with every fit param
   * ({@link SparseBayesParams}) this selector has a value for}
   */
  RvmEstimator estimator() {
    RvmEstimator rvm = new RvmEstimator(uid).setKernel("linear");
    for (Param<?> p : sparseBayesParamSet().params()) {
      if (isDefined(p)) {
        rvm.set(rvm.getParam(p.name()), getOrDefault(p));
      }
    }
    return rvm;
  }

  @Override
  public RvmSelectorModel fit(Dataset<?> dataset) {
    transformSchema(dataset.schema(), true);
    RvmModel rvm = estimator().fit(dataset);
    double[] relevance = rvm.featureRelevance().toArray();
    int[] selected = select(relevance, getSelectionMode(), getSelectionThreshold());
    RvmSelectorModel model = new RvmSelectorModel(uid, selected, relevance);
    copyValues(model, ParamMap.empty());
    model.setParent(this);
    return model;
  }

  /** {@return the selected feature indices, ascending} */
  static int[] select(double[] relevance, String mode, double threshold) {
    if ("threshold".equals(mode)) {
      return IntStream.range(0, relevance.length).filter(j -> relevance[j] > threshold).toArray();
    }
    int k = (int) Math.min(threshold, relevance.length);
    return IntStream.range(0, relevance.length).boxed()
        .sorted((a, b) -> a.equals(b) ? 0 : relevance[a] != relevance[b]
            ? Double.compare(relevance[b], relevance[a]) : Integer.compare(a, b))
        .limit(k).mapToInt(Integer::intValue).sorted().toArray();
  }

  @Override
  public RvmSelector copy(ParamMap extra) {
    return defaultCopy(extra);
  }

  /** {@return the reader of a selector saved with {@code write().save(path)}} */
  public static MLReader<RvmSelector> read() {
    return SparkInternals.defaultParamsReader();
  }

  /**
   * Reads a selector saved with {@code write().save(path)}.
   *
   * @param path a Hadoop path
   * @return the selector
   */
  public static RvmSelector load(String path) {
    return read().load(path);
  }

  @Override
  public String toString() {
    return "RvmSelector: uid=" + uid + ", selectionMode=" + getSelectionMode() + ", selectionThreshold="
        + getSelectionThreshold() + ", family=" + getFamily();
  }
}
