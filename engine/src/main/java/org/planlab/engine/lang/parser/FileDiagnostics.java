package org.planlab.engine.lang.parser;

import java.util.List;
import org.antlr.v4.runtime.Token;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.ast.SourcePosition;

/** Positions and error reporting for one file being built into an AST. */
final class FileDiagnostics {
  private final String file;
  private final List<Diagnostic> sink;

  FileDiagnostics(String file, List<Diagnostic> sink) {
    this.file = file;
    this.sink = sink;
  }

  /** The 1-based position of a token. */
  SourcePosition position(Token t) {
    return new SourcePosition(file, t.getLine(), t.getCharPositionInLine() + 1);
  }

  void error(Token at, String message) {
    sink.add(new Diagnostic(position(at), message));
  }

  void error(SourcePosition at, String message) {
    sink.add(new Diagnostic(at, message));
  }
}
