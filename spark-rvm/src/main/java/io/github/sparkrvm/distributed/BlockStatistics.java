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

package io.github.sparkrvm.distributed;

import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.FeatureScaling;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.statistics.DesignMatrix;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.Pass;
import io.github.sparkrvm.statistics.RowCollection;
import io.github.sparkrvm.statistics.RowSample;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.Function0;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;

/**
 * The statistics seam across a cluster: each partition expands its row blocks against the broadcast basis and
 * accumulates one partial result; {@link PartitionOrder} merges them to the driver in partition order. Every call
 * is one pass over the (cached) blocks.
 */
public final class BlockStatistics implements RowCollection {

  private final JavaRDD<RowBlock> blocks;
  private final Broadcast<BasisFunctions> basis;
  private final int numCandidates;
  private final int depth;
  /** The class read as 1 (all others as 0) by a one-vs-rest view; NaN: the labels as they are. */
  private final double positiveClass;
  /** Shared by a statistics and its one-vs-rest views. */
  private final AtomicInteger passes;
  /** Who makes the passes (and at which step), at the head of each pass' Spark job description. */
  private final Supplier<String> owner;
  /** The samples a row must be kept by to be read (empty: every row). */
  private final List<RowSample> samples;
  /** The one sample view whose rows are cached, shared by a statistics and its views ({@link #passBlocks}). */
  private final AtomicReference<CachedSample> cachedSample;

  /** A sample view's rows, cached: the samples that keep them, and their blocks. */
  private record CachedSample(List<RowSample> samples, JavaRDD<RowBlock> blocks) {}

  /**
   * Statistics over cached row blocks.
   *
   * @param blocks the training rows, in blocks (cached by the caller)
   * @param basis the candidate basis functions, broadcast to the executors
   * @param aggregationDepth the {@code treeReduce} depth
   */
  public BlockStatistics(JavaRDD<RowBlock> blocks, Broadcast<BasisFunctions> basis, int aggregationDepth) {
    this(blocks, basis, aggregationDepth, Double.NaN, new AtomicInteger(), () -> "spark-rvm", List.of(),
        new AtomicReference<>());
  }

  private BlockStatistics(JavaRDD<RowBlock> blocks, Broadcast<BasisFunctions> basis, int aggregationDepth,
      double positiveClass, AtomicInteger passes, Supplier<String> owner, List<RowSample> samples,
      AtomicReference<CachedSample> cachedSample) {
    this.blocks = blocks;
    this.basis = basis;
    this.numCandidates = basis.value().numCandidates();
    this.depth = aggregationDepth;
    this.positiveClass = positiveClass;
    this.passes = passes;
    this.owner = owner;
    this.samples = samples;
    this.cachedSample = cachedSample;
  }

  /**
   * {@return these statistics with their passes' Spark job descriptions headed by {@code who} (e.g. the estimator's
   * uid and the fit's step, asked at each pass): "who: statistics pass n: what the pass computes"}
   *
   * @param who the head of every description
   */
  public BlockStatistics describedAs(Supplier<String> who) {
    return new BlockStatistics(blocks, basis, depth, positiveClass, passes, who, samples, cachedSample);
  }

  @Override
  public DesignStatistics oneVsRest(int positive) {
    return new BlockStatistics(blocks, basis, depth, positive, passes, owner, samples, cachedSample);
  }

  /**
   * Groups training rows into dense blocks of at most {@code blockRows} rows, mapped by {@code scaling}.
   *
   * @param rows the training rows
   * @param scaling the feature scaling to apply
   * @param blockRows the most rows per block
   * @return the blocks
   */
  public static JavaRDD<RowBlock> toBlocks(JavaRDD<TrainingRow> rows, FeatureScaling scaling, int blockRows) {
    return rows.mapPartitions(it -> blocksOf(it, scaling, blockRows));
  }

  private static Iterator<RowBlock> blocksOf(Iterator<TrainingRow> it, FeatureScaling scaling, int blockRows) {
    List<RowBlock> out = new ArrayList<>();
    int d = scaling.dim();
    List<TrainingRow> pending = new ArrayList<>(blockRows);
    while (it.hasNext()) {
      TrainingRow row = it.next();
      if (row.weight() > 0.0) {
        pending.add(row);
      }
      if (pending.size() == blockRows || (!it.hasNext() && !pending.isEmpty())) {
        int n = pending.size();
        double[] x = new double[n * d];
        double[] t = new double[n];
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
          TrainingRow r = pending.get(i);
          scaling.apply(r.features(), x, i * d);
          t[i] = r.label();
          w[i] = r.weight();
        }
        out.add(new RowBlock(n, d, x, t, w));
        pending.clear();
      }
    }
    return out.iterator();
  }

  /**
   * {@return the rows per block so that a block's rows and its basis expansion (8 bytes for each of the {@code dim}
   * features and {@code numCandidates} basis values, plus label and weight) take at most {@code maxBlockSizeInMB}
   * MiB; 0 chooses about 4 MiB, between 16 and 4096 rows} At least one row.
   *
   * @param dim the number of features
   * @param numCandidates the number of candidate basis functions
   * @param maxBlockSizeInMB the largest block, in MB
   */
  public static int blockRows(int dim, int numCandidates, double maxBlockSizeInMB) {
    long perRow = 8L * (Math.max(dim, 1) + Math.max(numCandidates, 1) + 2);
    if (maxBlockSizeInMB > 0.0) {
      return (int) Math.max(1, Math.min(Integer.MAX_VALUE, (long) (maxBlockSizeInMB * (1 << 20)) / perRow));
    }
    return (int) Math.max(16, Math.min(4096, (4L << 20) / perRow));
  }

  /** {@return the passes over the data made so far} */
  public int passes() {
    return passes.get();
  }

  @Override
  public int numCandidates() {
    return numCandidates;
  }

  /** One pass over the cached blocks ({@link #pass(String, int[], Function0, BlockAdder, Function2)}). */
  @Override
  public <A> A pass(Pass<A> p) {
    if (p.classLabels()) {
      requireMultinomialLabels();
    }
    Pass.Create<A> create = p.create();
    Pass.Add<A> add = p.add();
    Pass.Merge<A> merge = p.merge();
    return pass(p.what(), p.columns() == null ? allCandidates() : p.columns(), create::create, add::add,
        merge::merge);
  }

  private void requireMultinomialLabels() {
    if (!Double.isNaN(positiveClass)) {
      throw new IllegalStateException("a one-vs-rest view has binary labels: it has no multinomial terms");
    }
  }

  /**
   * {@return the design expanded over every candidate on the driver: one pass collects the row blocks (N × d
   * features, the labels and weights) and sorts them ({@link RowBlock#canonical}), so the rows' order does not
   * depend on the partitioning or on the order of the rows, the rows are cut again into blocks of at most {@link LocalStatistics#BLOCK_ROWS} (by their number
   * alone, so neither do the blocks), and the driver's cores expand them with the same code as a pass, with the
   * labels of this view}
   * Later evaluations on the result make no passes. The driver holds N × M doubles.
   */
  public LocalStatistics collectLocal() {
    int pass = passes.incrementAndGet();
    LocalStatistics local = LocalStatistics.expanded(collected(blocks, samples,
        description(pass, "collect the rows to the driver")), basis.value());
    return Double.isNaN(positiveClass) ? local : local.oneVsRest((int) positiveClass);
  }

  /**
   * {@return the rows of {@code blocks} that {@code sample} keeps (null: every row), collected to the driver in their
   * canonical order ({@link RowBlock#canonical}; one Spark job, described as {@code description})}
   *
   * @param blocks the row blocks
   * @param sample the sample of the rows to collect, or null for every row
   * @param description the Spark job's description
   */
  public static List<RowBlock> collectRows(JavaRDD<RowBlock> blocks, RowSample sample, String description) {
    return collected(blocks, sample == null ? List.of() : List.of(sample), description);
  }

  private static List<RowBlock> collected(JavaRDD<RowBlock> blocks, List<RowSample> kept, String description) {
    // RowBlock is a record, which Spark's Kryo cannot serialize; its @DefaultSerializer makes Kryo use Java's
    List<RowBlock> rows = JobDescription.run(blocks.context(), description,
        kept.isEmpty() ? blocks::collect : () -> keptBlocks(blocks, kept).collect());
    return rows.isEmpty() ? rows : List.of(RowBlock.canonical(rows));
  }

  /** {@return the rows collected to the driver ({@link #collectLocal}, one pass)} */
  @Override
  public LocalStatistics local() {
    return collectLocal();
  }

  /**
   * {@return a view of the rows {@code sample} keeps (decided by each row's scaled features and label, so the same
   * rows whatever the partitioning): every pass of the view skips the other rows of each block before expanding it}
   */
  @Override
  public BlockStatistics sample(RowSample sample) {
    List<RowSample> kept = new ArrayList<>(samples);
    kept.add(sample);
    return new BlockStatistics(blocks, basis, depth, positiveClass, passes, owner, List.copyOf(kept), cachedSample);
  }

  /**
   * {@return the blocks a pass reads: every row's, or a sample view's kept rows, cached on the view's first pass
   * ({@code MEMORY_AND_DISK}, as the blocks: {@link #keptBlocks}, the same blocks as filtering them at every pass,
   * which hashed every row of the data again)} At most one sample is cached at a time: a pass over
   * other rows releases it, and {@link #releaseCachedSample} at the end of a fit.
   */
  private JavaRDD<RowBlock> passBlocks() {
    synchronized (cachedSample) {
      CachedSample cached = cachedSample.get();
      if (cached != null && cached.samples().equals(samples)) {
        return cached.blocks();
      }
      releaseCachedSample();
      if (samples.isEmpty()) {
        return blocks;
      }
      JavaRDD<RowBlock> view = keptBlocks(blocks, samples).persist(StorageLevel.MEMORY_AND_DISK());
      cachedSample.set(new CachedSample(samples, view));
      return view;
    }
  }

  /** {@return the blocks of the sample view cached now, or null} */
  JavaRDD<RowBlock> cachedSampleBlocks() {
    CachedSample cached = cachedSample.get();
    return cached == null ? null : cached.blocks();
  }

  /** Unpersists the rows of a sample view cached by its passes, if any (the caller's fit is over). */
  public void releaseCachedSample() {
    synchronized (cachedSample) {
      CachedSample cached = cachedSample.getAndSet(null);
      if (cached != null) {
        cached.blocks().unpersist(false);
      }
    }
  }

  /**
   * {@return the rows that every one of {@code kept} keeps, each partition's in their order and cut again into blocks
   * of at most as many rows as the partition's largest block ({@link RowBlock#recut}): a sample keeps a fraction of
   * each block, and the products of a pass over blocks that thin run at a fraction of BLAS's speed}
   */
  private static JavaRDD<RowBlock> keptBlocks(JavaRDD<RowBlock> blocks, List<RowSample> kept) {
    return blocks.mapPartitions(it -> {
      List<RowBlock> sampled = new ArrayList<>();
      int largest = 1;
      while (it.hasNext()) {
        RowBlock block = it.next();
        largest = Math.max(largest, block.size());
        sampled.add(sampled(block, kept));
      }
      return RowBlock.recut(sampled, largest).iterator();
    });
  }

  /** {@return the rows of {@code block} that every one of {@code samples} keeps} */
  private static RowBlock sampled(RowBlock block, List<RowSample> samples) {
    int d = block.dim();
    int[] rows = IntStream.range(0, block.size()).filter(i -> samples.stream()
        .allMatch(sample -> sample.keeps(block.features(), i * d, d, 1, block.labels()[i]))).toArray();
    double[] x = new double[rows.length * d];
    double[] t = new double[rows.length];
    double[] w = new double[rows.length];
    for (int j = 0; j < rows.length; j++) {
      System.arraycopy(block.features(), rows[j] * d, x, j * d, d);
      t[j] = block.labels()[rows[j]];
      w[j] = block.weights()[rows[j]];
    }
    return new RowBlock(rows.length, d, x, t, w);
  }

  /**
   * {@return the design collected to the driver ({@link #collectLocal}, one pass) as one matrix, for the dual form of
   * the variational solver}
   */
  @Override
  public DesignMatrix design() {
    return collectLocal().design();
  }

  private int[] allCandidates() {
    return IntStream.range(0, numCandidates).toArray();
  }

  /** How a pass adds one block to a partition's accumulator: the block's basis, row count, labels and weights. */
  @FunctionalInterface
  private interface BlockAdder<A> extends Serializable {
    void add(A accumulator, double[] phi, int n, double[] labels, double[] rowWeights);
  }

  /**
   * One pass over the data: every partition expands each of its blocks over the candidates {@code over} against the
   * broadcast basis (one matrix product per block, into the array of the partition's previous block when it has the
   * same size: no accumulator keeps a block's basis) and adds it to a fresh accumulator from {@code create}, with the
   * labels of this view; the partitions' accumulators are merged in partition order ({@link PartitionOrder}), so
   * that a pass gives the same bits whatever the cores, the serializer or the order in which tasks finish.
   */
  private <A> A pass(String what, int[] over, Function0<A> create, BlockAdder<A> add, Function2<A, A, A> merge) {
    Broadcast<BasisFunctions> bc = basis;
    int[] columns = over.clone();
    double positive = positiveClass;
    int pass = passes.incrementAndGet();
    JavaRDD<RowBlock> read = passBlocks();
    FlatMapFunction<Iterator<RowBlock>, A> partition = it -> {
      BasisFunctions b = bc.value();
      A acc = create.call();
      double[] phi = null;
      while (it.hasNext()) {
        RowBlock block = it.next();
        if (block.size() == 0) {
          continue;
        }
        phi = b.expand(block, columns, phi);
        add.add(acc, phi, block.size(), LocalStatistics.viewLabels(block.labels(), positive), block.weights());
      }
      return List.of(acc).iterator();
    };
    return JobDescription.run(blocks.context(), description(pass, what + " over " + columns.length
        + " basis functions"), () -> PartitionOrder.reduce(read.mapPartitions(partition), merge, depth));
  }

  /** {@return "owner: statistics pass n: what" (and the class of a one-vs-rest view)} */
  private String description(int pass, String what) {
    return owner.get() + ": statistics pass " + pass + ": " + what
        + (Double.isNaN(positiveClass) ? "" : " (class " + (int) positiveClass + " vs rest)")
        + (samples.isEmpty() ? "" : " (a sample of about " + samples.get(samples.size() - 1).fraction()
            + " of the rows)");
  }
}
