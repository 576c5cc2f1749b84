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


package io.github.sparkrvm.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FitProgressTest {

  private static IterationReport step(int k) {
    return new IterationReport(k, -100.0 + k, 3 + k, 0.5 / (k + 1), Double.NaN, 0);
  }

  @Test
  void printsEveryNthStepItsNumberOfMaxIterBasisLogMlChangeAgainstTolAndTime() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    FitProgress progress = new FitProgress("rvm_1", 50, 1e-3, 2, new PrintStream(bytes, true,
        StandardCharsets.UTF_8));
    assertEquals("rvm_1: iteration 0 of 50", progress.stage());
    for (int k = 0; k <= 4; k++) {
      progress.onIteration(step(k), k == 3 ? " (class 1 vs rest)" : "");
    }
    assertEquals("rvm_1: iteration 5 of 50", progress.stage());
    progress.finished(true, 4);
    String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
    assertEquals(4, lines.length, String.join("\n", lines));
    // steps 0, 2 and 4, then the end
    assertTrue(lines[0].startsWith("rvm_1: iteration 0 of 50: 3 basis functions, log marginal likelihood "
        + "-100.000000, max |d log alpha| 0.500 (tol 0.00100), "), lines[0]);
    assertTrue(lines[1].startsWith("rvm_1: iteration 2 of 50: 5 basis functions, log marginal likelihood "
        + "-98.000000, max |d log alpha| 0.167 (tol 0.00100), "), lines[1]);
    assertTrue(lines[2].startsWith("rvm_1: iteration 4 of 50: 7 basis functions"), lines[2]);
    assertTrue(lines[2].matches(".*, \\d+\\.\\d s$"), lines[2]);
    assertTrue(lines[3].startsWith("rvm_1: converged (tol 0.001 met) after 4 of 50 iterations, "), lines[3]);
  }

  @Test
  void printsNothingWhenOff() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    FitProgress progress = new FitProgress("rvm_1", 50, 1e-3, 0, new PrintStream(bytes, true,
        StandardCharsets.UTF_8));
    progress.onIteration(step(0), "");
    progress.onIteration(step(1), "");
    progress.finished(false, 50);
    assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    assertEquals("rvm_1: iteration 2 of 50", progress.stage());
    FitProgress everyStep = new FitProgress("rvm_2", 1, 1e-3, 0, System.err);
    everyStep.onIteration(step(0), "");
    everyStep.onIteration(step(1), "");
    assertEquals("rvm_2: after iteration 1 of 1", everyStep.stage());
  }
}
