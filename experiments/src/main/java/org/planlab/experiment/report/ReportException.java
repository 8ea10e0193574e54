package org.planlab.experiment.report;

/**
 * A results folder, baseline or output location that planlab cannot use; the message names the
 * file (and the key or column) so that the user can act on it. The command line prints it without
 * a stack trace.
 */
public class ReportException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A failure described by {@code message}. */
  public ReportException(String message) {
    super(message);
  }

  /** A failure described by {@code message}, caused by {@code cause}. */
  public ReportException(String message, Throwable cause) {
    super(message, cause);
  }
}
