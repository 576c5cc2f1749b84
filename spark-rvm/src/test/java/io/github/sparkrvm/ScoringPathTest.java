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

package io.github.sparkrvm;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * How transform scores ({@link ScoringPath}): row by row in one deterministic UDF up to
 * {@link ScoringPath#ROW_SCORING_MAX_BASIS_FUNCTIONS} basis functions (the filter pushdown of
 * {@code FitContractTest.theScoringExpressionIsDeterministicSoFiltersGoBelowIt}); above it in blocks by one
 * mapPartitions, with or without the variance, to the same values as the single-row API up to rounding (1e-12: the sums run in
 * another order). The models here are small, scored in blocks by lowering the limit.
 */
class ScoringPathTest {

  private static int occurrences(String plan, String what) {
    return plan.split(java.util.regex.Pattern.quote(what), -1).length - 1;
  }

  @Test
  void blocksOnlyAboveTheLimit() {
    int limit = ScoringPath.ROW_SCORING_MAX_BASIS_FUNCTIONS;
    assertEquals(256, limit);
    assertEquals(ScoringPath.ROWS, ScoringPath.of(1, limit));
    assertEquals(ScoringPath.ROWS, ScoringPath.of(limit, limit));
    assertEquals(ScoringPath.BLOCKS, ScoringPath.of(limit + 1, limit));
    assertEquals(ScoringPath.BLOCKS, ScoringPath.of(6401, limit));
    assertEquals(ScoringPath.ROWS, ScoringPath.of(0, 0));
    assertEquals(ScoringPath.BLOCKS, ScoringPath.of(1, 0));
  }

  @Test
  void aBernoulliModelAboveTheLimitScoresInBlocksToTheRowValues() {
    // cached, so that the optimiser cannot fold a filter into the input rows
    Dataset<Row> ripley = SparkTestSession.frame(TestData.ripley("tr"), 2).cache();
    RvmModel model = new RvmEstimator().setFamily("bernoulli").setGamma(0.5).setMaxIter(10).fit(ripley);
    int k = model.scoredBasisFunctions();
    assertEquals(model.numRelevanceVectors() + (model.hasIntercept() ? 1 : 0), k);
    assertTrue(k <= ScoringPath.ROW_SCORING_MAX_BASIS_FUNCTIONS, k + " basis functions");
    assertEquals(ScoringPath.ROWS, model.scoringPath());
    model.setRowScoringLimit(k - 1);
    assertEquals(ScoringPath.BLOCKS, model.scoringPath());
    Dataset<Row> scored = model.transform(ripley);
    String plan = scored.queryExecution().optimizedPlan().toString();
    assertEquals(1, occurrences(plan, "MapPartitions "), plan);
    assertEquals(0, occurrences(plan, "UDF("), plan);
    List<Row> rows = scored.select("features", "probability", "prediction", "rawPrediction").collectAsList();
    assertEquals(250, rows.size());
    for (Row r : rows) {
      Vector x = r.getAs(0);
      double one = model.predictProbability(x);
      assertEquals(one, ((Vector) r.getAs(1)).apply(1), 1e-12);
      assertEquals(1.0 - one, ((Vector) r.getAs(1)).apply(0), 1e-12);
      assertEquals(model.predict(x), r.getDouble(2), 0.0);
      assertEquals(-((Vector) r.getAs(3)).apply(0), ((Vector) r.getAs(3)).apply(1), 0.0);
    }
    // a filter on an input column stays above the mapPartitions (filter before transform to score fewer rows), and
    // selects the same rows with the same values
    Dataset<Row> filtered = scored.filter(col("label").gt(0.5));
    String filteredPlan = filtered.queryExecution().optimizedPlan().toString();
    assertTrue(filteredPlan.indexOf("Filter") >= 0 && filteredPlan.indexOf("Filter")
        < filteredPlan.indexOf("MapPartitions "), filteredPlan);
    assertEquals(ripley.filter(col("label").gt(0.5)).count(), filtered.count());
    List<Row> before = model.transform(ripley.filter(col("label").gt(0.5))).orderBy("features")
        .select("probability").collectAsList();
    List<Row> after = filtered.orderBy("features").select("probability").collectAsList();
    for (int i = 0; i < before.size(); i++) {
      assertEquals(((Vector) before.get(i).getAs(0)).apply(1), ((Vector) after.get(i).getAs(0)).apply(1), 1e-12);
    }
    // probabilities at the posterior mode need no variance: blocks of means alone
    model.setProbabilityMethod("map");
    assertFalse(model.needsVariance());
    assertEquals(ScoringPath.BLOCKS, model.scoringPath());
    for (Row r : model.transform(ripley).select("features", "probability").collectAsList()) {
      assertEquals(model.predictProbability(r.getAs(0)), ((Vector) r.getAs(1)).apply(1), 1e-12);
    }
    // a copy (as evaluate scores with) keeps the limit
    assertEquals(ScoringPath.BLOCKS, model.copy(new org.apache.spark.ml.param.ParamMap()).scoringPath());
    model.setRowScoringLimit(k);
    assertEquals(ScoringPath.ROWS, model.scoringPath());
    assertEquals(1, occurrences(model.transform(ripley).queryExecution().optimizedPlan().toString(), "UDF("));
  }

  @Test
  void aGaussianModelAboveTheLimitScoresMeansAndVariancesInBlocks() {
    Dataset<Row> sinc = SparkTestSession.frame(TestData.noisySinc(80, 0.1, 3), 3);
    RvmModel model = new RvmEstimator().setGamma(1.0).fit(sinc).setRowScoringLimit(0);
    assertEquals(ScoringPath.BLOCKS, model.scoringPath());
    Dataset<Row> scored = model.transform(sinc);
    assertEquals(1, occurrences(scored.queryExecution().optimizedPlan().toString(), "MapPartitions "));
    List<Row> rows = scored.select("features", "prediction", "variance").collectAsList();
    assertEquals(80, rows.size());
    for (Row r : rows) {
      Vector x = r.getAs(0);
      assertEquals(model.predict(x), r.getDouble(1), 1e-12);
      assertEquals(model.predictVariance(x), r.getDouble(2), 1e-12);
      assertTrue(r.getDouble(2) > 1.0 / model.fittedNoisePrecision());
    }
    // without varianceCol the means alone, in blocks too
    model.setVarianceCol("");
    assertEquals(ScoringPath.BLOCKS, model.scoringPath());
    for (Row r : model.transform(sinc).select("features", "prediction").collectAsList()) {
      assertEquals(model.predict(r.getAs(0)), r.getDouble(1), 1e-12);
    }
  }
}
