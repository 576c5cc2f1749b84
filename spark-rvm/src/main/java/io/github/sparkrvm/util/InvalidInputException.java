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

package io.github.sparkrvm.util;

/**
 * Training or prediction input that cannot be used, with a message that names the column or parameter and says
 * what to fix. Thrown on the executors, it is unwrapped from Spark's task failure on the driver.
 */
public class InvalidInputException extends IllegalArgumentException {

  /**
   * An exception with a message.
   *
   * @param message what is wrong with the input
   */
  public InvalidInputException(String message) {
    super(message);
  }

  /**
   * An exception with a message and a cause.
   *
   * @param message what is wrong with the input
   * @param cause the underlying failure
   */
  public InvalidInputException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * {@return the first {@code InvalidInputException} in the cause chain of a Spark job failure, or null}
   *
   * @param failure what the Spark job threw
   */
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
