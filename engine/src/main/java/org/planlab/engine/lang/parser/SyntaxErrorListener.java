package org.planlab.engine.lang.parser;

import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.ast.SourcePosition;

/**
 * Replaces ANTLR's console listener: collects syntax errors as diagnostics with 1-based
 * positions, rephrasing ANTLR's messages into shorter ones ("unexpected ')'", "missing ')' at
 * 'y'") and dropping long "expecting {...}" token sets.
 */
final class SyntaxErrorListener extends BaseErrorListener {
  /** Expected-token sets up to this size are worth printing. */
  private static final int MAX_EXPECTED_SHOWN = 3;

  private final String file;
  private final List<Diagnostic> sink;

  SyntaxErrorListener(String file, List<Diagnostic> sink) {
    this.file = file;
    this.sink = sink;
  }

  @Override
  public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line,
      int charPositionInLine, String msg, RecognitionException e) {
    SourcePosition position = new SourcePosition(file, line, charPositionInLine + 1);
    sink.add(new Diagnostic(position, rephrase(offendingSymbol, msg)));
  }

  private static String rephrase(Object offendingSymbol, String msg) {
    Token token = offendingSymbol instanceof Token t ? t : null;
    if (token != null && token.getType() == DmlLexer.ERROR_CHAR) {
      String text = token.getText();
      return text.equals("\"") || text.equals("'")
          ? "unterminated string literal"
          : "unexpected character '" + text + "'";
    }
    if (msg.startsWith("missing ")) {
      return msg.replace("'<EOF>'", "end of file");
    }
    String display = token == null ? "input" : display(token);
    int expecting = msg.indexOf(" expecting ");
    if (expecting >= 0 && (msg.startsWith("mismatched input") || msg.startsWith("extraneous input"))) {
      String expected = msg.substring(expecting + " expecting ".length());
      boolean small = !expected.startsWith("{")
          || expected.split(",").length <= MAX_EXPECTED_SHOWN;
      return "unexpected " + display + (small ? ", expecting " + expected : "");
    }
    return "unexpected " + display;
  }

  private static String display(Token token) {
    if (token.getType() == Token.EOF) {
      return "end of file";
    }
    return "'" + token.getText().replace("\n", "\\n").replace("\t", "\\t") + "'";
  }
}
