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

# A spark-submit walk-through on a standalone Spark cluster on this machine (loopback only), with the project's
# launchers: starts a Master and a Worker (bin/start-local-cluster), trains a binary RVM on Ripley's training set,
# scores the test set, evaluates the model, and stops the cluster on exit (also on failure or Ctrl-C). Each command
# is printed before it runs; each ends with one JSON line.
#
#   examples/spark-submit-walkthrough.sh
#
# Settings: SPARK_RVM_MASTER_PORT (7077) and SPARK_RVM_WEBUI_PORT (8080) move the cluster off busy ports.
# Writes under target/walkthrough/ (the model and the scored test set), replacing what a previous run left.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export SPARK_RVM_MASTER_PORT="${SPARK_RVM_MASTER_PORT:-7077}"
master="spark://127.0.0.1:$SPARK_RVM_MASTER_PORT"
rm -rf target/walkthrough
mkdir -p target/walkthrough

run() {
  printf '\n$ %s\n' "$*"
  "$@"
}

trap 'run bin/stop-local-cluster' EXIT
run bin/start-local-cluster
run bin/spark-rvm --master "$master" train --input data/ripley_synth/synth.tr.csv --label-col yc \
  --model target/walkthrough/model --family bernoulli --gamma 4 --standardization false
run bin/spark-rvm --master "$master" predict --model target/walkthrough/model \
  --input data/ripley_synth/synth.te.csv --output target/walkthrough/scored.csv
run bin/spark-rvm --master "$master" evaluate --model target/walkthrough/model \
  --input data/ripley_synth/synth.te.csv
run head -n 3 target/walkthrough/scored.csv/part-*.csv
