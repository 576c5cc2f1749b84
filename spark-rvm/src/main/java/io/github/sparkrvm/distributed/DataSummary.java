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

package io.github.sparkrvm.distributed;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.util.InvalidInputException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import org.apache.spark.ml.linalg.SparseVector;
import org.apache.spark.ml.linalg.Vector;

/**
 * One pass over the training rows: validates every row (with messages naming the columns), counts, takes the
 * weighted feature means and standard deviations (Welford/Chan merges on each column's own scale, {@link
 * ScaledMoments}, so that values whose squares overflow or underflow still give exact moments), the label
 * statistics, and a seeded sample of candidate centres. The sample keeps the distinct feature vectors with the
 * smallest hash of (seed, features, label) — every distinct one when there are no more than {@code maxCentres} — so
 * it does not depend on how the data is partitioned. Exact copies of a row are one candidate (the one of smallest
 * hash), so a row repeated k times gives the same basis as the row once with weight k.
 */
@DefaultSerializer(JavaSerializer.class) // it holds records, which Spark's Kryo cannot serialize
public final class DataSummary implements Serializable {

  /**
   * Names of the input columns and the family, for validation and messages.
   *
   * @param family gaussian (any finite label), bernoulli (0 and 1), multinomial (class indices 0, 1, …) or poisson
   *     (counts 0, 1, 2, …)
   * @param declaredClasses for multinomial, the number of classes the label column's ML attribute declares (labels
   *     must then lie below it); 0 when it declares none
   */
  public record Columns(String features, String label, String weight, Family family, int declaredClasses)
      implements Serializable {

    boolean binary() {
      return family.binaryLabels();
    }

    boolean classes() {
      return family.perClass();
    }

    boolean counts() {
      return family.countLabels();
    }
  }

  private record Candidate(long key, double[] features) implements Serializable {}

  private static final class LargestKeyFirst implements Comparator<Candidate>, Serializable {
    @Override
    public int compare(Candidate a, Candidate b) {
      int c = Long.compare(b.key(), a.key());
      return c != 0 ? c : Arrays.compare(b.features(), a.features());
    }
  }

  private final Columns columns;
  private final int maxCentres;
  private final long seed;
  private long rows;
  private int dim = -1;
  private ScaledMoments features;
  private final ScaledMoments labels = new ScaledMoments(1);
  private long positives;
  private long weightedRows;
  /** The nonzero features of the rows with positive weight. */
  private long nonzeros;
  /** multinomial: the weight of the rows of each class seen (with positive weight). */
  private final TreeMap<Integer, Double> classWeights = new TreeMap<>();
  private final PriorityQueue<Candidate> candidates = new PriorityQueue<>(new LargestKeyFirst());
  /** The candidates by their feature vector (rebuilt after deserialisation). */
  private transient Map<Point, Candidate> held;

  /** A feature vector compared by value (its array is not changed while held). */
  private record Point(double[] x) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Point p && Arrays.equals(x, p.x);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(x);
    }
  }

  /**
   * An empty summary.
   *
   * @param columns the input columns and the family
   * @param maxCentres how many candidate centres to sample at most
   * @param seed the seed of that sample
   */
  public DataSummary(Columns columns, int maxCentres, long seed) {
    this.columns = columns;
    this.maxCentres = maxCentres;
    this.seed = seed;
  }

  /**
   * Validates and adds one row.
   *
   * @param row a training row
   * @return this summary
   */
  public DataSummary add(TrainingRow row) {
    Vector v = row.vector();
    if (v == null) {
      throw new InvalidInputException("featuresCol '" + columns.features() + "' is null in a row: drop or fill such rows");
    }
    checkDim(v.size());
    // a sparse row stays sparse (its moments cost O(nonzeros)) unless it is a candidate centre
    SparseVector sparse = v instanceof SparseVector s && maxCentres == 0 ? s : null;
    double[] x = sparse == null ? v.toArray() : sparse.values();
    for (int i = 0; i < x.length; i++) {
      if (!Double.isFinite(x[i])) {
        throw new InvalidInputException("featuresCol '" + columns.features() + "' holds " + x[i] + " (feature "
            + (sparse == null ? i : sparse.indices()[i]) + " of a row with label " + row.label() + "): remove or "
            + "impute non-finite values before fitting");
      }
    }
    double t = row.label();
    if (!Double.isFinite(t)) {
      throw new InvalidInputException("labelCol '" + columns.label() + "' holds " + t
          + " (or null): every label must be a finite number");
    }
    if (columns.binary() && t != 0.0 && t != 1.0) {
      throw new InvalidInputException("labelCol '" + columns.label() + "' holds " + t
          + ", but family 'bernoulli' needs labels 0.0 and 1.0");
    }
    if (columns.classes()) {
      checkClassIndex(t);
    }
    if (columns.counts() && (t < 0.0 || t != Math.rint(t))) {
      throw new InvalidInputException("labelCol '" + columns.label() + "' holds " + t + " (in the row with features "
          + shown(v) + "), but family 'poisson' needs counts 0.0, 1.0, 2.0, … (whole non-negative numbers): fix or "
          + "drop that row, or use family gaussian for a real-valued label");
    }
    double w = row.weight();
    if (!Double.isFinite(w) || w < 0.0) {
      throw new InvalidInputException("weightCol '" + columns.weight() + "' holds " + w + " (or null) in the row "
          + "with label " + t + " and features " + shown(v) + ": weights must be finite and non-negative; fix or drop "
          + "that row");
    }
    rows++;
    if (w == 0.0) {
      return this;
    }
    if (sparse == null) {
      features.add(x, w);
    } else {
      features.addNonzeros(sparse.indices(), x, w);
    }
    nonzeros += v.numNonzeros();
    labels.add(new double[] {t}, w);
    weightedRows++;
    if (t == 1.0) {
      positives++;
    }
    if (columns.classes()) {
      classWeights.merge((int) t, w, Double::sum);
    }
    if (maxCentres > 0) {
      double[] centre = x.clone();
      for (int j = 0; j < centre.length; j++) {
        centre[j] += 0.0; // −0.0 becomes 0.0: the same centre
      }
      offerCandidate(new Candidate(key(seed, centre, t), centre));
    }
    return this;
  }

  /** The first few features of a row, for a message (the first few nonzeros of a sparse row). */
  private static String shown(Vector v) {
    if (v instanceof SparseVector s) {
      int n = Math.min(s.indices().length, 5);
      StringBuilder out = new StringBuilder("(" + s.size() + ", {");
      for (int i = 0; i < n; i++) {
        out.append(i > 0 ? ", " : "").append(s.indices()[i]).append(": ").append(s.values()[i]);
      }
      return out.append(s.indices().length > n ? ", … " + (s.indices().length - n) + " more nonzeros})" : "})")
          .toString();
    }
    double[] x = v.toArray();
    int n = Math.min(x.length, 5);
    StringBuilder out = new StringBuilder("[");
    for (int j = 0; j < n; j++) {
      out.append(j > 0 ? ", " : "").append(x[j]);
    }
    return out.append(x.length > n ? ", … " + (x.length - n) + " more]" : "]").toString();
  }

  private void checkClassIndex(double t) {
    if (t < 0.0 || t != Math.rint(t) || t >= Integer.MAX_VALUE) {
      throw new InvalidInputException("labelCol '" + columns.label() + "' holds " + t + ", but family 'multinomial' "
          + "needs class indices 0.0, 1.0, …, K−1 (whole numbers from 0, e.g. from StringIndexer)");
    }
    if (columns.declaredClasses() > 0 && t >= columns.declaredClasses()) {
      throw new InvalidInputException("labelCol '" + columns.label() + "' holds " + t + ", but its ML attribute "
          + "metadata declares " + columns.declaredClasses() + " classes (labels 0.0 … "
          + (columns.declaredClasses() - 1) + ".0): fix the labels or the column's metadata");
    }
  }

  private void checkDim(int d) {
    if (dim < 0) {
      dim = d;
      features = new ScaledMoments(d);
    } else if (d != dim) {
      throw new InvalidInputException("featuresCol '" + columns.features() + "' holds vectors of different sizes ("
          + dim + " and " + d + "): every row needs the same number of features");
    }
  }

  /**
   * Keeps c when it is among the maxCentres smallest keys, one candidate per distinct feature vector (the one of
   * smallest key), whatever the order of the offers.
   */
  private void offerCandidate(Candidate c) {
    if (maxCentres <= 0) {
      return;
    }
    Map<Point, Candidate> byPoint = held();
    Point point = new Point(c.features());
    Candidate same = byPoint.get(point);
    if (same != null) {
      if (same.key() <= c.key()) {
        return;
      }
      candidates.remove(same);
      byPoint.remove(point);
    }
    if (candidates.size() < maxCentres) {
      candidates.add(c);
      byPoint.put(point, c);
    } else if (candidates.comparator().compare(c, candidates.peek()) > 0) {
      byPoint.remove(new Point(candidates.poll().features()));
      candidates.add(c);
      byPoint.put(point, c);
    }
  }

  private Map<Point, Candidate> held() {
    if (held == null) {
      held = new HashMap<>();
      for (Candidate c : candidates) {
        held.put(new Point(c.features()), c);
      }
    }
    return held;
  }

  /**
   * Adds another partition's summary into this one.
   *
   * @param other a summary of the same columns
   * @return this summary
   */
  public DataSummary merge(DataSummary other) {
    if (other.dim >= 0) {
      checkDim(other.dim);
    }
    rows += other.rows;
    positives += other.positives;
    nonzeros += other.nonzeros;
    weightedRows += other.weightedRows;
    if (other.features != null) {
      features.merge(other.features);
    }
    labels.merge(other.labels);
    for (Candidate c : other.candidates) {
      offerCandidate(c);
    }
    other.classWeights.forEach((k, v) -> classWeights.merge(k, v, Double::sum));
    return this;
  }

  /** {@return the number of rows read} */
  public long rows() {
    return rows;
  }

  /** {@return the number of features} */
  public int dim() {
    return dim;
  }

  /** {@return the sum of the row weights} */
  public double weightSum() {
    return labels.weightSum();
  }

  /** {@return rows with positive weight} */
  public long weightedRows() {
    return weightedRows;
  }

  /**
   * {@return the nonzero features of the rows with positive weight (a dense row's nonzero entries, a sparse row's
   * stored ones)}
   */
  public long nonzeros() {
    return nonzeros;
  }

  /** {@return the share of the features that are nonzero over the rows with positive weight, in [0, 1]} */
  public double density() {
    return weightedRows == 0 || dim <= 0 ? 0.0 : nonzeros / ((double) weightedRows * dim);
  }

  /** {@return rows with label 1 and positive weight} */
  public long positives() {
    return positives;
  }

  /**
   * multinomial: the number of classes K — the count the label metadata declares, else the largest label + 1
   * (0 when no row has positive weight).
   *
   * @return K
   */
  public int numClasses() {
    if (columns.declaredClasses() > 0) {
      return columns.declaredClasses();
    }
    return classWeights.isEmpty() ? 0 : classWeights.lastKey() + 1;
  }

  /** {@return multinomial: the number of classes the label metadata declares, 0 when it declares none} */
  public int declaredClasses() {
    return columns.declaredClasses();
  }

  /** {@return multinomial: the total row weight of each class 0 … K−1 (0 for a class with no rows)} */
  public double[] classWeights() {
    double[] out = new double[numClasses()];
    classWeights.forEach((k, v) -> out[k] = v);
    return out;
  }

  /** {@return the weighted mean of each feature} */
  public double[] featureMean() {
    double[] m = new double[dim];
    for (int j = 0; j < dim; j++) {
      m[j] = features.mean(j);
    }
    return m;
  }

  /**
   * {@return the weighted (population) standard deviation of each feature: finite and accurate for any finite
   * values, also where the variance itself would overflow or underflow}
   */
  public double[] featureStandardDeviation() {
    double[] sd = new double[dim];
    for (int j = 0; j < dim; j++) {
      sd[j] = features.standardDeviation(j);
    }
    return sd;
  }

  /** {@return the weighted (population) variance of each feature: the square of the standard deviation} */
  public double[] featureVariance() {
    double[] v = featureStandardDeviation();
    for (int j = 0; j < dim; j++) {
      v[j] *= v[j];
    }
    return v;
  }

  /**
   * {@return the largest magnitude of each feature, to within a factor 2: the power of two 2^e with 2^e ≤ max |x|
   * &lt; 2^(e+1) (0 for a feature that is 0 in every row of positive weight)}
   */
  public double[] featureMagnitude() {
    double[] m = new double[dim];
    for (int j = 0; j < dim; j++) {
      m[j] = features.maxExponent(j) == Integer.MIN_VALUE ? 0.0 : Math.scalb(1.0, features.maxExponent(j));
    }
    return m;
  }

  /** {@return the weighted mean of the label} */
  public double labelMean() {
    return labels.mean(0);
  }

  /** {@return the weighted standard deviation of the label, finite and accurate for any finite labels} */
  public double labelStandardDeviation() {
    return labels.standardDeviation(0);
  }

  /** {@return the weighted variance of the label: the square of its standard deviation} */
  public double labelVariance() {
    double sd = labelStandardDeviation();
    return sd * sd;
  }

  /**
   * {@return the largest magnitude of the label, to within a factor 2 (as {@link #featureMagnitude()}; 0 when every
   * label of positive weight is 0)}
   */
  public double labelMagnitude() {
    return labels.maxExponent(0) == Integer.MIN_VALUE ? 0.0 : Math.scalb(1.0, labels.maxExponent(0));
  }

  /** {@return the sampled centres, row-major, in ascending key order (independent of the partitioning)} */
  public double[] centres() {
    List<Candidate> sorted = new ArrayList<>(candidates);
    sorted.sort(new LargestKeyFirst().reversed());
    double[] out = new double[sorted.size() * Math.max(dim, 0)];
    for (int i = 0; i < sorted.size(); i++) {
      System.arraycopy(sorted.get(i).features(), 0, out, i * dim, dim);
    }
    return out;
  }

  /** {@return A 64-bit hash of the row (SplitMix64 finaliser over the bits of every value)} */
  static long key(long seed, double[] x, double label) {
    long h = mix(seed ^ 0x9E3779B97F4A7C15L);
    for (double v : x) {
      h = mix(h ^ bits(v));
    }
    return mix(h ^ bits(label));
  }

  private static long bits(double v) {
    return v == 0.0 ? 0L : Double.doubleToLongBits(v);
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
