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

"""The Spark Connect client side of test_connect.py, run in its own Python process (a Connect session switches
PySpark's ML wrappers to remote mode for the whole process): fits, transforms, saves and loads an RvmEstimator and
an RvmModel through the server at argv[1] and writes what it saw to the JSON file argv[3].

    python connect_client.py sc://127.0.0.1:PORT DATA_FOLDER OUTPUT.json WORK_FOLDER
"""
import json
import os
import sys

from pyspark.ml.feature import VectorAssembler
from pyspark.sql import SparkSession

from pyspark.ml.linalg import Vectors

from spark_rvm import RvmClassifier, RvmEstimator, RvmModel, read_model_data

POINT = [0.1, 0.6]


def rvm_attributes(m, kernel, gamma):
    """The RVM's own attributes of m, an RvmModel (classic session) or the RvmModelData read_model_data gives (over
    Connect): the two have them under the same names (tests/test_connect.py compares them)."""
    return {
        "relevanceVectors": m.relevanceVectors.toArray().tolist(),
        "weights": m.weights.toArray().tolist(),
        "alphas": m.alphas.toArray().tolist(),
        "covariance": m.covariance.toArray().tolist(),
        "intercept": m.intercept,
        "interceptAlpha": m.interceptAlpha,
        "hasIntercept": m.hasIntercept,
        "numRelevanceVectors": m.numRelevanceVectors,
        "varianceScale": m.varianceScale,
        "kernel": kernel,
        "gamma": gamma,
        "logMarginalLikelihood": m.summary.logMarginalLikelihood,
        "activeBasis": m.summary.activeBasis,
        "iterations": m.summary.iterations,
    }


def classifier_view(model):
    """What Spark's allowlist serves of an RvmClassificationModel (tests/test_connect.py compares it)."""
    v = Vectors.dense(POINT)
    summary = model.summary
    return {"type": type(model).__name__, "numClasses": model.numClasses, "numFeatures": model.numFeatures,
            "predict": model.predict(v), "predictProbability": model.predictProbability(v).toArray().tolist(),
            "hasSummary": model.hasSummary, "objectiveHistory": list(summary.objectiveHistory),
            "totalIterations": summary.totalIterations, "areaUnderROC": summary.areaUnderROC}


def probabilities(df):
    return [r.probability.toArray().tolist() for r in df.select("probability").collect()]


def main(remote, data, output, work):
    spark = SparkSession.builder.remote(remote).getOrCreate()
    try:
        assembler = VectorAssembler(inputCols=["xs", "ys"], outputCol="features")

        def read(name):
            df = spark.read.csv(os.path.join(data, name + ".csv"), header=True, inferSchema=True).coalesce(1)
            return assembler.transform(df)

        train, test = read("synth.tr"), read("synth.te")
        estimator = RvmEstimator(family="bernoulli", labelCol="yc", gamma=4.0, standardization=False)
        model = estimator.fit(train)
        fitted = probabilities(model.transform(test))

        model_path = os.path.join(work, "connect-model")
        model.write().overwrite().save(model_path)
        loaded = RvmModel.load(model_path)
        reloaded = probabilities(loaded.transform(test))

        # the RVM's own attributes: not served by the Connect server, read from the saved model instead
        data = read_model_data(spark, model_path)
        attributes = rvm_attributes(data, data.kernel, data.gamma)
        unsupported = {}
        for name, call in (("weights", lambda: model.weights), ("summary", lambda: model.summary),
                           ("setInitialModel", lambda: estimator.setInitialModel(model))):
            try:
                call()
                unsupported[name] = None
            except Exception as e:  # the error a Connect user sees
                unsupported[name] = "%s: %s" % (type(e).__name__, e)

        estimator_path = os.path.join(work, "connect-estimator")
        estimator.write().overwrite().save(estimator_path)
        estimator_loaded = RvmEstimator.load(estimator_path)

        result = {
            "model_type": type(model).__name__,
            "loaded_type": type(loaded).__name__,
            "probabilities": fitted,
            "loaded_probabilities": reloaded,
            "loaded_gamma": loaded.getGamma(),
            "estimator_loaded_type": type(estimator_loaded).__name__,
            "estimator_loaded_params": {"gamma": estimator_loaded.getGamma(),
                                        "family": estimator_loaded.getFamily(),
                                        "labelCol": estimator_loaded.getLabelCol(),
                                        "standardization": estimator_loaded.getStandardization()},
            "refit_probabilities": probabilities(estimator_loaded.fit(train).transform(test)),
            "attributes": attributes,
            "unsupported": unsupported,
        }
        try:
            result["classifier"] = classifier_view(
                RvmClassifier(labelCol="yc", gamma=4.0, standardization=False).fit(train))
        except Exception as e:  # what a Connect user sees; test_connect.py reports it
            result["classifier_error"] = "%s: %s" % (type(e).__name__, str(e)[:2000])
    finally:
        spark.stop()
    with open(output, "w", encoding="utf-8") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main(*sys.argv[1:5])
