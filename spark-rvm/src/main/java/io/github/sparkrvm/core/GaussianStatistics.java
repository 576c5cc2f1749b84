package io.github.sparkrvm.core;

/**
 * The sufficient statistics of a Gaussian likelihood over all candidate basis functions, with row weights w:
 * {@code gram = ΦᵀWΦ} (m × m, column-major), {@code projection = ΦᵀWt}, {@code targetSquares = tᵀWt},
 * {@code targetSum = Σwt}, {@code weightSum = Σw} and the number of rows. After these, every re-estimation step
 * runs without the data.
 */
public record GaussianStatistics(int numBasis, double[] gram, double[] projection, double targetSquares,
    double targetSum, double weightSum, long count) {

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

  /**
   * {@return the weighted variance of the targets, checked: there must be weight, and the targets must vary}
   *
   * @throws IllegalArgumentException otherwise
   */
  public double checkedTargetVariance() {
    if (!(weightSum > 0.0)) {
      throw new IllegalArgumentException("no training rows with positive weight");
    }
    double variance = targetVariance();
    if (!(variance > 0.0)) {
      throw new IllegalArgumentException("the targets are constant: there is nothing to learn");
    }
    return variance;
  }

  /** {@return the weighted variance of the targets} */
  public double targetVariance() {
    double mean = targetSum / weightSum;
    return Math.max(targetSquares / weightSum - mean * mean, 0.0);
  }
}
