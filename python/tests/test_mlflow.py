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

"""MLflow: a pipeline with an RVM stage logged in this process (spark_rvm.mlflow.log_model) names spark-rvm among
its requirements, and a fresh Python process, which has no Spark session, scores it with
mlflow.pyfunc.load_model(uri).predict(pandas_df): the loader starts the session with the jar."""
import json
import os
import subprocess
import sys

import mlflow
import mlflow.pyfunc
from pyspark.ml import Pipeline
from pyspark.ml.feature import VectorAssembler

import spark_rvm.mlflow
from conftest import RIPLEY
from spark_rvm import RvmEstimator

SCORE_IN_A_FRESH_PROCESS = r"""
import json, sys
import mlflow, pandas
from pyspark.sql import SparkSession
tracking, uri, data = sys.argv[1:4]
assert SparkSession.getActiveSession() is None
mlflow.set_tracking_uri(tracking)
model = mlflow.pyfunc.load_model(uri)
predictions = model.predict(pandas.read_csv(data))
print(json.dumps([float(p) for p in predictions]))
"""


def test_a_logged_pipeline_scores_in_a_fresh_process(spark, ripley, tmp_path, monkeypatch):
    train, test = ripley
    model = Pipeline(stages=[
        VectorAssembler(inputCols=["xs", "ys"], outputCol="features"),
        RvmEstimator(family="bernoulli", labelCol="yc", gamma=4.0, standardization=False)]).fit(
        train.drop("features"))
    expected = [r.prediction for r in model.transform(test.drop("features")).select("prediction").collect()]

    # a tracking store in a folder: MLflow 3 asks for this opt-in (a server or database is not needed here)
    monkeypatch.setenv("MLFLOW_ALLOW_FILE_STORE", "true")
    tracking = (tmp_path / "mlruns").as_uri()
    mlflow.set_tracking_uri(tracking)
    try:
        with mlflow.start_run():
            info = spark_rvm.mlflow.log_model(model, name="ripley-rvm")
        requirements = mlflow.pyfunc.get_model_dependencies(info.model_uri)
    finally:
        mlflow.set_tracking_uri(None)
    with open(requirements, encoding="utf-8") as f:
        lines = [line.strip() for line in f]
    assert spark_rvm.mlflow.requirement() in lines, lines
    assert any(line.startswith("pyspark") for line in lines), lines

    child = subprocess.run([sys.executable, "-c", SCORE_IN_A_FRESH_PROCESS, tracking, info.model_uri,
                            str(RIPLEY / "synth.te.csv")], capture_output=True, text=True, timeout=600,
                           env=dict(os.environ, SPARK_LOCAL_IP="127.0.0.1"), cwd=str(tmp_path))
    assert child.returncode == 0, child.stderr[-6000:]
    predictions = json.loads(child.stdout.strip().splitlines()[-1])
    assert predictions == expected
