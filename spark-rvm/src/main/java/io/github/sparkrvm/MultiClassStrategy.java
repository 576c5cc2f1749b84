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

import io.github.sparkrvm.predict.ClassScores;
import io.github.sparkrvm.predict.MultiClassPredictive;

/** How a multinomial fit treats its K classes, as the {@code multiClassStrategy} param (and a saved model) names it. */
enum MultiClassStrategy {
  /** One joint softmax posterior over every class' weights (Zhang &amp; Malik 2005). */
  SOFTMAX("softmax") {
    @Override
    ClassScores scores(MultiClassPredictive.Latents latents, boolean moderated) {
      return ClassScores.softmax(latents, moderated);
    }
  },
  /** K binary fits, each class against the rest. */
  OVR("ovr") {
    @Override
    ClassScores scores(MultiClassPredictive.Latents latents, boolean moderated) {
      return ClassScores.oneVsRest(latents, moderated);
    }
  };

  private final String value;

  MultiClassStrategy(String value) {
    this.value = value;
  }

  /**
   * {@return the raw scores and class probabilities of the class scores at a point: the softmax of the K scores, or
   * each class' logit against the rest, renormalised}
   *
   * @param latents the class scores' means and covariance at the point (the covariance may be null when not moderated)
   * @param moderated whether to moderate by the scores' variances
   */
  abstract ClassScores scores(MultiClassPredictive.Latents latents, boolean moderated);

  /** {@return the param value (and the saved model's field) that names it} */
  String paramValue() {
    return value;
  }

  /**
   * {@return the strategy a {@code multiClassStrategy} value names}
   *
   * @param value softmax or ovr
   * @throws IllegalArgumentException for any other value
   */
  static MultiClassStrategy of(String value) {
    for (MultiClassStrategy s : values()) {
      if (s.value.equals(value)) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown multi-class strategy '" + value + "' (softmax or ovr)");
  }

  @Override
  public String toString() {
    return value;
  }
}
