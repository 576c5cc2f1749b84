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

package io.github.sparkrvm.examples;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleBinaryOperator;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Helpers for the examples' pictures (XChart): contour lines, rings around points, saving PNGs. */
final class Plots {

  private Plots() {}

  /** x and y of a polyline set; NaN separates the pieces, which XChart draws as gaps. */
  record Lines(double[] x, double[] y) {}

  /**
   * The contour {@code f = level} of f over [x0, x1] × [y0, y1], by marching squares on a cells × cells grid: one
   * segment per crossed cell, joined by NaN gaps.
   */
  static Lines contour(DoubleBinaryOperator f, double level, double x0, double x1, double y0, double y1, int cells) {
    double dx = (x1 - x0) / cells;
    double dy = (y1 - y0) / cells;
    double[][] v = new double[cells + 1][cells + 1];
    for (int i = 0; i <= cells; i++) {
      for (int j = 0; j <= cells; j++) {
        v[i][j] = f.applyAsDouble(x0 + i * dx, y0 + j * dy) - level;
      }
    }
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (int i = 0; i < cells; i++) {
      for (int j = 0; j < cells; j++) {
        double[][] corner = {{x0 + i * dx, y0 + j * dy, v[i][j]}, {x0 + (i + 1) * dx, y0 + j * dy, v[i + 1][j]},
            {x0 + (i + 1) * dx, y0 + (j + 1) * dy, v[i + 1][j + 1]}, {x0 + i * dx, y0 + (j + 1) * dy, v[i][j + 1]}};
        List<double[]> crossings = new ArrayList<>();
        for (int e = 0; e < 4; e++) {
          double[] a = corner[e];
          double[] b = corner[(e + 1) % 4];
          if ((a[2] < 0) != (b[2] < 0)) {
            double t = a[2] / (a[2] - b[2]);
            crossings.add(new double[] {a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])});
          }
        }
        for (int c = 0; c + 1 < crossings.size(); c += 2) {
          xs.add(crossings.get(c)[0]);
          ys.add(crossings.get(c)[1]);
          xs.add(crossings.get(c + 1)[0]);
          ys.add(crossings.get(c + 1)[1]);
          xs.add(Double.NaN);
          ys.add(Double.NaN);
        }
      }
    }
    return new Lines(xs.stream().mapToDouble(Double::doubleValue).toArray(),
        ys.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** A ring of radius r (in data units of each axis) around every point, joined by NaN gaps. */
  static Lines rings(double[] px, double[] py, double rx, double ry) {
    int segments = 24;
    double[] x = new double[px.length * (segments + 2)];
    double[] y = new double[x.length];
    int k = 0;
    for (int p = 0; p < px.length; p++) {
      for (int s = 0; s <= segments; s++) {
        double a = 2 * Math.PI * s / segments;
        x[k] = px[p] + rx * Math.cos(a);
        y[k++] = py[p] + ry * Math.sin(a);
      }
      x[k] = Double.NaN;
      y[k++] = Double.NaN;
    }
    return new Lines(x, y);
  }

  static XYSeries line(XYChart chart, String name, Lines lines, Color color, float width, boolean dashed) {
    XYSeries s = chart.addSeries(name, lines.x(), lines.y());
    s.setMarker(SeriesMarkers.NONE);
    s.setLineColor(color);
    s.setLineStyle(dashed
        ? new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {6f, 4f}, 0f)
        : new BasicStroke(width));
    return s;
  }

  static XYSeries points(XYChart chart, String name, double[] x, double[] y, Color color) {
    XYSeries s = chart.addSeries(name, x, y);
    s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    s.setMarker(SeriesMarkers.CIRCLE);
    s.setMarkerColor(color);
    return s;
  }

  /** Saves the chart as a PNG under target/examples/ (created) and returns its path. */
  static Path save(XYChart chart, String name) throws IOException {
    Path dir = Path.of("target", "examples");
    Files.createDirectories(dir);
    Path file = dir.resolve(name + ".png");
    BitmapEncoder.saveBitmapWithDPI(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
    return file;
  }
}
