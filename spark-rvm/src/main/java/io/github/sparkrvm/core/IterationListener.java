package io.github.sparkrvm.core;

/** Told of every step of a sparse Bayesian outer loop (for logging and progress). */
@FunctionalInterface
public interface IterationListener {

  void onIteration(IterationReport report);

  /** A listener that ignores every report. */
  static IterationListener none() {
    return report -> {};
  }
}
