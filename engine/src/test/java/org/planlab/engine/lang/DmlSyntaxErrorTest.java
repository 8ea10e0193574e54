package org.planlab.engine.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Syntax errors and malformed constructs: message text and FILE:LINE:COL asserted exactly. */
class DmlSyntaxErrorTest {
  private static DmlSyntaxException fails(String text) {
    return assertThrows(DmlSyntaxException.class, () -> new DmlParser().parse(text, "s.dml"));
  }

  private static String firstError(String text) {
    return fails(text).first().toString();
  }

  @Test
  void missingClosingParenthesisBeforeTheNextStatement() {
    assertEquals(
        "s.dml:2:1: unexpected 'y', expecting ')' or ','", firstError("x = f(1, 2\ny = 3"));
  }

  @Test
  void missingClosingParenthesisAtEndOfFile() {
    assertEquals("s.dml:1:11: missing ')' at end of file", firstError("x = (1 + 2"));
  }

  @Test
  void badCharacter() {
    assertEquals("s.dml:1:7: unexpected character '@'", firstError("x = 1 @ 2"));
  }

  @Test
  void unterminatedString() {
    assertEquals("s.dml:2:5: unterminated string literal", firstError("a = 1\nb = \"abc"));
  }

  @Test
  void unexpectedToken() {
    assertEquals("s.dml:1:5: unexpected '*'", firstError("x = * 2"));
  }

  @Test
  void expressionAsStatement() {
    assertEquals("s.dml:1:3: unexpected '+'", firstError("x + 1"));
  }

  @Test
  void twoStatementsOnOneLineWithoutSeparator() {
    assertEquals("s.dml:1:7: missing ';' or newline before 'y'", firstError("x = 1 y = 2"));
    assertEquals(
        "s.dml:1:18: missing ';' or newline before 'z'", firstError("if (a) { x = 1 } z = 2"));
  }

  @Test
  void functionDefinitionInsideABlock() {
    assertEquals(
        "s.dml:2:3: function definitions are only allowed at the top level of a script",
        firstError("if (TRUE) {\n  f = function(Double a) return (Double b) { b = a }\n}"));
  }

  @Test
  void sourceInsideAFunction() {
    assertEquals(
        "s.dml:1:26: source(...) is only allowed at the top level of a script",
        firstError("f = function(Double a) { source(\"x.dml\") as x }"));
  }

  @Test
  void duplicateFunction() {
    assertEquals(
        "s.dml:2:1: function 'f' is already defined at s.dml:1:1",
        firstError("f = function() { }\nf = function() { }"));
  }

  @Test
  void duplicateParameterAndResultDefault() {
    DmlSyntaxException e =
        fails("f = function(Double a, Double a) return (Double r = 1) { r = a }");
    assertEquals(
        List.of(
            "s.dml:1:31: duplicate parameter 'a'",
            "s.dml:1:53: result 'r' cannot have a default value"),
        e.diagnostics().stream().map(Diagnostic::toString).toList());
  }

  @Test
  void unknownAndUnsupportedTypes() {
    DmlSyntaxException e = fails("f = function(Frame[String] F, Matrix[Float] X, Vector v) { }");
    assertEquals(
        List.of(
            "s.dml:1:14: type Frame is not supported (only matrices, scalars and lists)",
            "s.dml:1:38: unknown value type 'Float' (expected Double, Integer, Boolean, String"
                + " or Unknown)",
            "s.dml:1:48: unknown type 'Vector' (expected Matrix[Double], Double, Integer, Boolean,"
                + " String or List[Unknown])"),
        e.diagnostics().stream().map(Diagnostic::toString).toList());
  }

  @Test
  void missingCommandLineArgument() {
    assertEquals(
        "s.dml:2:9: command-line argument $X is not given (pass it, or write ifdef($X, default))",
        firstError("a = 1\nX = 2 * $X"));
  }

  @Test
  void ifdefNeedsACommandLineArgument() {
    assertEquals(
        "s.dml:1:5: ifdef takes a command-line argument and a default: ifdef($name, default)",
        firstError("x = ifdef(y, 2)"));
  }

  @Test
  void multiAssignmentNeedsACall() {
    assertEquals(
        "s.dml:1:10: the right-hand side of [a, b] = ... must be a function call",
        firstError("[a, b] = x + 1"));
  }

  @Test
  void loopsOverSomethingElseThanSeq() {
    assertEquals(
        "s.dml:1:11: a loop iterates over 'from:to' or 'seq(from, to[, incr])', not 'rev(...)'",
        firstError("for (i in rev(x)) { }"));
  }

  @Test
  void forLoopOptionsMustBeNamed() {
    assertEquals("s.dml:1:17: loop options are written name=value",
        firstError("for (i in 1:10, 4) { }"));
  }

  @Test
  void parforOptionsMustBeNamed() {
    assertEquals(
        "s.dml:1:20: loop options are written name=value",
        firstError("parfor (i in 1:10, 4) { }"));
  }

  @Test
  void assignmentToTheConstantPi() {
    assertEquals("s.dml:1:1: cannot assign to the builtin constant 'pi'", firstError("pi = 3"));
  }

  @Test
  void integerLiteralOutOfRange() {
    assertEquals(
        "s.dml:1:5: integer literal 99999999999999999999 is out of range (64-bit); write it as a"
            + " double",
        firstError("x = 99999999999999999999"));
  }

  @Test
  void severalErrorsAreCollectedAndTheMessageListsTheFirstFew() {
    StringBuilder script = new StringBuilder();
    for (int i = 1; i <= 7; i++) {
      script.append("x").append(i).append(" = $a").append(i).append('\n');
    }
    DmlSyntaxException e = fails(script.toString());
    assertEquals(7, e.diagnostics().size());
    String[] lines = e.getMessage().split("\n");
    assertEquals(6, lines.length);
    assertTrue(lines[0].startsWith("s.dml:1:6: error: command-line argument $a1 is not given"));
    assertEquals("... and 2 more", lines[5]);
  }

  @Test
  void argumentsCanBeGivenWithOrWithoutDollar() {
    DmlParser parser = new DmlParser(Map.of("$a", "1", "b", "2"), List.of());
    assertEquals(2, parser.parse("x = $a\ny = $b", "s.dml").statements().size());
  }
}
