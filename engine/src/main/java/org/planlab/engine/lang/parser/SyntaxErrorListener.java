package org.planlab.engine.lang.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.ast.SourcePosition;

/**
 * Replaces ANTLR's console listener: collects syntax errors as diagnostics with 1-based positions,
 * rephrasing ANTLR's messages into shorter ones ("unexpected ')'", "missing ')' at 'y'") and
 * dropping long "expecting {...}" token sets.
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
  public void syntaxError(
      Recognizer<?, ?> recognizer,
      Object offendingSymbol,
      int line,
      int charPositionInLine,
      String msg,
      RecognitionException e) {
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
    if (expecting >= 0
        && (msg.startsWith("mismatched input") || msg.startsWith("extraneous input"))) {
      List<String> expected = tokenNames(msg.substring(expecting + " expecting ".length()));
      boolean small = !expected.isEmpty() && expected.size() <= MAX_EXPECTED_SHOWN;
      return "unexpected " + display + (small ? ", expecting " + alternatives(expected) : "");
    }
    return "unexpected " + display;
  }

  /** A token in ANTLR's display of a token set: a quoted literal or a token type name. */
  private static final Pattern TOKEN = Pattern.compile("'(\\\\.|[^'\\\\])*'|[A-Za-z_<>]+");

  /** The entries of "{')', ','}" or "')'". */
  private static List<String> tokenNames(String set) {
    List<String> names = new ArrayList<>();
    Matcher m = TOKEN.matcher(set);
    while (m.find()) {
      names.add(m.group().equals("<EOF>") ? "end of file" : m.group());
    }
    return names;
  }

  /** "a", "a or b", "a, b or c". */
  private static String alternatives(List<String> names) {
    if (names.size() == 1) {
      return names.get(0);
    }
    return String.join(", ", names.subList(0, names.size() - 1))
        + " or "
        + names.get(names.size() - 1);
  }

  private static String display(Token token) {
    if (token.getType() == Token.EOF) {
      return "end of file";
    }
    return "'" + token.getText().replace("\n", "\\n").replace("\t", "\\t") + "'";
  }
}
