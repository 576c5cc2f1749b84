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

"""MLflow for pipelines with spark-rvm stages: log_model and save_model write MLflow's spark flavor (a PipelineModel
in Spark's own format) with requirements that name spark-rvm, and a python_function flavor that loads through this
module, which starts the Spark session with the spark-rvm jar when there is none; load_model does the same for the
spark flavor. So a fresh process (batch scoring, serving) scores with

    mlflow.pyfunc.load_model(model_uri).predict(pandas_df)

where mlflow.spark's own loader would start a session without the jar. Needs mlflow (or mlflow-skinny):
``pip install spark-rvm[mlflow]``.
"""
import os
from importlib import metadata
from typing import Any, List, Optional

import mlflow
import mlflow.spark
from mlflow.models import Model
from pyspark.ml import PipelineModel, Transformer
from pyspark.sql import SparkSession

import spark_rvm

_MLMODEL = "MLmodel"


def requirement() -> str:
    """The pip requirement of this package as installed, e.g. ``spark-rvm==0.1.0``."""
    return "spark-rvm==" + metadata.version("spark-rvm")


def session() -> SparkSession:
    """The active Spark session, or a new local one with the spark-rvm jar (as mlflow.spark starts its own: one
    core, on the loopback interface)."""
    active = SparkSession.getActiveSession()
    if active is not None:
        return active
    return (SparkSession.builder.master("local[1]").appName("spark-rvm: MLflow model")
            .config("spark.jars", spark_rvm.jar_path())
            .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.ui.enabled", "false")
            .getOrCreate())


def default_pip_requirements() -> List[str]:
    """The requirements a model logged here names: mlflow.spark's defaults (pyspark, pinned to the installed
    version) and spark-rvm (:func:`requirement`)."""
    return list(mlflow.spark.get_default_pip_requirements()) + [requirement()]


def save_model(spark_model: Transformer, path: str, mlflow_model: Optional[Model] = None,
               pip_requirements: Optional[List[str]] = None, extra_pip_requirements: Optional[List[str]] = None,
               **kwargs: Any) -> None:
    """As ``mlflow.spark.save_model`` (same arguments), with the python_function flavor loaded through
    spark_rvm.mlflow, and the requirements :func:`default_pip_requirements` (and extra_pip_requirements) unless
    pip_requirements replaces them (MLflow's inference of requirements would load the model without the jar)."""
    if pip_requirements is None:
        pip_requirements = default_pip_requirements() + list(extra_pip_requirements or [])
        extra_pip_requirements = None
    mlflow.spark.save_model(spark_model, path, mlflow_model=mlflow_model, pip_requirements=pip_requirements,
                            extra_pip_requirements=extra_pip_requirements, **kwargs)
    mlmodel_path = os.path.join(path, _MLMODEL)
    saved = Model.load(mlmodel_path)
    for model in (saved, mlflow_model):
        if model is not None:
            model.flavors["python_function"]["loader_module"] = __name__
    saved.save(mlmodel_path)


def log_model(spark_model: Transformer, name: str = "model", **kwargs: Any):
    """As ``mlflow.spark.log_model(spark_model, name=name, ...)`` (same keyword arguments: registered_model_name,
    signature, input_example, pip_requirements, extra_pip_requirements, ...), through :func:`save_model`; returns
    MLflow's ModelInfo."""
    return Model.log(artifact_path=None, name=name, flavor=_flavor(), spark_model=spark_model, **kwargs)


def load_model(model_uri: str, dfs_tmpdir: Optional[str] = None, dst_path: Optional[str] = None) -> PipelineModel:
    """As ``mlflow.spark.load_model``, in the active session or a new one with the spark-rvm jar."""
    session()
    return mlflow.spark.load_model(model_uri, dfs_tmpdir=dfs_tmpdir, dst_path=dst_path)


def _load_pyfunc(path: str):
    """The python_function flavor's loader (``mlflow.pyfunc.load_model``): mlflow.spark's, in the active session or
    a new one with the spark-rvm jar."""
    session()
    return mlflow.spark._load_pyfunc(path)


def _flavor():
    import sys

    return sys.modules[__name__]
