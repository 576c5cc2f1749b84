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
package io.github.sparkrvm.linalg;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Exponentials}' vector way: loaded only when the JVM has the module {@code jdk.incubator.vector}.
 */
final class VectorExponentials {

  private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;

  private VectorExponentials() {}

  /** {@return the lanes of the preferred vector of doubles} */
  static int lanes() {
    return SPECIES.length();
  }

  /** See {@link Exponentials#scaledInPlace}. */
  static void scaledInPlace(double[] values, int from, int to, double scale) {
    int i = from;
    for (int end = from + SPECIES.loopBound(to - from); i < end; i += SPECIES.length()) {
      DoubleVector.fromArray(SPECIES, values, i).mul(scale).lanewise(VectorOperators.EXP).intoArray(values, i);
    }
    for (; i < to; i++) {
      values[i] = Math.exp(scale * values[i]);
    }
  }
}
