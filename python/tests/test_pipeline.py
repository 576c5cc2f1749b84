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

"""Pipeline, PipelineModel and CrossValidator with the spark-rvm stages from Python: saved from Python and loaded
from Java, saved from Java and loaded from Python, the same predictions either way; CrossValidator over gamma; a new
Python process loads a saved pipeline without importing spark_rvm."""
import dataclasses
import json
import math
import os
import subprocess
import sys

import pytest
from pyspark.ml import Pipeline, PipelineModel
from pyspark.ml.evaluation import BinaryClassificationEvaluator
from pyspark.ml.feature import VectorAssembler
from pyspark.ml.tuning import CrossValidator, ParamGridBuilder
from pyspark.sql import DataFrame

from spark_rvm import RvmEstimator, RvmModel, read_model_data

TOL = 1e-9


def probabilities(df):
    return [r.probability.toArray().tolist() for r in df.select("probability").collect()]


def assert_same(a, b):
    assert len(a) == len(b) == 1000
    for i, (x, y) in enumerate(zip(a, b)):
        assert max(abs(u - v) for u, v in zip(x, y)) <= TOL, "row %d: %r against %r" % (i, x, y)


def raw(ripley):
    # Without the fixture's features column: the pipeline assembles its own.
    train, test = ripley
    return train.drop("features"), test.drop("features")


def test_pipeline_saved_from_python_loads_in_java(spark, jvm, ripley, tmp_path):
    train, test = raw(ripley)
    pipeline = Pipeline(stages=[
        VectorAssembler(inputCols=["xs", "ys"], outputCol="features"),
        RvmEstimator(family="bernoulli", labelCol="yc", gamma=4.0, standardization=False)])
    pipeline.save(str(tmp_path / "pipeline"))
    model = pipeline.fit(train)
    model.save(str(tmp_path / "model"))
    python_probabilities = probabilities(model.transform(test))

    java_model = jvm.org.apache.spark.ml.PipelineModel.load(str(tmp_path / "model"))
    assert java_model.stages()[1].getClass().getName() == "io.github.sparkrvm.RvmModel"
    assert_same(probabilities(DataFrame(java_model.transform(test._jdf), spark)), python_probabilities)

    java_pipeline = jvm.org.apache.spark.ml.Pipeline.load(str(tmp_path / "pipeline"))
    estimator = java_pipeline.getStages()[1]
    assert estimator.getClass().getName() == "io.github.sparkrvm.RvmEstimator"
    assert estimator.getGamma() == 4.0 and estimator.getFamily() == "bernoulli"
    refitted = java_pipeline.fit(train._jdf)
    assert_same(probabilities(DataFrame(refitted.transform(test._jdf), spark)), python_probabilities)


def test_pipeline_saved_from_java_loads_in_python(spark, jvm, ripley, tmp_path):
    train, test = raw(ripley)
    gateway = spark.sparkContext._gateway
    stages = gateway.new_array(jvm.org.apache.spark.ml.PipelineStage, 2)
    inputs = gateway.new_array(jvm.java.lang.String, 2)
    inputs[0], inputs[1] = "xs", "ys"
    stages[0] = jvm.org.apache.spark.ml.feature.VectorAssembler().setInputCols(inputs).setOutputCol("features")
    stages[1] = (jvm.io.github.sparkrvm.RvmEstimator().setFamily("bernoulli").setLabelCol("yc").setGamma(4.0)
                 .setStandardization(False))
    java_pipeline = jvm.org.apache.spark.ml.Pipeline().setStages(stages)
    java_pipeline.save(str(tmp_path / "pipeline"))
    java_model = java_pipeline.fit(train._jdf)
    java_model.save(str(tmp_path / "model"))
    java_probabilities = probabilities(DataFrame(java_model.transform(test._jdf), spark))

    model = PipelineModel.load(str(tmp_path / "model"))
    rvm = model.stages[1]
    assert type(rvm) is RvmModel
    assert rvm.getGamma() == 4.0 and rvm.getFamily() == "bernoulli" and rvm.numRelevanceVectors >= 1
    assert_same(probabilities(model.transform(test)), java_probabilities)

    pipeline = Pipeline.load(str(tmp_path / "pipeline"))
    estimator = pipeline.getStages()[1]
    assert type(estimator) is RvmEstimator
    assert estimator.getGamma() == 4.0 and estimator.getLabelCol() == "yc" and not estimator.getStandardization()
    assert_same(probabilities(pipeline.fit(train).transform(test)), java_probabilities)


def test_cross_validator_over_gamma(spark, ripley):
    train, test = ripley
    rvm = RvmEstimator(family="bernoulli", labelCol="yc", standardization=False)
    grid = ParamGridBuilder().addGrid(rvm.gamma, [0.05, 4.0]).build()
    evaluator = BinaryClassificationEvaluator(labelCol="yc")
    cv = CrossValidator(estimator=rvm, estimatorParamMaps=grid, evaluator=evaluator, numFolds=3, seed=7)
    cv_model = cv.fit(train)
    assert len(cv_model.avgMetrics) == 2
    best = cv_model.bestModel
    assert type(best) is RvmModel
    chosen = max(range(2), key=lambda i: cv_model.avgMetrics[i])
    assert best.getGamma() == grid[chosen][rvm.gamma]
    # Tipping's width (gamma 4) beats a nearly linear kernel (0.05) on Ripley's curved boundary, and the model
    # cross-validation picks is the one refitted on all rows.
    assert best.getGamma() == 4.0
    assert evaluator.evaluate(best.transform(test)) > 0.9
    direct = RvmEstimator(family="bernoulli", labelCol="yc", standardization=False, gamma=4.0).fit(train)
    assert_same(probabilities(best.transform(test)), probabilities(direct.transform(test)))


def test_gamma_none_is_chosen_by_the_evidence(spark, ripley, tmp_path):
    train, _ = ripley
    model = RvmEstimator(family="bernoulli", labelCol="yc", gamma=None).fit(train)
    choice = model.summary.gammaChoice
    assert choice is not None and choice.rows == 250
    assert choice.tried[0] == 0.5  # the search starts at 1 / features
    # the highest evidence less one nat per α kept
    assert choice.criterion == [e - k for e, k in zip(choice.logMarginalLikelihood, choice.kept)]
    best = max(range(len(choice.tried)), key=lambda i: choice.criterion[i])
    assert choice.chosen == choice.tried[best] == model.getGamma()
    # saved with the model: what read_model_data gives a Spark Connect user
    model.write().save(str(tmp_path / "searched"))
    saved = read_model_data(spark, str(tmp_path / "searched")).summary
    # a classifier's search scores nothing held out (NaN, which equals nothing: compared apart)
    assert all(math.isnan(h) for h in choice.heldOut + saved.gammaChoice.heldOut)
    assert len(saved.gammaChoice.heldOut) == len(choice.tried)
    assert dataclasses.replace(saved.gammaChoice, heldOut=[]) == dataclasses.replace(choice, heldOut=[])
    # standardization unset too: the evidence chose it, and the Python model holds the choice
    scaling = model.summary.standardizationChoice
    assert scaling is not None and saved.standardizationChoice == scaling
    assert model.getStandardization() == scaling.standardization
    assert saved.warmStartBasis == -1 and saved.warnings == []
    assert RvmEstimator(family="bernoulli", labelCol="yc", gamma=0.5).fit(train).summary.gammaChoice is None


def test_warm_start_and_held_noise_from_python(spark, ripley):
    train, _ = ripley
    rvm = RvmEstimator(family="bernoulli", labelCol="yc", gamma=4.0, standardization=False, maxBasis=60)
    cold = rvm.fit(train)
    assert cold.summary.warmStartBasis == -1
    warm = rvm.setInitialModel(cold).fit(train)
    assert rvm.getInitialModel() is not None
    # same data: the fit starts at the model's basis functions and stops within a few steps at the same model
    assert warm.summary.warmStartBasis == cold.summary.activeBasis[-1]
    assert warm.summary.iterations <= 3
    assert warm.numRelevanceVectors == cold.numRelevanceVectors
    sinc = spark.createDataFrame([(float(i), float(i % 3)) for i in range(12)], ["x", "label"])
    sinc = VectorAssembler(inputCols=["x"], outputCol="features").transform(sinc)
    held = RvmEstimator(noisePrecision=20.0).fit(sinc)
    assert held.getNoisePrecision() == 20.0
    assert held.fittedNoisePrecision == 20.0
    assert held.varianceScale == 1.0  # a held noise is the user's: no held-out scale


def test_the_calibrated_variance_from_python(spark):
    # 40 noisy sinc rows: the default fit scales its predicted variance by its varianceScale and keeps the model
    rows = [(float(x), math.sin(x) / x + 0.1 * math.sin(7.0 * x)) for x in (-9.9 + 0.5 * i for i in range(40))]
    sinc = VectorAssembler(inputCols=["x"], outputCol="features").transform(spark.createDataFrame(rows, ["x", "label"]))
    plain = RvmEstimator(gamma=0.25, standardization=False, calibrateVariance=False).fit(sinc)
    scaled = RvmEstimator(gamma=0.25, standardization=False).fit(sinc)
    assert plain.varianceScale == 1.0 and scaled.varianceScale != 1.0
    assert scaled.weights == plain.weights and scaled.fittedNoisePrecision == plain.fittedNoisePrecision
    for a, b in zip(plain.transform(sinc).collect(), scaled.transform(sinc).collect()):
        assert b.prediction == a.prediction
        assert b.variance == pytest.approx(scaled.varianceScale * a.variance, rel=1e-12)


LOAD_WITHOUT_IMPORT = r"""
import io, json, sys
from pyspark.ml import PipelineModel
from pyspark.sql import SparkSession
jar, path, data = sys.argv[1:4]
spark = (SparkSession.builder.master("local[1]").config("spark.jars", jar).config("spark.ui.enabled", "false")
         .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate())
imported_before = "spark_rvm" in sys.modules
model = PipelineModel.load(path)
rvm = model.stages[-1]
test = spark.read.csv(data, header=True, inferSchema=True).coalesce(1)
print(json.dumps({
    "imported_before": imported_before,
    "is_spark_rvm_model": type(rvm) is sys.modules["spark_rvm"].RvmModel,
    "io_untouched": not hasattr(io, "github") and "io.github" not in sys.modules,
    "numRelevanceVectors": rvm.numRelevanceVectors,
    "probabilities": [r.probability.toArray().tolist() for r in model.transform(test).select("probability").collect()],
}))
spark.stop()
"""


def test_a_new_process_loads_a_saved_pipeline_without_import_spark_rvm(ripley, tmp_path):
    # The installed wheel's spark_rvm.pth makes io.github.sparkrvm importable at start-up, so PySpark's loader finds
    # the Python class of the saved RvmModel by its JVM class name; nothing is added to the standard library's io.
    import spark_rvm
    from conftest import RIPLEY

    train, test = raw(ripley)
    model = Pipeline(stages=[
        VectorAssembler(inputCols=["xs", "ys"], outputCol="features"),
        RvmEstimator(family="bernoulli", labelCol="yc", gamma=4.0, standardization=False)]).fit(train)
    model.save(str(tmp_path / "model"))
    child = subprocess.run([sys.executable, "-c", LOAD_WITHOUT_IMPORT, spark_rvm.jar_path(), str(tmp_path / "model"),
                            str(RIPLEY / "synth.te.csv")], capture_output=True, text=True, timeout=600,
                           env=dict(os.environ, SPARK_LOCAL_IP="127.0.0.1"))
    assert child.returncode == 0, child.stderr[-6000:]
    seen = json.loads(child.stdout.strip().splitlines()[-1])
    assert not seen["imported_before"] and seen["is_spark_rvm_model"] and seen["io_untouched"]
    assert seen["numRelevanceVectors"] == model.stages[-1].numRelevanceVectors
    assert_same(seen["probabilities"], probabilities(model.transform(test)))
