package org.planlab.engine.lang.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.lang.validate.DmlValidatorErrorTest.validate;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.planlab.engine.lang.ast.Assignment;
import org.planlab.engine.lang.ast.AstWalker;
import org.planlab.engine.lang.ast.CallStatement;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionCall;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.Statement;
import org.planlab.engine.lang.types.ExprType;

/** Inferred types, sizes, constants, call targets, function facts and live variables. */
class DmlValidatorTypeTest {
  /** The type of the value of the last assignment to {@code variable} in a straight script. */
  private static ExprType typeOf(String script, String variable) {
    ValidatedProgram p = validate(script);
    Expression value = lastAssignment(p.program().statements(), variable);
    return p.typeOf(value);
  }

  private static Expression lastAssignment(List<Statement> statements, String variable) {
    Expression found = null;
    for (Statement s : statements) {
      if (s instanceof Assignment a && a.target().name().equals(variable)) {
        found = a.value();
      }
    }
    if (found == null) {
      throw new AssertionError("no assignment to " + variable);
    }
    return found;
  }

  private static ExprType type(String expression) {
    return typeOf(
        "A = matrix(0, 3, 4)\nv = matrix(1, 4, 1)\ni = 2\nd = 0.5\ns = \"x\"\nb = TRUE\n"
            + "r = "
            + expression,
        "r");
  }

  @Test
  void scalarPromotion() {
    assertEquals(ExprType.INTEGER, type("1 + 2"));
    assertEquals(ExprType.DOUBLE, type("1 + 2.0"));
    assertEquals(ExprType.DOUBLE, type("i * d"));
    assertEquals(ExprType.DOUBLE, type("4 / 2"));
    assertEquals(ExprType.DOUBLE, type("2 ^ 2"));
    assertEquals(ExprType.INTEGER, type("7 %/% 2"));
    assertEquals(ExprType.INTEGER, type("7 %% 2"));
    assertEquals(ExprType.INTEGER, type("b + b"));
    assertEquals(ExprType.INTEGER, type("-b"));
    assertEquals(ExprType.DOUBLE, type("-d"));
  }

  @Test
  void comparisonsAndLogicalOperatorsOnScalarsAreBooleans() {
    assertEquals(ExprType.BOOLEAN, type("i < d"));
    assertEquals(ExprType.BOOLEAN, type("b & i > 1 | !b"));
    assertEquals(ExprType.BOOLEAN, type("s == \"y\""));
  }

  @Test
  void stringConcatenation() {
    assertEquals(ExprType.STRING, type("s + 1"));
    assertEquals(ExprType.STRING, type("\"n=\" + i + \", d=\" + d"));
    assertEquals(ExprType.STRING, type("toString(A)"));
  }

  @Test
  void matrixOperationsAndShapes() {
    assertEquals(ExprType.matrix(3, 4), type("A"));
    assertEquals(ExprType.matrix(3, 4), type("A * 2 + 1"));
    assertEquals(ExprType.matrix(3, 4), type("A > 0"));
    assertEquals(ExprType.matrix(3, 4), type("!(A > 0) & A < 1"));
    assertEquals(ExprType.matrix(4, 3), type("t(A)"));
    assertEquals(ExprType.matrix(3, 3), type("A %*% t(A)"));
    assertEquals(ExprType.matrix(3, 1), type("A %*% v"));
    assertEquals(ExprType.matrix(3, 4), type("A - t(v)"));
    assertEquals(ExprType.matrix(3, 1), type("rowSums(A)"));
    assertEquals(ExprType.matrix(1, 4), type("colMeans(A)"));
    assertEquals(ExprType.DOUBLE, type("sum(A ^ 2)"));
    assertEquals(ExprType.matrix(3, 8), type("cbind(A, A)"));
    assertEquals(ExprType.matrix(6, 4), type("rbind(A, A)"));
    assertEquals(ExprType.matrix(4, 4), type("diag(v)"));
    assertEquals(ExprType.matrix(3, 4), type("exp(A)"));
    assertEquals(ExprType.DOUBLE, type("exp(i)"));
    assertEquals(ExprType.INTEGER, type("abs(-i)"));
    assertEquals(ExprType.matrix(3, 4), type("ifelse(A > 0, A, 0)"));
    assertEquals(ExprType.DOUBLE, type("ifelse(b, i, d)"));
    assertEquals(ExprType.matrix(3, 4), type("max(A, 0)"));
    assertEquals(ExprType.DOUBLE, type("max(A)"));
    assertEquals(ExprType.INTEGER, type("min(i, 3)"));
  }

  @Test
  void indexingShapes() {
    assertEquals(ExprType.matrix(1, 1), type("A[1, 2]"));
    assertEquals(ExprType.matrix(2, 4), type("A[1:2, ]"));
    assertEquals(ExprType.matrix(3, 1), type("A[, i]"));
    assertEquals(ExprType.matrix(3, 2), type("A[, 2:3]"));
    assertEquals(ExprType.matrix(ExprType.UNKNOWN_DIM, 4), type("A[1:as.integer(sum(v)), ]"));
    assertEquals(ExprType.DOUBLE, type("as.scalar(A[1, 1])"));
  }

  @Test
  void sizesFromConstantsAndSizeFunctions() {
    assertEquals(ExprType.matrix(5, 2), typeOf("n = 5\nX = rand(rows=n, cols=2)", "X"));
    assertEquals(ExprType.matrix(6, 1), typeOf("n = 3\nX = matrix(0, n * 2, 1)", "X"));
    assertEquals(ExprType.matrix(3, 1), type("matrix(0, nrow(A), 1)"));
    assertEquals(ExprType.matrix(12, 1), type("matrix(A, rows=length(A), cols=1)"));
    assertEquals(ExprType.matrix(2, 6), type("matrix(A, rows=2, cols=6)"));
    assertEquals(ExprType.matrix(10, 1), type("seq(1, 10)"));
    assertEquals(ExprType.matrix(5, 1), type("seq(1, 10, 2)"));
    assertEquals(ExprType.matrix(4, 1), type("seq(10, 1, -3)"));
    assertEquals(ExprType.matrix(ExprType.UNKNOWN_DIM, 1), type("seq(0, 1, 0.1)"));
    assertEquals(ExprType.matrix(7, 1), type("sample(10, 7)"));
    assertEquals(ExprType.matrix(3, 4), type("table(v, v, 3, 4)"));
    assertEquals(ExprType.MATRIX, type("table(v, v)"));
    assertEquals(
        ExprType.matrix(ExprType.UNKNOWN_DIM, 4), type("removeEmpty(target=A, margin=\"rows\")"));
    assertEquals(ExprType.matrix(3, 1), type("order(target=A, by=1, index.return=TRUE)"));
    assertEquals(ExprType.matrix(3, 4), type("order(target=A, by=2, decreasing=TRUE)"));
    assertEquals(ExprType.matrix(4, 1), type("solve(t(A) %*% A, t(A) %*% rowSums(A))"));
    assertEquals(ExprType.matrix(10, 3), type("read(\"x.csv\", format=\"csv\", rows=10, cols=3)"));
    assertEquals(ExprType.DOUBLE, type("read(\"x.txt\", data_type=\"scalar\")"));
  }

  @Test
  void constantsAreTracked() {
    ValidatedProgram p =
        validate("n = 3\nm = n * 2 + 1\nk = nrow(matrix(0, m, 1))\ns = \"a\" + \"b\"");
    DmlProgram prog = p.program();
    assertEquals(Optional.of(7L), p.constantOf(lastAssignment(prog.statements(), "m")));
    assertEquals(Optional.of(7L), p.constantOf(lastAssignment(prog.statements(), "k")));
    assertEquals(Optional.of("ab"), p.constantOf(lastAssignment(prog.statements(), "s")));
  }

  @Test
  void branchesReconcileSizesAndConstants() {
    String script =
        "c = TRUE\nif (c) { X = matrix(0, 3, 4); n = 1 } else { X = matrix(0, 3, 5); n = 1 }\n"
            + "Y = X\nm = n";
    assertEquals(ExprType.matrix(3, ExprType.UNKNOWN_DIM), typeOf(script, "Y"));
    ValidatedProgram p = validate(script);
    assertEquals(Optional.of(1L), p.constantOf(lastAssignment(p.program().statements(), "m")));
  }

  @Test
  void loopsReachAFixpointBeforeTypesAreRecorded() {
    String script =
        "X = matrix(0, 2, 2)\n"
            + "i = 0\n"
            + "while (i < 3) {\n"
            + "  X = cbind(X, X)\n"
            + "  i = i + 1\n"
            + "}\n"
            + "Y = X\n"
            + "j = i";
    assertEquals(ExprType.matrix(2, ExprType.UNKNOWN_DIM), typeOf(script, "Y"));
    ValidatedProgram p = validate(script);
    assertEquals(Optional.empty(), p.constantOf(lastAssignment(p.program().statements(), "j")));
    assertEquals(ExprType.INTEGER, p.typeOf(lastAssignment(p.program().statements(), "j")));
  }

  @Test
  void loopWithChangingSizesHasNoFalseDimensionErrors() {
    validate("w = matrix(0, 1, 1)\nfor (i in 1:3) {\n  z = t(w) %*% matrix(1, 1, 3)\n  w = z\n}");
  }

  @Test
  void loopVariableTypes() {
    assertEquals(ExprType.INTEGER, typeOf("s = 0\nfor (i in 1:10) { s = i }\nr = s", "r"));
    assertEquals(
        ExprType.DOUBLE, typeOf("s = 0\nfor (i in seq(0, 1, 0.25)) { s = i }\nr = s", "r"));
  }

  @Test
  void callTargetsBindArguments() {
    ValidatedProgram p =
        validate(
            "X = rand(rows=3, cols=2, seed=7)\n"
                + "f = function(Matrix[Double] A, Double r = 1) return (Double y) { y = sum(A) * r"
                + " }\n"
                + "y = f(X, r=2)");
    FunctionCall rand = (FunctionCall) lastAssignment(p.program().statements(), "X");
    CallTarget.Builtin b = assertInstanceOf(CallTarget.Builtin.class, p.targetOf(rand));
    assertEquals("rand", b.function().name());
    assertEquals(Set.of("rows", "cols", "seed"), b.arguments().keySet());
    FunctionCall f = (FunctionCall) lastAssignment(p.program().statements(), "y");
    CallTarget.UserFunction u = assertInstanceOf(CallTarget.UserFunction.class, p.targetOf(f));
    assertEquals(new FunctionKey(DmlProgram.MAIN_NAMESPACE, "f"), u.function());
    assertEquals(Set.of("A", "r"), u.arguments().keySet());
    assertEquals(ExprType.DOUBLE, p.typeOf(f));
  }

  @Test
  void variadicArgumentsAreBoundInOrder() {
    ValidatedProgram p = validate("print(\"%d and %s\", 3, \"x\")");
    FunctionCall print = ((CallStatement) p.program().statements().get(0)).call();
    CallTarget.Builtin b = (CallTarget.Builtin) p.targetOf(print);
    assertEquals(2, b.variadic().size());
    assertEquals(Set.of("value"), b.arguments().keySet());
  }

  @Test
  void userFunctionsShadowBuiltins() {
    ValidatedProgram p =
        validate("sigmoid = function(Double x) return (Double y) { y = x }\nr = sigmoid(2)");
    FunctionCall call = (FunctionCall) lastAssignment(p.program().statements(), "r");
    assertInstanceOf(CallTarget.UserFunction.class, p.targetOf(call));
  }

  @Test
  void functionInfoListsCalleesAndRecursion() {
    ValidatedProgram p =
        validate(
            """
            fib = function(Integer n) return (Integer r) {
              if (n <= 1) { r = n }
              else { [a] = fib(n - 1); b = fib(n - 2); r = a + b }
            }
            g = function(Integer n) return (Integer r) { r = fib(n) }
            x = g(10)
            """);
    FunctionInfo fib = p.function(new FunctionKey(DmlProgram.MAIN_NAMESPACE, "fib"));
    FunctionInfo g = p.function(new FunctionKey(DmlProgram.MAIN_NAMESPACE, "g"));
    assertTrue(fib.recursive());
    assertFalse(g.recursive());
    assertEquals(Set.of(fib.key()), g.callees());
    assertEquals(List.of(ExprType.INTEGER), g.parameterTypes());
    assertEquals(List.of(ExprType.INTEGER), g.resultTypes());
  }

  @Test
  void everyExpressionHasAType() {
    ValidatedProgram p =
        validate(
            "X = matrix(1, 3, 3)\nfor (i in 1:3) {\n  X[i, ] = X[i, ] * i\n}\n"
                + "if (sum(X) > 0) { print(\"pos \" + sum(X)) } else { y = max(X, 2) }");
    int[] count = {0};
    AstWalker.forEachExpression(
        p.program().statements(),
        e -> {
          p.typeOf(e);
          count[0]++;
        });
    assertTrue(count[0] > 20);
  }

  @Test
  void existsDoesNotRequireTheVariable() {
    assertEquals(ExprType.BOOLEAN, typeOf("e = exists(undefinedThing)", "e"));
  }
}
