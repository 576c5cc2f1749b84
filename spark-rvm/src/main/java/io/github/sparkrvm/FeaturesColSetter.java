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

/**
 * The setter of {@code featuresCol}, which every stage has, written once; {@code T} is the stage, so that calls chain.
 *
 * @param <T> the stage class
 */
public interface FeaturesColSetter<T extends FeaturesColSetter<T>> extends SparseBayesParams {

  /**
   * Sets {@link #featuresCol()}.
   *
   * @param v the value
   * @return this stage
   */
  default T setFeaturesCol(String v) { set(featuresCol(), v); return self(); }

  /** {@return this stage, as its own type} */
  @SuppressWarnings("unchecked")
  private T self() {
    return (T) this;
  }
}
