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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.sparkrvm.RvmEstimator;
import io.github.sparkrvm.RvmModel;
import io.github.sparkrvm.SparkTestSession;
import io.github.sparkrvm.TestData;
import java.io.File;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.feature.StandardScaler;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Models saved to a real HDFS (NameNode and DataNode from hadoop-client-minicluster) load back unchanged. */
class HdfsIT {

  static MiniDFSCluster dfs;
  static String root;

  @BeforeAll
  static void startHdfs() throws IOException {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File("target/minidfs-" + System.nanoTime()).getAbsolutePath());
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).format(true).build();
    dfs.waitActive();
    root = "hdfs://127.0.0.1:" + dfs.getNameNodePort() + "/models";
  }

  @AfterAll
  static void stopHdfs() {
    dfs.shutdown();
  }

  private static List<Row> outputs(Dataset<Row> data, String... columns) {
    return data.select(columns[0], java.util.Arrays.copyOfRange(columns, 1, columns.length)).collectAsList();
  }

  @Test
  void theJobReadsAndWritesHdfsPaths() throws Exception {
    FileSystem fs = new Path(root).getFileSystem(SparkTestSession.get().sparkContext().hadoopConfiguration());
    String input = root + "/data/synth.tr.csv";
    fs.copyFromLocalFile(new Path(TestData.dataDir().resolve("ripley_synth/synth.tr.csv").toUri()), new Path(input));
    String model = root + "/job-model";
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    int status = io.github.sparkrvm.cli.RvmJob.run(new String[] {"train", "--input", input, "--label-col", "yc",
        "--model", model, "--family", "bernoulli", "--gamma", "4", "--standardization", "false", "--max-basis", "40"},
        new java.io.PrintStream(out, true), new java.io.PrintStream(err, true), SparkTestSession.get());
    assertEquals(0, status, err.toString());
    assertTrue(fs.exists(new Path(model + "/data")));
    String[] lines = out.toString().split("\n");
    assertTrue(lines[lines.length - 1].contains("\"rows\":250"), lines[lines.length - 1]);

    out.reset();
    status = io.github.sparkrvm.cli.RvmJob.run(new String[] {"evaluate", "--model", model, "--input", input},
        new java.io.PrintStream(out, true), new java.io.PrintStream(err, true), SparkTestSession.get());
    assertEquals(0, status, err.toString());
    com.fasterxml.jackson.databind.JsonNode metrics = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(out.toString().strip().lines().reduce((a, b) -> b).orElseThrow());
    assertEquals(250, metrics.get("rows").asLong());
    assertTrue(metrics.get("accuracy").asDouble() > 0.85, metrics.toString());

    // bad input on HDFS: a model path that exists, without --overwrite, is refused and left alone
    long before = fs.getContentSummary(new Path(model)).getLength();
    status = io.github.sparkrvm.cli.RvmJob.run(new String[] {"train", "--input", input, "--label-col", "yc",
        "--model", model, "--family", "bernoulli"}, new java.io.PrintStream(out, true),
        new java.io.PrintStream(err, true), SparkTestSession.get());
    assertEquals(2, status);
    assertEquals(before, fs.getContentSummary(new Path(model)).getLength());
  }

  @Test
  void modelAndPipelineModelRoundTripThroughHdfs() throws IOException {
    Dataset<Row> train = SparkTestSession.frame(TestData.ripley("tr"), 2);
    Dataset<Row> test = SparkTestSession.frame(TestData.ripley("te"), 2);
    RvmModel model = new RvmEstimator().setFamily("bernoulli").setMaxBasis(50).setSeed(2L).fit(train);

    String modelPath = root + "/rvm";
    model.write().save(modelPath);
    FileSystem fs = new Path(modelPath).getFileSystem(SparkTestSession.get().sparkContext().hadoopConfiguration());
    assertTrue(fs.exists(new Path(modelPath + "/metadata")) && fs.exists(new Path(modelPath + "/data")));
    assertTrue(fs.getUri().getScheme().equals("hdfs"));
    RvmModel loaded = RvmModel.load(modelPath);
    assertEquals(outputs(model.transform(test), "prediction", "probability", "rawPrediction"),
        outputs(loaded.transform(test), "prediction", "probability", "rawPrediction"));

    PipelineModel pipeline = new Pipeline().setStages(new PipelineStage[] {
        new StandardScaler().setInputCol("features").setOutputCol("scaled"),
        new RvmEstimator().setFeaturesCol("scaled").setMaxBasis(40).setSeed(4L).setFamily("bernoulli")})
        .fit(train);
    String pipelinePath = root + "/pipeline";
    pipeline.write().save(pipelinePath);
    PipelineModel pipelineLoaded = PipelineModel.load(pipelinePath);
    assertInstanceOf(RvmModel.class, pipelineLoaded.stages()[1]);
    assertEquals(outputs(pipeline.transform(test), "prediction", "probability"),
        outputs(pipelineLoaded.transform(test), "prediction", "probability"));
  }
}
