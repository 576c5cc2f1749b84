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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.sparkrvm.TestData;
import io.github.sparkrvm.basis.BasisFunctions;
import io.github.sparkrvm.basis.Kernel;
import io.github.sparkrvm.basis.RowBlock;
import io.github.sparkrvm.statistics.CandidateAccumulator;
import io.github.sparkrvm.statistics.CandidateTerms;
import io.github.sparkrvm.statistics.Family;
import java.util.Arrays;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.serializer.SerializerInstance;
import org.junit.jupiter.api.Test;
import scala.reflect.ClassTag$;
import scala.reflect.ClassTag;

/**
 * What crosses Spark's configured serializer — task results, broadcasts, the zero value of an aggregate, spilled
 * cached blocks — survives Kryo ({@code spark.serializer} KryoSerializer, common in production), which cannot
 * serialize Java records: a fit under Kryo failed in its first pass until the types holding records were given
 * Java serialization. (The unit tests' shared session runs with Kryo too; the cluster tests with Spark's default.)
 */
class KryoSerializationTest {

  private static final SerializerInstance KRYO = new KryoSerializer(new SparkConf()).newInstance();

  @SuppressWarnings("unchecked")
  private static <T> T roundTrip(T value) {
    ClassTag<T> tag = (ClassTag<T>) ClassTag$.MODULE$.apply(Object.class);
    return KRYO.deserialize(KRYO.serialize(value, tag), tag);
  }

  @Test
  void theSummaryTheBasisTheRowsAndTheAccumulatorsSurviveKryo() {
    TestData.Table ripley = TestData.ripley("tr");
    DataSummary summary = new DataSummary(new DataSummary.Columns("features", "label", "", Family.BERNOULLI, 0), 40, 7L);
    for (int i = 0; i < ripley.size(); i++) {
      summary.add(new TrainingRow(ripley.x()[i], ripley.t()[i], 1.0));
    }
    DataSummary back = roundTrip(summary);
    assertEquals(summary.rows(), back.rows());
    assertArrayEquals(summary.featureMean(), back.featureMean(), 0.0);
    assertArrayEquals(summary.centres(), back.centres(), 0.0);

    TrainingRow row = roundTrip(new TrainingRow(ripley.x()[3], ripley.t()[3], 0.5));
    assertArrayEquals(ripley.x()[3], row.features(), 0.0);
    assertEquals(0.5, row.weight());

    double[] x = Arrays.stream(ripley.x()).limit(20).flatMapToDouble(Arrays::stream).toArray();
    RowBlock block = roundTrip(RowBlock.unweighted(20, 2, x, Arrays.copyOf(ripley.t(), 20)));
    assertArrayEquals(x, block.features(), 0.0);

    BasisFunctions basis = BasisFunctions.kernel(new Kernel.Rbf(4.0), true, 2, summary.centres());
    int[] all = java.util.stream.IntStream.range(0, basis.numCandidates()).toArray();
    assertArrayEquals(basis.expand(block, all), roundTrip(basis).expand(block, all), 0.0);

    CandidateAccumulator acc =
        new CandidateAccumulator(basis.numCandidates(), new int[] {0, 5}, new double[] {0.3, -1});
    acc.add(basis.expand(block, all), 20, block.labels(), block.weights());
    CandidateTerms a = acc.result();
    CandidateTerms b = roundTrip(acc).result();
    assertEquals(a.logLikelihood(), b.logLikelihood(), 0.0);
    assertArrayEquals(a.cross(), b.cross(), 0.0);
  }
}
