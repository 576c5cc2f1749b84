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

package io.github.sparkrvm.solvers;

/**
 * How a fit starts: cold (from the best single candidate, or every candidate for the classic solvers), warm from an
 * earlier fit's state ({@code initialModel}), or cold over some of the candidates only (classFeatureBlocks: per
 * class, its own block). A fit is either warm or restricted, never both: the type says so.
 */
public sealed interface FitStart {

  /** A cold start over every candidate. */
  record Cold() implements FitStart {}

  /**
   * A warm start.
   *
   * @param state the earlier fit's basis functions, α, weights (and β), as candidate indices of this fit
   */
  record Warm(InitialState state) implements FitStart {}

  /**
   * A cold start over some of the candidates: a pair outside its class' set is never a candidate.
   *
   * @param candidates per class (one set for a single-output fit), the candidates it may use, ascending in [0, M)
   */
  record Restricted(int[][] candidates) implements FitStart {}

  /** {@return a cold start over every candidate} */
  static FitStart cold() {
    return new Cold();
  }

  /**
   * {@return a warm start from {@code state}, or a cold one when it is null}
   *
   * @param state the initial state, or null
   */
  static FitStart from(InitialState state) {
    return state == null ? cold() : new Warm(state);
  }

  /**
   * {@return a single-output fit over {@code candidates} only, or over every candidate when it is null}
   *
   * @param candidates the candidates the fit may use, ascending; null: every one
   */
  static FitStart over(int[] candidates) {
    return candidates == null ? cold() : new Restricted(new int[][] {candidates});
  }

  /** {@return the initial state of a warm start, null otherwise} */
  default InitialState initial() {
    return this instanceof Warm w ? w.state() : null;
  }
}
