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

"""Progress a PySpark user sees: with logEvery, a fit prints its iteration lines on stderr at PySpark's default log
level, on the driver path (the default) as on the cluster path (maxDriverDesignSizeInMB=0), in a new Python process
whose session keeps every default."""
import json
import os
import re
import subprocess
import sys

import spark_rvm
from conftest import RIPLEY

FIT_WITH_PROGRESS = r"""
import json, sys
from pyspark.ml.feature import VectorAssembler
from pyspark.sql import SparkSession
from spark_rvm import RvmEstimator
spark = (SparkSession.builder.master("local[1]").config("spark.jars", sys.argv[1]).config("spark.ui.enabled", "false")
         .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate())
train = VectorAssembler(inputCols=["xs", "ys"], outputCol="features").transform(
    spark.read.csv(sys.argv[2], header=True, inferSchema=True).coalesce(1))
seen = {}
for path, mib in (("driver", float("inf")), ("cluster", 0.0)):
    sys.stderr.write("=== %s\n" % path)
    sys.stderr.flush()
    model = RvmEstimator(family="bernoulli", labelCol="yc", gamma=4.0, standardization=False, maxIter=12,
                         maxDriverDesignSizeInMB=mib, logEvery=1).fit(train)
    seen[path] = {"uid": model.uid, "iterations": model.summary.iterations,
                  "basis": model.summary.activeBasis, "converged": model.summary.converged}
print(json.dumps(seen))
spark.stop()
"""

LINE = re.compile(r"^(\S+): iteration (\d+) of 12: (\d+) basis functions, log marginal likelihood (-?[\d.]+), "
                  r"max \|d log alpha\| \S+ \(tol 0.00100\), [\d.]+ s$")


def test_a_fit_with_log_every_prints_its_iterations_on_stderr_at_the_default_log_level():
    child = subprocess.run([sys.executable, "-c", FIT_WITH_PROGRESS, spark_rvm.jar_path(),
                            str(RIPLEY / "synth.tr.csv")], capture_output=True, text=True, timeout=600,
                           env=dict(os.environ, SPARK_LOCAL_IP="127.0.0.1"))
    assert child.returncode == 0, child.stderr[-6000:]
    seen = json.loads(child.stdout.strip().splitlines()[-1])
    blocks = child.stderr.split("=== ")
    for path in ("driver", "cluster"):
        block = next(b for b in blocks if b.startswith(path + "\n"))
        lines = [LINE.match(line) for line in block.splitlines()]
        steps = [m for m in lines if m]
        fit = seen[path]
        # one line per step, 0 (the starting point) to the last, with the summary's basis counts
        assert [int(m.group(2)) for m in steps] == list(range(fit["iterations"] + 1)), block
        assert [int(m.group(3)) for m in steps] == fit["basis"], block
        assert all(m.group(1) == fit["uid"] for m in steps)
        end = "%s: %s after %d of 12 iterations" % (
            fit["uid"], "converged (tol 0.001 met)" if fit["converged"] else "stopped at maxIter", fit["iterations"])
        assert any(line.startswith(end) for line in block.splitlines()), block
