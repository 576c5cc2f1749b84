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

"""Shared fixtures: one classic local Spark session with the spark-rvm jar the installed wheel carries, and
Ripley's synthetic data (data/ripley_synth: 250 training rows, 1000 test rows, label yc in {0, 1})."""
import os
import pathlib

import pytest
from pyspark.ml.feature import VectorAssembler
from pyspark.sql import SparkSession

import spark_rvm

ROOT = pathlib.Path(__file__).resolve().parents[2]
RIPLEY = ROOT / "data" / "ripley_synth"


def classic_builder(app):
    """A local session bound to the loopback interface, with the jar of the installed spark_rvm."""
    return (SparkSession.builder.master("local[2]").appName(app)
            .config("spark.jars", spark_rvm.jar_path())
            .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").config("spark.sql.shuffle.partitions", "4"))


@pytest.fixture(scope="session")
def spark(tmp_path_factory):
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    warehouse = tmp_path_factory.mktemp("warehouse")
    session = classic_builder("spark-rvm python tests").config("spark.sql.warehouse.dir", str(warehouse)) \
        .getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="session")
def jvm(spark):
    return spark.sparkContext._jvm


def read_ripley(spark, name):
    """synth.tr or synth.te as (xs, ys, yc, features), in file order (one partition)."""
    df = spark.read.csv(str(RIPLEY / (name + ".csv")), header=True, inferSchema=True).coalesce(1)
    return VectorAssembler(inputCols=["xs", "ys"], outputCol="features").transform(df)


@pytest.fixture(scope="session")
def ripley(spark):
    train = read_ripley(spark, "synth.tr").cache()
    test = read_ripley(spark, "synth.te").cache()
    assert train.count() == 250 and test.count() == 1000
    return train, test
