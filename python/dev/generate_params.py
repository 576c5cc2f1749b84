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

"""Writes python/spark_rvm/_params.py from the JVM stages: every param's name, kind, doc and default, the setters
each stage has, and from them the stages' params, getters, setters and keyword constructors (render_params.py). Run it (in the test venv, after the Maven build) whenever a stage's params change; the test
suite fails until the two agree:

    target/python-venv/bin/python python/dev/generate_params.py
"""
import os
import pprint
import sys

import glob
import importlib.util

from pyspark.sql import SparkSession

import render_params  # beside this script

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(os.path.dirname(HERE), "spark_rvm")
ROOT = os.path.dirname(os.path.dirname(HERE))


def _load_jvm_module():
    # spark_rvm/_jvm.py alone: importing the package would need the _params.py this script writes.
    spec = importlib.util.spec_from_file_location("spark_rvm_jvm", os.path.join(PACKAGE, "_jvm.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _library_jar():
    jars = [j for j in glob.glob(os.path.join(ROOT, "spark-rvm", "target", "spark-rvm_*.jar"))
            if not j.endswith(("-sources.jar", "-javadoc.jar", "-tests.jar"))]
    if not jars:
        sys.exit("no spark-rvm/target/spark-rvm_*.jar: build it first (mvn -B -pl spark-rvm -am -DskipTests package)")
    return sorted(jars)[-1]


_jvm = _load_jvm_module()

def main():
    spark = (SparkSession.builder.master("local[1]").appName("spark-rvm: generate params")
             .config("spark.jars", _library_jar()).config("spark.ui.enabled", "false")
             .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
             .getOrCreate())
    try:
        jvm = spark.sparkContext._jvm
        pkg = jvm.io.github.sparkrvm
        rvm = _jvm.describe(pkg.RvmEstimator())
        selector = _jvm.describe(pkg.RvmSelector())
        # the model has params of its own (featureNames): describe a model, fitted on a few rows (a model cannot
        # be made without a fit)
        from pyspark.ml.linalg import Vectors
        rows = spark.createDataFrame([(Vectors.dense([float(i)]), float(i % 3)) for i in range(8)],
                                     ["features", "label"])
        rvm_model = _jvm.describe(pkg.RvmEstimator().setMaxIter(5).fit(rows._jdf))
        binary = rows.withColumn("label", (rows["label"] > 0).cast("double"))
        classifier = _jvm.describe(pkg.RvmClassifier())
        classification_model = _jvm.describe(pkg.RvmClassifier().setMaxIter(5).fit(binary._jdf))
        regressor = _jvm.describe(pkg.RvmRegressor())
        regression_model = _jvm.describe(pkg.RvmRegressor().setMaxIter(5).fit(rows._jdf))
        rvm_names = [p[0] for p in rvm]
        rvm_model_names = [p[0] for p in rvm_model]
        # the model has every param of the estimator, with the same docs and defaults (test_params compares the
        # Python model with the JVM one), and params of its own: only those are written for it
        rvm_model_own = [p for p in rvm_model if p[0] not in rvm_names]
        selector_names = [p[0] for p in selector]
        classifier_names = [p[0] for p in classifier]
        regressor_names = [p[0] for p in regressor]
        classification_model_names = [p[0] for p in classification_model]
        regression_model_names = [p[0] for p in regression_model]
        out = {
            "RVM_PARAMS": rvm,
            "RVM_MODEL_OWN_PARAMS": rvm_model_own,
            "RVM_CLASSIFIER_PARAMS": classifier,
            "RVM_CLASSIFICATION_MODEL_OWN_PARAMS": [p for p in classification_model if p[0] not in classifier_names],
            "RVM_REGRESSOR_PARAMS": regressor,
            "RVM_REGRESSION_MODEL_OWN_PARAMS": [p for p in regression_model if p[0] not in regressor_names],
            "SELECTOR_PARAMS": selector,
            "RVM_ESTIMATOR_SETTERS": _jvm.setters(pkg.RvmEstimator._java_lang_class, rvm_names),
            "RVM_MODEL_SETTERS": _jvm.setters(pkg.RvmModel._java_lang_class, rvm_model_names),
            "SELECTOR_SETTERS": _jvm.setters(pkg.RvmSelector._java_lang_class, selector_names),
            "SELECTOR_MODEL_SETTERS": _jvm.setters(pkg.RvmSelectorModel._java_lang_class, selector_names),
            "RVM_CLASSIFIER_SETTERS": _jvm.setters(pkg.RvmClassifier._java_lang_class, classifier_names),
            "RVM_CLASSIFICATION_MODEL_SETTERS": _jvm.setters(pkg.RvmClassificationModel._java_lang_class,
                                                             classification_model_names),
            "RVM_REGRESSOR_SETTERS": _jvm.setters(pkg.RvmRegressor._java_lang_class, regressor_names),
            "RVM_REGRESSION_MODEL_SETTERS": _jvm.setters(pkg.RvmRegressionModel._java_lang_class,
                                                         regression_model_names),
        }
    finally:
        spark.stop()
    path = os.path.join(PACKAGE, "_params.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(render_params.render(out))
    print("wrote " + path)


if __name__ == "__main__":
    main()
