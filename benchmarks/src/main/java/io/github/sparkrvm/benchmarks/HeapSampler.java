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

package io.github.sparkrvm.benchmarks;

import java.util.concurrent.atomic.AtomicLong;

/** The driver's heap used, sampled every 50 ms while a fit runs (from a garbage collection at the start). */
final class HeapSampler implements AutoCloseable {
  private final AtomicLong peak = new AtomicLong();
  private final Thread thread;
  private volatile boolean running = true;

  HeapSampler() {
    System.gc();
    thread = new Thread(() -> {
      Runtime rt = Runtime.getRuntime();
      while (running) {
        peak.accumulateAndGet(rt.totalMemory() - rt.freeMemory(), Math::max);
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    thread.setDaemon(true);
    thread.start();
  }

  long peakMiB() {
    return peak.get() >> 20;
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    thread.join();
  }
}
