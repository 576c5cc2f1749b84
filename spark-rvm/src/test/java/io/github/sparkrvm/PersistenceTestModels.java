package io.github.sparkrvm;

/** Small fitted models shared by tests (fitted once per test JVM). */
final class PersistenceTestModels {

  private static RvmModel regressor;

  private PersistenceTestModels() {}

  static synchronized RvmModel smallRegressor() {
    if (regressor == null) {
      regressor = new RvmEstimator().setGamma(0.25).fit(SparkTestSession.frame(TestData.noisySinc(60, 0.1, 4), 2));
    }
    return regressor;
  }
}
