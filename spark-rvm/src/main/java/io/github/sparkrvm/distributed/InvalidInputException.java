package io.github.sparkrvm.distributed;

/**
 * Training or prediction input that cannot be used, with a message that names the column or parameter and says
 * what to fix. Thrown on the executors, it is unwrapped from Spark's task failure on the driver.
 */
public class InvalidInputException extends IllegalArgumentException {

  public InvalidInputException(String message) {
    super(message);
  }

  public InvalidInputException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The first {@code InvalidInputException} in the cause chain of a Spark job failure, or null. */
  public static InvalidInputException findIn(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof InvalidInputException input) {
        return input;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }
}
