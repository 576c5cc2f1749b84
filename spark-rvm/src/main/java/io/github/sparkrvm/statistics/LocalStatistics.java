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

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.linalg.Backend;
import io.github.sparkrvm.linalg.MatrixProduct;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The statistics seam over an expanded design held on one JVM, in row blocks of at most {@link #BLOCK_ROWS} rows:
 * each block holds the basis of its rows over every candidate. Every evaluation runs the same BLAS accumulators as a
 * cluster pass, block by block, and reads no data: once the design is collected, a fit makes no further passes.
 * For data whose design fits the driver, where a pass costs mostly the latency of a Spark job.
 */
public final class LocalStatistics implements RowCollection {

  /**
   * The rows of one block expanded over every candidate.
   *
   * @param rows the number of rows
   * @param phi their basis over every candidate (rows × M, column-major)
   * @param labels their labels
   * @param rowWeights their weights
   */
  public record ExpandedBlock(int rows, double[] phi, double[] labels, double[] rowWeights) {

    /** Checks the sizes (a multiple of rows for phi; the candidates are checked by the statistics). */
    public ExpandedBlock {
      if (rows < 0 || labels.length != rows || rowWeights.length != rows || (rows > 0 && phi.length % rows != 0)) {
        throw new IllegalArgumentException("ExpandedBlock: " + phi.length + " basis values, " + labels.length
            + " labels and " + rowWeights.length + " weights do not make " + rows + " rows");
      }
    }
  }

  /**
   * The most rows of a block the driver holds: the rows collected to it ({@code BlockStatistics.collectLocal}) and
   * those a sample of them keeps are cut again into blocks of at most this many (of the partitions' blocks, sized for
   * an executor's memory, 416 rows of the 256-feature digits and 17 of a 32,768-row pilot sample of 10⁶ rows remain;
   * the products of a pass over blocks that thin run at a fraction of BLAS's speed), and the cut depends on the number
   * of rows only, not on the partitioning.
   */
  public static final int BLOCK_ROWS = 2048;

  private final List<ExpandedBlock> blocks;
  private final int m;
  /** The class read as 1 (all others as 0) by a one-vs-rest view; NaN: the labels as they are. */
  private final double positiveClass;

  /**
   * Over expanded blocks.
   *
   * @param blocks the blocks, each over all {@code numCandidates} candidates (not copied: not to be changed after)
   * @param numCandidates M
   */
  public LocalStatistics(List<ExpandedBlock> blocks, int numCandidates) {
    this(List.copyOf(blocks), numCandidates, Double.NaN);
    for (ExpandedBlock block : blocks) {
      if (block.phi().length != (long) block.rows() * numCandidates) {
        throw new IllegalArgumentException("LocalStatistics: a block of " + block.rows() + " rows holds "
            + block.phi().length + " basis values, not " + block.rows() + " × " + numCandidates);
      }
    }
  }

  /**
   * {@return the design of {@code rows} expanded over every candidate of {@code basis} on this JVM's cores: the rows
   * cut again into blocks of at most {@link #BLOCK_ROWS} (by their number alone, so the blocks do not depend on how
   * they were partitioned), each block expanded with the same code as a cluster pass}
   *
   * @param rows the rows, their features scaled as the basis expects
   * @param basis the candidate basis
   */
  public static LocalStatistics expanded(List<RowBlock> rows, BasisFunctions basis) {
    int[] columns = IntStream.range(0, basis.numCandidates()).toArray();
    List<ExpandedBlock> expanded = RowBlock.recut(rows, BLOCK_ROWS).parallelStream()
        .map(block -> new ExpandedBlock(block.size(), basis.expand(block, columns), block.labels(), block.weights()))
        .toList();
    return new LocalStatistics(expanded, basis.numCandidates());
  }

  private LocalStatistics(List<ExpandedBlock> blocks, int numCandidates, double positiveClass) {
    this.blocks = blocks;
    this.m = numCandidates;
    this.positiveClass = positiveClass;
  }

  /**
   * {@return the labels as a view reads them: as they are when {@code positiveClass} is NaN, else 1 for that class
   * and 0 for every other (one-vs-rest)}
   *
   * @param labels the labels
   * @param positiveClass the class against the rest, or NaN
   */
  public static double[] viewLabels(double[] labels, double positiveClass) {
    if (Double.isNaN(positiveClass)) {
      return labels;
    }
    double[] t = new double[labels.length];
    for (int i = 0; i < t.length; i++) {
      t[i] = labels[i] == positiveClass ? 1.0 : 0.0;
    }
    return t;
  }

  /** {@return the number of rows} */
  public long rows() {
    long n = 0;
    for (ExpandedBlock block : blocks) {
      n += block.rows();
    }
    return n;
  }

  /** {@return the rows of each block, in order} */
  public int[] blockRows() {
    return blocks.stream().mapToInt(ExpandedBlock::rows).toArray();
  }

  /**
   * {@return the design as one matrix, the blocks' rows in order, with the labels of this view and the row weights}
   * For the dual form of the variational solver: a copy, so the driver holds the design twice.
   */
  @Override
  public DesignMatrix design() {
    int n = Math.toIntExact(rows());
    double[] phi = new double[Math.multiplyExact(n, m)];
    double[] targets = new double[n];
    double[] weights = new double[n];
    int offset = 0;
    for (ExpandedBlock block : blocks) {
      int r = block.rows();
      for (int j = 0; j < m; j++) {
        System.arraycopy(block.phi(), j * r, phi, j * n + offset, r);
      }
      System.arraycopy(viewLabels(block.labels(), positiveClass), 0, targets, offset, r);
      System.arraycopy(block.rowWeights(), 0, weights, offset, r);
      offset += r;
    }
    return new DesignMatrix(n, m, phi, targets, weights);
  }

  @Override
  public int numCandidates() {
    return m;
  }

  @Override
  public LocalStatistics oneVsRest(int positive) {
    return new LocalStatistics(blocks, m, positive);
  }

  /** {@return these statistics: they are held on this JVM} */
  @Override
  public LocalStatistics local() {
    return this;
  }

  /**
   * A copy of the rows {@code sample} keeps, decided by each row's basis values over every candidate and its label,
   * in their order, in blocks of at most {@link #BLOCK_ROWS} rows ({@link RowBlock#cutSizes}, as the driver's).
   */
  @Override
  public LocalStatistics sample(RowSample sample) {
    return kept((b, i) -> {
      ExpandedBlock block = blocks.get(b);
      return sample.keeps(block.phi(), i, m, block.rows(), block.labels()[i]);
    });
  }

  /**
   * {@return a copy of the rows whose index (in the order of {@link #design()}, from 0) {@code keep} accepts, in
   * their order, in blocks of at most {@link #BLOCK_ROWS} rows} The folds of a cross-fit are such copies.
   *
   * @param keep whether to keep the row of an index
   */
  public LocalStatistics rowsWhere(java.util.function.LongPredicate keep) {
    long[] first = new long[blocks.size()];
    for (int b = 1; b < blocks.size(); b++) {
      first[b] = first[b - 1] + blocks.get(b - 1).rows();
    }
    return kept((b, i) -> keep.test(first[b] + i));
  }

  /** Whether to keep row {@code i} of block {@code b}. */
  private interface RowFilter {
    boolean keeps(int b, int i);
  }

  private LocalStatistics kept(RowFilter filter) {
    int[][] keptRows = new int[blocks.size()][];
    long total = 0;
    for (int b = 0; b < blocks.size(); b++) {
      int block = b;
      keptRows[b] = IntStream.range(0, blocks.get(b).rows()).filter(i -> filter.keeps(block, i)).toArray();
      total += keptRows[b].length;
    }
    List<ExpandedBlock> kept = new java.util.ArrayList<>();
    int source = 0;
    int from = 0;
    for (int n : RowBlock.cutSizes(total, BLOCK_ROWS)) {
      double[] phi = new double[n * m];
      double[] labels = new double[n];
      double[] weights = new double[n];
      for (int j = 0; j < n; j++) {
        while (from == keptRows[source].length) {
          source++;
          from = 0;
        }
        ExpandedBlock block = blocks.get(source);
        int r = block.rows();
        int row = keptRows[source][from++];
        labels[j] = block.labels()[row];
        weights[j] = block.rowWeights()[row];
        for (int col = 0; col < m; col++) {
          phi[col * n + j] = block.phi()[col * r + row];
        }
      }
      kept.add(new ExpandedBlock(n, phi, labels, weights));
    }
    return new LocalStatistics(List.copyOf(kept), m, positiveClass);
  }

  @Override
  public LazyGram gaussianColumns() {
    Moments moments = accumulate(() -> new Moments(m), (acc, block) -> acc.add(block, labels(block)), Moments::merge);
    return new LazyGram(moments.projection, moments.diagonal, moments.targetSquares, moments.targetSum,
        moments.weightSum, moments.count, this::gramColumn);
  }

  /** Column j of ΦᵀWΦ: Σ over the blocks of Φᵀ(w ∘ φⱼ). */
  private double[] gramColumn(int j) {
    return accumulate(() -> new double[m], (column, block) -> {
      int r = block.rows();
      if (r == 0) {
        return;
      }
      double[] weighted = new double[r];
      for (int i = 0; i < r; i++) {
        weighted[i] = block.rowWeights()[i] * block.phi()[j * r + i];
      }
      Backend.blas().dgemv("T", r, m, 1.0, block.phi(), r, weighted, 1, 1.0, column, 1);
    }, (a, b) -> {
      for (int i = 0; i < m; i++) {
        a[i] += b[i];
      }
      return a;
    });
  }

  /** ΦᵀWt, the diagonal of ΦᵀWΦ and the targets' weighted moments, block by block. */
  private static final class Moments {
    final double[] projection;
    final double[] diagonal;
    double targetSquares;
    double targetSum;
    double weightSum;
    long count;

    Moments(int m) {
      projection = new double[m];
      diagonal = new double[m];
    }

    Moments add(ExpandedBlock block, double[] targets) {
      int r = block.rows();
      double[] phi = block.phi();
      double[] w = block.rowWeights();
      for (int i = 0; i < r; i++) {
        targetSquares += w[i] * targets[i] * targets[i];
        targetSum += w[i] * targets[i];
        weightSum += w[i];
      }
      for (int j = 0; j < diagonal.length; j++) {
        double d = 0.0;
        double p = 0.0;
        for (int i = 0; i < r; i++) {
          double v = phi[j * r + i];
          d += w[i] * v * v;
          p += w[i] * targets[i] * v;
        }
        diagonal[j] += d;
        projection[j] += p;
      }
      count += r;
      return this;
    }

    Moments merge(Moments other) {
      for (int j = 0; j < diagonal.length; j++) {
        diagonal[j] += other.diagonal[j];
        projection[j] += other.projection[j];
      }
      targetSquares += other.targetSquares;
      targetSum += other.targetSum;
      weightSum += other.weightSum;
      count += other.count;
      return this;
    }
  }

  /** One pass over the collected blocks ({@link #accumulate}), each block's basis copied over the pass' columns. */
  @Override
  public <A> A pass(Pass<A> pass) {
    if (pass.classLabels()) {
      requireMultinomialLabels();
    }
    int[] over = pass.columns();
    Pass.Add<A> add = pass.add();
    return accumulate(pass.create()::create, (acc, block) -> add.add(acc,
        over == null ? block.phi() : columns(block, over), block.rows(), labels(block), block.rowWeights()),
        pass.merge()::merge);
  }

  /**
   * One pass over the collected blocks, on the driver's cores: the blocks are cut into as many contiguous runs as
   * there are processors (at most one per block), each run adds its blocks to a fresh accumulator, and the runs'
   * accumulators are merged in order, so the result does not depend on the threads' timing. With fewer blocks than
   * processors (a sample's single block), the runs' large products are spread over the cores
   * ({@link MatrixProduct#onCores}: the same bits).
   */
  private <A> A accumulate(Supplier<A> create, BiConsumer<A, ExpandedBlock> add, BinaryOperator<A> merge) {
    int cores = Runtime.getRuntime().availableProcessors();
    int runs = Math.max(1, Math.min(blocks.size(), cores));
    boolean spread = runs < cores;
    return IntStream.range(0, runs).parallel().mapToObj(r -> MatrixProduct.onCores(spread, () -> {
      A acc = create.get();
      for (int b = r * blocks.size() / runs; b < (r + 1) * blocks.size() / runs; b++) {
        add.accept(acc, blocks.get(b));
      }
      return acc;
    })).reduce(merge).orElseThrow();
  }

  private void requireMultinomialLabels() {
    if (!Double.isNaN(positiveClass)) {
      throw new IllegalStateException("a one-vs-rest view has binary labels: it has no multinomial terms");
    }
  }

  private double[] labels(ExpandedBlock block) {
    return viewLabels(block.labels(), positiveClass);
  }

  /** The block's basis over the given candidates (rows × their number, column-major). */
  private static double[] columns(ExpandedBlock block, int[] over) {
    int r = block.rows();
    double[] out = new double[r * over.length];
    for (int a = 0; a < over.length; a++) {
      System.arraycopy(block.phi(), over[a] * r, out, a * r, r);
    }
    return out;
  }
}
