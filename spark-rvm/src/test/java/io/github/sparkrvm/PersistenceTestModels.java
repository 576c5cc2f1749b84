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

/** Small fitted models shared by tests (fitted once per test JVM). */
final class PersistenceTestModels {

  private static RvmModel regressor;

  private PersistenceTestModels() {}

  static synchronized RvmModel smallRegressor() {
    if (regressor == null) {
      regressor = new RvmEstimator().setGamma(0.25).fit(SparkTestSession.frame(TestData.noisySinc(60, 0.1, 4), 2));
    }
    return regressor;
  }
}
