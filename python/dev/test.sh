#!/usr/bin/env bash
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

# The Python tests, after the Maven build (they need spark-rvm/target/spark-rvm_2.13-*.jar): sets up the venv
# (python/dev/setup-venv.sh: pyspark pinned to the build's Spark, the spark_rvm wheel with the jar inside) and runs
# pytest on python/tests from the repository root, so that the tests import the installed wheel. Extra arguments go
# to pytest, e.g. python/dev/test.sh -k connect.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
python="$(python/dev/setup-venv.sh)"
status=0
"$python" -m pytest -p no:cacheprovider -ra python/tests "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "python/dev/test.sh: pytest collected no tests (exit status 5): that is a failure here" >&2
fi
exit "$status"
