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

import java.util.Arrays;
import java.util.TreeSet;

/**
 * The layout of the multinomial weight vector: class p has its own ascending set of active candidates
 * {@code active[p]}, and the flat vector holds class 0's weights, then class 1's, … ("class-major").
 */
public final class ClassLayout {

  private ClassLayout() {}

  /**
   * {@return the start of each class' weights in the flat vector, and the total (length K + 1)}
   *
   * @param active per class, the kept candidates
   */
  public static int[] offsets(int[][] active) {
    int[] offset = new int[active.length + 1];
    for (int p = 0; p < active.length; p++) {
      offset[p + 1] = offset[p] + active[p].length;
    }
    return offset;
  }

  /**
   * {@return the length of the flat vector}
   *
   * @param active per class, the kept candidates
   */
  public static int dim(int[][] active) {
    return offsets(active)[active.length];
  }

  /**
   * {@return the flat vector cut into one part per class}
   *
   * @param flat the class-major vector
   * @param active per class, the kept candidates
   */
  public static double[][] split(double[] flat, int[][] active) {
    int[] offset = offsets(active);
    if (flat.length != offset[active.length]) {
      throw new IllegalArgumentException("expected " + offset[active.length] + " weights, got " + flat.length);
    }
    double[][] parts = new double[active.length][];
    for (int p = 0; p < active.length; p++) {
      parts[p] = Arrays.copyOfRange(flat, offset[p], offset[p + 1]);
    }
    return parts;
  }

  /**
   * {@return the parts, one per class, as one flat vector}
   *
   * @param parts one vector per class
   */
  public static double[] concat(double[][] parts) {
    int n = 0;
    for (double[] part : parts) {
      n += part.length;
    }
    double[] flat = new double[n];
    int at = 0;
    for (double[] part : parts) {
      System.arraycopy(part, 0, flat, at, part.length);
      at += part.length;
    }
    return flat;
  }

  /**
   * {@return the candidates active in at least one class, ascending}
   *
   * @param active per class, the kept candidates
   */
  public static int[] union(int[][] active) {
    TreeSet<Integer> all = new TreeSet<>();
    for (int[] a : active) {
      for (int j : a) {
        all.add(j);
      }
    }
    return all.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * {@return the diagonal block of class p of the flat dim × dim matrix {@code full} (column-major)}
   *
   * @param full the class-major matrix (column-major)
   * @param active per class, the kept candidates
   * @param p the class
   */
  public static double[] diagonalBlock(double[] full, int[][] active, int p) {
    int[] offset = offsets(active);
    int dim = offset[active.length];
    int k = active[p].length;
    double[] block = new double[k * k];
    for (int j = 0; j < k; j++) {
      System.arraycopy(full, (offset[p] + j) * dim + offset[p], block, j * k, k);
    }
    return block;
  }

  /**
   * {@return the block-diagonal matrix of the square blocks (each column-major), column-major}
   *
   * @param blocks one square block per class (column-major)
   */
  public static double[] blockDiagonal(double[][] blocks) {
    int dim = 0;
    int[] size = new int[blocks.length];
    for (int p = 0; p < blocks.length; p++) {
      size[p] = (int) Math.round(Math.sqrt(blocks[p].length));
      dim += size[p];
    }
    double[] out = new double[dim * dim];
    int at = 0;
    for (int p = 0; p < blocks.length; p++) {
      for (int j = 0; j < size[p]; j++) {
        System.arraycopy(blocks[p], j * size[p], out, (at + j) * dim + at, size[p]);
      }
      at += size[p];
    }
    return out;
  }
}
