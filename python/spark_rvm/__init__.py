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

The stages wrap the JVM classes of the spark-rvm jar, which this package carries (jar_path()). Importing spark_rvm
also registers the module name io.github.sparkrvm (the JVM package), through which PySpark finds the Python class of
a saved stage, so that Pipeline and PipelineModel loads work.
"""
import glob
import os
import sys
import types

from spark_rvm._stages import (  # noqa: F401
    JVM_PACKAGE,
    RvmEstimator,
    RvmModel,
    RvmSelector,
    RvmSelectorModel,
    RvmTrainingSummary,
)

__all__ = ["RvmEstimator", "RvmModel", "RvmSelector", "RvmSelectorModel", "RvmTrainingSummary", "jar_path"]
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
            "no spark-rvm jar in %s: install spark_rvm from its wheel, or in a source checkout build the jar and "
            "set up the package with python/dev/setup-venv.sh" % folder)
    return jars[-1]


def _register_jvm_package_name():
    # "io" is the standard library's io module, not a package, so `import io.github.sparkrvm` cannot find a
    # folder; PySpark imports the name only after looking in sys.modules, where these entries answer it.
    package = types.ModuleType(JVM_PACKAGE, "spark_rvm's stages under their JVM package name (see spark_rvm)")
    for cls in (RvmEstimator, RvmModel, RvmSelector, RvmSelectorModel):
        setattr(package, cls.__name__, cls)
    parent = sys.modules.get("io.github") or types.ModuleType("io.github")
    parent.sparkrvm = package
    sys.modules.setdefault("io.github", parent)
    sys.modules[JVM_PACKAGE] = package


_register_jvm_package_name()
