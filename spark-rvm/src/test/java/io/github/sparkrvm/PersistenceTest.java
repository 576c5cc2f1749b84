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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.ml.tuning.ParamGridBuilder;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Save → load → the same predictions, alone and inside pipelines; tuning; damaged and future model folders. */
class PersistenceTest {

  static Dataset<Row> ripleyTrain;
  static Dataset<Row> ripleyTest;
  static RvmModel classifier;
  static RvmModel regressor;

  @BeforeAll
  static void fit() {
    ripleyTrain = SparkTestSession.frame(TestData.ripley("tr"), 2).cache();
    ripleyTest = SparkTestSession.frame(TestData.ripley("te"), 2).cache();
    classifier = new RvmEstimator().setFamily("bernoulli").setGamma(0.5).setMaxBasis(60).setSeed(3L).fit(ripleyTrain);
    regressor = new RvmEstimator().setGamma(0.25).fit(SparkTestSession.frame(TestData.noisySinc(80, 0.1, 9), 2));
  }

  private static List<Row> outputs(Dataset<Row> data, String... columns) {
    return data.select(columns[0], java.util.Arrays.copyOfRange(columns, 1, columns.length)).collectAsList();
  }

  @Test
  void modelRoundTripPredictsTheSameAndKeepsParams(@TempDir Path dir) throws IOException {
    classifier.setThreshold(0.4);
    String path = dir.resolve("classifier").toString();
    classifier.write().save(path);
    RvmModel loaded = RvmModel.load(path);
    assertEquals(classifier.uid(), loaded.uid());
    assertEquals(classifier.extractParamMap().toString(), loaded.extractParamMap().toString());
    assertEquals(0.4, loaded.getThreshold());
    assertEquals(classifier.numRelevanceVectors(), loaded.numRelevanceVectors());
    assertArrayEquals(classifier.covariance().toArray(), loaded.covariance().toArray(), 0.0);
    assertArrayEquals(classifier.summary().logMarginalLikelihood(), loaded.summary().logMarginalLikelihood(), 0.0);
    assertEquals(outputs(classifier.transform(ripleyTest), "prediction", "probability", "rawPrediction"),
        outputs(loaded.transform(ripleyTest), "prediction", "probability", "rawPrediction"));
    classifier.setThreshold(0.5);

    String regPath = dir.resolve("regressor").toString();
    regressor.write().save(regPath);
    RvmModel reg = RvmModel.load(regPath);
    Dataset<Row> grid = SparkTestSession.frame(TestData.sincGrid(50), 1);
    assertEquals(outputs(regressor.transform(grid), "prediction", "variance"),
        outputs(reg.transform(grid), "prediction", "variance"));
    assertEquals(regressor.fittedNoisePrecision(), reg.fittedNoisePrecision());
    assertEquals(0.25, reg.getGamma());

    // save refuses an existing path unless told to overwrite
    assertThrows(IOException.class, () -> regressor.write().save(regPath));
    regressor.write().overwrite().save(regPath);
    assertEquals(regressor.numRelevanceVectors(), RvmModel.load(regPath).numRelevanceVectors());
  }

  @Test
  void estimatorRoundTripKeepsEveryParam(@TempDir Path dir) throws IOException {
    RvmEstimator estimator = new RvmEstimator().setFamily("bernoulli").setKernel("poly").setGamma(0.3)
        .setDegree(2).setCoef0(0.5).setMaxBasis(77).setTol(1e-4).setWeightCol("w");
    String path = dir.resolve("estimator").toString();
    estimator.write().save(path);
    RvmEstimator loaded = RvmEstimator.load(path);
    assertEquals(estimator.uid(), loaded.uid());
    assertEquals(estimator.extractParamMap().toString(), loaded.extractParamMap().toString());
  }

  private static Dataset<Row> ripleyColumns(TestData.Table table) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < table.size(); i++) {
      rows.add(RowFactory.create(table.x()[i][0], table.x()[i][1], table.t()[i]));
    }
    StructType schema = new StructType().add("xs", DataTypes.DoubleType).add("ys", DataTypes.DoubleType)
        .add("label", DataTypes.DoubleType);
    return SparkTestSession.get().createDataFrame(rows, schema);
  }

  @Test
  void pipelineModelRoundTripPredictsTheSame(@TempDir Path dir) throws IOException {
    Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {
        new VectorAssembler().setInputCols(new String[] {"xs", "ys"}).setOutputCol("features"),
        new RvmEstimator().setFamily("bernoulli").setGamma(0.5).setMaxBasis(50).setSeed(5L)});
    PipelineModel model = pipeline.fit(ripleyColumns(TestData.ripley("tr")));
    String path = dir.resolve("pipeline").toString();
    model.write().save(path);
    PipelineModel loaded = PipelineModel.load(path);
    assertInstanceOf(RvmModel.class, loaded.stages()[1]);
    Dataset<Row> test = ripleyColumns(TestData.ripley("te"));
    assertEquals(outputs(model.transform(test), "prediction", "probability"),
        outputs(loaded.transform(test), "prediction", "probability"));
    double auc = new BinaryClassificationEvaluator().evaluate(loaded.transform(test));
    assertTrue(auc > 0.9, "AUC " + auc);

    String pipelinePath = dir.resolve("unfitted").toString();
    pipeline.write().save(pipelinePath);
    assertInstanceOf(RvmEstimator.class, Pipeline.load(pipelinePath).getStages()[1]);
  }

  @Test
  void crossValidatorTunesGamma(@TempDir Path dir) throws IOException {
    RvmEstimator rvm = new RvmEstimator().setFamily("bernoulli").setMaxBasis(40).setSeed(1L);
    ParamMap[] grid = new ParamGridBuilder().addGrid(rvm.gamma(), new double[] {0.5, 2.0}).build();
    CrossValidator cv = new CrossValidator().setEstimator(rvm).setEstimatorParamMaps(grid)
        .setEvaluator(new BinaryClassificationEvaluator()).setNumFolds(2).setSeed(7L);
    CrossValidatorModel model = cv.fit(ripleyTrain);
    assertEquals(2, model.avgMetrics().length);
    for (double auc : model.avgMetrics()) {
      assertTrue(auc > 0.85, "cross-validated AUC " + auc);
    }
    RvmModel best = (RvmModel) model.bestModel();
    int bestIndex = model.avgMetrics()[0] >= model.avgMetrics()[1] ? 0 : 1;
    assertEquals(bestIndex == 0 ? 0.5 : 2.0, best.getGamma());
    String path = dir.resolve("cv").toString();
    model.write().save(path);
    RvmModel reloaded = (RvmModel) CrossValidatorModel.load(path).bestModel();
    assertEquals(outputs(best.transform(ripleyTest), "probability"), outputs(reloaded.transform(ripleyTest),
        "probability"));
  }

  @Test
  void damagedOrForeignFoldersFailWithAClearMessage(@TempDir Path dir) throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RvmModel.load(empty.toString()));
    assertTrue(e.getMessage().contains("is not a saved spark-rvm model"), e.getMessage());

    String estimatorPath = dir.resolve("estimator").toString();
    new RvmEstimator().write().save(estimatorPath);
    e = assertThrows(IllegalArgumentException.class, () -> RvmModel.load(estimatorPath));
    assertTrue(e.getMessage().contains("holds a saved io.github.sparkrvm.RvmEstimator"), e.getMessage());

    Path noData = dir.resolve("nodata");
    regressor.write().save(noData.toString());
    deleteTree(noData.resolve("data"));
    e = assertThrows(IllegalArgumentException.class, () -> RvmModel.load(noData.toString()));
    assertTrue(e.getMessage().contains("data/ is missing or damaged"), e.getMessage());

    // a metadata file whose bytes no longer match its checksum
    Path damaged = dir.resolve("damaged");
    regressor.write().save(damaged.toString());
    try (Stream<Path> files = Files.list(damaged.resolve("metadata"))) {
      Path part = files.filter(p -> p.getFileName().toString().startsWith("part-")).findFirst().orElseThrow();
      Files.writeString(part, "{\"class\":\"io.github.sparkrvm.RvmModel\", truncated");
    }
    e = assertThrows(IllegalArgumentException.class, () -> RvmModel.load(damaged.toString()));
    assertTrue(e.getMessage().contains("is not a saved spark-rvm model"), e.getMessage());
  }

  @Test
  void aModelFromANewerFormatIsRefused(@TempDir Path dir) throws IOException {
    Path path = dir.resolve("future");
    regressor.write().save(path.toString());
    Path metadata;
    try (Stream<Path> files = Files.list(path.resolve("metadata"))) {
      metadata = files.filter(p -> p.getFileName().toString().startsWith("part-")).findFirst().orElseThrow();
    }
    String json = Files.readString(metadata);
    String current = "\"formatVersion\":" + ModelFormat.VERSION;
    assertTrue(json.contains(current), json);
    Files.writeString(metadata, json.replace(current, "\"formatVersion\":99"));
    Files.deleteIfExists(metadata.resolveSibling("." + metadata.getFileName() + ".crc"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RvmModel.load(path.toString()));
    assertTrue(e.getMessage().contains("model format 99") && e.getMessage().contains("upgrade"), e.getMessage());
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
