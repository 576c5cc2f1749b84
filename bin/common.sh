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

# Shared by the bin/ scripts (sourced, not run). Builds what is missing, and lays out a SPARK_HOME under
# target/spark-home whose jars/ folder links the project's runtime jars (Spark included), as Spark's Workers and
# SparkSubmit expect. Everything binds to the loopback interface.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export SPARK_HOME="$ROOT/target/spark-home"
export SPARK_SCALA_VERSION=2.13
export SPARK_LOCAL_IP=127.0.0.1
JOB_CLASS=io.github.sparkrvm.cli.RvmJob

# The module openings Spark needs on Java 17 (the same list as the build's spark.jvm.flags).
SPARK_JVM_FLAGS=(-XX:+IgnoreUnrecognizedVMOptions --add-modules=jdk.incubator.vector
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED
  --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED
  -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true)

# The library jar (not sources or javadoc).
library_jar() {
  ls "$ROOT"/spark-rvm/target/spark-rvm_2.13-*.jar 2>/dev/null | grep -v -E -- '-(sources|javadoc|tests)\.jar$' | head -n 1
}

# Builds the library when its jar or classpath is missing or older than a source file, then fills SPARK_HOME. Runs
# started together from one checkout take turns here (flock, where the system has it), and the jars/ folder is made
# once per classpath and swapped in whole: a run never removes a jar that another run's JVM may still open.
ensure_built() {
  mkdir -p "$ROOT/target"
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$ROOT/target/.spark-rvm.lock"
    flock 9
  fi
  local jar
  jar="$(library_jar)"
  if [ -z "$jar" ] || [ ! -s "$ROOT/spark-rvm/target/classpath.txt" ] \
      || [ -n "$(find "$ROOT/spark-rvm/src/main" "$ROOT/spark-rvm/pom.xml" "$ROOT/pom.xml" -newer "$jar" -print -quit)" ]; then
    echo "spark-rvm: building the library (first use or changed sources)..." >&2
    (cd "$ROOT" && mvn -B -q -pl spark-rvm -am -DskipTests package) >&2 || {
      echo "spark-rvm: the build failed" >&2
      exit 1
    }
    jar="$(library_jar)"
  fi
  mkdir -p "$SPARK_HOME/conf"
  if ! cmp -s "$ROOT/bin/log4j2.properties" "$SPARK_HOME/conf/log4j2.properties"; then
    cp "$ROOT/bin/log4j2.properties" "$SPARK_HOME/conf/.log4j2.properties.$$"
    mv -f "$SPARK_HOME/conf/.log4j2.properties.$$" "$SPARK_HOME/conf/log4j2.properties"
  fi
  # jars/ is current when its stamp names this classpath and this jar; else a new folder replaces it whole
  local stamp
  stamp="$(cat "$ROOT/spark-rvm/target/classpath.txt"; echo; echo "$jar")"
  if [ "$(cat "$SPARK_HOME/jars/.classpath" 2>/dev/null)" != "$stamp" ]; then
    local fresh="$SPARK_HOME/.jars.$$" entry
    rm -rf "$fresh"
    mkdir -p "$fresh"
    while IFS= read -r entry; do
      [ -n "$entry" ] && ln -sf "$entry" "$fresh/"
    done < <(tr ':' '\n' < "$ROOT/spark-rvm/target/classpath.txt")
    ln -sf "$jar" "$fresh/spark-rvm.jar"
    printf '%s' "$stamp" > "$fresh/.classpath"
    if [ -d "$SPARK_HOME/jars" ]; then
      mv "$SPARK_HOME/jars" "$SPARK_HOME/.jars.old.$$"
    fi
    mv "$fresh" "$SPARK_HOME/jars"
    rm -rf "$SPARK_HOME/.jars.old.$$"
  fi
  LIBRARY_JAR="$jar"
  if command -v flock >/dev/null 2>&1; then
    flock -u 9
    exec 9>&-
  fi
}

spark_java() {
  java "${SPARK_JVM_FLAGS[@]}" -cp "$SPARK_HOME/conf:$SPARK_HOME/jars/*" "$@"
}
