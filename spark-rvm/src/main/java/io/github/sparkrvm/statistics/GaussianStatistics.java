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

import io.github.sparkrvm.linalg.DenseMatrices;
import java.util.Arrays;

/**
 * The sufficient statistics of a Gaussian likelihood over all candidate basis functions, with row weights w:
 * {@code gram = ΦᵀWΦ} (m × m, column-major), {@code projection = ΦᵀWt}, {@code targetSquares = tᵀWt},
 * {@code targetSum = Σwt}, {@code weightSum = Σw} and the number of rows. After these, every re-estimation step
 * runs without the data.
 */
public record GaussianStatistics(int numBasis, double[] gram, double[] projection, double targetSquares,
    double targetSum, double weightSum, long count) implements GaussianColumns {

  /**
   * Checks the sizes.
   *
   * @param numBasis m, the number of candidate basis functions
   * @param gram ΦᵀWΦ (m × m, column-major)
   * @param projection ΦᵀWt
   * @param targetSquares tᵀWt
   * @param targetSum Σwt
   * @param weightSum Σw
   * @param count the number of rows
   */
  public GaussianStatistics {
    if (gram.length != numBasis * numBasis || projection.length != numBasis) {
      throw new IllegalArgumentException("GaussianStatistics: sizes do not match " + numBasis + " basis functions");
    }
  }

  @Override
  public double[] gramDiagonal() {
    double[] diagonal = new double[numBasis];
    for (int i = 0; i < numBasis; i++) {
      diagonal[i] = gram[i * numBasis + i];
    }
    return diagonal;
  }

  @Override
  public double[] gramColumn(int j) {
    return Arrays.copyOfRange(gram, j * numBasis, (j + 1) * numBasis);
  }

  @Override
  public double[] gramSubmatrix(int[] active) {
    return DenseMatrices.submatrix(gram, numBasis, active);
  }
}
