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

import java.util.HashSet;
import java.util.Set;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.param.StringArrayParam;

/** The {@code featureNames} param of {@link RvmModel}: what the features vector was assembled from, by name. */
final class FeatureNames {

  private FeatureNames() {}

  static StringArrayParam param(Params owner) {
    return new StringArrayParam(owner, "featureNames", "the names of the input features in the order of the "
        + "features vector (the columns it was assembled from); empty when unknown");
  }

  /**
   * Refuses a warm start whose data names its features (the ML attributes of the features column, as
   * {@code VectorAssembler} writes them) otherwise than the initial model does: features are matched by name, as
   * the job's predict matches columns, never taken by position against other names.
   *
   * @param initial the initial model's feature names (empty: unknown, nothing to compare)
   * @param features the features column of the training data
   */
  static void requireSameAsInitial(String[] initial, org.apache.spark.sql.types.StructField features) {
    if (initial.length == 0) {
      return;
    }
    org.apache.spark.ml.attribute.AttributeGroup group =
        org.apache.spark.ml.attribute.AttributeGroup.fromStructField(features);
    if (group.attributes().isEmpty()) {
      return;
    }
    org.apache.spark.ml.attribute.Attribute[] attributes = group.attributes().get();
    String[] names = new String[attributes.length];
    for (int j = 0; j < names.length; j++) {
      names[j] = attributes[j].name().isDefined() ? attributes[j].name().get() : null;
      if (names[j] == null) {
        return;
      }
    }
    if (!java.util.Arrays.equals(initial, names)) {
      throw new IllegalArgumentException("the initialModel was fitted on the features "
          + java.util.Arrays.toString(initial) + ", but featuresCol '" + features.name() + "' holds "
          + java.util.Arrays.toString(names) + " (its ML attributes): a warm start matches features by name; "
          + "assemble the features in the model's order");
    }
  }

  /** Checks that the names are none, or one distinct non-empty name per feature. */
  static void check(String[] names, int numFeatures) {
    if (names.length == 0) {
      return;
    }
    if (names.length != numFeatures) {
      throw new IllegalArgumentException("featureNames has " + names.length + " names, but the model was fitted on "
          + numFeatures + " features: give one name per feature, or none");
    }
    Set<String> seen = new HashSet<>();
    for (String n : names) {
      if (n == null || n.isEmpty()) {
        throw new IllegalArgumentException("featureNames holds an empty name: name every feature");
      }
      if (!seen.add(n)) {
        throw new IllegalArgumentException("featureNames holds '" + n + "' twice: the names must be distinct");
      }
    }
  }
}
