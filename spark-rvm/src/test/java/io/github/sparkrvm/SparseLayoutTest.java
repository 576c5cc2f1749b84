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

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.statistics.Family;
import org.junit.jupiter.api.Test;

/**
 * Where the rows stay sparse: kernel linear, solver fast, a binary, count, regression or one-vs-rest fit, wide and
 * sparse features.
 */
class SparseLayoutTest {

  private static FitChoice choice(String family, FitChoice.Method method, boolean linear) {
    return new FitChoice(Family.of(family), null, method, null, null, linear);
  }

  private static FitChoice multinomial(MultiClassStrategy strategy) {
    return new FitChoice(Family.MULTINOMIAL, strategy, FitChoice.Method.FAST, null, null, true);
  }

  private static boolean sparse(FitChoice choice, int m, double density, boolean shiftFree, boolean denseFits) {
    return SparseLayout.of(new SparseLayout.Inputs(choice, m, density, shiftFree, denseFits)).sparse();
  }

  @Test
  void wideSparseFeaturesOfTheLinearFastFitStaySparse() {
    for (String family : new String[] {"bernoulli", "gaussian", "poisson"}) {
      FitChoice fast = choice(family, FitChoice.Method.FAST, true);
      assertTrue(sparse(fast, (1 << 18) + 1, 1e-4, true, false), family);
      assertTrue(sparse(fast, 2000, 0.01, true, true), family);
      // narrow or dense: the dense path, whose BLAS products are faster, unless its matrices do not fit
      assertFalse(sparse(fast, 500, 0.01, true, true), family);
      assertFalse(sparse(fast, 5000, 0.5, true, true), family);
      assertTrue(sparse(fast, 50_001, 1.0, true, false), family);
      // a warm start from a model that centred its features keeps the dense path
      assertFalse(sparse(fast, (1 << 18) + 1, 1e-4, false, false), family);
    }
    // one-vs-rest runs binary fits on views of the same rows; the softmax scores its (class, feature) pairs apart
    // on the same rows, by the same switch
    for (MultiClassStrategy strategy : new MultiClassStrategy[] {MultiClassStrategy.OVR, MultiClassStrategy.SOFTMAX}) {
      assertTrue(sparse(multinomial(strategy), (1 << 18) + 1, 1e-4, true, false), strategy.name());
      assertFalse(sparse(multinomial(strategy), 500, 0.01, true, true), strategy.name());
      assertFalse(sparse(multinomial(strategy), 5000, 0.5, true, true), strategy.name());
    }
    assertFalse(sparse(choice("bernoulli", FitChoice.Method.EM, true), (1 << 18) + 1, 1e-4, true, false));
    assertFalse(sparse(choice("bernoulli", FitChoice.Method.VARIATIONAL, true), (1 << 18) + 1, 1e-4, true, false));
    assertFalse(sparse(choice("bernoulli", FitChoice.Method.FAST, false), (1 << 18) + 1, 1e-4, true, false));
  }
}
