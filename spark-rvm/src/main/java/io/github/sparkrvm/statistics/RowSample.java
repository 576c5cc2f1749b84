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

package io.github.sparkrvm.statistics;

import java.io.Serializable;

/**
 * A seeded sample of rows, each kept with probability {@code fraction}, decided by a hash of the row's values and
 * label alone: the same rows are kept whatever the partitioning, the order of the rows or the number of workers
 * (two equal rows are kept or dropped together).
 *
 * @param fraction the probability that a row is kept, in (0, 1]
 * @param seed the seed of the hash
 */
public record RowSample(double fraction, long seed) implements Serializable {

  /**
   * Checks the fraction.
   *
   * @param fraction the probability that a row is kept, in (0, 1]
   * @param seed the seed of the hash
   */
  public RowSample {
    if (!(fraction > 0.0 && fraction <= 1.0)) {
      throw new IllegalArgumentException("a row sample keeps a fraction in (0, 1] of the rows; got " + fraction);
    }
  }

  /**
   * {@return whether the row whose values are {@code values[from + j·stride]}, j &lt; count, with {@code label}, is
   * kept}
   *
   * @param values the array holding the row's values
   * @param from the index of its first value
   * @param count the number of values
   * @param stride the distance between two of its values (1: row-major; the block's rows: column-major)
   * @param label the row's label
   */
  public boolean keeps(double[] values, int from, int count, int stride, double label) {
    if (fraction >= 1.0) {
      return true;
    }
    return (hash(seed, values, from, count, stride, label) >>> 11) * 0x1.0p-53 < fraction;
  }

  /**
   * {@return a 64-bit seeded hash of the row whose values are {@code values[from + j·stride]}, j &lt; count, with
   * {@code label} (−0 and 0 alike): SplitMix64's finaliser over the bits of each value in turn}
   *
   * @param seed the seed
   * @param values the array holding the row's values
   * @param from the index of its first value
   * @param count the number of values
   * @param stride the distance between two of its values
   * @param label the row's label
   */
  public static long hash(long seed, double[] values, int from, int count, int stride, double label) {
    long h = mix(seed ^ 0x9E3779B97F4A7C15L);
    for (int j = 0; j < count; j++) {
      h = mix(h ^ Double.doubleToLongBits(values[from + j * stride] + 0.0));
    }
    return mix(h ^ Double.doubleToLongBits(label + 0.0));
  }

  /** The finaliser of SplitMix64 (Steele, Lea &amp; Flood 2014): every bit of the input moves every bit out. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
