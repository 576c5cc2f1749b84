package io.github.sparkrvm.cli;

/**
 * A command line, file or data problem the user can fix: reported as one line on stderr with exit status 2, and
 * thrown before anything is written.
 */
final class BadInputException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  BadInputException(String message) {
    super(message);
  }

  BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
