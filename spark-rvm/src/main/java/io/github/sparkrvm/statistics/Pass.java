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
 * One pass of an accumulator over the data (Spark's {@code DifferentiableLossAggregator} shape): each source of rows
 * expands its blocks over the chosen columns of the candidate basis, adds each block to an accumulator made by
 * {@code create} (with the labels of its view and the row weights), and merges the accumulators in the order of the
 * rows. The family passes are functions beside their accumulators ({@code GaussianAccumulator.pass}, …); every
 * {@link DesignStatistics} runs them with its one {@link DesignStatistics#pass}.
 *
 * @param what what the pass computes, for the Spark job's description
 * @param columns the candidates to expand each block over, ascending; null: every candidate
 * @param create a fresh accumulator
 * @param add how a block is added to an accumulator
 * @param merge how two accumulators merge (the first's rows before the second's)
 * @param classLabels whether the pass reads class labels 0 … K−1 (a one-vs-rest view has none)
 * @param <A> the accumulator
 */
public record Pass<A>(String what, int[] columns, Create<A> create, Add<A> add, Merge<A> merge,
    boolean classLabels) implements Serializable {

  /**
   * A fresh accumulator.
   *
   * @param <A> the accumulator
   */
  @FunctionalInterface
  public interface Create<A> extends Serializable {
    /** {@return a fresh accumulator} */
    A create();
  }

  /**
   * Adds one block to an accumulator.
   *
   * @param <A> the accumulator
   */
  @FunctionalInterface
  public interface Add<A> extends Serializable {
    /**
     * Adds the block.
     *
     * @param accumulator the accumulator
     * @param phi the block's basis over the pass' columns (rows × columns, column-major)
     * @param rows the rows of the block
     * @param labels their labels, as the view reads them
     * @param rowWeights their weights
     */
    void add(A accumulator, double[] phi, int rows, double[] labels, double[] rowWeights);
  }

  /**
   * Merges two accumulators.
   *
   * @param <A> the accumulator
   */
  @FunctionalInterface
  public interface Merge<A> extends Serializable {
    /**
     * {@return the two merged (the first's rows before the second's)}
     *
     * @param first the first
     * @param second the second
     */
    A merge(A first, A second);
  }

  /**
   * {@return a pass over {@code columns} whose labels are read as the view reads them}
   *
   * @param what what the pass computes
   * @param columns the candidates to expand each block over, ascending; null: every candidate
   * @param create a fresh accumulator
   * @param add how a block is added
   * @param merge how two accumulators merge
   * @param <A> the accumulator
   */
  public static <A> Pass<A> of(String what, int[] columns, Create<A> create, Add<A> add, Merge<A> merge) {
    return new Pass<>(what, columns, create, add, merge, false);
  }

  /** {@return this pass, reading class labels (refused by a one-vs-rest view)} */
  public Pass<A> ofClasses() {
    return new Pass<>(what, columns, create, add, merge, true);
  }
}
