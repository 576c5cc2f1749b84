package io.github.sparkrvm.core;

/** The logistic function and the Bernoulli log-likelihood, computed without overflow. */
public final class Logistic {

  private Logistic() {}

  /**
   * {@code 1 / (1 + e^{−z})}.
   *
   * @param z the logit
   * @return σ(z)
   */
  public static double sigmoid(double z) {
    if (z >= 0) {
      return 1.0 / (1.0 + Math.exp(-z));
    }
    double e = Math.exp(z);
    return e / (1.0 + e);
  }

  /**
   * {@code log(1 + e^z)}.
   *
   * @param z any number
   * @return log(1 + e^z), without overflow
   */
  public static double log1pExp(double z) {
    return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
  }

  /**
   * {@code t log σ(z) + (1 − t) log(1 − σ(z)) = t z − log(1 + e^z)}.
   *
   * @param t the label, 0 or 1
   * @param z the logit
   * @return the log-likelihood of t
   */
  public static double logLikelihood(double t, double z) {
    return t * z - log1pExp(z);
  }
}
