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

# Builds the library when its jar or classpath is missing or older than a source file, then fills SPARK_HOME.
ensure_built() {
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
  mkdir -p "$SPARK_HOME/jars" "$SPARK_HOME/conf"
  cp "$ROOT/bin/log4j2.properties" "$SPARK_HOME/conf/log4j2.properties"
  find "$SPARK_HOME/jars" -maxdepth 1 -type l -delete
  local entry
  while IFS= read -r entry; do
    [ -n "$entry" ] && ln -sf "$entry" "$SPARK_HOME/jars/"
  done < <(tr ':' '\n' < "$ROOT/spark-rvm/target/classpath.txt")
  ln -sf "$jar" "$SPARK_HOME/jars/spark-rvm.jar"
  LIBRARY_JAR="$jar"
}

spark_java() {
  java "${SPARK_JVM_FLAGS[@]}" -cp "$SPARK_HOME/conf:$SPARK_HOME/jars/*" "$@"
}
