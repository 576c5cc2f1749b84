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

# Creates (or refreshes) the virtual environment the Python tests run in: target/python-venv at the repository root,
# with pyspark (and its Spark Connect client extras) pinned to the Spark version of the Maven build, pytest, and the
# spark_rvm package from python/ installed in editable mode. Prints the venv's python on stdout.
#
#   python/dev/setup-venv.sh            # then: target/python-venv/bin/python -m pytest python/tests
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
want="pyspark=$spark_version $(sha256sum "$ROOT/python/pyproject.toml" "$ROOT/python/dev/requirements-test.txt" | sha256sum | cut -c1-16)"
if [ -x "$VENV/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "$VENV/bin/python"
  exit 0
fi

echo "setup-venv: creating $VENV (pyspark $spark_version)" >&2
"$PYTHON" -m venv --clear "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip >&2
"$VENV/bin/python" -m pip install -q "pyspark[connect]==$spark_version" -r "$ROOT/python/dev/requirements-test.txt" >&2
"$VENV/bin/python" -m pip install -q --no-deps -e "$ROOT/python" >&2
echo "$want" > "$stamp"
echo "$VENV/bin/python"
