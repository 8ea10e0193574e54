package org.planlab.engine.lang;

import java.util.Objects;
import org.planlab.engine.lang.ast.SourcePosition;

/**
 * One error or warning of the front end: {@code FILE:LINE:COL: message}, reported to users as
 * {@code FILE:LINE:COL: error: message} or {@code FILE:LINE:COL: warning: message}.
 */
public record Diagnostic(SourcePosition position, String message) {
  public Diagnostic {
    Objects.requireNonNull(position, "position is null");
    Objects.requireNonNull(message, "message is null");
  }

  @Override
  public String toString() {
    return position + ": " + message;
  }

  /** {@code FILE:LINE:COL: error: message}. */
  public String asError() {
    return position + ": error: " + message;
  }

  /** {@code FILE:LINE:COL: warning: message}. */
  public String asWarning() {
    return position + ": warning: " + message;
  }
}
