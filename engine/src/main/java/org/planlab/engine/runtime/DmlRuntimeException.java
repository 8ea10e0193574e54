package org.planlab.engine.runtime;

import java.util.List;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.DmlException;
import org.planlab.engine.lang.ast.SourcePosition;

/**
 * A script error at run time (dimension mismatch, index out of bounds, missing file, stop(),
 * failed assert, recursion too deep ...). Like the front end's errors it is a {@link
 * DmlException} with one diagnostic, so {@link #getMessage()} is "FILE:LINE:COL: message", the
 * one paragraph a user sees, and callers can catch every script error in one place.
 */
public final class DmlRuntimeException extends DmlException {

  public DmlRuntimeException(SourcePosition position, String detail, Throwable cause) {
    super(List.of(new Diagnostic(position, detail)));
    if (cause != null) {
      initCause(cause);
    }
  }

  public DmlRuntimeException(SourcePosition position, String detail) {
    this(position, detail, null);
  }

  /** Where in the script the failing operation was written. */
  public SourcePosition position() {
    return first().position();
  }

  /** The message without the position prefix. */
  public String detail() {
    return first().message();
  }
}
