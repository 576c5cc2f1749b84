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

  /** {@return a listener that ignores every report} */
  static IterationListener none() {
    return report -> {};
  }
}
