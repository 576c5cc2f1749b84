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
 * The row and column relevances of a grid-prior fit (Kropotov et al. 2010): the basis formed a {@code rows} ×
 * {@code cols} table (the bias apart), and the posterior means E[α_i] of its rows and E[β_j] of its columns are the
 * prior precisions they share — small means relevant.
 */
record GridRelevance(int rows, int cols, double[] rowRelevance, double[] columnRelevance)
    implements java.io.Serializable {

  GridRelevance {
    if (rows < 1 || cols < 1 || rowRelevance.length != rows || columnRelevance.length != cols) {
      throw new IllegalArgumentException("inconsistent grid relevances: a " + rows + " x " + cols + " table with "
          + rowRelevance.length + " row and " + columnRelevance.length + " column relevances");
    }
  }
}
