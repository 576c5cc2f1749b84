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

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function0;
import org.apache.spark.api.java.function.Function2;
import scala.Tuple2;

/**
 * Spark's {@code treeAggregate} and {@code treeReduce}, but merging the partitions' partial results in partition
 * order: Spark merges them as tasks finish (and its intermediate levels in a shuffle's order), so floating-point
 * sums differ in their last bits from run to run, with the number of cores and with the serializer. Here the tree's
 * shape depends only on the number of partitions and the depth (as Spark's: {@code scale = max(⌈n^(1/depth)⌉, 2)}
 * partitions merged per level), and each node merges its children in ascending partition index, so the same data in
 * the same partitions give the same bits.
 */
public final class PartitionOrder {

  private PartitionOrder() {}

  /**
   * Folds each partition with {@code add} into a fresh {@code create()}, then merges the partitions' results in
   * partition order (data without partitions: {@code create()}, as Spark's {@code treeAggregate}).
   *
   * @param rows the data
   * @param create a fresh, empty accumulator (one per partition)
   * @param add adds a row to an accumulator and returns it
   * @param merge merges the second accumulator into the first and returns the result
   * @param depth the depth of the merge tree (Spark's aggregationDepth), at least 1
   * @param <T> the rows' type
   * @param <A> the accumulator's type
   * @return the merged accumulator
   */
  public static <T, A> A aggregate(JavaRDD<T> rows, Function0<A> create, Function2<A, T, A> add,
      Function2<A, A, A> merge, int depth) {
    JavaRDD<A> partials = rows.mapPartitions(it -> {
      A acc = create.call();
      while (it.hasNext()) {
        acc = add.call(acc, it.next());
      }
      return List.of(acc).iterator();
    });
    if (partials.getNumPartitions() == 0) { // as treeAggregate: the empty accumulator
      try {
        return create.call();
      } catch (Exception e) {
        throw new IllegalStateException(e.getMessage(), e);
      }
    }
    return reduce(partials, merge, depth);
  }

  /**
   * Merges the values of {@code partials} (in the order of their partitions, and within one in their order).
   *
   * @param partials the values to merge, typically one per partition
   * @param merge merges the second value into the first and returns the result
   * @param depth the depth of the merge tree, at least 1
   * @param <A> the values' type
   * @return the merged value
   * @throws IllegalArgumentException when there is nothing to merge
   */
  public static <A> A reduce(JavaRDD<A> partials, Function2<A, A, A> merge, int depth) {
    int n = partials.getNumPartitions();
    JavaPairRDD<Integer, A> level = partials.mapPartitionsWithIndex((index, it) -> {
      List<Tuple2<Integer, A>> merged = new ArrayList<>(1);
      A acc = fold(it, merge);
      if (acc != null) {
        merged.add(new Tuple2<>(index, acc));
      }
      return merged.iterator();
    }, true).mapToPair(t -> t);
    int scale = Math.max((int) Math.ceil(Math.pow(n, 1.0 / Math.max(depth, 1))), 2);
    while (depth > 1 && n > scale + (int) Math.ceil((double) n / scale)) {
      n = (int) Math.ceil((double) n / scale);
      int perNode = scale;
      level = level.mapToPair(t -> new Tuple2<>(t._1() / perNode, t)).groupByKey(new HashPartitioner(n))
          .mapToPair(group -> new Tuple2<>(group._1(), fold(inOrder(group._2()), merge)));
    }
    A result;
    try {
      result = fold(inOrder(level.collect()), merge);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) { // a merge declared to throw a checked exception
      throw new IllegalStateException(e.getMessage(), e);
    }
    if (result == null) {
      throw new IllegalArgumentException("nothing to merge: the data has no partitions");
    }
    return result;
  }

  /** The values of one node's children, in ascending partition index. */
  private static <A> Iterator<A> inOrder(Iterable<Tuple2<Integer, A>> children) {
    List<Tuple2<Integer, A>> sorted = new ArrayList<>();
    children.forEach(sorted::add);
    sorted.sort(Comparator.comparing(Tuple2::_1));
    return sorted.stream().map(Tuple2::_2).iterator();
  }

  /** {@return the values merged left to right, or null when there are none} */
  private static <A> A fold(Iterator<A> values, Function2<A, A, A> merge) throws Exception {
    A acc = null;
    while (values.hasNext()) {
      A next = values.next();
      acc = acc == null ? next : merge.call(acc, next);
    }
    return acc;
  }
}
