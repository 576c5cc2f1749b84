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

"""spark-rvm from Python: the Relevance Vector Machine as pyspark.ml stages.

    from pyspark.sql import SparkSession
    import spark_rvm
    spark = SparkSession.builder.config("spark.jars", spark_rvm.jar_path()).getOrCreate()
    model = spark_rvm.RvmEstimator(family="bernoulli", labelCol="yc").fit(train)

The stages wrap the JVM classes of the spark-rvm jar, which this package carries (jar_path()). PySpark finds the
Python class of a saved stage by its JVM class name, io.github.sparkrvm.*: the wheel makes that name importable at
Python start-up (spark_rvm.pth, _spark_rvm_jvm_package.py), so that Pipeline, PipelineModel and MLflow loads work
whether or not spark_rvm was imported.
"""
import glob
import os

import _spark_rvm_jvm_package

from spark_rvm._stages import (  # noqa: F401
    JVM_PACKAGE,
    RvmEstimator,
    RvmModel,
    RvmSelector,
    RvmSelectorModel,
    RvmClassificationMetrics,
    RvmClassificationModel,
    RvmClassifier,
    RvmCountMetrics,
    RvmMetrics,
    RvmRegressionMetrics,
    RvmRegressionModel,
    RvmRegressor,
    RvmTrainingSummary,
    GammaChoice,
    StandardizationChoice,
)
from spark_rvm._model_data import RvmModelData, read_model_data  # noqa: F401

__all__ = ["RvmClassifier", "RvmClassificationModel", "RvmRegressor", "RvmRegressionModel", "RvmEstimator",
           "RvmModel", "RvmSelector", "RvmSelectorModel", "RvmTrainingSummary", "GammaChoice", "StandardizationChoice", "RvmMetrics", "RvmRegressionMetrics",
           "RvmCountMetrics", "RvmClassificationMetrics", "RvmModelData", "read_model_data", "jar_path"]
__version__ = "0.1.0.dev0"


def jar_path() -> str:
    """The path of the spark-rvm jar this package carries: pass it as spark.jars (or --jars) to the session.

    A cluster session from a Connect client needs the jar on the server instead (spark.jars of the server, or
    spark.jars.packages with the Maven coordinates io.github.sparkrvm:spark-rvm_2.13).
    """
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "jars")
    jars = sorted(glob.glob(os.path.join(folder, "spark-rvm_*.jar")))
    jars = [j for j in jars if not j.endswith(("-sources.jar", "-javadoc.jar"))]
    if not jars:
        raise FileNotFoundError(
            "no spark-rvm jar in %s: install spark_rvm from its wheel, or in a source checkout build the jar (mvn -B "
            "-DskipTests package) and then pip install ./python" % folder)
    return jars[-1]


_spark_rvm_jvm_package.install()  # also where no .pth ran (an editable install, a source tree)
