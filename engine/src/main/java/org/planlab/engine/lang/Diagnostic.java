package org.planlab.engine.lang;

import java.util.Objects;
import org.planlab.engine.lang.ast.SourcePosition;

/** One error or warning of the front end, printed as {@code FILE:LINE:COL: message}. */
public record Diagnostic(SourcePosition position, String message) {
  public Diagnostic {
    Objects.requireNonNull(position, "position is null");
    Objects.requireNonNull(message, "message is null");
  }

  @Override
  public String toString() {
    return position + ": " + message;
  }
}
