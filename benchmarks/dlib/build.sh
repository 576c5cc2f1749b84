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

# Builds benchmarks/target/dlib/rvm-reference, the dlib RVM reference of the model-quality benchmark, against
# Debian's libdlib-dev. Without dlib it prints why and exits 0: the benchmark then leaves the dlib columns empty.
# Install with: apt-get install libdlib-dev
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../target/dlib"
if ! pkg-config --exists dlib-1 2>/dev/null; then
  echo "dlib not found (pkg-config dlib-1): apt-get install libdlib-dev to add the dlib reference; skipped" >&2
  exit 0
fi
mkdir -p "$out"
if [ "$out/rvm-reference" -nt "$here/rvm_reference.cpp" ]; then
  exit 0
fi
# Debian's libdlib.so is built with BLAS and LAPACK; its pkg-config names their unversioned .so files, which only
# the -dev packages install, so link the runtime libraries it already depends on by their versioned names.
g++ -O2 -DNDEBUG -std=c++14 -o "$out/rvm-reference" "$here/rvm_reference.cpp" $(pkg-config --cflags dlib-1) \
  -ldlib -lpthread -l:libblas.so.3 -l:liblapack.so.3
echo "built benchmarks/target/dlib/rvm-reference" >&2
