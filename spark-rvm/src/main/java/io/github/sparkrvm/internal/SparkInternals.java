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

package io.github.sparkrvm.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import org.apache.spark.ml.param.Params;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsReader$;
import org.apache.spark.ml.util.DefaultParamsWriter$;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.SparkSession;
import scala.Option;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The one place that touches Spark's {@code private[ml]} persistence helpers (public in bytecode, not API), so that
 * a Spark upgrade that changes them touches this file only.
 */
public final class SparkInternals {

  private SparkInternals() {}

  /**
   * Spark's metadata JSON with the params of {@code instance} and an integer {@code formatVersion}.
   *
   * @param instance the stage
   * @param path the stage's folder (a Hadoop path)
   * @param spark the session
   * @param formatVersion the model format version
   */
  public static void saveMetadata(Params instance, String path, SparkSession spark, int formatVersion) {
    List<Tuple2<String, org.json4s.JValue>> fields =
        List.of(new Tuple2<>("formatVersion", new org.json4s.JInt(scala.math.BigInt.apply(formatVersion))));
    org.json4s.JObject extra = new org.json4s.JObject(CollectionConverters.asScala(fields).toList());
    DefaultParamsWriter$.MODULE$.saveMetadata(instance, path, spark, Option.apply(extra), Option.empty());
  }

  /** What {@link #loadMetadata} read. */
  public record Metadata(String uid, String className, int formatVersion, DefaultParamsReader.Metadata raw) {

    /**
     * Sets the saved params (and defaults) on {@code instance}.
     *
     * @param instance the stage
     */
    public void applyParams(Params instance) {
      raw.getAndSetParams(instance, Option.empty());
    }

    /**
     * Sets the saved params (and defaults) on {@code instance}, except those named {@code skip}.
     *
     * @param instance the stage
     * @param skip the names of the params not to set
     */
    public void applyParams(Params instance, String... skip) {
      raw.getAndSetParams(instance, Option.apply(CollectionConverters.asScala(java.util.List.of(skip)).toList()));
    }
  }

  /**
   * Reads the metadata of a saved stage and checks its class.
   *
   * @throws IllegalArgumentException if the directory holds no readable metadata or another class
   * @param path the stage's folder (a Hadoop path)
   * @param spark the session
   * @param expectedClassName the class the metadata must name
   * @return the metadata
   */
  public static Metadata loadMetadata(String path, SparkSession spark, String expectedClassName) {
    return loadMetadata(path, spark, java.util.Set.of(expectedClassName));
  }

  /**
   * Reads the metadata of a saved stage and checks that its class is one of {@code classNames}.
   *
   * @throws IllegalArgumentException if the directory holds no readable metadata or another class
   * @param path the stage's folder (a Hadoop path)
   * @param spark the session
   * @param classNames the classes the metadata may name
   * @return the metadata
   */
  public static Metadata loadMetadata(String path, SparkSession spark, java.util.Set<String> classNames) {
    DefaultParamsReader.Metadata raw;
    try {
      raw = DefaultParamsReader$.MODULE$.loadMetadata(path, spark, "");
    } catch (Exception e) { // Spark's AnalysisException and SparkException are checked exceptions
      throw new IllegalArgumentException("'" + path + "' is not a saved spark-rvm model: its metadata/ cannot be read ("
          + e.getMessage() + ")", e);
    }
    if (!classNames.contains(raw.className())) {
      throw new IllegalArgumentException("'" + path + "' holds a saved " + raw.className() + ", not a "
          + String.join(" or ", new java.util.TreeSet<>(classNames)));
    }
    int version = 0;
    try {
      JsonNode node = new ObjectMapper().readTree(raw.metadataJson()).get("formatVersion");
      version = node == null ? 0 : node.asInt(0);
    } catch (IOException e) {
      throw new IllegalArgumentException("'" + path + "': the saved metadata is not valid JSON", e);
    }
    return new Metadata(raw.uid(), raw.className(), version, raw);
  }

  /**
   * {@return spark's reader for a stage saved with {@code DefaultParamsWritable}}
   *
   * @param <T> the stage type
   */
  public static <T> MLReader<T> defaultParamsReader() {
    return new DefaultParamsReader<>();
  }
}
