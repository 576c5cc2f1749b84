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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Transformer;
import org.junit.jupiter.api.Test;

/**
 * The {@code META-INF/services} registrations Spark Connect's server reads: it lists the providers of
 * {@link Estimator} and {@link Transformer} with {@link ServiceLoader#stream()} (which checks each provider for a public
 * no-argument constructor without calling it), makes estimators by their {@code (String uid)} constructor and loads
 * models by their static {@code load(String)}.
 */
class ServiceRegistrationTest {

  private static Set<Class<?>> providers(Class<?> service) {
    return ServiceLoader.load(service).stream().map(ServiceLoader.Provider::type).collect(Collectors.toSet());
  }

  @Test
  void estimatorsAndModelsAreRegistered() throws Exception {
    Set<Class<?>> estimators = providers(Estimator.class);
    assertTrue(estimators.contains(RvmEstimator.class), "estimators: " + estimators);
    assertTrue(estimators.contains(RvmSelector.class), "estimators: " + estimators);
    assertTrue(estimators.contains(RvmClassifier.class), "estimators: " + estimators);
    assertTrue(estimators.contains(RvmRegressor.class), "estimators: " + estimators);
    Set<Class<?>> transformers = providers(Transformer.class);
    assertTrue(transformers.contains(RvmModel.class), "transformers: " + transformers);
    assertTrue(transformers.contains(RvmSelectorModel.class), "transformers: " + transformers);
    assertTrue(transformers.contains(RvmClassificationModel.class), "transformers: " + transformers);
    assertTrue(transformers.contains(RvmRegressionModel.class), "transformers: " + transformers);

    // What the server calls: new Estimator(uid), Model.load(path).
    assertEquals("rvm_x", RvmEstimator.class.getConstructor(String.class).newInstance("rvm_x").uid());
    assertEquals("sel_x", RvmSelector.class.getConstructor(String.class).newInstance("sel_x").uid());
    assertEquals("rvmc_x", RvmClassifier.class.getConstructor(String.class).newInstance("rvmc_x").uid());
    assertEquals("rvmr_x", RvmRegressor.class.getConstructor(String.class).newInstance("rvmr_x").uid());
    RvmModel.class.getMethod("load", String.class);
    RvmClassificationModel.class.getMethod("load", String.class);
    RvmRegressionModel.class.getMethod("load", String.class);
    RvmSelectorModel.class.getMethod("load", String.class);
  }

  @Test
  void theModelsNoArgumentConstructorsRefuseToMakeAnEmptyModel() {
    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, RvmModel::new);
    assertTrue(e.getMessage().contains("RvmEstimator.fit"), e.getMessage());
    e = assertThrows(UnsupportedOperationException.class, RvmClassificationModel::new);
    assertTrue(e.getMessage().contains("RvmClassifier.fit"), e.getMessage());
    e = assertThrows(UnsupportedOperationException.class, RvmRegressionModel::new);
    assertTrue(e.getMessage().contains("RvmRegressor.fit"), e.getMessage());
    e = assertThrows(UnsupportedOperationException.class, RvmSelectorModel::new);
    assertTrue(e.getMessage().contains("RvmSelector.fit"), e.getMessage());
  }
}
