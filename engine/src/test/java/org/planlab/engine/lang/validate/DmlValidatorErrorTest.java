package org.planlab.engine.lang.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.planlab.engine.lang.Diagnostic;
import org.planlab.engine.lang.DmlParser;
import org.planlab.engine.lang.DmlValidationException;

/** Validation errors and warnings: message and FILE:LINE:COL asserted exactly. */
class DmlValidatorErrorTest {
  static ValidatedProgram validate(String text) {
    return new DmlValidator().validate(new DmlParser().parse(text, "v.dml"));
  }

  static List<String> errors(String text) {
    DmlValidationException e = assertThrows(DmlValidationException.class, () -> validate(text));
    return e.diagnostics().stream().map(Diagnostic::toString).toList();
  }

  static String error(String text) {
    List<String> errors = errors(text);
    assertEquals(1, errors.size(), () -> "expected one error, got " + errors);
    return errors.get(0);
  }

  static List<String> warnings(String text) {
    return validate(text).warnings().stream().map(Diagnostic::toString).toList();
  }

  // ---------------------------------------------------------------------------------------------
  // variables

  @Test
  void undefinedVariable() {
    assertEquals("v.dml:1:5: undefined variable 'x'", error("y = x + 1"));
  }

  @Test
  void undefinedVariableWithSuggestion() {
    assertEquals(
        "v.dml:2:5: undefined variable 'x'; did you mean 'xs'?", error("xs = 1\ny = x + 1"));
  }

  @Test
  void useBeforeTheOnlyDefinitionIsAnError() {
    assertEquals("v.dml:1:5: undefined variable 'z'", error("y = z\nz = 1"));
  }

  @Test
  void definedInOneBranchOnlyIsAWarning() {
    assertEquals(
        List.of(
            "v.dml:3:5: variable 'x' may be undefined here (it is not assigned on every"
                + " path to this point)"),
        warnings("c = TRUE\nif (c) { x = 1 }\ny = x"));
  }

  @Test
  void definedInBothBranchesIsFine() {
    assertTrue(warnings("c = TRUE\nif (c) { x = 1 } else { x = 2 }\ny = x").isEmpty());
  }

  @Test
  void definedLaterInALoopBodyIsAWarning() {
    assertEquals(
        List.of(
            "v.dml:3:20: variable 'prev' may be undefined here (it is not assigned on"
                + " every path to this point)"),
        warnings("i = 0\nwhile (i < 3) {\n  if (i > 0) { d = prev }\n  prev = i\n  i = i + 1\n}"));
  }

  @Test
  void pathsEndingInStopDoNotReachTheJoin() {
    assertTrue(warnings("c = TRUE\nif (c) { x = 1 } else { stop(\"no x\") }\ny = x").isEmpty());
    assertTrue(
        warnings(
                "f = function(Double a) return (Double r) {\n"
                    + "  if (a > 0) { r = a } else stop(\"negative\")\n}")
            .isEmpty());
  }

  @Test
  void dataTypeChangeBetweenBranches() {
    assertEquals(
        "v.dml:2:1: variable 'x' is a matrix on one path through this if and a scalar on"
            + " another",
        error("c = TRUE\nif (c) { x = 1 } else { x = matrix(0, 2, 2) }"));
  }

  @Test
  void dataTypeChangeInALoop() {
    assertEquals(
        "v.dml:2:1: variable 'x' is a matrix on one path through this loop and a scalar on"
            + " another",
        error("x = 1\nfor (i in 1:3) { x = matrix(x, 1, 1) }"));
  }

  // ---------------------------------------------------------------------------------------------
  // functions and calls

  @Test
  void unknownFunctionWithSuggestion() {
    assertEquals(
        "v.dml:2:5: unknown function 'rowsum'; did you mean 'rowSums'?",
        error("X = matrix(1, 2, 2)\ny = rowsum(X)"));
  }

  @Test
  void unknownFunctionSuggestsUserFunctions() {
    assertEquals(
        "v.dml:2:5: unknown function 'helpr'; did you mean 'helper'?",
        error("helper = function(Double a) return (Double b) { b = a }\ny = helpr(1)"));
  }

  @Test
  void tooManyArguments() {
    assertEquals(
        "v.dml:2:13: too many arguments for nrow: expected at most 1, got 2",
        error("X = matrix(1, 2, 2)\nn = nrow(X, X)"));
  }

  @Test
  void missingRequiredArgument() {
    assertEquals("v.dml:1:5: missing argument 'cols' of rand", error("X = rand(rows=3)"));
    assertEquals(
        "v.dml:1:5: missing argument 'cols' of matrix (matrix(value, rows, cols) needs both)",
        error("X = matrix(0, 3)"));
  }

  @Test
  void unknownNamedArgumentWithSuggestion() {
    assertEquals(
        "v.dml:1:26: rand has no parameter 'sed'; did you mean 'seed'?",
        error("X = rand(rows=3, cols=4, sed=7)"));
  }

  @Test
  void unknownNamedArgumentListsParameters() {
    assertEquals(
        "v.dml:2:10: nrow has no parameter 'frob' (parameters: X)",
        error("X = matrix(1, 2, 2)\nn = nrow(frob=X)"));
  }

  @Test
  void duplicateNamedArgument() {
    assertEquals(
        "v.dml:1:18: argument 'rows' of rand is given twice",
        error("X = rand(rows=3, rows=4, cols=1)"));
  }

  @Test
  void positionalArgumentsForNamedOnlyParameters() {
    assertEquals(
        "v.dml:1:10: rand takes named arguments only: "
            + "rand(rows=, cols=, min=, max=, sparsity=, pdf=, seed=, lambda=)",
        error("X = rand(3, 4)"));
    assertEquals(
        "v.dml:2:14: too many arguments for order: expected at most 1 positional, got 2 "
            + "(order(target, by=, decreasing=, index.return=))",
        error("X = matrix(1, 2, 2)\nY = order(X, 1)"));
  }

  @Test
  void userFunctionArity() {
    String f =
        "f = function(Matrix[Double] X, Double r = 1) return (Double y) { y = sum(X) * r }\n"
            + "M = matrix(1, 2, 2)\n";
    assertEquals("v.dml:3:5: missing argument 'X' of f", error(f + "y = f(r=2)"));
    assertEquals(
        "v.dml:3:13: too many arguments for f: expected at most 2, got 3",
        error(f + "y = f(M, 2, 3)"));
    assertEquals(
        "v.dml:3:10: f has no parameter 's' (parameters: X, r)", error(f + "y = f(M, s=3)"));
    assertEquals(
        "v.dml:3:10: f has no parameter 'rr'; did you mean 'r'?", error(f + "y = f(M, rr=3)"));
  }

  @Test
  void userFunctionArgumentTypes() {
    String f = "f = function(Matrix[Double] X, String s) return (Double y) { y = sum(X) }\n";
    assertEquals(
        List.of(
            "v.dml:2:7: argument 'X' of f must be a Matrix[Double], found an integer",
            "v.dml:2:10: argument 's' of f must be a String, found a double"),
        errors(f + "y = f(1, 2.5)"));
  }

  @Test
  void userFunctionInsideAnExpressionIsFineButNotInAPredicate() {
    String f = "f = function(Double a) return (Double b) { b = a }\n";
    validate(f + "y = f(1) + sum(matrix(f(2), 2, 2))");
    assertEquals(
        "v.dml:2:5: user-defined function 'f' cannot be called in a predicate or loop bound;"
            + " assign its result to a variable first",
        error(f + "if (f(1) > 0) { y = 1 }"));
    assertEquals(
        "v.dml:2:13: user-defined function 'f' cannot be called in a predicate or loop bound;"
            + " assign its result to a variable first",
        error(f + "for (i in 1:f(3)) { y = i }"));
  }

  @Test
  void resultCounts() {
    String f = "f = function(Double a) return (Double b, Double c) { b = a; c = a }\n";
    assertEquals("v.dml:2:9: f returns 2 values; use [b, c] = f(...)", error(f + "y = 1 + f(1)"));
    assertEquals(
        "v.dml:2:1: f returns 2 values but 3 targets are given", error(f + "[x, y, z] = f(1)"));
    assertEquals(
        "v.dml:2:10: [...] = sum(...) needs a user-defined function; sum is a builtin with one"
            + " result",
        error(f + "[x, y] = sum(matrix(1, 2, 2))"));
  }

  @Test
  void resultNeverAssignedAndDefaultsUsingLaterOrUnknownVariables() {
    // a default may read the parameters before it, nothing else
    assertEquals(
        List.of(
            "v.dml:1:36: undefined variable 'n'",
            "v.dml:1:54: result 'w' of f is never assigned"),
        errors("f = function(Double a, Integer k = n) return (Double w) { x = a }"));
  }

  @Test
  void resultDeclaredTypeMismatch() {
    assertEquals(
        "v.dml:1:47: result 'w' of f is declared Matrix[Double] but is a double",
        error("f = function(Double a) return (Matrix[Double] w) { w = a }"));
  }

  @Test
  void unknownNamespaceAndMissingFunctionInIt() {
    assertEquals("v.dml:1:5: unknown namespace 'ns' in ns::f", error("y = ns::f(1)"));
  }

  @Test
  void printOfAMatrixFormatAndBadFormats() {
    assertEquals(
        "v.dml:2:1: print with format arguments needs a string format, got a matrix",
        error("X = matrix(1, 2, 2)\nprint(X, 3)"));
    assertEquals(
        "v.dml:1:1: print format \"%d of %d\" has 2 conversion(s) but 1 argument(s) follow",
        error("print(\"%d of %d\", 3)"));
    assertTrue(warnings("print(\"%5.2f%% done, %s\", 3.14159, \"ok\")").isEmpty());
  }

  @Test
  void sideEffectBuiltinUsedAsAValue() {
    assertEquals("v.dml:1:5: print returns no value", error("x = print(\"a\")"));
  }

  @Test
  void unusedBuiltinResultIsAWarning() {
    assertEquals(
        List.of("v.dml:2:1: the result of sum(...) is not used"),
        warnings("X = matrix(1, 2, 2)\nsum(X)"));
  }

  // ---------------------------------------------------------------------------------------------
  // types

  @Test
  void matrixWhereAScalarIsRequired() {
    assertEquals(
        "v.dml:2:15: argument 'rows' of matrix must be a scalar, found a matrix 2x2",
        error("X = matrix(1, 2, 2)\nY = matrix(0, X, 2)"));
    assertEquals(
        "v.dml:1:9: argument 'X' of sum must be a matrix, found an integer", error("s = sum(3)"));
  }

  @Test
  void matrixPredicate() {
    assertEquals(
        "v.dml:2:7: the predicate of if must be a scalar, found a matrix 2x2",
        error("X = matrix(1, 2, 2)\nif (X > 0) { y = 1 }"));
  }

  @Test
  void stringArithmetic() {
    assertEquals("v.dml:1:9: operator '-' cannot be applied to a string", error("x = \"a\" - 1"));
    assertEquals("v.dml:1:5: operator '-' cannot be applied to a string", error("x = -\"a\""));
    assertEquals(
        "v.dml:2:7: cannot concatenate a string and a matrix with '+' (use toString(X))",
        error("M = matrix(0, 2, 2)\nx = M + \"a\""));
    assertEquals("v.dml:2:7: cannot compare a string with a matrix 2x2",
        error("M = matrix(0, 2, 2)\nx = M < \"a\""));
    assertEquals("v.dml:1:7: operator '&' cannot be applied to a string", error("x = 1 & \"b\""));
  }

  @Test
  void matrixMultiplyOfScalars() {
    assertEquals(
        "v.dml:1:7: operator %*% needs two matrices, but the left operand is an integer",
        error("y = 1 %*% matrix(1, 1, 1)"));
  }

  @Test
  void indexingAScalar() {
    assertEquals(
        "v.dml:2:5: cannot index 'x', an integer; only matrices can be indexed",
        error("x = 1\ny = x[1, 1]"));
  }

  @Test
  void indexOutOfKnownBounds() {
    assertEquals(
        "v.dml:2:7: index 4 is out of bounds for 'X' with 3 rows",
        error("X = matrix(1, 3, 2)\ny = X[4, 1]"));
    assertEquals(
        "v.dml:2:12: index 5 is out of bounds for 'X' with 2 columns",
        error("X = matrix(1, 3, 2)\ny = X[1:2, 5]"));
    assertEquals(
        "v.dml:1:31: index 0 is out of bounds (indices start at 1)",
        error("X = matrix(1, 3, 2)\nX[0, 1] = 3".replace("\n", ";        ")));
  }

  @Test
  void unknownParforOption() {
    assertEquals(
        "v.dml:1:19: unknown parfor option 'parr'; did you mean 'par'? (options: check, par,"
            + " mode, opt, taskpartitioner, tasksize, datapartitioner, resultmerge, log, profile)",
        error("parfor (i in 1:4, parr=2) { x = i }"));
  }

  // ---------------------------------------------------------------------------------------------
  // dimensions

  @Test
  void literalDimensionMismatchInMatrixMultiply() {
    assertEquals(
        "v.dml:3:7: dimension mismatch in %*%: 3x4 %*% 5x2 (inner dimensions 4 and 5 differ)",
        error("A = matrix(0, 3, 4)\nB = matrix(0, 5, 2)\nC = A %*% B"));
    assertEquals(
        "v.dml:1:21: dimension mismatch in %*%: 3x4 %*% 5x2 (inner dimensions 4 and 5 differ)",
        error("C = matrix(0, 3, 4) %*% matrix(0, 5, 2)"));
  }

  @Test
  void literalDimensionMismatchInCellwiseOperations() {
    assertEquals(
        "v.dml:3:7: dimension mismatch in +: 3x4 + 5x2",
        error("A = matrix(0, 3, 4)\nB = matrix(0, 5, 2)\nC = A + B"));
    assertEquals(
        "v.dml:2:7: dimension mismatch in *: 3x4 * 3x2",
        error("A = matrix(0, 3, 4)\nC = A * matrix(1, 3, 2)"));
  }

  @Test
  void broadcastingVectorsIsFine() {
    validate(
        "A = matrix(0, 3, 4)\nB = A + matrix(1, 3, 1)\nC = A * matrix(2, 1, 4)\n"
            + "D = matrix(1, 3, 1) - A\nE = matrix(1, 3, 1) + matrix(1, 1, 4)");
  }

  @Test
  void dimensionMismatchesInBuiltins() {
    assertEquals(
        "v.dml:1:5: dimension mismatch in cbind: 3x4 and 2x4 (row counts differ)",
        error("X = cbind(matrix(0, 3, 4), matrix(0, 2, 4))"));
    assertEquals(
        "v.dml:1:5: dimension mismatch in rbind: 3x4 and 3x2 (column counts differ)",
        error("X = rbind(matrix(0, 3, 4), matrix(0, 3, 2))"));
    assertEquals(
        "v.dml:1:5: solve needs a square matrix A, got 3x4",
        error("x = solve(matrix(1, 3, 4), matrix(1, 3, 1))"));
    assertEquals(
        "v.dml:1:5: cannot reshape a 3x4 matrix into 5x2",
        error("X = matrix(matrix(1, 3, 4), rows=5, cols=2)"));
    assertEquals(
        "v.dml:1:5: as.scalar needs a 1x1 matrix, got 3x4",
        error("x = as.scalar(matrix(1, 3, 4))"));
  }

  @Test
  void dimensionMismatchInLeftIndexing() {
    assertEquals(
        "v.dml:2:1: dimension mismatch in left indexing: X[...] selects 2x3 but the value"
            + " is 3x3",
        error("X = matrix(0, 5, 5)\nX[1:2, 1:3] = matrix(1, 3, 3)"));
  }

  @Test
  void constantArgumentChecks() {
    assertEquals(
        "v.dml:1:5: pdf of rand must be \"uniform\", \"normal\" or \"poisson\", was \"gauss\"",
        error("X = rand(rows=2, cols=2, pdf=\"gauss\")"));
    assertEquals(
        "v.dml:1:5: margin of removeEmpty must be \"rows\" or \"cols\", was \"row\"",
        error("X = removeEmpty(target=matrix(1, 2, 2), margin=\"row\")"));
    assertEquals("v.dml:1:5: rows of matrix must be >= 0, was -1", error("X = matrix(0, -1, 2)"));
  }

  @Test
  void severalErrorsAreCollectedInSourceOrder() {
    assertEquals(
        List.of(
            "v.dml:1:5: undefined variable 'a'",
            "v.dml:2:5: unknown function 'foo'",
            "v.dml:3:9: argument 'X' of sum must be a matrix, found a double"),
        errors("x = a\ny = foo(1)\nz = sum(2.5)"));
  }
}
