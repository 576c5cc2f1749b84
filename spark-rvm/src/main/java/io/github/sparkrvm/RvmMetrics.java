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

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How well a fitted {@link RvmModel} predicts a labelled data set: {@link RvmModel#evaluate}'s result. A
 * {@link Regression} for family gaussian, {@link Counts} for poisson, a {@link Classification} for bernoulli and
 * multinomial. Every metric is
 * unweighted (each row counts once), as in Spark's evaluators.
 */
public sealed interface RvmMetrics extends java.io.Serializable {

  /** {@return the number of rows evaluated} */
  long rows();

  /**
   * {@return the metrics by name, in a fixed order (the fields of the job's {@code evaluate} JSON line): numbers
   * as {@code Double} or {@code Long}, the confusion matrix as {@code long[][]}}
   */
  Map<String, Object> asMap();

  /**
   * The metrics of a gaussian model: root mean squared error, mean squared error, mean absolute error and the
   * coefficient of determination R² = 1 − Σ(t − y)² / Σ(t − t̄)².
   *
   * @param rows the rows evaluated
   * @param rmse the root mean squared error
   * @param mse the mean squared error
   * @param mae the mean absolute error
   * @param r2 the coefficient of determination
   */
  record Regression(long rows, double rmse, double mse, double mae, double r2) implements RvmMetrics {
    @Override
    public Map<String, Object> asMap() {
      Map<String, Object> map = new LinkedHashMap<>();
      map.put("rows", rows);
      map.put("rmse", rmse);
      map.put("mse", mse);
      map.put("mae", mae);
      map.put("r2", r2);
      return map;
    }
  }

  /**
   * The metrics of a poisson model: those of {@link Regression} (Spark's RegressionEvaluator on the predicted mean
   * counts) and the mean Poisson deviance (1/n) Σ 2(t log(t/μ) − (t − μ)), with t log(t/μ) = 0 at t = 0, μ the
   * predicted mean count: 0 for a perfect fit, and what a Poisson GLM minimises.
   *
   * @param rows the rows evaluated
   * @param rmse the root mean squared error
   * @param mse the mean squared error
   * @param mae the mean absolute error
   * @param r2 the coefficient of determination
   * @param meanPoissonDeviance the mean Poisson deviance
   */
  record Counts(long rows, double rmse, double mse, double mae, double r2, double meanPoissonDeviance)
      implements RvmMetrics {
    @Override
    public Map<String, Object> asMap() {
      Map<String, Object> map = new Regression(rows, rmse, mse, mae, r2).asMap();
      map.put("meanPoissonDeviance", meanPoissonDeviance);
      return map;
    }
  }

  /**
   * The metrics of a bernoulli or multinomial model over its K classes.
   *
   * @param rows the rows evaluated
   * @param numClasses K (2 for bernoulli)
   * @param accuracy the share of rows whose predicted class is the label
   * @param error 1 − accuracy
   * @param logLoss the mean of −log P(label) (P clipped to [1e-15, 1 − 1e-15], as Spark's evaluator does)
   * @param auc the area under the ROC curve of the raw score of class 1 (bernoulli); NaN for multinomial
   * @param weightedF1 the F1 score of each class weighted by its share of the labels
   * @param confusionMatrix the counts of rows by true class (row) and predicted class (column), K × K
   */
  record Classification(long rows, int numClasses, double accuracy, double error, double logLoss, double auc,
      double weightedF1, long[][] confusionMatrix) implements RvmMetrics {

    /**
     * Checks the shape of the confusion matrix.
     *
     * @param rows the rows evaluated
     * @param numClasses K (2 for bernoulli)
     * @param accuracy the share of rows whose predicted class is the label
     * @param error 1 − accuracy
     * @param logLoss the mean of −log P(label)
     * @param auc the area under the ROC curve of the raw score of class 1 (bernoulli); NaN for multinomial
     * @param weightedF1 the F1 score of each class weighted by its share of the labels
     * @param confusionMatrix the counts of rows by true class (row) and predicted class (column), K × K
     */
    public Classification {
      if (confusionMatrix.length != numClasses) {
        throw new IllegalArgumentException("the confusion matrix has " + confusionMatrix.length + " rows for "
            + numClasses + " classes");
      }
    }

    /** {@inheritDoc} The area under the ROC curve appears for two classes only. */
    @Override
    public Map<String, Object> asMap() {
      Map<String, Object> map = new LinkedHashMap<>();
      map.put("rows", rows);
      map.put("accuracy", accuracy);
      map.put("error", error);
      map.put("logLoss", logLoss);
      if (numClasses == 2) {
        map.put("auc", auc);
      }
      map.put("weightedF1", weightedF1);
      map.put("confusionMatrix", confusionMatrix);
      return map;
    }
  }
}
