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

package io.github.sparkrvm.datasets;

/**
 * Class-specific features of square images, in the manner of Zhang &amp; Malik (2005, appendix A.1 and §4.3), where
 * each input is matched against one prototype per class: the prototype of class p is its mean image over the
 * training rows, the image is cut into square regions, and feature (p, r) is the Euclidean distance between the
 * image and prototype p over region r. The features form K consecutive blocks of R (one block per class, regions in
 * row-major order), the layout of {@code RvmEstimator}'s {@code classFeatureBlocks} R.
 *
 * @param side the image's side in pixels (8 for the UCI digits), pixels row-major
 * @param regionSide the regions' side in pixels (it divides {@code side})
 * @param prototypes per class, its mean image (side² values)
 */
public record ClassPrototypeFeatures(int side, int regionSide, double[][] prototypes) {

  /**
   * Checks the shape.
   *
   * @param side the image's side in pixels
   * @param regionSide the regions' side in pixels
   * @param prototypes per class, its mean image
   */
  public ClassPrototypeFeatures {
    if (side < 1 || regionSide < 1 || side % regionSide != 0) {
      throw new IllegalArgumentException("regions of side " + regionSide + " do not tile images of side " + side);
    }
    for (double[] p : prototypes) {
      if (p.length != side * side) {
        throw new IllegalArgumentException("a prototype of " + p.length + " pixels for images of " + side * side);
      }
    }
  }

  /**
   * {@return the class-mean prototypes of {@code train} (labels 0 … classes−1) and the regions of side
   * {@code regionSide}}
   *
   * @param train the training rows (images of side² pixels)
   * @param classes K
   * @param side the images' side in pixels
   * @param regionSide the regions' side in pixels
   */
  public static ClassPrototypeFeatures fit(Table train, int classes, int side, int regionSide) {
    int pixels = side * side;
    double[][] mean = new double[classes][pixels];
    int[] count = new int[classes];
    for (int i = 0; i < train.size(); i++) {
      int p = (int) train.t()[i];
      count[p]++;
      for (int j = 0; j < pixels; j++) {
        mean[p][j] += train.x()[i][j];
      }
    }
    for (int p = 0; p < classes; p++) {
      if (count[p] == 0) {
        throw new IllegalArgumentException("class " + p + " has no training rows: it has no prototype");
      }
      for (int j = 0; j < pixels; j++) {
        mean[p][j] /= count[p];
      }
    }
    return new ClassPrototypeFeatures(side, regionSide, mean);
  }

  /** {@return the number of classes K} */
  public int numClasses() {
    return prototypes.length;
  }

  /** {@return the number of regions R, the features per class} */
  public int numRegions() {
    int perSide = side / regionSide;
    return perSide * perSide;
  }

  /**
   * {@return the region (row-major over the grid of regions) of pixel {@code j} (row-major over the image)}
   *
   * @param j a pixel
   */
  public int regionOf(int j) {
    return (j / side / regionSide) * (side / regionSide) + (j % side) / regionSide;
  }

  /**
   * {@return the K·R features of one image: block p holds its distances to prototype p, region by region}
   *
   * @param image side² pixels, row-major
   */
  public double[] features(double[] image) {
    int r = numRegions();
    double[] out = new double[numClasses() * r];
    for (int p = 0; p < numClasses(); p++) {
      for (int j = 0; j < image.length; j++) {
        double d = image[j] - prototypes[p][j];
        out[p * r + regionOf(j)] += d * d;
      }
    }
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.sqrt(out[i]);
    }
    return out;
  }

  /**
   * {@return the rows of {@code table} with their features replaced by {@link #features}}
   *
   * @param table images of side² pixels
   */
  public Table transform(Table table) {
    double[][] x = new double[table.size()][];
    for (int i = 0; i < x.length; i++) {
      x[i] = features(table.x()[i]);
    }
    return new Table(x, table.t());
  }
}
