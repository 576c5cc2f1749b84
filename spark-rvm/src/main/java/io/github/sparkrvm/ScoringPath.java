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
 * How a model's {@code transform} ({@link RvmCore#transform}) scores a dataset, decided once per transform from
 * the number of basis functions of the model.
 *
 * <p>Row by row, the variance costs k² multiply-adds per row in a scalar loop, and the UDF's closure carries the
 * model (Σ: k² doubles) into every task; in blocks, the variance is a matrix product Φ_B L over a block of rows (Σ =
 * LLᵀ, factored once per model) and the model is broadcast once, but the block needs a {@code mapPartitions}, below
 * which Spark's optimiser does not push a filter on the output, where the row path is one deterministic UDF that a
 * filter on an input column goes below. {@code benchmarks/results/scoring-throughput.md} measured the block path
 * against the row path with the variance at 0.4–1.8× (10 and 100 basis functions), 2.9–3.1× (256), 4.2–4.5× (512),
 * 3.9–7.5× (1,000) and 16–22× (6,401); without the variance the arithmetic runs at 0.5–1.2× at every size (bound by
 * the k kernel values of a row), but through transform the 6,383-function variational model scored 5,000 rows with
 * MAP probabilities in 3.6 s row by row against 1.8 s in blocks (evaluate: 23 s against 4.0 s), the closure's Σ
 * shipped with every task. So a model scores in blocks when it has more than {@link #ROW_SCORING_MAX_BASIS_FUNCTIONS}
 * basis functions, whatever its outputs.
 */
enum ScoringPath {

  /** One deterministic UDF per row ({@code Predictive.at}): filters on input columns run before the scoring. */
  ROWS,

  /**
   * Blocks of {@link RvmCore#SCORING_BLOCK_ROWS} rows per partition ({@code mapPartitions}, {@code Predictive.block}):
   * a filter after transform is not pushed below the scoring, so filter before transform.
   */
  BLOCKS;

  /**
   * The most basis functions (binary and regression: the kept ones, the bias included; multi-class: the sum over the
   * classes of each class' kept ones, the order of the joint Σ) that transform scores row by row. Measured with the
   * variance ({@code benchmarks/results/scoring-throughput.md}, Java BLAS, 2 cores), the blocks gain only 0.4–1.8× up
   * to 100 basis functions, 2.9–3.1× at 256, 4.2–4.5× at 512, 3.9–7.5× at 1,000 and 16–22× at 6,401. Up to 256 (the
   * size of most em and fast models: tens to low hundreds of relevance vectors) the row path still scores about
   * 30,000 rows a second with the variance and keeps filter pushdown; above it the products win by a widening margin.
   */
  static final int ROW_SCORING_MAX_BASIS_FUNCTIONS = 256;

  /**
   * {@return how to score}
   *
   * @param basisFunctions the model's basis functions (see {@link #ROW_SCORING_MAX_BASIS_FUNCTIONS})
   * @param rowLimit the most basis functions scored row by row ({@link #ROW_SCORING_MAX_BASIS_FUNCTIONS}, lower in
   *     tests)
   */
  static ScoringPath of(int basisFunctions, int rowLimit) {
    return basisFunctions > rowLimit ? BLOCKS : ROWS;
  }

  /**
   * {@return the choice and its reason, for the log}
   *
   * @param basisFunctions the model's basis functions
   * @param rowLimit the most basis functions scored row by row
   */
  String describe(int basisFunctions, int rowLimit) {
    if (this == BLOCKS) {
      return "transform scores blocks of " + RvmCore.SCORING_BLOCK_ROWS + " rows with matrix products "
          + "(mapPartitions): " + basisFunctions + " basis functions > " + rowLimit + ". A filter after transform is "
          + "not pushed below the scoring: filter before transform to score fewer rows";
    }
    return "transform scores row by row in one deterministic UDF (a filter on an input column runs before it): "
        + basisFunctions + " basis functions <= " + rowLimit;
  }
}
