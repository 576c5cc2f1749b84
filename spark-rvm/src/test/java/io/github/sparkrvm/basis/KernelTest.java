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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each kernel's behaviour against values worked out by hand: two centres c0 = (1, 0) and c1 = (0, 2), two rows
 * x = (1, 3) and x = (0, 0).
 */
class KernelTest {

  private static final double[] CENTRES = {1, 0, 0, 2};
  private static final RowBlock BLOCK = RowBlock.unweighted(2, 2, new double[] {1, 3, 0, 0}, new double[] {0, 0});
  private static final double E = Math.E;

  /** {@return the expansion at every candidate, bias first, as rows of basis values per data row} */
  private static double[][] expandAll(BasisFunctions basis) {
    int m = basis.numCandidates();
    int[] all = java.util.stream.IntStream.range(0, m).toArray();
    double[] out = basis.expand(BLOCK, all);
    double[][] rows = new double[BLOCK.size()][m];
    for (int j = 0; j < m; j++) {
      for (int i = 0; i < BLOCK.size(); i++) {
        rows[i][j] = out[j * BLOCK.size() + i];
      }
    }
    return rows;
  }

  /** The expansion, and the one-point reference {@link BasisFunctions#value}, against the hand values. */
  private static void check(BasisFunctions basis, double[][] expected) {
    double[][] rows = expandAll(basis);
    for (int i = 0; i < expected.length; i++) {
      assertArrayEquals(expected[i], rows[i], 1e-12, "row " + i);
      double[] x = java.util.Arrays.copyOfRange(BLOCK.features(), i * 2, i * 2 + 2);
      for (int j = 0; j < expected[i].length; j++) {
        assertEquals(expected[i][j], basis.value(j, x), 1e-12, "value(" + j + ") at row " + i);
      }
    }
  }

  /**
   * A pass expands every block of a partition into the previous block's array: for every kernel, with and without
   * the bias, an array of the right size filled with NaN comes back as the same array holding the fresh expansion,
   * bit for bit, and one of another size is left alone for a new array.
   */
  @Test
  void expandingIntoTheLastBlocksArrayOverwritesEveryEntry() {
    java.util.Random random = new java.util.Random(5);
    int dim = 2;
    for (Kernel kernel : List.of(new Kernel.Rbf(0.7), new Kernel.Polynomial(0.5, 2, 1.0), new Kernel.Linear(),
        new Kernel.RbfPerDimension(0.7))) {
      for (boolean bias : new boolean[] {true, false}) {
        double[] x = random.doubles(9L * dim).map(v -> 2 * v - 1).toArray();
        double[] centres = kernel.hasCentres() ? random.doubles(3L * dim).toArray() : new double[0];
        BasisFunctions basis = BasisFunctions.of(kernel, bias, dim, centres);
        RowBlock block = RowBlock.unweighted(9, dim, x, new double[9]);
        int[] all = java.util.stream.IntStream.range(0, basis.numCandidates()).toArray();
        double[] fresh = basis.expand(block, all);
        double[] stale = new double[fresh.length];
        java.util.Arrays.fill(stale, Double.NaN);
        String what = kernel.name() + (bias ? " with" : " without") + " the bias";
        assertTrue(stale == basis.expand(block, all, stale), what + ": the array was not reused");
        assertArrayEquals(fresh, stale, 0.0, what);
        double[] other = new double[fresh.length + 1];
        double[] result = basis.expand(block, all, other);
        assertFalse(result == other, what + ": an array of another size was written");
        assertArrayEquals(fresh, result, 0.0, what);
      }
    }
  }

  @Test
  void rbfIsTheExponentOfTheSquaredDistance() {
    // |(1,3)-(1,0)|^2 = 9, |(1,3)-(0,2)|^2 = 2; |(0,0)-c0|^2 = 1, |(0,0)-c1|^2 = 4
    check(BasisFunctions.of(new Kernel.Rbf(0.5), true, 2, CENTRES), new double[][] {
        {1, Math.pow(E, -4.5), Math.pow(E, -1.0)},
        {1, Math.pow(E, -0.5), Math.pow(E, -2.0)}});
  }

  @Test
  void polyIsAPowerOfTheScaledInnerProduct() {
    // (0.5 x'c + 1)^2: x'c = 1 and 6 for (1,3); 0 for (0,0)
    check(BasisFunctions.of(new Kernel.Polynomial(0.5, 2, 1.0), false, 2, CENTRES), new double[][] {
        {2.25, 16.0}, {1.0, 1.0}});
    // degree 1 is the affine map itself
    check(BasisFunctions.of(new Kernel.Polynomial(2.0, 1, -1.0), false, 2, CENTRES), new double[][] {
        {1.0, 11.0}, {-1.0, -1.0}});
  }

  @Test
  void linearIsTheFeatures() {
    check(BasisFunctions.of(new Kernel.Linear(), true, 2, new double[0]), new double[][] {{1, 1, 3}, {1, 0, 0}});
  }

  @Test
  void rbfPerDimensionIsADimensionsByCentresTable() {
    // position = dimension * 2 + centre: (x0 - c0_0), (x0 - c1_0), (x1 - c0_1), (x1 - c1_1)
    check(BasisFunctions.of(new Kernel.RbfPerDimension(0.5), false, 2, CENTRES), new double[][] {
        {1.0, Math.pow(E, -0.5), Math.pow(E, -4.5), Math.pow(E, -0.5)},
        {Math.pow(E, -0.5), 1.0, 1.0, Math.pow(E, -2.0)}});
  }

  /**
   * The RBF expansion sums the squared distances directly up to {@link Kernel.Rbf#DIRECT_DISTANCES_MAX_DIM}
   * features and through a matrix product above: both against the one-point reference on 37 random rows and 11
   * centres. The direct sum adds the features in the reference's order, so it equals it bit for bit; the product
   * is held to 1e-12 relative (its cancellation in ‖x‖² + ‖c‖² − 2xᵀc, about 1e-15 of the squared norms in the
   * exponent).
   */
  @Test
  void rbfExpansionMatchesTheReferenceOnBothSidesOfTheDirectDistances() {
    java.util.Random random = new java.util.Random(3);
    int max = Kernel.Rbf.DIRECT_DISTANCES_MAX_DIM;
    for (int dim : new int[] {1, 2, max, max + 1, 40}) {
      int n = 37;
      int centres = 11;
      double[] x = random.doubles((long) n * dim).map(v -> 2 * v - 1).toArray();
      double[] c = random.doubles((long) centres * dim).map(v -> 2 * v - 1).toArray();
      BasisFunctions rbf = BasisFunctions.of(new Kernel.Rbf(2.0 / dim), false, dim, c);
      int[] all = java.util.stream.IntStream.range(0, centres).toArray();
      double[] out = rbf.expand(RowBlock.unweighted(n, dim, x, new double[n]), all);
      for (int j = 0; j < centres; j++) {
        for (int i = 0; i < n; i++) {
          double expected = rbf.value(j, java.util.Arrays.copyOfRange(x, i * dim, (i + 1) * dim));
          double tol = dim <= max ? 0.0 : 1e-12 * expected;
          assertEquals(expected, out[j * n + i], tol, "dim " + dim + ", row " + i + ", centre " + j);
        }
      }
    }
  }

  /** The rbf-per-dimension expansion equals its one-point reference bit for bit (the same exponential). */
  @Test
  void rbfPerDimensionExpansionMatchesTheReferenceBitForBit() {
    java.util.Random random = new java.util.Random(4);
    int dim = 3;
    int n = 37;
    int centres = 5;
    double[] x = random.doubles((long) n * dim).map(v -> 4 * v - 2).toArray();
    double[] c = random.doubles((long) centres * dim).map(v -> 4 * v - 2).toArray();
    BasisFunctions perDimension = BasisFunctions.of(new Kernel.RbfPerDimension(1.7), false, dim, c);
    int[] all = java.util.stream.IntStream.range(0, perDimension.numCandidates()).toArray();
    double[] out = perDimension.expand(RowBlock.unweighted(n, dim, x, new double[n]), all);
    for (int j = 0; j < all.length; j++) {
      for (int i = 0; i < n; i++) {
        double expected = perDimension.value(j, java.util.Arrays.copyOfRange(x, i * dim, (i + 1) * dim));
        assertEquals(expected, out[j * n + i], 0.0, "position " + j + ", row " + i);
      }
    }
  }

  @Test
  void expandingASubsetGivesThoseColumnsOnly() {
    BasisFunctions rbf = BasisFunctions.of(new Kernel.Rbf(0.5), true, 2, CENTRES);
    assertArrayEquals(new double[] {Math.pow(E, -1.0), Math.pow(E, -2.0)}, rbf.expand(BLOCK, new int[] {2}), 1e-12);
    BasisFunctions perDimension = BasisFunctions.of(new Kernel.RbfPerDimension(0.5), true, 2, CENTRES);
    assertArrayEquals(new double[] {1, 1, Math.pow(E, -4.5), 1.0}, perDimension.expand(BLOCK, new int[] {0, 3}),
        1e-12);
  }

  @Test
  void tablesAndCandidateCounts() {
    assertArrayEquals(new int[] {2, 1}, BasisFunctions.of(new Kernel.Rbf(1), true, 2, CENTRES).table());
    assertArrayEquals(new int[] {2, 1}, BasisFunctions.of(new Kernel.Polynomial(1, 3, 1), true, 2, CENTRES).table());
    assertArrayEquals(new int[] {2, 1}, BasisFunctions.linear(true, 2).table());
    assertArrayEquals(new int[] {2, 2}, BasisFunctions.of(new Kernel.RbfPerDimension(1), true, 2, CENTRES).table());
    assertEquals(5, BasisFunctions.of(new Kernel.RbfPerDimension(1), true, 2, CENTRES).numCandidates());
    assertEquals(3, BasisFunctions.of(new Kernel.Rbf(1), true, 2, CENTRES).numCandidates());
    assertEquals(2, BasisFunctions.linear(false, 2).numCandidates());
    assertTrue(new Kernel.Linear().refoldable());
    assertFalse(new Kernel.Rbf(1).refoldable());
    assertFalse(new Kernel.RbfPerDimension(1).refoldable());
    assertEquals("kernel rbf-per-dimension makes a table of 2 input dimensions x 3 centres",
        new Kernel.RbfPerDimension(1).describeTable(2, 3));
    assertEquals("kernel poly makes a single column of 3 basis functions",
        new Kernel.Polynomial(1, 2, 0).describeTable(2, 3));
    assertEquals("kernel linear makes a table of the 2 input features", new Kernel.Linear().describeTable(2, 0));
  }

  @Test
  void centresOfCandidates() {
    BasisFunctions perDimension = BasisFunctions.of(new Kernel.RbfPerDimension(1), true, 2, CENTRES);
    // candidate 4 is position 3: dimension 1, centre 1
    assertArrayEquals(new double[] {0, 2}, perDimension.centre(4));
    assertArrayEquals(new double[] {1, 0}, perDimension.centre(3));
    assertArrayEquals(new double[] {0, 2}, BasisFunctions.of(new Kernel.Rbf(1), true, 2, CENTRES).centre(2));
  }

  @Test
  void whatAModelKeeps() {
    Kernel.Kept rbf = new Kernel.Rbf(1).keep(new int[] {1}, CENTRES, 2);
    assertArrayEquals(new int[0], rbf.features());
    assertArrayEquals(new double[] {0, 2}, rbf.centres());
    Kernel.Kept linear = new Kernel.Linear().keep(new int[] {0, 1}, new double[0], 2);
    assertArrayEquals(new int[] {0, 1}, linear.features());
    assertArrayEquals(new double[0], linear.centres());
    Kernel.Kept perDimension = new Kernel.RbfPerDimension(1).keep(new int[] {3}, CENTRES, 2);
    assertArrayEquals(new int[] {3}, perDimension.features());
    assertArrayEquals(CENTRES, perDimension.centres());
    assertFalse(new Kernel.Rbf(1).keepsPositions());
    assertTrue(new Kernel.Linear().keepsPositions());
    assertTrue(new Kernel.RbfPerDimension(1).keepsPositions());
    assertArrayEquals(new int[][] {{1, 1}, {0, 1}},
        new Kernel.RbfPerDimension(1).dimensionAndCentre(new int[] {3, 1}, 2));
    assertEquals(0, new Kernel.Rbf(1).dimensionAndCentre(new int[] {1}, 2).length);
  }

  @Test
  void nameAndParamsRoundTripThroughTheSavedFields() {
    for (Kernel k : List.of(new Kernel.Rbf(0.3), new Kernel.Polynomial(0.7, 4, -2.5), new Kernel.Linear(),
        new Kernel.RbfPerDimension(5.55))) {
      // the fields ModelFormat writes, read back as it reads them
      assertEquals(k, Kernel.of(k.name(), k.gamma(), k.degree(), k.coef0()), k.name());
    }
    assertEquals(Map.of("gamma", 0.3), new Kernel.Rbf(0.3).params());
    assertEquals(List.of("gamma", "degree", "coef0"),
        List.copyOf(new Kernel.Polynomial(0.7, 4, -2.5).params().keySet()));
    assertEquals(List.of(0.7, 4, -2.5), List.copyOf(new Kernel.Polynomial(0.7, 4, -2.5).params().values()));
    assertEquals(Map.of(), new Kernel.Linear().params());
    assertEquals(Map.of("gamma", 5.55), new Kernel.RbfPerDimension(5.55).params());
    assertTrue(Double.isNaN(new Kernel.Linear().gamma()));
    assertEquals(0, new Kernel.Rbf(1).degree());
  }

  @Test
  void linearHasNoCentres() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BasisFunctions.of(new Kernel.Linear(), true, 2, CENTRES));
    assertTrue(e.getMessage().contains("linear"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> BasisFunctions.kernel(new Kernel.Linear(), true, 2, CENTRES));
  }
}
