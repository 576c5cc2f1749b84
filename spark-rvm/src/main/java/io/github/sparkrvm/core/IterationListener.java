package io.github.sparkrvm.core;

/** Told of every step of a sparse Bayesian outer loop (for logging and progress). */
@FunctionalInterface
public interface IterationListener {

  /**
   * Called after every step.
   *
   * @param report the step
   */
  void onIteration(IterationReport report);

  /**
   * {@return the listener of the binary fit of one class against the rest (one-vs-rest); by default this one} It
   * may be called from several threads at once.
   *
   * @param positiveClass the class fitted against the rest
   */
  default IterationListener forClass(int positiveClass) {
    return this;
  }

  /** {@return a listener that ignores every report} */
  static IterationListener none() {
    return report -> {};
  }
}
