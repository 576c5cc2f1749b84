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

package io.github.sparkrvm.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ludovic.netlib.blas.BLAS;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MatrixProductTest {

  private static double[] gaussian(Random random, int length) {
    double[] out = new double[length];
    for (int i = 0; i < length; i++) {
      out[i] = random.nextGaussian();
    }
    return out;
  }

  private static long[] bits(double[] values) {
    long[] out = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = Double.doubleToLongBits(values[i]);
    }
    return out;
  }

  /**
   * A product of 1001 × 1200 × 1823 = 2.19·10⁹ multiply-adds (the library's {@code int} product wraps to a negative
   * number, its scalar loop) gives, bit for bit, the library's own products of its first 999 columns and of the other
   * 201 (each below 2³¹, the packed kernel; MatrixProduct splits it 600 and 600): the packed kernel's bits do not
   * depend on where the columns are split at a multiple of three, and the library alone leaves them past 2³¹.
   * Sampled entries also match a plain sum to 1e-12 relative, and β C is added.
   */
  @Test
  void aProductPastTheLibrarysIntGivesTheBitsOfItsColumnPanels() {
    int m = 1001;
    int n = 1200;
    int k = 1823;
    assertTrue((long) m * n * k >= MatrixProduct.INT_PRODUCT_LIMIT && m * n * k < 0);
    Random random = new Random(3);
    double[] a = gaussian(random, k * m);
    double[] b = gaussian(random, k * n);
    double[] start = gaussian(random, m * n);
    double[] c = start.clone();
    MatrixProduct.dgemm("T", "N", m, n, k, 1.0, a, k, b, k, 0.5, c, m);
    double[] reference = start.clone();
    BLAS blas = BLAS.getInstance();
    blas.dgemm("T", "N", m, 999, k, 1.0, a, 0, k, b, 0, k, 0.5, reference, 0, m);
    blas.dgemm("T", "N", m, n - 999, k, 1.0, a, 0, k, b, 999 * k, k, 0.5, reference, 999 * m, m);
    assertArrayEquals(bits(reference), bits(c));
    for (int s = 0; s < 64; s++) {
      int i = random.nextInt(m);
      int j = random.nextInt(n);
      double sum = 0.5 * start[j * m + i];
      double scale = 0.0;
      for (int l = 0; l < k; l++) {
        sum += a[i * k + l] * b[j * k + l];
        scale += Math.abs(a[i * k + l] * b[j * k + l]);
      }
      assertEquals(sum, c[j * m + i], 1e-12 * scale, "entry (" + i + ", " + j + ")");
    }
  }

  /**
   * The same with B transposed and every matrix at an offset (600 × 2000 × 1800 = 2.16·10⁹, split 1002 and 998 here,
   * 999 and 1001 in the reference): the panels step along B's rows.
   */
  @Test
  void panelsOfATransposedBAtOffsets() {
    int m = 600;
    int n = 2000;
    int k = 1800;
    assertTrue((long) m * n * k >= MatrixProduct.INT_PRODUCT_LIMIT);
    Random random = new Random(5);
    double[] a = gaussian(random, 7 + m * k);
    double[] b = gaussian(random, 11 + n * k);
    double[] c = new double[13 + m * n];
    MatrixProduct.dgemm("N", "T", m, n, k, 2.0, a, 7, m, b, 11, n, 0.0, c, 13, m);
    double[] reference = new double[13 + m * n];
    BLAS blas = BLAS.getInstance();
    blas.dgemm("N", "T", m, 999, k, 2.0, a, 7, m, b, 11, n, 0.0, reference, 13, m);
    blas.dgemm("N", "T", m, n - 999, k, 2.0, a, 7, m, b, 11 + 999, n, 0.0, reference, 13 + 999 * m, m);
    assertArrayEquals(bits(reference), bits(c));
    for (int i = 0; i < 13; i++) {
      assertEquals(0.0, c[i], "before C's offset");
    }
  }

  /**
   * Below 2³¹ multiply-adds a product is one call; past it, as few panels as the limit allows, of equal width (a
   * multiple of three), each below 2³¹.
   */
  @Test
  void panelsStayBelowTheIntProductAndCoverEveryColumn() {
    assertEquals(3600, MatrixProduct.panelWidth(1001, 3600, 500));
    assertEquals(1, MatrixProduct.panelWidth(0, 1, 0));
    int[][] shapes = {{1001, 3600, 1823}, {1001, 1200, 1823}, {6401, 6401, 5000}, {1, 1 << 30, 7}, {46341, 46341, 2}};
    for (int[] shape : shapes) {
      long perColumn = (long) shape[0] * shape[2];
      int width = MatrixProduct.panelWidth(shape[0], shape[1], shape[2]);
      int panels = (shape[1] + width - 1) / width;
      String at = shape[0] + " × " + shape[1] + " × " + shape[2] + ": panels of " + width;
      assertTrue(perColumn * width < MatrixProduct.INT_PRODUCT_LIMIT, at);
      assertTrue(width % 3 == 0 || perColumn * 3 >= MatrixProduct.INT_PRODUCT_LIMIT, at);
      long widest = (MatrixProduct.INT_PRODUCT_LIMIT - 1) / perColumn;
      widest -= widest >= 3 ? widest % 3 : 0;
      assertEquals((shape[1] + widest - 1) / widest, panels, at + ": no more panels than needed");
      assertTrue((long) (panels - 1) * width < shape[1], at + ": every panel holds a column");
    }
  }

  /**
   * Spread over the cores ({@link MatrixProduct#onCores}), a product gives the library's single call bit for bit,
   * however many panels (2, 3 or 8 cores) and whoever computes them, for the shapes of the ten-class softmax on the
   * driver: the ranking sample's cross products (1001 candidates × 600 columns over 1823 rows, "T", "N"), Σ's product
   * with the cross products (2000 × 300 × 300, "N", "N", β = 0) and one at offsets with B transposed, α 2 and β ½.
   */
  @Test
  void aProductSpreadOverTheCoresGivesTheBitsOfOneCall() {
    Random random = new Random(7);
    String[][] kinds = {{"T", "N"}, {"N", "N"}, {"N", "T"}};
    int[][] shapes = {{1001, 600, 1823}, {2000, 300, 300}, {301, 457, 700}};
    double[] alphas = {1.0, 1.0, 2.0};
    double[] betas = {1.0, 0.0, 0.5};
    for (int shape = 0; shape < shapes.length; shape++) {
      int s = shape;
      int m = shapes[s][0];
      int n = shapes[s][1];
      int k = shapes[s][2];
      boolean transA = kinds[s][0].equals("T");
      boolean transB = kinds[s][1].equals("T");
      int lda = transA ? k : m;
      int ldb = transB ? n : k;
      String ta = kinds[s][0];
      String tb = kinds[s][1];
      double[] a = gaussian(random, 5 + m * k);
      double[] b = gaussian(random, 3 + n * k);
      double[] start = gaussian(random, 9 + m * n);
      double[] reference = start.clone();
      Backend.blas().dgemm(kinds[s][0], kinds[s][1], m, n, k, alphas[s], a, 5, lda, b, 3, ldb, betas[s], reference, 9,
          m);
      for (int cores : new int[] {2, 3, 8}) {
        int[] cuts = MatrixProduct.spreadCuts(m, n, k, cores);
        String at = m + " × " + n + " × " + k + " over " + cores + " cores";
        assertTrue(cuts != null && cuts.length == cores + 1 && cuts[0] == 0 && cuts[cores] == n, at);
        for (int p = 0; p < cores; p++) {
          assertTrue(cuts[p] % 3 == 0 && (long) m * (cuts[p + 1] - cuts[p]) * k >= MatrixProduct.PACKED_KERNEL, at);
        }
        double[] c = start.clone();
        MatrixProduct.spreadOver(cuts, kinds[s][0], kinds[s][1], m, k, alphas[s], a, 5, lda, b, 3, ldb, betas[s], c,
            9, m);
        assertArrayEquals(bits(reference), bits(c), at);
      }
      double[] c = start.clone();
      MatrixProduct.onCores(true, () -> {
        MatrixProduct.dgemm(ta, tb, m, n, k, alphas[s], a, 5, lda, b, 3, ldb, betas[s], c, 9, m);
        return null;
      });
      assertArrayEquals(bits(reference), bits(c), "on this JVM's cores");
    }
  }

  /** Products below the spread's size, or too narrow for two panels of the column tile, are not spread. */
  @Test
  void smallOrNarrowProductsAreNotSpread() {
    assertEquals(null, MatrixProduct.spreadCuts(100, 100, 100, 8));
    assertEquals(null, MatrixProduct.spreadCuts(100_000, 5, 1000, 8));
    assertEquals(null, MatrixProduct.spreadCuts(1001, 600, 1823, 1));
    assertEquals(null, MatrixProduct.spreadCuts(1001, 10, 1823, 8));
    assertEquals(2, MatrixProduct.spreadCuts(1001, 12, 1823, 8).length - 1);
  }
}
