package io.github.sparkrvm.distributed;

import java.util.function.Supplier;
import org.apache.spark.SparkContext;

/**
 * Names the Spark jobs of a fit's passes over the data, as the Spark UI and {@code SparkListener}s see them (the
 * local property {@code spark.job.description} of {@link SparkContext#setJobDescription}): each pass sets its
 * description for its own jobs and restores the caller's afterwards, so that a user's own description around the
 * whole fit comes back when the fit ends.
 */
public final class JobDescription {

  /** The local property that Spark reads a job's description from. */
  public static final String PROPERTY = "spark.job.description";

  private JobDescription() {}

  /**
   * Runs {@code action} with the jobs it starts on this thread described as {@code description}.
   *
   * @param sc the Spark context
   * @param description what the jobs do, e.g. "rvm_1: statistics pass 2: Bernoulli candidate statistics"
   * @param action the Spark action(s)
   * @param <T> the result
   * @return the action's result
   */
  public static <T> T run(SparkContext sc, String description, Supplier<T> action) {
    String previous = sc.getLocalProperty(PROPERTY);
    sc.setJobDescription(description);
    try {
      return action.get();
    } finally {
      sc.setLocalProperty(PROPERTY, previous);
    }
  }
}
