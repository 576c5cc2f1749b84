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

import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.variational.WeightPrior;

/**
 * The params' choices, typed: what the summary pass and the param validation need before any data is read.
 *
 * @param family the likelihood
 * @param strategy multinomial: softmax or one-vs-rest (null for the other families)
 * @param method the solver
 * @param prior the variational weight prior's structure (ARD for the other solvers)
 * @param form the variational form asked for
 * @param linear whether the basis is the input features (kernel linear: no centres are sampled)
 */
record FitChoice(Family family, MultiClassStrategy strategy, Method method, WeightPrior.Structure prior, Form form,
    boolean linear) {

  /**
   * {@return the choices of a stage's params}
   *
   * @param p the params
   */
  static FitChoice of(RvmParams p) {
    Family family = Family.of(p.getFamily());
    return new FitChoice(family,
        family.perClass() ? MultiClassStrategy.of(p.getMultiClassStrategy()) : null,
        Method.of(p.getSolver()), structure(p.getPrior()), Form.of(p.getVariationalForm()),
        "linear".equals(p.getKernel()));
  }

  /** {@return whether the classes are fitted jointly by one softmax} */
  boolean softmax() {
    return strategy == MultiClassStrategy.SOFTMAX;
  }

  /** {@return whether the classes are fitted one against the rest} */
  boolean oneVsRest() {
    return strategy == MultiClassStrategy.OVR;
  }

  /** {@return whether the solver is the variational one} */
  boolean variational() {
    return method == Method.VARIATIONAL;
  }

  /** The {@code solver} param. */
  enum Method {
    /** The classic re-estimation of every α at once (Tipping 2001). */
    EM("em"),
    /** Fast marginal likelihood maximisation (Tipping &amp; Faul 2003). */
    FAST("fast"),
    /** The variational RVM (Bishop &amp; Tipping 2000; grid priors of Kropotov et al. 2010). */
    VARIATIONAL("variational");

    private final String value;

    Method(String value) {
      this.value = value;
    }

    static Method of(String value) {
      for (Method m : values()) {
        if (m.value.equals(value)) {
          return m;
        }
      }
      throw new IllegalArgumentException("solver '" + value + "' is not one of em, fast, variational");
    }

    @Override
    public String toString() {
      return value;
    }
  }

  /** The {@code variationalForm} param. */
  enum Form {
    /** Dual when there are more basis functions than rows and its matrices fit the driver. */
    AUTO("auto"),
    /** An M × M factorisation per step. */
    PRIMAL("primal"),
    /** An N × N factorisation per step, over the design collected to the driver. */
    DUAL("dual");

    private final String value;

    Form(String value) {
      this.value = value;
    }

    static Form of(String value) {
      for (Form f : values()) {
        if (f.value.equals(value)) {
          return f;
        }
      }
      throw new IllegalArgumentException("variationalForm '" + value + "' is not one of auto, primal, dual");
    }

    @Override
    public String toString() {
      return value;
    }
  }

  private static WeightPrior.Structure structure(String prior) {
    for (WeightPrior.Structure s : WeightPrior.Structure.values()) {
      if (priorName(s).equals(prior)) {
        return s;
      }
    }
    throw new IllegalArgumentException("prior '" + prior + "' is not one of ard, grid-product, grid-sum");
  }

  /** {@return the {@code prior} param value naming a structure} */
  static String priorName(WeightPrior.Structure s) {
    return switch (s) {
      case ARD -> "ard";
      case GRID_PRODUCT -> "grid-product";
      case GRID_SUM -> "grid-sum";
    };
  }
}
