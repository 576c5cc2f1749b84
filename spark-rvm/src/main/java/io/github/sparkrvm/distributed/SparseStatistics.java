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

import io.github.sparkrvm.statistics.CandidateChunk;
import io.github.sparkrvm.statistics.CandidateScores;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.DesignStatistics;
import io.github.sparkrvm.statistics.GaussianColumns;
import io.github.sparkrvm.statistics.GaussianStatistics;
import io.github.sparkrvm.statistics.LaplaceLikelihood;
import io.github.sparkrvm.statistics.LocalStatistics;
import io.github.sparkrvm.statistics.Pass;
import io.github.sparkrvm.statistics.SparseCandidateAccumulator;
import io.github.sparkrvm.statistics.SparseCrossProducts;
import io.github.sparkrvm.statistics.SparseGaussianMoments;
import io.github.sparkrvm.statistics.SparseRowBlock;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.spark.HashPartitioner;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.Function0;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * The statistics seam of the linear kernel over sparse rows across a cluster: the rows are cached as blocks of
 * compressed sparse rows over the candidates ({@link SparseRowBlock}: the scaled features, and the bias), and every
 * pass reads their nonzeros, so that a pass costs O(nonzeros × active features of a row), not O(rows × candidates),
 * and nothing of size candidates² is ever formed. The fast Laplace solvers' steps are scored apart
 * ({@link #laplaceScores}: each range of candidates summed and scored on an executor, the driver receiving S, Q and
 * the reach, O(M)), and so are the fast softmax's over its K·M flat (class, candidate) pairs
 * ({@link #multinomialScores}, O(K·M) on the driver); the candidates' terms with their M × k cross products ({@link SparseCandidateAccumulator}) are
 * still computed where asked (the first step's, over no active feature), the fast Gaussian solver's Gram columns one
 * pass each
 * ({@link SparseGaussianMoments}); passes over a few columns (the Newton steps over the active basis) expand each
 * block over those columns only and run the dense accumulators. Partitions merge in partition order
 * ({@link PartitionOrder}), so a pass gives the same bits whatever the cores.
 */
public final class SparseStatistics implements DesignStatistics {

  /** The most rows a block holds. */
  public static final int BLOCK_ROWS = 4096;

  private final JavaRDD<SparseRowBlock> blocks;
  private final Broadcast<double[]> factors;
  private final int numCandidates;
  private final int depth;
  /** The class read as 1 (all others as 0) by a one-vs-rest view; NaN: the labels as they are. */
  private final double positiveClass;
  private final AtomicInteger passes;
  private final Supplier<String> owner;
  private final ScoredSets scoredSets;

  private SparseStatistics(JavaRDD<SparseRowBlock> blocks, Broadcast<double[]> factors, int numCandidates, int depth,
      double positiveClass, AtomicInteger passes, Supplier<String> owner, ScoredSets scoredSets) {
    this.blocks = blocks;
    this.factors = factors;
    this.numCandidates = numCandidates;
    this.depth = depth;
    this.positiveClass = positiveClass;
    this.passes = passes;
    this.owner = owner;
    this.scoredSets = scoredSets;
  }

  /**
   * The candidates a fit scores ({@code over}: up to M indices, 1 MiB at 2¹⁸), each set broadcast once and shared
   * by the passes and the one-vs-rest views (a set per class at most, their fits may run at once), rather than
   * captured by the task closure of every pass.
   */
  private static final class ScoredSets {
    private final JavaSparkContext context;
    private final List<Broadcast<int[]>> shared = new ArrayList<>();

    ScoredSets(JavaSparkContext context) {
      this.context = context;
    }

    /** {@return {@code over} broadcast (an equal set's broadcast when there is one), or null for all candidates} */
    synchronized Broadcast<int[]> of(int[] over) {
      if (over == null) {
        return null;
      }
      for (Broadcast<int[]> b : shared) {
        if (java.util.Arrays.equals(b.value(), over)) {
          return b;
        }
      }
      Broadcast<int[]> b = context.broadcast(over.clone());
      shared.add(b);
      return b;
    }

    synchronized void release() {
      shared.forEach(Broadcast::destroy);
      shared.clear();
    }
  }

  /**
   * {@return statistics over {@code rows}, cached ({@code MEMORY_AND_DISK}) as blocks of sparse rows: feature j of a
   * row, times {@code scale[j]}, is candidate j (+ 1 with a bias, candidate 0, stored as 1 in every row); zeros
   * are not stored, rows of weight 0 are left out} {@link #release} unpersists them.
   *
   * @param rows the training rows (validated by the summary pass)
   * @param scale each feature's factor (no shift: a shift would fill the zeros)
   * @param intercept whether candidate 0 is the bias
   * @param aggregationDepth the {@code treeReduce} depth
   */
  public static SparseStatistics of(JavaRDD<TrainingRow> rows, double[] scale, boolean intercept,
      int aggregationDepth) {
    // broadcast: a closure holding the M factors would ship them with the task of every pass over the cached blocks
    Broadcast<double[]> factors = JavaSparkContext.fromSparkContext(rows.context()).broadcast(scale);
    JavaRDD<SparseRowBlock> blocks = rows.mapPartitions(it -> blocksOf(it, factors.value(), intercept))
        .persist(StorageLevel.MEMORY_AND_DISK());
    return new SparseStatistics(blocks, factors, scale.length + (intercept ? 1 : 0), aggregationDepth, Double.NaN,
        new AtomicInteger(), () -> "spark-rvm", new ScoredSets(JavaSparkContext.fromSparkContext(rows.context())));
  }

  private static Iterator<SparseRowBlock> blocksOf(Iterator<TrainingRow> it, double[] scale, boolean intercept) {
    List<SparseRowBlock> out = new ArrayList<>();
    int first = intercept ? 1 : 0;
    List<TrainingRow> pending = new ArrayList<>(BLOCK_ROWS);
    while (it.hasNext()) {
      TrainingRow row = it.next();
      if (row.weight() > 0.0) {
        pending.add(row);
      }
      if (pending.size() == BLOCK_ROWS || (!it.hasNext() && !pending.isEmpty())) {
        int n = pending.size();
        int[] start = new int[n + 1];
        for (int i = 0; i < n; i++) {
          start[i + 1] = start[i] + first + pending.get(i).vector().numActives();
        }
        int[] index = new int[start[n]];
        double[] value = new double[start[n]];
        double[] t = new double[n];
        double[] w = new double[n];
        int e = 0;
        for (int i = 0; i < n; i++) {
          TrainingRow r = pending.get(i);
          if (intercept) {
            index[e] = 0;
            value[e++] = 1.0;
          }
          e = nonzeros(r.vector(), scale, first, index, value, e);
          start[i + 1] = e;
          t[i] = r.label();
          w[i] = r.weight();
        }
        out.add(new SparseRowBlock(n, start, java.util.Arrays.copyOf(index, e), java.util.Arrays.copyOf(value, e),
            t, w));
        pending.clear();
      }
    }
    return out.iterator();
  }

  /** Writes the scaled nonzeros of {@code v} as candidates {@code first + j} from position e; returns the end. */
  private static int nonzeros(Vector v, double[] scale, int first, int[] index, double[] value, int e) {
    if (v instanceof SparseVector s) {
      int[] idx = s.indices();
      double[] val = s.values();
      for (int i = 0; i < idx.length; i++) {
        if (val[i] != 0.0) {
          index[e] = first + idx[i];
          value[e++] = val[i] * scale[idx[i]];
        }
      }
      return e;
    }
    double[] x = v.toArray();
    for (int j = 0; j < x.length; j++) {
      if (x[j] != 0.0) {
        index[e] = first + j;
        value[e++] = x[j] * scale[j];
      }
    }
    return e;
  }

  /**
   * {@return these statistics with their passes' Spark job descriptions headed by {@code who}}
   *
   * @param who the head of every description
   */
  public SparseStatistics describedAs(Supplier<String> who) {
    return new SparseStatistics(blocks, factors, numCandidates, depth, positiveClass, passes, who, scoredSets);
  }

  /** Unpersists the cached blocks and destroys the broadcast factors and scored sets (the fit is over). */
  public void release() {
    blocks.unpersist(false);
    factors.destroy();
    scoredSets.release();
  }

  /** {@return the passes over the data made so far} */
  public int passes() {
    return passes.get();
  }

  @Override
  public int numCandidates() {
    return numCandidates;
  }

  @Override
  public DesignStatistics oneVsRest(int positive) {
    return new SparseStatistics(blocks, factors, numCandidates, depth, positive, passes, owner, scoredSets);
  }

  /**
   * One pass of a dense accumulator over the pass' columns: each block is expanded over those columns only (rows ×
   * columns doubles). A pass over every candidate (e.g. the whole Gram matrix) is refused: it is what this layout
   * exists not to form.
   */
  @Override
  public <A> A pass(Pass<A> p) {
    if (p.columns() == null) {
      throw new IllegalStateException("the sparse layout of kernel 'linear' does not expand rows over all "
          + numCandidates + " candidates (" + p.what() + "): only solver 'fast' runs on it");
    }
    if (p.classLabels() && !Double.isNaN(positiveClass)) {
      throw new IllegalStateException("a one-vs-rest view has binary labels: it has no multinomial terms");
    }
    int[] columns = p.columns().clone();
    Pass.Create<A> create = p.create();
    Pass.Add<A> add = p.add();
    Pass.Merge<A> merge = p.merge();
    return run(p.what(), create::create, new ExpandedAdder<>(add, columns, numCandidates), merge::merge);
  }

  /** Adds a block expanded over a pass' columns (the position of each candidate made once per task). */
  private static final class ExpandedAdder<A> implements SparseAdder<A> {
    private static final long serialVersionUID = 1L;
    private final Pass.Add<A> add;
    private final int[] columns;
    private final int numCandidates;
    private transient int[] position;

    ExpandedAdder(Pass.Add<A> add, int[] columns, int numCandidates) {
      this.add = add;
      this.columns = columns;
      this.numCandidates = numCandidates;
    }

    @Override
    public void add(A acc, SparseRowBlock block, double[] labels) {
      if (position == null) {
        position = SparseRowBlock.positions(numCandidates, columns);
      }
      add.add(acc, block.expand(position, columns.length), block.size(), labels, block.weights());
    }
  }

  /** The whole Gram matrix is M × M: refused ({@link #gaussianColumns} is what the fast solver reads). */
  @Override
  public GaussianStatistics gaussian() {
    throw new IllegalStateException("the sparse layout of kernel 'linear' never forms the " + numCandidates + " × "
        + numCandidates + " Gram matrix: only solver 'fast' runs on it");
  }

  /**
   * The share of the driver's heap the fast gaussian solver's cache of whole Gram columns may take (15%: 75 columns of
   * 2¹⁸ + 1 candidates in 1 GiB), besides the O(M + k²) that {@code DriverMemory} checks.
   */
  static final double GRAM_CACHE_SHARE = 0.15;

  /**
   * ΦᵀWt, the Gram diagonal and the targets' moments in one pass; each Gram column the solver asks for, one more
   * (whole while the cache of {@link #GRAM_CACHE_SHARE} of the heap has room, else at the candidates asked for only);
   * the candidates' S and Q from the active columns while they are cached, else scored apart, one pass each time
   * ({@link #gaussianScores}): the driver holds O(M + k²) and that cache, never more of the M × k Gram columns.
   */
  @Override
  public GaussianColumns gaussianColumns() {
    return gaussianColumns((int) Math.min(Integer.MAX_VALUE,
        (long) (GRAM_CACHE_SHARE * Runtime.getRuntime().maxMemory()) / (8L * numCandidates)));
  }

  /** {@link #gaussianColumns()} with at most {@code maxColumns} whole columns kept (0: every step scored apart). */
  GaussianColumns gaussianColumns(int maxColumns) {
    int m = numCandidates;
    SparseGaussianMoments moments = run("Gaussian moments over " + m + " candidates (sparse rows)",
        () -> new SparseGaussianMoments(m), (acc, block, labels) -> acc.add(block, labels),
        SparseGaussianMoments::merge);
    return moments.scoredApart(j -> run("Gram column " + j + " of " + m + " candidates (sparse rows)",
        () -> new double[m], (column, block, labels) -> SparseGaussianMoments.column(block, j, column),
        (a, b) -> {
          for (int i = 0; i < a.length; i++) {
            a[i] += b[i];
          }
          return a;
        }), this::gaussianScores, maxColumns);
  }

  /**
   * {S, Q} of every candidate of the Gaussian fit at the posterior (mean μ, covariance Σ) over {@code active} at noise
   * precision β ({@link GaussianColumns#sparsityQuality}), scored apart as {@link #laplaceScores}: the Gram entries
   * cᵢ with the active candidates summed by ranges, and S/β = Gᵢᵢ − cᵢᵀ(βΣ)cᵢ, Q/β = (ΦᵀWt)ᵢ − cᵢᵀμ scored there.
   */
  private double[][] gaussianScores(int[] active, double[] covariance, double[] mean, double beta) {
    int m = numCandidates;
    int[] act = active.clone();
    double[] scaled = covariance.clone();
    for (int i = 0; i < scaled.length; i++) {
      scaled[i] *= beta;
    }
    double[] shift = new double[mean.length];
    for (int a = 0; a < shift.length; a++) {
      shift[a] = -mean[a];
    }
    CandidateScores scores = scoredApart("Gaussian scores of " + m + " candidates", m, active.length, scaled, shift,
        null, scored -> SparseCrossProducts.gaussian(m, act, scored));
    double[] bigS = scores.sparsity();
    double[] bigQ = scores.quality();
    for (int i = 0; i < m; i++) {
      bigS[i] *= beta;
      bigQ[i] *= beta;
    }
    return new double[][] {bigS, bigQ};
  }

  @Override
  public CandidateTerms laplaceCandidates(LaplaceLikelihood likelihood, int[] active, double[] weights) {
    return candidates(likelihood, active, weights, null);
  }

  @Override
  public CandidateTerms laplaceCandidates(LaplaceLikelihood likelihood, int[] active, double[] weights,
      int[] over) {
    return candidates(likelihood, active, weights, over);
  }

  /**
   * The copies of the candidates' terms (M × (k + 2) doubles) a step holds on the driver at once, besides the
   * partitions' results it merges; a pass whose terms would take more than 60% of the heap with them all is refused
   * before it runs (the fit reached more active features than there is room for).
   */
  public static final int TERM_COPIES = 4;

  private CandidateTerms candidates(LaplaceLikelihood likelihood, int[] active, double[] weights, int[] over) {
    int m = numCandidates;
    checkTermsFit(over == null ? m : over.length, active.length);
    int[] act = active.clone();
    double[] w = weights.clone();
    Broadcast<int[]> scored = scoredSets.of(over);
    return run(likelihood.title() + " candidate statistics over " + (over == null ? m : over.length + " of " + m)
        + " candidates (sparse rows)",
        () -> new SparseCandidateAccumulator(likelihood, m, act, w, scored == null ? null : scored.value()),
        (acc, block, labels) -> acc.add(block, labels), SparseCandidateAccumulator::merge).result();
  }

  /**
   * Refuses a pass whose terms over {@code width} candidates against {@code k} active ones would take more than 60%
   * of the driver's heap with all their copies ({@link #TERM_COPIES}, each partition's result, the local tasks').
   */
  private void checkTermsFit(long width, int k) {
    // the step's copies, each partition's result merged on the driver, and in local mode the running tasks'
    // accumulators with their serialised results, which share the driver's heap
    long copies = TERM_COPIES + blocks.getNumPartitions()
        + (blocks.context().isLocal() ? 2L * blocks.context().defaultParallelism() : 0);
    long bytes = copies * 8L * width * (k + 2L);
    long heap = Runtime.getRuntime().maxMemory();
    if (bytes > heap / 10 * 6) {
      throw new IllegalStateException("solver fast reached " + k + " active features over " + width
          + " candidates: their terms (" + copies + " copies of " + width + " × " + (k + 2)
          + " doubles: a step's, each partition's result" + (blocks.context().isLocal() ? " and the local tasks'" : "")
          + "; " + (bytes >> 20) + " MiB) do not fit 60% of the driver's " + (heap >> 20) + " MiB. The "
          + "scale-free prior keeps about a third of the noise features seen in many rows and every feature seen in "
          + "a single misfit row: drop rare features first (e.g. CountVectorizer's minDF), use fewer features, or "
          + "raise spark.driver.memory");
    }
  }

  /** Candidates scored apart: each candidate's cross products are summed and scored by range over the cluster. */
  @Override
  public boolean scoresApart() {
    return true;
  }

  /**
   * The most doubles of cross products one range of candidates is summed into where it is scored (16 MiB): a fit
   * over M candidates with k active scores them in ⌈M·k / this⌉ ranges (at least one per core).
   */
  static final long RANGE_DOUBLES = 1L << 21;

  /**
   * S and Q of every candidate scored, in one pass and one shuffle, the driver receiving 2 doubles a candidate: each
   * partition sums its rows' terms, the cross products with the active features only where some row makes them
   * nonzero ({@link SparseCrossProducts}), cut by ranges of candidates; each range's pieces from every partition are
   * summed on an executor ({@code width / ranges × k} doubles) and scored there ({@link CandidateChunk#scores}).
   */
  @Override
  public CandidateScores laplaceScores(LaplaceLikelihood likelihood, int[] active, double[] weights,
      double[] covariance, double[] shift, int[] over) {
    int m = numCandidates;
    int[] act = active.clone();
    double[] w = weights.clone();
    return scoredApart(likelihood.title() + " scores of " + (over == null ? m : over.length + " of " + m)
        + " candidates", over == null ? m : over.length, active.length, covariance, shift, over,
        scored -> new SparseCrossProducts(likelihood, m, act, w, scored));
  }

  /**
   * The softmax's S and Q of every flat (class, candidate) pair scored, as {@link #laplaceScores} scores the
   * candidates of one score: one pass and one shuffle, each partition summing its rows' terms over the K·M pairs
   * ({@link SparseCrossProducts#softmax}: O(nonzeros × K × active pairs of the row)), each range of pairs summed and
   * scored on an executor, the driver receiving 2 doubles a pair (O(K·M)). The softmax's adds are not bounded by a
   * reach (+∞), as on the dense path.
   */
  @Override
  public CandidateScores multinomialScores(int numClasses, int[] flatActive, double[] weights, double[] covariance,
      double[] shift, int[] flatOver) {
    requireClassLabels();
    int m = numCandidates;
    long pairs = (long) numClasses * m;
    int[] act = flatActive.clone();
    double[] w = weights.clone();
    CandidateScores scores = scoredApart("softmax scores of " + (flatOver == null ? pairs : flatOver.length + " of "
        + pairs) + " (class, candidate) pairs, " + numClasses + " classes", flatOver == null ? Math.toIntExact(pairs)
        : flatOver.length, flatActive.length, covariance, shift, flatOver,
        scored -> SparseCrossProducts.softmax(numClasses, m, act, w, scored));
    java.util.Arrays.fill(scores.reach(), Double.POSITIVE_INFINITY);
    return scores;
  }

  /** The softmax's terms with their cross products, over every flat pair (the driver holds K·M × (k + 2) doubles). */
  @Override
  public CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights) {
    return softmaxCandidates(numClasses, flatActive, weights, null);
  }

  @Override
  public CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights,
      int[] flatCandidates) {
    return softmaxCandidates(numClasses, flatActive, weights, flatCandidates);
  }

  /** Every term from one pass (this source has no pass that leaves out the Hessian among the active pairs). */
  @Override
  public CandidateTerms multinomialCandidates(int numClasses, int[] flatActive, double[] weights,
      int[] flatCandidates, double[] activeHessian) {
    return softmaxCandidates(numClasses, flatActive, weights, flatCandidates);
  }

  private CandidateTerms softmaxCandidates(int numClasses, int[] flatActive, double[] weights, int[] over) {
    requireClassLabels();
    int m = numCandidates;
    long pairs = (long) numClasses * m;
    checkTermsFit(over == null ? pairs : over.length, flatActive.length);
    int[] act = flatActive.clone();
    double[] w = weights.clone();
    Broadcast<int[]> scored = scoredSets.of(over);
    return run("softmax candidate statistics over " + (over == null ? pairs : over.length + " of " + pairs)
        + " (class, candidate) pairs, " + numClasses + " classes (sparse rows)",
        () -> SparseCandidateAccumulator.softmax(numClasses, m, act, w, scored == null ? null : scored.value()),
        (acc, block, labels) -> acc.add(block, labels), SparseCandidateAccumulator::merge).result();
  }

  private void requireClassLabels() {
    if (!Double.isNaN(positiveClass)) {
      throw new IllegalStateException("a one-vs-rest view has binary labels: it has no multinomial terms");
    }
  }

  /** How a partition's sums over the candidates scored (null: every one) are made, on the executor. */
  @FunctionalInterface
  private interface SumsOver extends Serializable {
    SparseCrossProducts over(int[] scored);
  }

  /**
   * S and Q of {@code width} candidates scored apart ({@link #laplaceScores}): each partition's sums
   * ({@code sums}) cut by ranges, each range summed and scored on an executor, the driver receiving 3 doubles a
   * candidate.
   */
  private CandidateScores scoredApart(String what, int width, int k, double[] covariance, double[] shift, int[] over,
      SumsOver sums) {
    int ranges = (int) Math.max(blocks.context().defaultParallelism(),
        Math.min(width, ((long) width * Math.max(k, 1) + RANGE_DOUBLES - 1) / RANGE_DOUBLES));
    double[] cov = covariance.clone();
    double[] delta = shift.clone();
    Broadcast<int[]> scored = scoredSets.of(over);
    double positive = positiveClass;
    int pass = passes.incrementAndGet();
    String description = owner.get() + ": statistics pass " + pass + ": " + what + " over " + k
        + " active (sparse rows, " + ranges + " ranges)"
        + (Double.isNaN(positiveClass) ? "" : " (class " + (int) positiveClass + " vs rest)");
    PairFlatMapFunction<Iterator<SparseRowBlock>, Integer, CandidateChunk> partition = it -> {
      SparseCrossProducts acc = sums.over(scored == null ? null : scored.value());
      while (it.hasNext()) {
        SparseRowBlock block = it.next();
        acc.add(block, LocalStatistics.viewLabels(block.labels(), positive));
      }
      CandidateChunk[] chunks = acc.chunks(TaskContext.getPartitionId(), ranges);
      List<Tuple2<Integer, CandidateChunk>> out = new ArrayList<>(ranges);
      for (int c = 0; c < ranges; c++) {
        out.add(new Tuple2<>(c, chunks[c]));
      }
      return out.iterator();
    };
    List<Tuple2<Integer, CandidateScores>> byRange = JobDescription.run(blocks.context(), description,
        () -> blocks.mapPartitionsToPair(partition).groupByKey(new HashPartitioner(ranges))
            .mapToPair(r -> new Tuple2<>(r._1(), CandidateChunk.scores(r._2(), k, cov, delta))).collect());
    double[] bigS = new double[width];
    double[] bigQ = new double[width];
    double[] reach = new double[width];
    int per = SparseCrossProducts.chunkWidth(width, ranges);
    for (Tuple2<Integer, CandidateScores> r : byRange) {
      int from = r._1() * per;
      CandidateScores sc = r._2();
      System.arraycopy(sc.sparsity(), 0, bigS, from, sc.sparsity().length);
      System.arraycopy(sc.quality(), 0, bigQ, from, sc.quality().length);
      System.arraycopy(sc.reach(), 0, reach, from, sc.reach().length);
    }
    return new CandidateScores(bigS, bigQ, reach);
  }

  /** How a pass adds one block, with the labels of this view, to a partition's accumulator. */
  @FunctionalInterface
  private interface SparseAdder<A> extends Serializable {
    void add(A accumulator, SparseRowBlock block, double[] labels) throws Exception;
  }

  /** One pass over the cached blocks, the partitions' accumulators merged in partition order. */
  private <A> A run(String what, Function0<A> create, SparseAdder<A> add, Function2<A, A, A> merge) {
    double positive = positiveClass;
    int pass = passes.incrementAndGet();
    FlatMapFunction<Iterator<SparseRowBlock>, A> partition = it -> {
      A acc = create.call();
      while (it.hasNext()) {
        SparseRowBlock block = it.next();
        add.add(acc, block, LocalStatistics.viewLabels(block.labels(), positive));
      }
      return List.of(acc).iterator();
    };
    String description = owner.get() + ": statistics pass " + pass + ": " + what
        + (Double.isNaN(positiveClass) ? "" : " (class " + (int) positiveClass + " vs rest)");
    return JobDescription.run(blocks.context(), description,
        () -> PartitionOrder.reduce(blocks.mapPartitions(partition), merge, depth));
  }
}
