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

/**
 * Statistics whose rows can be held on the driver: collected there and expanded (or already held), as one design
 * matrix, or a sample of them. A capability of its own, beside the passes every {@link DesignStatistics} makes: the
 * solvers that need it (the variational dual form, the fast classifier at scale) ask for it by type
 * ({@link #of}).
 */
public interface RowCollection extends DesignStatistics {

  /**
   * {@return these statistics held on this JVM: these themselves when they are, else their rows collected to the
   * driver in one pass and expanded there}
   */
  LocalStatistics local();

  /**
   * {@return the expanded design itself, one matrix with the labels of this view and the row weights, for the dual
   * form of the variational solver} By default that of {@link #local}.
   */
  default DesignMatrix design() {
    return local().design();
  }

  /**
   * {@return the statistics of the rows {@code sample} keeps, where the rows are: a copy of those rows for statistics
   * held on this JVM, a view over the cluster for row blocks (each pass skips the other rows before expanding)} The
   * pilot and the intermediate fits of a fit at scale run on such samples. Passes over the data are counted with
   * this one's.
   *
   * @param sample which rows to keep
   */
  RowCollection sample(RowSample sample);

  /**
   * {@return {@code data} as statistics whose rows can be held on the driver}
   *
   * @param data the statistics a solver was given
   * @param who what needs the rows on the driver, for the message
   * @throws IllegalArgumentException when {@code data} cannot hold or collect its rows, naming who needs them
   */
  static RowCollection of(DesignStatistics data, String who) {
    if (data instanceof RowCollection rows) {
      return rows;
    }
    throw new IllegalArgumentException(who + " needs statistics whose rows can be held on the driver; "
        + data.getClass().getSimpleName() + " cannot hold or collect them");
  }
}
