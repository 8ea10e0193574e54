package org.planlab.engine.runtime;

import java.util.Objects;
import org.planlab.engine.lang.ast.SourcePosition;

/**
 * A script error at run time (dimension mismatch, index out of bounds, missing file, stop(),
 * failed assert, recursion too deep ...). {@link #getMessage()} is "FILE:LINE:COL: message",
 * the one paragraph a user sees.
 */
public final class DmlRuntimeException extends RuntimeException {
  private final transient SourcePosition position;
  private final String detail;

  public DmlRuntimeException(SourcePosition position, String detail, Throwable cause) {
    super(Objects.requireNonNull(position, "position is null") + ": " + detail, cause);
    this.position = position;
    this.detail = detail;
  }

  public DmlRuntimeException(SourcePosition position, String detail) {
    this(position, detail, null);
  }

  /** Where in the script the failing operation was written. */
  public SourcePosition position() {
    return position;
  }

  /** The message without the position prefix. */
  public String detail() {
    return detail;
  }
}
