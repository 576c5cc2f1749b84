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

package io.github.sparkrvm.benchmarks;

import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.classification.LogisticRegressionModel;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.ml.tuning.ParamGridBuilder;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * An L1 {@code LogisticRegression} whose regParam {@code CrossValidator} chose (3 folds, seed 7, by the evaluator's
 * metric), then fitted alone at it: the peer of the benchmarks on sparse sets.
 *
 * @param regParam the regParam chosen
 * @param searchSeconds the cross-validation's seconds (its fits and the refit)
 * @param model the single fit at {@code regParam}
 * @param seconds that fit's seconds
 */
record CrossValidatedLasso(double regParam, double searchSeconds, LogisticRegressionModel model, double seconds) {

  /** {@return {@code lasso} (elasticNetParam 1) cross-validated over {@code regParams} on {@code train}, then refitted} */
  static CrossValidatedLasso fit(LogisticRegression lasso, Dataset<Row> train, MulticlassClassificationEvaluator metric,
      double... regParams) {
    ParamMap[] grid = new ParamGridBuilder().addGrid(lasso.regParam(), regParams).build();
    long t0 = System.nanoTime();
    CrossValidatorModel cv = new CrossValidator().setEstimator(lasso).setEstimatorParamMaps(grid)
        .setEvaluator(metric).setNumFolds(3).setSeed(7).fit(train);
    double searchSeconds = (System.nanoTime() - t0) / 1e9;
    double regParam = ((LogisticRegressionModel) cv.bestModel()).getRegParam();
    long t1 = System.nanoTime();
    LogisticRegressionModel one = lasso.copy(ParamMap.empty()).setRegParam(regParam).fit(train);
    return new CrossValidatedLasso(regParam, searchSeconds, one, (System.nanoTime() - t1) / 1e9);
  }
}
