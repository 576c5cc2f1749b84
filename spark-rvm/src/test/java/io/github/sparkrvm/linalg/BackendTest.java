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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.blas.JavaBLAS;
import dev.ludovic.netlib.lapack.JavaLAPACK;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link Backend} in the tests' JVM, which has the vector module (a JVM without it: {@code BackendChoiceTest}). */
class BackendTest {

  @Test
  void theJavaInstancesWithTheVectorModule() {
    assertInstanceOf(JavaBLAS.class, Backend.blas());
    assertInstanceOf(JavaLAPACK.class, Backend.lapack());
    assertTrue(Backend.vectorModule());
    assertEquals("VectorBLAS", Backend.blas().getClass().getSimpleName());
    assertEquals(Optional.empty(), Backend.missingVectorModuleWarning(), "no warning where the module is loaded");
  }

  @Test
  void theLogNamesTheChoiceAndNetlibsDefault() {
    assertEquals("VectorBLAS and F2jLAPACK (netlib's default: " + BLAS.getInstance().getClass().getSimpleName()
        + " and " + dev.ludovic.netlib.lapack.LAPACK.getInstance().getClass().getSimpleName() + ")",
        Backend.describe());
  }

  @Test
  void theWarningSaysWhatItCostsAndHowToAddTheModule() {
    String text = Backend.missingVectorModuleText();
    assertTrue(text.contains("without the module jdk.incubator.vector"), text);
    assertTrue(text.contains("about twice the CPU time"), text);
    assertTrue(text.contains("Add --add-modules=jdk.incubator.vector"), text);
  }
}
