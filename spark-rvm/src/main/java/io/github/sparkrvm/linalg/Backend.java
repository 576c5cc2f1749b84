/*
 * Copyright 2026 The spark-rvm authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.sparkrvm.linalg;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.blas.JavaBLAS;
import dev.ludovic.netlib.lapack.JavaLAPACK;
import dev.ludovic.netlib.lapack.LAPACK;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The BLAS and LAPACK that the fit and the scoring run on, chosen once: {@code dev.ludovic.netlib}'s Java instances
 * ({@code VectorBLAS} where the JVM has the module {@code jdk.incubator.vector}, else {@code Java11BLAS}; F2J's
 * LAPACK), whatever netlib's own default ({@link BLAS#getInstance()}) is on the machine.
 *
 * <p>Why not netlib's default: netlib takes a native BLAS wherever the system has one, and many machines have
 * OpenBLAS as their {@code libblas.so.3} (Spark's MLlib guide advises it; other packages pull it in). Measured
 * ({@code benchmarks/results/blas-backends.md}, {@code benchmarks/results/backend-independence.md}): OpenBLAS with its
 * default threads runs inside Spark's tasks, which already use every core, and oversubscribes them (the 10⁶-row fit
 * 3.7 times as long); with one thread it is no faster than {@code VectorBLAS} on the fit's products (the
 * candidates' cross products, 4096 × 1001 by 4096 × 50 on one core: 17 GFlop/s against 21–23), and its thread
 * count cannot be set from inside the JVM. The default fit's Cholesky factors are of the active set (tens to
 * hundreds of columns), where LAPACK's back end hardly counts. The Java instances also give the same bits on every
 * machine, the bits the project's tests and model fixtures were made with ({@code pom.xml}'s
 * {@code test.blas.flags}).
 */
public final class Backend {

  private static final BLAS BLAS_CHOSEN = JavaBLAS.getInstance();
  private static final LAPACK LAPACK_CHOSEN = JavaLAPACK.getInstance();
  private static final AtomicBoolean WARNED = new AtomicBoolean();

  private Backend() {}

  /** {@return the BLAS of every product the fit and the scoring compute} */
  public static BLAS blas() {
    return BLAS_CHOSEN;
  }

  /** {@return the LAPACK of every factorisation the fit computes} */
  public static LAPACK lapack() {
    return LAPACK_CHOSEN;
  }

  /** {@return whether the JVM was started with the module {@code jdk.incubator.vector}} */
  public static boolean vectorModule() {
    return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
  }

  /**
   * {@return the back ends for the log: the chosen ones and netlib's default, e.g. "VectorBLAS and F2jLAPACK
   * (netlib's default: JNIBLAS and JNILAPACK)"}
   */
  public static String describe() {
    return BLAS_CHOSEN.getClass().getSimpleName() + " and " + LAPACK_CHOSEN.getClass().getSimpleName()
        + " (netlib's default: " + BLAS.getInstance().getClass().getSimpleName() + " and "
        + LAPACK.getInstance().getClass().getSimpleName() + ")";
  }

  /**
   * {@return the warning that the JVM lacks the vector module, the first time it is asked for in this JVM; empty
   * after that, or when the module is there} What it costs is measured in
   * {@code benchmarks/results/backend-independence.md}.
   */
  public static Optional<String> missingVectorModuleWarning() {
    if (vectorModule() || !WARNED.compareAndSet(false, true)) {
      return Optional.empty();
    }
    return Optional.of(missingVectorModuleText());
  }

  /** {@return the text of the missing-module warning} */
  static String missingVectorModuleText() {
    return "this JVM was started without the module jdk.incubator.vector: the fit's matrix products run on "
        + BLAS_CHOSEN.getClass().getSimpleName() + " at about half the speed of VectorBLAS, and the candidates' "
        + "sums of squares and the RBF kernel's distances in scalar code (fits of 32,000 to 64,000 rows on the "
        + "driver took about twice the CPU time, 1,000,000 rows 1.3 times a pass). Add "
        + "--add-modules=jdk.incubator.vector to the JVM's options (spark-submit, "
        + "pyspark, bin/spark-rvm and the Python package add it; for an application started with plain java, put "
        + "it on its command line or in JDK_JAVA_OPTIONS)";
  }
}
