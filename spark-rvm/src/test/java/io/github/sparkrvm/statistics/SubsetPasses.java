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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

/** The check that a candidates pass over some candidates only equals the full pass restricted to them. */
public final class SubsetPasses {

  private SubsetPasses() {}

  /**
   * Asserts that {@code stats}' Bernoulli candidates pass over {@code over} equals its pass over every candidate
   * restricted to {@code over}: the same active positions, and every term within {@code relative} of the largest
   * of its kind (at least 1).
   *
   * @param stats the statistics
   * @param active the active candidates, ascending, each among {@code over}
   * @param weights their weights
   * @param over the candidates of the subset pass, ascending
   * @param relative the tolerance, relative to the largest term of each kind
   */
  public static void assertSubsetPassIsTheFullPassRestricted(DesignStatistics stats, int[] active, double[] weights,
      int[] over, double relative) {
    CandidateTerms full = stats.laplaceCandidates(LaplaceLikelihood.BERNOULLI, active, weights).restrictedTo(over);
    CandidateTerms part = stats.laplaceCandidates(LaplaceLikelihood.BERNOULLI, active, weights, over);
    assertArrayEquals(full.active(), part.active());
    assertEquals(full.logLikelihood(), part.logLikelihood(), relative * Math.max(Math.abs(full.logLikelihood()), 1.0));
    assertClose(full.gradient(), part.gradient(), relative);
    assertClose(full.diagonal(), part.diagonal(), relative);
    assertClose(full.cross(), part.cross(), relative);
  }

  private static void assertClose(double[] expected, double[] actual, double relative) {
    assertEquals(expected.length, actual.length);
    double scale = Arrays.stream(expected).map(Math::abs).max().orElse(1.0);
    assertArrayEquals(expected, actual, relative * Math.max(scale, 1.0));
  }
}
