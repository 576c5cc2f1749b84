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

/**
 * How {@link RvmModel#transform} scores a dataset, decided once per transform from the number of basis functions the
 * latent variance's quadratic form φᵀΣφ runs over and whether an output needs that variance.
 *
 * <p>Row by row, the variance costs k² multiply-adds per row in a scalar loop; in blocks, it is a matrix product
 * Φ_B L over a block of rows (Σ = LLᵀ, factored once per model), which runs at BLAS speed but needs the block: a
 * {@code mapPartitions}, below which Spark's optimiser does not push a filter on the output, where the row path is one
 * deterministic UDF that a filter on an input column goes below. {@code benchmarks/results/scoring-throughput.md}
 * measured the block path against the row path with the variance at 1.1–1.4× (10 basis functions), 1.2–1.4× (100),
 * 2.9× (256), 4.5× (512), 5.7–7.5× (1,000) and 21–22× (6,401), and without the variance at 0.6–1.2× at every size
 * (both are then bound by the k kernel values of a row, not by a product). So a model scores in blocks only when the
 * variance is needed and it has more than {@link #ROW_SCORING_MAX_BASIS_FUNCTIONS} basis functions.
 */
enum ScoringPath {

  /** One deterministic UDF per row ({@code Predictive.at}): filters on input columns run before the scoring. */
  ROWS,

  /**
   * Blocks of {@link RvmModel#SCORING_BLOCK_ROWS} rows per partition ({@code mapPartitions}, {@code Predictive.block}):
   * a filter after transform is not pushed below the scoring, so filter before transform.
   */
  BLOCKS;

  /**
   * The most basis functions (binary and regression: the kept ones, the bias included; multi-class: the sum over the
   * classes of each class' kept ones, the order of the joint Σ) that transform scores row by row when it needs the
   * variance. Measured with the variance ({@code benchmarks/results/scoring-throughput.md}, Java BLAS, 2 cores), the
   * blocks gain only 1.1–1.4× up to 100 basis functions, 2.9× at 256, 4.5× at 512, 5.7–7.5× at 1,000 and 21–22× at
   * 6,401. Up to 256 (the size of most em and fast models: tens to low hundreds of relevance vectors) the row path
   * still scores about 30,000 rows a second with the variance and keeps filter pushdown; above it the products win
   * by a widening margin.
   */
  static final int ROW_SCORING_MAX_BASIS_FUNCTIONS = 256;

  /**
   * {@return how to score}
   *
   * @param basisFunctions the basis functions the variance runs over (see {@link #ROW_SCORING_MAX_BASIS_FUNCTIONS})
   * @param variance whether an output needs the latent variance
   * @param rowLimit the most basis functions scored row by row ({@link #ROW_SCORING_MAX_BASIS_FUNCTIONS}, lower in
   *     tests)
   */
  static ScoringPath of(int basisFunctions, boolean variance, int rowLimit) {
    return variance && basisFunctions > rowLimit ? BLOCKS : ROWS;
  }

  /**
   * {@return the choice and its reason, for the log}
   *
   * @param basisFunctions the basis functions the variance runs over
   * @param variance whether an output needs the latent variance
   * @param rowLimit the most basis functions scored row by row
   */
  String describe(int basisFunctions, boolean variance, int rowLimit) {
    if (this == BLOCKS) {
      return "transform scores blocks of " + RvmModel.SCORING_BLOCK_ROWS + " rows with matrix products "
          + "(mapPartitions): " + basisFunctions + " basis functions > " + rowLimit + ", with the variance. A filter "
          + "after transform is not pushed below the scoring: filter before transform to score fewer rows";
    }
    return "transform scores row by row in one deterministic UDF (a filter on an input column runs before it): "
        + basisFunctions + " basis functions" + (variance ? ", at most " + rowLimit : ", and no output needs the "
        + "variance (blocks gain nothing without it)");
  }
}
