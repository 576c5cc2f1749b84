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

package io.github.sparkrvm.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.RvmEstimator;
import io.github.sparkrvm.RvmModel;
import io.github.sparkrvm.SparkTestSession;
import io.github.sparkrvm.TestData;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Fits on a real multi-JVM cluster: the same model as local[2], also when an executor dies mid-fit. */
class LocalClusterIT {

  static RvmModel localModel;
  static SparkSession cluster;

  /**
   * Every step passes over the executors (maxDriverDesignSizeInMB 0: the design would fit the driver), with the
   * classic solver: hundreds of Newton passes over the Hessian, one of which an executor is killed in.
   */
  static RvmEstimator estimator() {
    return new RvmEstimator().setFamily("bernoulli").setGamma(4.0).setStandardization(false).setMaxBasis(80)
        .setSeed(11L).setMaxDriverDesignSizeInMB(0).setSolver("em");
  }

  @BeforeAll
  static void fitLocallyThenStartTheCluster() {
    localModel = estimator().fit(SparkTestSession.frame(TestData.ripley("tr"), 4));
    SparkTestSession.get().stop();
    cluster = LocalCluster.start("spark-rvm-local-cluster-it");
  }

  @AfterAll
  static void stop() {
    cluster.stop();
  }

  static void assertSameModel(RvmModel a, RvmModel b) {
    assertEquals(a.numRelevanceVectors(), b.numRelevanceVectors());
    assertArrayEquals(a.relevanceVectors().toArray(), b.relevanceVectors().toArray(), 0.0);
    double[] wa = a.weights().toArray();
    double[] wb = b.weights().toArray();
    for (int i = 0; i < wa.length; i++) {
      assertEquals(wa[i], wb[i], 1e-8 * (1 + Math.abs(wa[i])));
    }
    assertEquals(a.intercept(), b.intercept(), 1e-8 * (1 + Math.abs(a.intercept())));
    double[] ca = a.covariance().toArray();
    double[] cb = b.covariance().toArray();
    for (int i = 0; i < ca.length; i++) {
      assertEquals(ca[i], cb[i], 1e-8 * (1 + Math.abs(ca[i])));
    }
  }

  @Test
  void executorsAreSeparateJvmsAndTheModelEqualsLocal() {
    Map<String, Long> pids = LocalCluster.executorPids(cluster, 2);
    assertEquals(2, pids.size(), "executors " + pids);
    for (long pid : pids.values()) {
      assertNotEquals(ProcessHandle.current().pid(), pid);
    }
    RvmModel clusterModel = estimator().fit(SparkTestSession.frame(cluster, TestData.ripley("tr"), 4));
    assertSameModel(localModel, clusterModel);
    // the rows collected from the executors and expanded on the driver, which then fits without passes
    RvmModel onDriver = estimator().setMaxDriverDesignSizeInMB(128)
        .fit(SparkTestSession.frame(cluster, TestData.ripley("tr"), 4));
    assertSameModel(localModel, onDriver);
    assertEquals(2, onDriver.summary().dataPasses());
  }

  @Test
  void killingAnExecutorDuringAHessianPassLeavesTheModelUnchanged() throws Exception {
    Map<String, Long> pids = LocalCluster.executorPids(cluster, 2);
    long victim = pids.values().iterator().next();
    AtomicInteger tasks = new AtomicInteger();
    AtomicBoolean killed = new AtomicBoolean();
    AtomicInteger removed = new AtomicInteger();
    int killAt = 4 * 25; // 4 partitions a pass: during the 25th pass, well inside the Newton/IRLS passes
    SparkListener listener = new SparkListener() {
      @Override
      public void onTaskStart(SparkListenerTaskStart start) {
        if (tasks.incrementAndGet() == killAt && killed.compareAndSet(false, true)) {
          ProcessHandle.of(victim).ifPresent(ProcessHandle::destroyForcibly);
        }
      }

      @Override
      public void onExecutorRemoved(SparkListenerExecutorRemoved removedEvent) {
        removed.incrementAndGet();
      }
    };
    cluster.sparkContext().addSparkListener(listener);
    RvmModel disturbed;
    try {
      disturbed = estimator().fit(SparkTestSession.frame(cluster, TestData.ripley("tr"), 4));
    } finally {
      cluster.sparkContext().removeSparkListener(listener);
    }
    assertTrue(killed.get(), "the executor was killed");
    assertTrue(removed.get() >= 1, "Spark saw the executor go");
    assertTrue(ProcessHandle.of(victim).map(p -> !p.isAlive()).orElse(true));
    assertTrue(disturbed.summary().dataPasses() > 25);
    assertSameModel(localModel, disturbed);
  }
}
