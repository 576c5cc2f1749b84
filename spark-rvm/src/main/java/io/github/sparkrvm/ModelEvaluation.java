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

import static org.apache.spark.sql.functions.col;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.Transformer;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.storage.StorageLevel;

/**
 * A model's {@code evaluate} ({@link HasRelevanceVectors#evaluate}): scores a labelled data set once (persisted)
 * with the scoring transformer the model gives, its outputs in the columns named here, then Spark's evaluators read
 * it for each metric and one grouping counts the confusion matrix.
 */
final class ModelEvaluation {

  private static final String LABEL = "__rvm_eval_label";
  /** The column the scoring transformer writes the prediction to. */
  static final String PREDICTION = "__rvm_eval_prediction";
  /** The column the scoring transformer writes a classifier's probabilities to. */
  static final String PROBABILITY = "__rvm_eval_probability";
  /** The column the scoring transformer writes a classifier's raw scores to. */
  static final String RAW = "__rvm_eval_raw";

  private ModelEvaluation() {}

  /**
   * {@return the metrics of {@code scoring} on {@code dataset}}
   *
   * @param scoring the model as a transformer writing {@link #PREDICTION} (and for a classifier {@link #PROBABILITY}
   *     and {@link #RAW}; no variance)
   * @param outputs the model's family outputs
   * @param dataset the labelled data
   * @param label the label column of {@code dataset}
   */
  static RvmMetrics evaluate(Transformer scoring, FamilyOutputs outputs, Dataset<?> dataset, String label) {
    if (!Arrays.asList(dataset.columns()).contains(label)) {
      throw new IllegalArgumentException("labelCol '" + label + "' is not a column of the data to evaluate; its "
          + "columns are " + String.join(", ", dataset.columns()) + ": name the label column");
    }
    if (!(dataset.schema().apply(label).dataType() instanceof NumericType)) {
      throw new IllegalArgumentException("labelCol '" + label + "' is "
          + dataset.schema().apply(label).dataType().simpleString() + ", not numeric");
    }
    int classes = outputs.numClasses();
    boolean classifier = classes > 0;
    Dataset<Row> labelled = dataset.toDF().withColumn(LABEL, quoted(label).cast("double"));
    requireLabels(labelled, label, classes, outputs.counts());
    List<Column> kept = classifier
        ? List.of(col(LABEL), col(PREDICTION), col(PROBABILITY), col(RAW))
        : List.of(col(LABEL), col(PREDICTION));
    Dataset<Row> scored = scoring.transform(labelled).select(kept.toArray(new Column[0]))
        .persist(StorageLevel.MEMORY_AND_DISK());
    try {
      long rows = scored.count();
      if (rows == 0) {
        throw new IllegalArgumentException("the data to evaluate has no rows");
      }
      if (!classifier) {
        RegressionEvaluator regression = new RegressionEvaluator().setLabelCol(LABEL).setPredictionCol(PREDICTION);
        double rmse = regression.setMetricName("rmse").evaluate(scored);
        double mse = regression.setMetricName("mse").evaluate(scored);
        double mae = regression.setMetricName("mae").evaluate(scored);
        double r2 = regression.setMetricName("r2").evaluate(scored);
        return outputs.counts() ? new RvmMetrics.Counts(rows, rmse, mse, mae, r2, meanPoissonDeviance(scored))
            : new RvmMetrics.Regression(rows, rmse, mse, mae, r2);
      }
      MulticlassClassificationEvaluator multiclass = new MulticlassClassificationEvaluator().setLabelCol(LABEL)
          .setPredictionCol(PREDICTION).setProbabilityCol(PROBABILITY);
      double accuracy = multiclass.setMetricName("accuracy").evaluate(scored);
      double logLoss = multiclass.setMetricName("logLoss").evaluate(scored);
      double f1 = multiclass.setMetricName("weightedFMeasure").evaluate(scored);
      double auc = classes == 2 ? new BinaryClassificationEvaluator().setLabelCol(LABEL).setRawPredictionCol(RAW)
          .setMetricName("areaUnderROC").evaluate(scored) : Double.NaN;
      return new RvmMetrics.Classification(rows, classes, accuracy, 1.0 - accuracy, logLoss, auc, f1,
          confusion(scored, classes));
    } finally {
      scored.unpersist(false);
    }
  }

  /**
   * The mean Poisson deviance (1/n) Σ 2(t log(t/μ) − (t − μ)) of the scored rows, t log(t/μ) taken as 0 at t = 0.
   */
  private static double meanPoissonDeviance(Dataset<Row> scored) {
    Column t = col(LABEL);
    Column mu = col(PREDICTION);
    Column logRatio = functions.when(t.gt(0.0), t.multiply(functions.log(t.divide(mu)))).otherwise(0.0);
    Column deviance = logRatio.minus(t.minus(mu)).multiply(2.0);
    return scored.agg(functions.avg(deviance)).first().getDouble(0);
  }

  /** The classes must be the integers 0 … K − 1, and counts whole non-negative numbers (no null). */
  private static void requireLabels(Dataset<Row> labelled, String label, int classes, boolean counts) {
    Column bad = col(LABEL).isNull().or(functions.isnan(col(LABEL)));
    if (counts) {
      bad = bad.or(col(LABEL).lt(0.0)).or(col(LABEL).notEqual(functions.floor(col(LABEL))));
    }
    if (classes > 0) {
      Object[] allowed = new Object[classes];
      for (int k = 0; k < classes; k++) {
        allowed[k] = (double) k;
      }
      bad = bad.or(functions.not(col(LABEL).isin(allowed)));
    }
    List<Row> found = labelled.filter(bad).select(quoted(label)).limit(1).collectAsList();
    if (!found.isEmpty()) {
      throw new IllegalArgumentException("labelCol '" + label + "' holds " + found.get(0).get(0) + " in a row: "
          + (counts ? "a poisson model is evaluated on counts 0, 1, 2, ... (whole non-negative numbers)"
              : classes == 0 ? "every label must be a number"
              : "a model of " + classes + " classes is evaluated on labels 0" + (classes == 2 ? " and 1" : " to "
                  + (classes - 1))));
    }
  }

  private static long[][] confusion(Dataset<Row> scored, int classes) {
    long[][] counts = new long[classes][classes];
    for (Row r : scored.groupBy(col(LABEL), col(PREDICTION)).count().collectAsList()) {
      counts[(int) r.getDouble(0)][(int) r.getDouble(1)] = r.getLong(2);
    }
    return counts;
  }

  private static Column quoted(String name) {
    return functions.col("`" + name.replace("`", "``") + "`");
  }
}
