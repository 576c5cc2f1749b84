#!/usr/bin/env bash
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
