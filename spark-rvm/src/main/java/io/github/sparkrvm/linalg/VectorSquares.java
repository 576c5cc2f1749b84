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
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link WeightedSquares}' eight lanes on the widest vector of doubles (the species netlib's {@code VectorBLAS} and
 * {@link VectorExponentials} take), when it holds eight doubles (one vector) or four (two, rows i to i + 3 and i + 4
 * to i + 7): the same operations per lane as {@link WeightedSquares#addScalar}, so the same bits. Loaded only when
 * the JVM has the module {@code jdk.incubator.vector}.
 */
final class VectorSquares {

  private static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_MAX;

  private VectorSquares() {}

  /** {@return whether a vector holds eight or four doubles} */
  static boolean supported() {
    return SPECIES.length() == 8 || SPECIES.length() == 4;
  }

  /**
   * Adds the column at {@code col}'s whole groups of eight rows to their lanes.
   *
   * @return the rows added, a multiple of eight
   */
  static int addWhole(double[] phi, int col, int n, double[] b, double[] lanes) {
    int whole = n / WeightedSquares.LANES * WeightedSquares.LANES;
    if (SPECIES.length() == 8) {
      DoubleVector sum = DoubleVector.fromArray(SPECIES, lanes, 0);
      for (int i = 0; i < whole; i += 8) {
        DoubleVector v = DoubleVector.fromArray(SPECIES, phi, col + i);
        sum = sum.add(v.mul(DoubleVector.fromArray(SPECIES, b, i)).mul(v));
      }
      sum.intoArray(lanes, 0);
    } else {
      DoubleVector low = DoubleVector.fromArray(SPECIES, lanes, 0);
      DoubleVector high = DoubleVector.fromArray(SPECIES, lanes, 4);
      for (int i = 0; i < whole; i += 8) {
        DoubleVector v = DoubleVector.fromArray(SPECIES, phi, col + i);
        low = low.add(v.mul(DoubleVector.fromArray(SPECIES, b, i)).mul(v));
        DoubleVector w = DoubleVector.fromArray(SPECIES, phi, col + i + 4);
        high = high.add(w.mul(DoubleVector.fromArray(SPECIES, b, i + 4)).mul(w));
      }
      low.intoArray(lanes, 0);
      high.intoArray(lanes, 4);
    }
    return whole;
  }
}
