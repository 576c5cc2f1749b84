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

import io.github.sparkrvm.statistics.Family;
import io.github.sparkrvm.variational.WeightPrior;
import java.util.Arrays;
import org.apache.spark.ml.attribute.Attribute;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.attribute.BinaryAttribute;
import org.apache.spark.ml.attribute.NominalAttribute;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.VectorUDT;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** Checks the input columns of the RVM stages and adds their output columns, with messages naming the column. */
final class RvmSchema {

  private RvmSchema() {}

  static void requireVectorColumn(StructType schema, String param, String name) {
    DataType type = fieldType(schema, param, name);
    if (!(type instanceof VectorUDT)) {
      throw new IllegalArgumentException(param + " '" + name + "' must be a Vector column (e.g. from VectorAssembler)"
          + ", but it is " + type.simpleString());
    }
  }

  static void requireNumericColumn(StructType schema, String param, String name) {
    DataType type = fieldType(schema, param, name);
    if (!(type instanceof NumericType)) {
      throw new IllegalArgumentException(param + " '" + name + "' must be numeric, but it is " + type.simpleString());
    }
  }

  private static DataType fieldType(StructType schema, String param, String name) {
    if (!Arrays.asList(schema.fieldNames()).contains(name)) {
      throw new IllegalArgumentException(param + " '" + name + "' does not exist; the columns are "
          + String.join(", ", schema.fieldNames()));
    }
    return schema.apply(name).dataType();
  }

  /** The input schema the estimator needs, and params that cannot go together. */
  static void validateForFit(RvmParams p, StructType schema) {
    validateCombination(p);
    requireVectorColumn(schema, "featuresCol", p.getFeaturesCol());
    requireNumericColumn(schema, "labelCol", p.getLabelCol());
    if (!p.getWeightCol().isEmpty()) {
      if (p.getWeightCol().equals(p.getLabelCol())) {
        throw new IllegalArgumentException("weightCol '" + p.getWeightCol() + "' is the labelCol: the row weights "
            + "would be the labels; give a separate column of weights, or no weightCol for unit weights");
      }
      requireNumericColumn(schema, "weightCol", p.getWeightCol());
    }
  }

  /** Refuses param values that cannot go together, naming both params. */
  static void validateCombination(RvmParams p) {
    FitChoice choice = FitChoice.of(p);
    boolean ard = choice.prior() == WeightPrior.Structure.ARD;
    String prior = p.getPrior();
    String solver = p.getSolver();
    if (!ard && !choice.variational()) {
      throw new IllegalArgumentException("prior '" + prior + "' needs solver 'variational', but solver is '" + solver
          + "': set solver to variational, or prior to ard");
    }
    if (!ard && !"rbf-per-dimension".equals(p.getKernel()) && !choice.linear()) {
      throw new IllegalArgumentException("prior '" + prior + "' needs a table of basis functions: kernel "
          + "rbf-per-dimension, or kernel linear with gridShape; kernel is '" + p.getKernel() + "'");
    }
    if (!ard && choice.linear() && p.getGridShape() == null) {
      throw new IllegalArgumentException("prior '" + prior + "' with kernel linear needs gridShape [rows, columns] "
          + "(the table the input features form, row-major)");
    }
    if (choice.form() != FitChoice.Form.AUTO && !choice.variational()) {
      throw new IllegalArgumentException("variationalForm '" + p.getVariationalForm() + "' needs solver "
          + "'variational', but solver is '" + solver + "': set solver to variational, or variationalForm to auto");
    }
    if (choice.variational() && !choice.family().fitsVariational()) {
      throw new IllegalArgumentException("solver 'variational' fits family gaussian or bernoulli, not "
          + choice.family() + ": set solver to em or fast for " + choice.family());
    }
    int blocks = p.getClassFeatureBlocks();
    if (blocks > 0) {
      if (!choice.family().perClass()) {
        throw new IllegalArgumentException("classFeatureBlocks " + blocks + " gives each class of a multinomial fit "
            + "its own block of features, but family is '" + p.getFamily() + "': set family to multinomial, or "
            + "classFeatureBlocks to 0");
      }
      if (!choice.linear()) {
        throw new IllegalArgumentException("classFeatureBlocks " + blocks + " needs kernel 'linear' (the blocks are "
            + "input features), but kernel is '" + p.getKernel() + "': set kernel to linear, or classFeatureBlocks "
            + "to 0");
      }
    }
    if (choice.method() == FitChoice.Method.FAST && (p.getAlphaPriorShape() != 0.0 || p.getAlphaPriorRate() != 0.0)) {
      throw new IllegalArgumentException("solver 'fast' supports the scale-free prior only (alphaPriorShape = "
          + "alphaPriorRate = 0, here " + p.getAlphaPriorShape() + " and " + p.getAlphaPriorRate() + "): use solver "
          + "em for a Gamma hyperprior on alpha");
    }
    if (p.getNoisePrecision() > 0.0 && !choice.family().hasNoise()) {
      throw new IllegalArgumentException("noisePrecision " + p.getNoisePrecision() + " holds the noise of family "
          + "gaussian, but family is '" + p.getFamily() + "', which has no noise precision: leave noisePrecision at "
          + "0 (its default)");
    }
    if (p.getNoisePrecision() > 0.0 && choice.variational()) {
      throw new IllegalArgumentException("noisePrecision " + p.getNoisePrecision() + " (a held noise precision) is "
          + "not supported by solver 'variational', which fits a Gamma posterior over it: use solver em or fast, or "
          + "leave noisePrecision at 0 (learnt)");
    }
  }

  /**
   * {@return the number of classes the label column's ML attribute declares (a nominal attribute with its number of
   * values, as StringIndexer writes, or a binary attribute), or 0 when it declares none}
   */
  static int declaredClasses(StructType schema, String labelCol) {
    Attribute attribute = Attribute.fromStructField(schema.apply(labelCol));
    if (attribute instanceof NominalAttribute nominal && nominal.getNumValues().isDefined()) {
      return (Integer) nominal.getNumValues().get();
    }
    if (attribute instanceof BinaryAttribute) {
      return 2;
    }
    return 0;
  }

  /**
   * {@return the schema after prediction of a family-generic stage that has not been fitted: the input plus the
   * family's output columns that have a name} The class count is known for bernoulli (2); for multinomial only once
   * fitted ({@link FamilyOutputs#withColumns}).
   */
  static StructType withOutputs(RvmParams p, StructType schema) {
    Family family = Family.of(p.getFamily());
    return family.classifier() ? withClassOutputs(p, schema, family.binaryClasses())
        : withRegressionOutputs(p, schema);
  }

  /**
   * {@return the schema after prediction of a classifier: prediction, rawPrediction and probability, with the class
   * count in their ML attributes when it is known (numClasses &gt; 0), as Spark's classifiers write it: the
   * prediction a nominal attribute of K values, the raw prediction and the probability attribute groups of size K}
   */
  static StructType withClassOutputs(RvmParams p, StructType schema, int numClasses) {
    requireVectorColumn(schema, "featuresCol", p.getFeaturesCol());
    boolean classes = numClasses > 0;
    StructType out = add(schema, "predictionCol", p.getPredictionCol(), DataTypes.DoubleType,
        name -> classes ? predictionMetadata(name, numClasses) : Metadata.empty());
    out = add(out, "rawPredictionCol", p.getRawPredictionCol(), SQLDataTypes.VectorType(),
        name -> classes ? vectorMetadata(name, numClasses) : Metadata.empty());
    return add(out, "probabilityCol", p.getProbabilityCol(), SQLDataTypes.VectorType(),
        name -> classes ? vectorMetadata(name, numClasses) : Metadata.empty());
  }

  /** {@return the schema after prediction of a regression: prediction and variance} */
  static StructType withRegressionOutputs(RvmParams p, StructType schema) {
    requireVectorColumn(schema, "featuresCol", p.getFeaturesCol());
    StructType out = add(schema, "predictionCol", p.getPredictionCol(), DataTypes.DoubleType,
        name -> Metadata.empty());
    return add(out, "varianceCol", p.getVarianceCol(), DataTypes.DoubleType, name -> Metadata.empty());
  }

  static Metadata predictionMetadata(String name, int numClasses) {
    return NominalAttribute.defaultAttr().withName(name).withNumValues(numClasses).toMetadata();
  }

  /** {@return the ML attribute of a vector column of one value per class: a group of size K} */
  static Metadata vectorMetadata(String name, int numClasses) {
    return new AttributeGroup(name, numClasses).toMetadata();
  }

  private static StructType add(StructType schema, String param, String name, DataType type,
      java.util.function.Function<String, Metadata> metadata) {
    if (name.isEmpty()) {
      return schema;
    }
    if (Arrays.asList(schema.fieldNames()).contains(name)) {
      throw new IllegalArgumentException(param + " '" + name + "' already exists in the input: choose another "
          + "name with set" + Character.toUpperCase(param.charAt(0)) + param.substring(1) + ", or drop that column");
    }
    return schema.add(new StructField(name, type, false, metadata.apply(name)));
  }
}
