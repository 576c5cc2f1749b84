# Copyright 2026 The spark-rvm authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

"""RvmClassifier and RvmRegressor from Python: PySpark's own classifier and regressor kinds (numClasses,
predictProbability, summary as LogisticRegression's), the same fits as RvmEstimator's, the params the JVM's, and
pipelines saved from Python load in Java and the reverse."""
import math

from pyspark.ml import Pipeline, PipelineModel
from pyspark.ml.classification import BinaryLogisticRegressionTrainingSummary
from pyspark.ml.evaluation import BinaryClassificationEvaluator
from pyspark.ml.feature import VectorAssembler
from pyspark.ml.linalg import Vectors
from pyspark.sql import DataFrame

from spark_rvm import (RvmClassificationModel, RvmClassifier, RvmEstimator, RvmRegressionModel, RvmRegressor,
                       RvmTrainingSummary)
from test_params import normalised, python_spec
from spark_rvm._jvm import describe

TOL = 1e-9


def probabilities(df, column="probability"):
    return [r[column].toArray().tolist() for r in df.select(column).collect()]


def assert_rows_close(a, b):
    assert len(a) == len(b)
    for i, (x, y) in enumerate(zip(a, b)):
        assert max(abs(u - v) for u, v in zip(x, y)) <= TOL, "row %d: %r against %r" % (i, x, y)


def test_the_classifier_is_a_pyspark_probabilistic_classifier(spark, ripley):
    train, test = ripley
    classifier = RvmClassifier(labelCol="yc", gamma=4.0, standardization=False)
    model = classifier.fit(train)
    assert type(model) is RvmClassificationModel
    reference = RvmEstimator(family="bernoulli", labelCol="yc", gamma=4.0, standardization=False).fit(train)
    assert_rows_close(probabilities(model.transform(test)), probabilities(reference.transform(test)))

    assert model.numClasses == 2 and model.numFeatures == 2
    v = Vectors.dense([0.1, 0.6])
    assert model.predict(v) == reference.predict(v)
    assert_rows_close([model.predictProbability(v).toArray().tolist()],
                      [reference.predictProbabilities(v).toArray().tolist()])
    assert model.hasSummary
    summary = model.summary
    assert isinstance(summary, BinaryLogisticRegressionTrainingSummary)
    rvm_summary = model.rvmSummary
    assert isinstance(rvm_summary, RvmTrainingSummary)
    assert summary.totalIterations == rvm_summary.iterations == reference.summary.iterations
    # the objective Spark's summary reports is the log marginal likelihood per step (which the RVM maximises)
    assert summary.objectiveHistory == rvm_summary.logMarginalLikelihood
    auc = BinaryClassificationEvaluator(labelCol="yc").evaluate(model.transform(train))
    assert abs(summary.areaUnderROC - auc) <= 1e-9
    # the RVM's own attributes, as RvmEstimator's model
    assert model.numRelevanceVectors == reference.numRelevanceVectors
    assert model.weights.toArray().tolist() == reference.weights.toArray().tolist()


def test_the_regressor_is_a_pyspark_regressor(spark):
    xs = [-10.0 + 20.0 * i / 79 for i in range(80)]
    # one partition: the statistics' sums then add in one order, so that two fits are comparable to 1e-9
    sinc = spark.createDataFrame([(Vectors.dense([x]), math.sin(x) / x) for x in xs],
                                 ["features", "label"]).coalesce(1)
    model = RvmRegressor(gamma=0.5).fit(sinc)
    assert type(model) is RvmRegressionModel
    reference = RvmEstimator(gamma=0.5).fit(sinc)
    assert model.numFeatures == 1
    v = Vectors.dense([1.5])
    assert abs(model.predict(v) - reference.predict(v)) <= TOL
    assert abs(model.predictVariance(v) - reference.predictVariance(v)) <= TOL
    assert model.hasSummary and model.summary.iterations == reference.summary.iterations
    rows = model.transform(sinc).select("prediction", "variance").collect()
    expected = reference.transform(sinc).select("prediction", "variance").collect()
    assert_rows_close([[r.prediction, r.variance] for r in rows], [[r.prediction, r.variance] for r in expected])


def test_their_params_are_the_jvm_params(spark, ripley):
    train, _ = ripley
    for stage in (RvmClassifier(), RvmRegressor(), RvmClassifier(labelCol="yc", maxIter=5).fit(train),
                  RvmRegressor(labelCol="xs", maxIter=5).fit(train)):
        java = stage._java_obj if isinstance(stage, (RvmClassificationModel, RvmRegressionModel)) else \
            stage._to_java()
        assert python_spec(stage) == sorted(normalised(describe(java), java.uid())), type(stage).__name__


def test_pipelines_saved_from_python_load_in_java_and_the_reverse(spark, jvm, ripley, tmp_path):
    train, test = ripley
    train, test = train.drop("features"), test.drop("features")
    pipeline = Pipeline(stages=[VectorAssembler(inputCols=["xs", "ys"], outputCol="features"),
                                RvmClassifier(labelCol="yc", gamma=4.0, standardization=False)])
    model = pipeline.fit(train)
    model.save(str(tmp_path / "python"))
    java_model = jvm.org.apache.spark.ml.PipelineModel.load(str(tmp_path / "python"))
    assert java_model.stages()[1].getClass().getName() == "io.github.sparkrvm.RvmClassificationModel"
    expected = probabilities(model.transform(test))
    assert_rows_close(probabilities(DataFrame(java_model.transform(test._jdf), spark)), expected)

    java_model.write().overwrite().save(str(tmp_path / "java"))
    loaded = PipelineModel.load(str(tmp_path / "java"))
    assert type(loaded.stages[1]) is RvmClassificationModel
    assert_rows_close(probabilities(loaded.transform(test)), expected)
