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

import io.github.sparkrvm.linalg.Logistic;
import io.github.sparkrvm.predict.ClassScores;
import io.github.sparkrvm.predict.MultiClassMixture;
import io.github.sparkrvm.predict.MultiClassPredictive;
import io.github.sparkrvm.predict.Predictive;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructType;

/**
 * A family's outputs: the columns a fitted model adds and their metadata, whether scoring needs the latent variance
 * φᵀΣφ, and the map from the latent posterior at a point (mean and variance, or the K class scores' means and
 * covariance) to the prediction, raw scores, probabilities and predictive variance. One subclass per family's outputs,
 * chosen once per model ({@link #of}); single-row predict, the row scorer and the block scorer of every model class
 * call the same one, so that a new output or family touches one class.
 */
abstract sealed class FamilyOutputs implements java.io.Serializable
    permits FamilyOutputs.Latent, FamilyOutputs.Classes {

  private static final long serialVersionUID = 1L;

  /**
   * One row's outputs.
   *
   * @param prediction the predictive mean, mean count or class
   * @param raw the raw scores of a classifier; null for regression
   * @param probability the class probabilities of a classifier; null for regression
   * @param variance the predictive variance (regression; the latent variance of a binary model); NaN when not computed
   */
  record Scored(double prediction, double[] raw, double[] probability, double variance) {}

  /** {@return the outputs of a fitted model's family, over its predictive} */
  static FamilyOutputs of(FittedRvm fitted) {
    return switch (fitted.family()) {
      case GAUSSIAN -> new Regression(fitted.predictive(), fitted.predictiveNoise());
      case POISSON -> new Counts(fitted.predictive());
      case BERNOULLI -> new Binary(fitted.predictive());
      case MULTINOMIAL -> new Classes(fitted.multiClassPredictive(), fitted.classMixture(), fitted.classes().strategy());
    };
  }

  /** {@return the number of classes: K, 2 for a binary model, 0 for regression} */
  abstract int numClasses();

  /** {@return whether the labels are counts (poisson), which evaluate measures by their deviance too} */
  boolean counts() {
    return false;
  }

  /** {@return whether scoring with {@code s} needs the latent variance (O(k²) a row for k kept basis functions)} */
  abstract boolean needsVariance(OutputSettings s);

  /** {@return the outputs at a point {@code x} on the basis' scale} */
  abstract Scored row(double[] x, OutputSettings s);

  /** {@return the outputs of {@code n} points, row-major in {@code x}, with matrix products} */
  abstract Scored[] block(double[] x, int n, OutputSettings s);

  /** Factors Σ once, before the blocks of every task share it. */
  abstract void prepareVariance();

  /** {@return {@code schema} with this family's output columns, named by {@code p}'s params} */
  abstract StructType withColumns(RvmParams p, StructType schema);

  /** {@return {@code scored} with this family's output columns taken from the struct column {@code result}} */
  abstract Dataset<Row> selectColumns(RvmParams p, Dataset<Row> scored, String result);

  /** {@return the class probabilities that raw scores give (classifiers)} */
  Vector rawToProbability(Vector raw) {
    throw new UnsupportedOperationException("a regression model has no raw scores");
  }

  static Dataset<Row> classColumns(RvmParams p, Dataset<Row> data, String result, int k) {
    data = withField(data, result, p.getPredictionCol(), "prediction", name -> RvmSchema.predictionMetadata(name, k));
    data = withField(data, result, p.getRawPredictionCol(), "raw", name -> RvmSchema.vectorMetadata(name, k));
    return withField(data, result, p.getProbabilityCol(), "probability", name -> RvmSchema.vectorMetadata(name, k));
  }

  static Dataset<Row> regressionColumns(RvmParams p, Dataset<Row> data, String result) {
    data = withField(data, result, p.getPredictionCol(), "prediction", null);
    return withField(data, result, p.getVarianceCol(), "variance", null);
  }

  /** Adds column {@code name} (none when it is empty) from field {@code field} of {@code result}, with its metadata. */
  private static Dataset<Row> withField(Dataset<Row> data, String result, String name, String field,
      java.util.function.Function<String, Metadata> metadata) {
    if (name.isEmpty()) {
      return data;
    }
    Column value = col(result).getField(field);
    return data.withColumn(name, metadata == null ? value : value.as(name, metadata.apply(name)));
  }

  /** The families of one latent score f ~ N(m, v) a point: gaussian, poisson, bernoulli. */
  abstract static sealed class Latent extends FamilyOutputs permits Regression, Counts, Binary {
    private static final long serialVersionUID = 1L;
    final Predictive p;

    Latent(Predictive p) {
      this.p = p;
    }

    /** {@return the outputs of the latent posterior at a point (its variance NaN when not computed)} */
    abstract Scored of(Predictive.Latent latent, OutputSettings s);

    @Override
    Scored row(double[] x, OutputSettings s) {
      return of(needsVariance(s) ? p.at(x) : new Predictive.Latent(p.mean(x), Double.NaN), s);
    }

    @Override
    Scored[] block(double[] x, int n, OutputSettings s) {
      Predictive.Block block = p.block(x, n, needsVariance(s));
      Scored[] out = new Scored[n];
      for (int i = 0; i < n; i++) {
        out[i] = of(block.latent(i), s);
      }
      return out;
    }

    @Override
    void prepareVariance() {
      p.prepareVariance();
    }

    /** {@inheritDoc} A regression's (gaussian, poisson): none. */
    @Override
    int numClasses() {
      return 0;
    }

    /** {@inheritDoc} A regression's: prediction and variance. */
    @Override
    StructType withColumns(RvmParams p, StructType schema) {
      return RvmSchema.withRegressionOutputs(p, schema);
    }

    @Override
    Dataset<Row> selectColumns(RvmParams p, Dataset<Row> scored, String result) {
      return regressionColumns(p, scored, result);
    }
  }

  /** Gaussian regression: the predictive mean m and variance 1/β + v; the variance only for varianceCol. */
  static final class Regression extends Latent {
    private static final long serialVersionUID = 1L;
    private final double inverseBeta;

    Regression(Predictive p, double inverseBeta) {
      super(p);
      this.inverseBeta = inverseBeta;
    }

    @Override
    boolean needsVariance(OutputSettings s) {
      return s.varianceColumn();
    }

    @Override
    Scored of(Predictive.Latent latent, OutputSettings s) {
      return new Scored(latent.mean(), null, null, inverseBeta + latent.variance());
    }
  }

  /**
   * Counts (poisson, log link): the mean count exp(m + v/2) and its variance exp(m + v/2) + (exp(v) − 1)·exp(2m + v),
   * both of which need v.
   */
  static final class Counts extends Latent {
    private static final long serialVersionUID = 1L;

    Counts(Predictive p) {
      super(p);
    }

    @Override
    boolean counts() {
      return true;
    }

    @Override
    boolean needsVariance(OutputSettings s) {
      return true;
    }

    @Override
    Scored of(Predictive.Latent latent, OutputSettings s) {
      return new Scored(latent.poissonMean(), null, null, latent.poissonVariance());
    }
  }

  /**
   * Binary classification (bernoulli): raw [−z, z] and probability [1 − σ(z), σ(z)], z the moderated logit
   * m/√(1 + πv/8) (probabilityMethod moderated, which needs v) or m (map); the class by thresholds when set, else 1
   * when σ(z) &gt; threshold.
   */
  static final class Binary extends Latent {
    private static final long serialVersionUID = 1L;

    Binary(Predictive p) {
      super(p);
    }

    @Override
    int numClasses() {
      return 2;
    }

    @Override
    boolean needsVariance(OutputSettings s) {
      return s.moderated();
    }

    @Override
    Scored of(Predictive.Latent latent, OutputSettings s) {
      double z = s.moderated() ? latent.moderatedLogit() : latent.mean();
      double one = Logistic.sigmoid(z);
      double[] probability = {1.0 - one, one};
      double prediction = s.thresholds() != null ? ClassScores.argmax(probability, s.thresholds())
          : one > s.threshold() ? 1.0 : 0.0;
      return new Scored(prediction, new double[] {-z, z}, probability, latent.variance());
    }

    @Override
    Vector rawToProbability(Vector raw) {
      double one = Logistic.sigmoid(raw.apply(1));
      return Vectors.dense(1.0 - one, one);
    }

    @Override
    StructType withColumns(RvmParams p, StructType schema) {
      return RvmSchema.withClassOutputs(p, schema, 2);
    }

    @Override
    Dataset<Row> selectColumns(RvmParams p, Dataset<Row> scored, String result) {
      return classColumns(p, scored, result, 2);
    }
  }

  /**
   * Multi-class (multinomial): the K class scores' means and covariance at a point, mapped to raw scores and
   * probabilities by the strategy's {@link ClassScores} (softmax or one-vs-rest; moderated by the covariance, which
   * then is needed, or at the posterior mode); the class maximising P(k) / thresholds(k) (the most probable when
   * thresholds is unset). A softmax model with predictive components ({@link MultiClassMixture}) takes its moderated
   * probabilities from their mixture; its raw scores, and the probabilities at the posterior mode, stay its own
   * Gaussian's.
   */
  static final class Classes extends FamilyOutputs {
    private static final long serialVersionUID = 1L;
    private final MultiClassPredictive classes;
    /** The predictive components' mixture; null when the moderated probabilities are the model's own. */
    private final MultiClassMixture mixture;
    private final MultiClassStrategy strategy;

    Classes(MultiClassPredictive classes, MultiClassMixture mixture, MultiClassStrategy strategy) {
      this.classes = classes;
      this.mixture = mixture;
      this.strategy = strategy;
    }

    @Override
    int numClasses() {
      return classes.numClasses();
    }

    @Override
    boolean needsVariance(OutputSettings s) {
      return s.moderated();
    }

    /**
     * {@return the outputs of the model's latents, with the mixture's probabilities when given (else null): then the
     * latents are the means alone, which are the softmax's raw scores}
     */
    private Scored of(MultiClassPredictive.Latents latents, double[] mixed, OutputSettings s) {
      ClassScores scores = strategy.scores(latents, mixed == null && s.moderated());
      double[] probability = mixed != null ? mixed : scores.probability();
      return new Scored(ClassScores.argmax(probability, s.thresholds()), scores.raw(), probability, Double.NaN);
    }

    private boolean mixes(OutputSettings s) {
      return mixture != null && s.moderated();
    }

    /** Whether the model's own Gaussian's covariance is read: moderated probabilities that are not the mixture's. */
    private boolean ownVariance(OutputSettings s) {
      return s.moderated() && mixture == null;
    }

    @Override
    Scored row(double[] x, OutputSettings s) {
      return of(ownVariance(s) ? classes.at(x) : classes.means(x), mixes(s) ? mixture.probability(x) : null, s);
    }

    @Override
    Scored[] block(double[] x, int n, OutputSettings s) {
      MultiClassPredictive.Latents[] latents = classes.block(x, n, ownVariance(s));
      double[][] mixed = mixes(s) ? mixture.block(x, n) : null;
      Scored[] out = new Scored[n];
      for (int i = 0; i < n; i++) {
        out[i] = of(latents[i], mixed == null ? null : mixed[i], s);
      }
      return out;
    }

    @Override
    void prepareVariance() {
      if (mixture != null) {
        mixture.prepareCovariance();
      } else {
        classes.prepareCovariance();
      }
    }

    /**
     * {@inheritDoc} The scores at the posterior mode: exact for probabilityMethod map and for ovr (whose raw scores
     * are the moderated logits); the moderated softmax probabilities also need the scores' covariance, which the raw
     * scores do not carry, so transform and predictProbability compute those from the point.
     */
    @Override
    Vector rawToProbability(Vector raw) {
      return Vectors.dense(strategy.scores(new MultiClassPredictive.Latents(raw.toArray(), null), false).probability());
    }

    @Override
    StructType withColumns(RvmParams p, StructType schema) {
      return RvmSchema.withClassOutputs(p, schema, numClasses());
    }

    @Override
    Dataset<Row> selectColumns(RvmParams p, Dataset<Row> scored, String result) {
      return classColumns(p, scored, result, numClasses());
    }
  }
}
