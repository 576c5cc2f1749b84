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

import io.github.sparkrvm.solvers.FastBernoulliSolver;

/**
 * Where the steps of a fit run, decided from the data's size, the params and the driver's heap (the rule of issue 20;
 * DESIGN.md, "Passes over the data").
 *
 * <p><b>Path.</b> A fit that can collect its design (every family but gaussian with solver em) runs on the driver when
 * the N × M expanded design is at most {@code maxDriverDesignSizeInMB} (default ∞: no limit of its own) and fits the
 * driver's heap ({@link DriverMemory#driverDesignFits}: the design twice beside a step's M × M matrices in 60% of the
 * heap; the collected rows within spark.driver.maxResultSize). Otherwise every likelihood evaluation is a pass over
 * the cluster.
 *
 * <p><b>At scale.</b> Solver fast with family bernoulli or poisson (one score, every candidate) and more than four
 * shortlists of candidates runs at scale over the cluster, and on the driver from {@link AddsPolicy#AUTO_BATCH_ROWS}
 * rows of positive weight on: a pilot fit on {@code pilotRows} sampled rows held on the driver, a ladder of fits on
 * larger samples, then rounds over a shortlist on every row (FastBernoulliSolver.atScale; DESIGN.md, "Fits at scale").
 *
 * @param onDriver whether the design is collected to the driver and the solver runs there without passes
 * @param atScale whether the fit runs at scale
 * @param pilotRows the rows of its pilot fit (0: none)
 * @param driverRows the most rows of a sample whose fit of the ladder runs on the driver (the sample collected once,
 *     its design built there; the larger samples' fits pass over the cluster); at most the rows the driver holds the
 *     design of, and half the rows
 * @param why the path and its reason
 */
record Placement(boolean onDriver, boolean atScale, long pilotRows, long driverRows, String why) {

  /**
   * The most rows of the pilot fit of a fit at scale (a sample collected to the driver, whose model starts the ladder
   * of fits on larger samples): enough for the model of the mixtures of benchmarks/results/fit-scaling.md, small
   * enough to fit on the driver in seconds.
   */
  static final long PILOT_ROWS = 32_768;

  /** The fewest rows a pilot fit is worth running on (Ripley's 250 rows already select a model of a few vectors). */
  static final long MIN_PILOT_ROWS = 200;

  /**
   * The candidates besides the active ones that a round of a fit at scale runs over (ShortlistRounds): a shortlist
   * pass costs about (k + 64) / M of a pass over every candidate. A fit of at most 4 shortlists of candidates does
   * not run at scale.
   */
  static final int SHORTLIST = 64;

  /**
   * What the placement is decided from.
   *
   * @param rows the training rows (N)
   * @param weightedRows the rows of positive weight
   * @param candidates the candidate basis functions (M)
   * @param features the features (d)
   * @param collectable whether this fit may run on the driver (false: gaussian em, whose one statistics pass is the
   *     same on either path)
   * @param scalable whether this fit may run at scale (solver fast with family bernoulli or poisson, of one score and
   *     from all candidates): a pilot fit, then rounds over a shortlist
   * @param maxDesignMiB maxDriverDesignSizeInMB
   * @param heap the driver's heap, in bytes
   * @param maxResultSize spark.driver.maxResultSize, in bytes (0: no limit)
   */
  record Inputs(long rows, long weightedRows, int candidates, int features, boolean collectable, boolean scalable,
      double maxDesignMiB, long heap, long maxResultSize) {}

  /**
   * {@return the placement of a fit}
   *
   * @param in what it is decided from
   */
  static Placement of(Inputs in) {
    long rows = in.rows();
    int m = in.candidates();
    double designMiB = 8.0 * rows * m / (1 << 20);
    boolean underLimit = designMiB <= in.maxDesignMiB();
    boolean fits = DriverMemory.driverDesignFits(rows, m, in.features(), in.heap(), in.maxResultSize());
    boolean onDriver = in.collectable() && underLimit && fits;
    boolean atScale = in.scalable() && m > 4 * SHORTLIST
        && (!onDriver || in.weightedRows() >= AddsPolicy.AUTO_BATCH_ROWS);
    long driverRows = !atScale ? 0
        : onDriver ? rows / 2
        : rowsOnDriver(rows / 2, m, in.features(), in.maxDesignMiB(), in.heap(), in.maxResultSize());
    long pilot = !atScale ? 0 : atLeastMinimum(Math.min(PILOT_ROWS, driverRows));
    return new Placement(onDriver, atScale, pilot, driverRows, why(in, designMiB, underLimit, onDriver, atScale,
        pilot, driverRows));
  }

  /**
   * {@return the placement of a fit on sparse rows ({@link SparseLayout}): over the cluster, the expanded design never
   * formed}
   *
   * @param rows the training rows (N)
   * @param candidates the candidates (M: the features and the bias)
   * @param nonzeros the stored features of the rows of positive weight
   */
  static Placement sparseRows(long rows, int candidates, long nonzeros) {
    return new Placement(false, false, 0, 0, String.format(java.util.Locale.ROOT, "sparse rows: the %d x %d "
        + "expanded design is never formed; the rows stay as compressed sparse rows on the executors (%d nonzeros "
        + "and the bias: %.1f MiB of indices and values), and every step passes over the cluster", rows, candidates,
        nonzeros, 12.0 * (nonzeros + rows) / (1 << 20)));
  }

  private static String why(Inputs in, double designMiB, boolean underLimit, boolean onDriver, boolean atScale,
      long pilot, long driverRows) {
    String size = String.format("the %d x %d expanded design takes %.1f MiB: ", in.rows(), in.candidates(),
        designMiB);
    String limit = Double.isInfinite(in.maxDesignMiB()) ? "" : " and maxDriverDesignSizeInMB " + in.maxDesignMiB();
    String why = !in.collectable() ? size + "the statistics pass is the same on either path; the design stays on the "
        + "executors"
        : onDriver ? size + "built on the driver from rows collected once (it fits the driver's heap of "
            + (in.heap() >> 20) + " MiB" + limit + "); the solver runs there without further passes"
        : !underLimit ? size + "every step passes over the cluster (above maxDriverDesignSizeInMB "
            + in.maxDesignMiB() + ")"
        : size + "every step passes over the cluster (the rows to collect do not fit spark.driver.maxResultSize ("
            + (in.maxResultSize() >> 20) + " MiB), or the design, twice, with a step's matrices 60% of the driver's "
            + "heap (" + (in.heap() >> 20) + " MiB))";
    if (atScale) {
      why += "; at scale: " + (pilot == 0 ? "" : "a pilot fit on a sample of about " + pilot + " rows, fits on "
          + (int) FastBernoulliSolver.LADDER + " times larger samples (" + (onDriver ? "" : "on the driver up to "
          + driverRows + " rows, ") + "each started from the one before), then ") + "rounds over the active basis "
          + "functions and a shortlist of the " + SHORTLIST + " candidates whose adds gain most (near copies left "
          + "off), each round scoring every candidate once and taking its steps in batches on the quadratic model of "
          + "the likelihood over its candidates";
    }
    return why;
  }

  /** {@return the path and its reason, for the log} */
  String describe() {
    return why;
  }

  private static long atLeastMinimum(long rows) {
    return rows >= MIN_PILOT_ROWS ? rows : 0;
  }

  /**
   * {@return the most rows, up to {@code limit}, whose design the driver holds (the rule of the driver path, and
   * within maxDriverDesignSizeInMB): the largest sample a fit over the cluster collects to the driver}
   */
  static long rowsOnDriver(long limit, int m, int d, double maxDesignMiB, long heap, long maxResultSize) {
    long low = 0;
    long high = limit;
    while (low < high) {
      long mid = (low + high + 1) / 2;
      boolean fits = 8.0 * mid * m / (1 << 20) <= maxDesignMiB
          && DriverMemory.driverDesignFits(mid, m, d, heap, maxResultSize);
      if (fits) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    return low;
  }
}
