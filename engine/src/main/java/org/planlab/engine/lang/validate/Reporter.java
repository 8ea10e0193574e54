package org.planlab.engine.lang.validate;

import java.util.ArrayList;
import java.util.List;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.ast.SourcePosition;

/**
 * Collects errors and warnings. Can be muted: loop bodies are first analysed silently until the
 * state at the loop head stops changing, then once more with reporting (so each problem is reported
 * once, against the final state).
 */
final class Reporter {
  private final List<Diagnostic> errors = new ArrayList<>();
  private final List<Diagnostic> warnings = new ArrayList<>();
  private int muted;

  void error(SourcePosition at, String message) {
    if (muted == 0) {
      errors.add(new Diagnostic(at, message));
    }
  }

  void warning(SourcePosition at, String message) {
    if (muted == 0) {
      warnings.add(new Diagnostic(at, message));
    }
  }

  boolean isMuted() {
    return muted > 0;
  }

  void mute() {
    muted++;
  }

  void unmute() {
    muted--;
  }

  List<Diagnostic> errors() {
    return errors;
  }

  List<Diagnostic> warnings() {
    return warnings;
  }
}
