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

package io.github.sparkrvm.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.sparkrvm.SparkTestSession;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;

/**
 * The merge in partition order: with a merge that does not commute (joining text), every tree shape gives the rows
 * in their order, however the tasks finish (tasks sleep longer the lower their partition, so they finish in reverse).
 * Spark's {@code treeAggregate} in its place fails here (3 partitions at depth 2: the partials join as tasks finish).
 */
class PartitionOrderTest {

  private static final int ROWS = 200;

  @Test
  void everyDepthMergesInPartitionOrder() {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(SparkTestSession.get().sparkContext());
    String expected = IntStream.range(0, ROWS).mapToObj(String::valueOf).collect(Collectors.joining(","));
    // 64 partitions at depth 2 and 3 merge through intermediate levels (scale 8 and 4), depth 1 on the driver only
    for (int partitions : new int[] {1, 3, 64}) {
      JavaRDD<Integer> rows = jsc.parallelize(IntStream.range(0, ROWS).boxed().toList(), partitions)
          .mapPartitions(it -> {
            List<Integer> all = new java.util.ArrayList<>();
            it.forEachRemaining(all::add);
            Thread.sleep(all.isEmpty() ? 0 : Math.max(0, 20 - all.get(0) / 10));
            return all.iterator();
          });
      for (int depth : new int[] {1, 2, 3}) {
        String joined = PartitionOrder.aggregate(rows, () -> "", (text, row) -> text.isEmpty() ? "" + row
            : text + "," + row, (a, b) -> a.isEmpty() ? b : b.isEmpty() ? a : a + "," + b, depth);
        assertEquals(expected, joined, partitions + " partitions, depth " + depth);
      }
    }
    // no partitions at all (an empty RDD): the empty accumulator, as treeAggregate gives
    assertEquals("", PartitionOrder.aggregate(jsc.<Integer>emptyRDD(), () -> "", (t, r) -> t + r, (a, b) -> a + b,
        2));
  }
}
