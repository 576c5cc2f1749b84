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

import io.github.sparkrvm.distributed.DataSummary;
import io.github.sparkrvm.distributed.InputRows;
import io.github.sparkrvm.distributed.JobDescription;
import io.github.sparkrvm.distributed.PartitionOrder;
import io.github.sparkrvm.distributed.TrainingRow;
import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.util.InvalidInputException;
import org.apache.spark.api.java.JavaRDD;

/**
 * The summary pass of a fit ({@link RvmTraining}) and what it refuses: one pass over the training rows that validates
 * them and takes their count, feature and label moments and candidate centres ({@link DataSummary}); then the
 * inputs no fit can use, each refused with the column and what to do: no rows, no weight, empty vectors, a single
 * class, gaps in the class indices, constant regression labels, and values whose squares overflow or underflow.
 */
final class SummaryPass {

  private final String uid;
  private final RvmParams p;
  private final Family family;

  /**
   * The pass of one fit.
   *
   * @param uid the stage's uid, for the job description
   * @param p the stage's params (the columns, maxBasis, seed, aggregationDepth, standardization)
   * @param family the family the stage resolved
   */
  SummaryPass(String uid, RvmParams p, Family family) {
    this.uid = uid;
    this.p = p;
    this.family = family;
  }

  /**
   * {@return the summary of {@code rows}, after refusing what no fit can use}
   *
   * @param rows the training rows
   * @param choice the params' typed choices (a linear kernel takes no centres)
   * @param declaredClasses K from the label column's ML attribute (0: none declared)
   */
  DataSummary summarise(JavaRDD<TrainingRow> rows, FitChoice choice, int declaredClasses) {
    DataSummary.Columns columns = new DataSummary.Columns(p.getFeaturesCol(), p.getLabelCol(), p.getWeightCol(),
        family, declaredClasses);
    int centres = choice.linear() ? 0 : p.getMaxBasis();
    long seed = p.getSeed();
    DataSummary summary;
    try {
      summary = JobDescription.run(rows.context(), uid + ": summary pass: validate the rows, count, feature and label "
          + "moments, candidate centres", () -> PartitionOrder.aggregate(rows, () -> new DataSummary(columns,
              centres, seed), DataSummary::add, DataSummary::merge, p.getAggregationDepth()));
    } catch (Exception e) {
      throw InputRows.rethrow(e);
    }
    String where = "(featuresCol '" + p.getFeaturesCol() + "', labelCol '" + p.getLabelCol() + "')";
    if (summary.rows() == 0) {
      throw new InvalidInputException("the training data is empty " + where + ": there is nothing to fit");
    }
    if (!(summary.weightSum() > 0.0)) {
      throw new InvalidInputException("every row has weight 0 in weightCol '" + p.getWeightCol() + "'");
    }
    if (summary.dim() == 0) {
      throw new InvalidInputException("featuresCol '" + p.getFeaturesCol() + "' holds empty vectors: there are no "
          + "features to fit on");
    }
    if (family.binaryLabels() && (summary.positives() == 0 || summary.positives() == summary.weightedRows())) {
      throw new InvalidInputException("labelCol '" + p.getLabelCol() + "' holds a single class (every label is "
          + (summary.positives() == 0 ? "0.0" : "1.0") + "): family 'bernoulli' needs rows of both classes 0 and 1");
    }
    if (family.perClass()) {
      checkClasses(summary);
    }
    if (!family.classifier() && !(summary.labelStandardDeviation() > 0.0)) {
      throw new InvalidInputException("labelCol '" + p.getLabelCol() + "' is constant (every label is "
          + summary.labelMean() + "): a regression needs labels that vary");
    }
    checkMagnitudes(summary);
    return summary;
  }

  /**
   * The largest magnitude of the values a fit multiplies with each other (features without standardisation,
   * regression labels, the sum of the row weights): 2^498, about 8e149, so that their squares and a few products
   * of such squares stay finite; and its inverse, the smallest whose squares stay normal doubles.
   */
  static final double MAX_MAGNITUDE = 0x1p498;

  /**
   * Refuses, naming the column and what to do, values a fit cannot square in double precision: row weights whose
   * sum exceeds {@link #MAX_MAGNITUDE}, regression labels beyond it or all below its inverse, and, without
   * standardization, features beyond it or all below its inverse. (With standardization, the default, features of
   * any finite scale are fine: they are centred and scaled by moments taken on each feature's own scale.)
   */
  private void checkMagnitudes(DataSummary summary) {
    if (!(summary.weightSum() <= MAX_MAGNITUDE)) {
      throw new InvalidInputException("the row weights in weightCol '" + p.getWeightCol() + "' sum to "
          + summary.weightSum() + ", beyond " + String.format("%.1e", MAX_MAGNITUDE) + ": the fit's statistics (sums "
          + "of squares of weighted terms) would overflow. A weight of k counts its row k times: divide every "
          + "weight by a common factor" + (!family.hasNoise() ? "" : " (family gaussian fits the same model, its noise "
          + "precision divided by that factor)"));
    }
    if (family.countLabels() && summary.labelMagnitude() > MAX_MAGNITUDE) {
      throw new InvalidInputException("labelCol '" + p.getLabelCol() + "' holds counts of magnitude about "
          + String.format("%.1e", summary.labelMagnitude()) + ", beyond " + String.format("%.1e", MAX_MAGNITUDE)
          + ", whose squares overflow in double precision: a poisson fit of such counts cannot be computed; check "
          + "the column, or divide the counts by a constant and fit family gaussian");
    }
    if (family.hasNoise()) {
      double magnitude = summary.labelMagnitude();
      if (magnitude > MAX_MAGNITUDE || magnitude < 1.0 / MAX_MAGNITUDE) {
        throw new InvalidInputException("labelCol '" + p.getLabelCol() + "' holds labels of magnitude about "
            + String.format("%.1e", magnitude) + ", whose squares " + (magnitude > 1.0 ? "overflow" : "underflow")
            + " in double precision: " + (magnitude > 1.0 ? "divide" : "multiply") + " the labels by a constant "
            + "(a gaussian RVM scales with its labels: the predictions by the same factor, the relevance vectors are "
            + "the same)");
      }
    }
    int j = unsquarableFeature(summary);
    if (!p.getStandardization() && j >= 0) {
      double magnitude = summary.featureMagnitude()[j];
      throw new InvalidInputException("featuresCol '" + p.getFeaturesCol() + "' holds values of magnitude about "
          + String.format("%.1e", magnitude) + " in feature " + j + ", whose squares "
          + (magnitude > 1.0 ? "overflow" : "underflow") + " in the kernel: set standardization true (the "
          + "default), or rescale that feature");
    }
  }

  /**
   * {@return the first feature whose values' squares overflow or underflow in double precision on their own scale
   * (beyond {@link #MAX_MAGNITUDE} or all below its inverse), or −1: a fit without standardization cannot use it}
   */
  static int unsquarableFeature(DataSummary summary) {
    double[] magnitude = summary.featureMagnitude();
    for (int j = 0; j < magnitude.length; j++) {
      if (magnitude[j] > MAX_MAGNITUDE || (magnitude[j] > 0.0 && magnitude[j] < 1.0 / MAX_MAGNITUDE)) {
        return j;
      }
    }
    return -1;
  }

  /**
   * A multinomial fit needs K ≥ 2 and rows of at least two classes. A class without rows is refused when K comes
   * from the labels (a gap in the class indices: labels not indexed 0 … K−1), and accepted, with a warning in the
   * training summary, when the label column's ML attribute declares it (as Spark's classifiers do: the indexer saw
   * it on other rows, e.g. of another split, and the model must keep the K outputs of the metadata).
   */
  private void checkClasses(DataSummary summary) {
    double[] classWeights = summary.classWeights();
    int present = 0;
    int only = -1;
    for (int k = 0; k < classWeights.length; k++) {
      if (classWeights[k] > 0.0) {
        present++;
        only = k;
      }
    }
    if (present < 2) {
      throw new InvalidInputException("labelCol '" + p.getLabelCol() + "' holds a single class (every label is "
          + (double) only + "): family 'multinomial' needs rows of at least 2 classes"
          + (summary.numClasses() < 2 ? "" : " (K = " + summary.numClasses() + " here)"));
    }
    if (summary.declaredClasses() == 0) {
      for (int k = 0; k < classWeights.length; k++) {
        if (classWeights[k] == 0.0) {
          throw new InvalidInputException("labelCol '" + p.getLabelCol() + "' has no rows of class " + k + ", but rows "
              + "of class " + (classWeights.length - 1) + ": family 'multinomial' takes K from the largest label, so "
              + "class indices must run 0 … K−1 without gaps. Index the labels with StringIndexer (on these rows), or, "
              + "when class " + k + " only happens to be absent from these rows, declare the K classes in the "
              + "column's ML attribute (NominalAttribute, as StringIndexer writes)");
        }
      }
    }
  }
}
