package org.planlab.experiment.report;

/**
 * A baseline file that cannot be used as one: unreadable, not JSON, or a key that is unknown,
 * missing or of the wrong kind. The message names the file and the key's dotted path.
 * {@code planlab compare} exits with 2 on it.
 */
public final class BaselineException extends ReportException {
  private static final long serialVersionUID = 1L;

  /** A malformed baseline, described by {@code message}. */
  public BaselineException(String message) {
    super(message);
  }

  /** A malformed baseline, described by {@code message}, caused by {@code cause}. */
  public BaselineException(String message, Throwable cause) {
    super(message, cause);
  }
}
