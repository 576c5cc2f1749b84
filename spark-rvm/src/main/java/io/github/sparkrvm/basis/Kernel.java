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

package io.github.sparkrvm.basis;

import java.io.Serializable;
import java.util.Locale;

/**
 * How a basis function is built from the (standardised) input features. {@link Rbf} and {@link Polynomial} place
 * one basis function {@code k(x, c)} on every candidate centre c; {@link Linear} uses the input features themselves
 * as the basis, so that the relevance determination ranks features; {@link RbfPerDimension} places one function
 * per (input dimension, centre), a table for the grid priors.
 */
public sealed interface Kernel extends Serializable
    permits Kernel.Rbf, Kernel.Polynomial, Kernel.Linear, Kernel.RbfPerDimension {

  /** {@return the name of the kernel as the {@code kernel} param spells it} */
  String name();

  /**
   * Builds the kernel the params name.
   *
   * @param name the kernel's name
   * @param gamma the rbf and poly scale
   * @param degree the poly degree
   * @param coef0 the poly constant
   * @return the kernel
   */
  static Kernel of(String name, double gamma, int degree, double coef0) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "rbf" -> new Rbf(gamma);
      case "poly" -> new Polynomial(gamma, degree, coef0);
      case "linear" -> new Linear();
      case "rbf-per-dimension" -> new RbfPerDimension(gamma);
      default -> throw new IllegalArgumentException("kernel must be one of rbf, linear, poly, rbf-per-dimension; got '" + name + "'");
    };
  }

  /** {@code exp(-gamma ‖x − c‖²)}. */
  record Rbf(double gamma) implements Kernel {
    /**
     * Checks that gamma is positive and finite.
     *
     * @param gamma the scale, positive and finite
     */
    public Rbf {
      if (!(gamma > 0.0) || Double.isInfinite(gamma)) {
        throw new IllegalArgumentException("gamma must be a positive finite number; got " + gamma);
      }
    }

    @Override
    public String name() {
      return "rbf";
    }

    /**
     * {@return the kernel value from the squared distance}
     *
     * @param squaredDistance ‖x − c‖²
     */
    public double fromSquaredDistance(double squaredDistance) {
      return Math.exp(-gamma * Math.max(squaredDistance, 0.0));
    }
  }

  /** {@code (gamma xᵀc + coef0)^degree}. */
  record Polynomial(double gamma, int degree, double coef0) implements Kernel {
    /**
     * Checks gamma and the degree.
     *
     * @param gamma the scale of the inner product, positive and finite
     * @param degree the degree, at least 1
     * @param coef0 the constant added
     */
    public Polynomial {
      if (!(gamma > 0.0) || Double.isInfinite(gamma)) {
        throw new IllegalArgumentException("gamma must be a positive finite number; got " + gamma);
      }
      if (degree < 1) {
        throw new IllegalArgumentException("degree must be at least 1; got " + degree);
      }
      if (!Double.isFinite(coef0)) {
        throw new IllegalArgumentException("coef0 must be finite; got " + coef0);
      }
    }

    @Override
    public String name() {
      return "poly";
    }

    /**
     * {@return the kernel value from the inner product}
     *
     * @param innerProduct xᵀc
     */
    public double fromInnerProduct(double innerProduct) {
      double base = gamma * innerProduct + coef0;
      return degree == 1 ? base : Math.pow(base, degree);
    }
  }

  /** The basis is the input features: candidate j is {@code x ↦ x_j}. */
  record Linear() implements Kernel {
    @Override
    public String name() {
      return "linear";
    }
  }

  /**
   * {@code exp(-gamma (x_i − c_i)²)} for every input dimension i and centre c (Kropotov et al. 2010): the basis is a
   * table of (input dimensions) × (centres), row-major, as the grid priors expect.
   */
  record RbfPerDimension(double gamma) implements Kernel {
    /**
     * Checks that gamma is positive and finite.
     *
     * @param gamma the scale, positive and finite
     */
    public RbfPerDimension {
      if (!(gamma > 0.0) || Double.isInfinite(gamma)) {
        throw new IllegalArgumentException("gamma must be a positive finite number; got " + gamma);
      }
    }

    @Override
    public String name() {
      return "rbf-per-dimension";
    }
  }
}
