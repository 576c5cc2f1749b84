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
 * Whether solver variational runs in the dual form (an N × N factorisation per step, over the design collected to
 * the driver) or the primal one (M × M): as variationalForm says, or (auto) dual when there are more basis functions
 * than rows and the dual form's matrices fit the driver. The driver's memory is checked for the form chosen.
 *
 * @param dual whether the dual form runs
 * @param why the form and its reason
 */
record VariationalForm(boolean dual, String why) {

  /**
   * What the form is decided from.
   *
   * @param asked the variationalForm param
   * @param rows the rows of positive weight (N)
   * @param candidates the candidate basis functions (M)
   * @param linear whether the kernel is linear (for the memory check's message)
   */
  record Inputs(FitChoice.Form asked, long rows, int candidates, boolean linear) {}

  /**
   * {@return the form of a variational fit}
   *
   * @param in what it is decided from
   * @throws IllegalArgumentException when the driver cannot hold the form's matrices, naming the param to change
   */
  static VariationalForm of(Inputs in) {
    long n = in.rows();
    int m = in.candidates();
    String why;
    boolean dual;
    if (in.asked() == FitChoice.Form.DUAL) {
      DriverMemory.checkDual(n, m);
      dual = true;
      why = "variationalForm is dual";
    } else if (in.asked() == FitChoice.Form.PRIMAL) {
      dual = false;
      why = "variationalForm is primal";
    } else if (m <= n) {
      dual = false;
      why = "variationalForm auto: " + m + " basis functions <= " + n + " rows";
    } else {
      dual = DriverMemory.dualFits(n, m);
      why = "variationalForm auto: " + m + " basis functions > " + n + " rows, " + (dual ? "and" : "but") + " the "
          + "dual form's " + (DriverMemory.dualBytesFor(n, m) >> 20) + " MiB (the " + n + " x " + m + " design and "
          + "its copies) " + (dual ? "fit" : "do not fit") + " the driver";
    }
    if (!dual) {
      DriverMemory.check(m, "maxBasis", in.linear());
    }
    return new VariationalForm(dual, "solver variational in the " + (dual ? "dual" : "primal") + " form (an "
        + (dual ? n + " x " + n : m + " x " + m) + " factorisation per step): " + why);
  }

  /** {@return the form and its reason, for the log} */
  String describe() {
    return why;
  }
}
