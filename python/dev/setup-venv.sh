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

# Sets up the virtual environment the Python tests run in, target/python-venv at the repository root: pyspark (with
# its Spark Connect client extras) pinned to the Spark version of the Maven build, pytest, and spark_rvm installed
# from a wheel built here, which carries the spark-rvm jar of spark-rvm/target (so build that first: `mvn -B
# -DskipTests package` or `mvn verify`). Prints the venv's python on stdout. The pyspark install is kept while the
# pins stay the same; the wheel is rebuilt and reinstalled every time.
#
#   python/dev/setup-venv.sh && target/python-venv/bin/python -m pytest python/tests
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="$ROOT/target/python-venv"
PYTHON="${PYTHON:-python3}"

# The Spark version of the build: the <spark.version> property of the parent pom.xml.
spark_version="$(sed -n 's:.*<spark.version>\(.*\)</spark.version>.*:\1:p' "$ROOT/pom.xml" | head -n 1)"
if [ -z "$spark_version" ]; then
  echo "setup-venv: no <spark.version> property in pom.xml" >&2
  exit 1
fi

stamp="$VENV/.spark-rvm-setup"
want="pyspark=$spark_version $(cat "$ROOT/python/dev/requirements-test.txt" | sha256sum | cut -c1-16)"
if ! { [ -x "$VENV/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; }; then
  echo "setup-venv: creating $VENV (pyspark $spark_version)" >&2
  "$PYTHON" -m venv --clear "$VENV"
  "$VENV/bin/python" -m pip install -q --upgrade pip >&2
  "$VENV/bin/python" -m pip install -q "pyspark[connect]==$spark_version" -r "$ROOT/python/dev/requirements-test.txt" >&2
  echo "$want" > "$stamp"
fi

# The wheel, built the standard way: the build backend (python/_build/backend.py) stages the jar of spark-rvm/target
# and the licence into the package, and says what to run when there is no jar.
rm -rf "$ROOT/python/build" "$ROOT/target/python-dist"
"$VENV/bin/python" -m pip wheel -q --no-deps -w "$ROOT/target/python-dist" "$ROOT/python" >&2
"$VENV/bin/python" -m pip install -q --no-deps --force-reinstall "$ROOT"/target/python-dist/spark_rvm-*.whl >&2
echo "$VENV/bin/python"
