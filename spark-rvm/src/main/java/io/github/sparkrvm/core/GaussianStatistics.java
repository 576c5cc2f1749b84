package io.github.sparkrvm.core;

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
