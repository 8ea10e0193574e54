package org.planlab.engine.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.lang.ast.Assignment;
import org.planlab.engine.lang.ast.AstPrinter;
import org.planlab.engine.lang.ast.BinaryExpression;
import org.planlab.engine.lang.ast.DmlProgram;
import org.planlab.engine.lang.ast.DoubleLiteral;
import org.planlab.engine.lang.ast.Expression;
import org.planlab.engine.lang.ast.FunctionDefinition;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.ast.IntLiteral;
import org.planlab.engine.lang.ast.SourcePosition;
import org.planlab.engine.lang.ast.StringLiteral;
import org.planlab.engine.lang.types.DmlType;

/** Every construct of DML.md parses into the expected AST. */
class DmlParserTest {
  private static DmlProgram parse(String text) {
    return new DmlParser().parse(text, "t.dml");
  }

  private static String statements(String text) {
    return AstPrinter.print(parse(text).statements());
  }

  /** The value of {@code x = <text>}, printed. */
  private static String expr(String text) {
    return AstPrinter.print(value(text));
  }

  private static Expression value(String text) {
    return ((Assignment) parse("x = " + text).statements().get(0)).value();
  }

  // ---------------------------------------------------------------------------------------------
  // precedence and associativity

  @Test
  void powerBindsTighterThanUnaryMinus() {
    assertEquals("(- (^ 2 2))", expr("-2^2"));
  }

  @Test
  void powerIsRightAssociative() {
    assertEquals("(^ 2 (^ 3 2))", expr("2^3^2"));
  }

  @Test
  void powerTakesASignedExponent() {
    assertEquals("(^ a -1)", expr("a^-1"));
    assertEquals("(^ a (- b))", expr("a^-b"));
  }

  @Test
  void matrixMultiplyBindsTighterThanMultiply() {
    assertEquals("(* (%*% a b) c)", expr("a %*% b * c"));
    assertEquals("(* c (%*% a b))", expr("c * a %*% b"));
  }

  @Test
  void integerDivisionAndModuloShareTheMatrixMultiplyLevel() {
    assertEquals("(%% (%/% a b) c)", expr("a %/% b %% c"));
    assertEquals("(+ a (%% b c))", expr("a + b %% c"));
    assertEquals("(/ (%/% a b) c)", expr("a %/% b / c"));
  }

  @Test
  void unaryMinusBindsTighterThanMatrixMultiply() {
    assertEquals("(%*% (- a) b)", expr("-a %*% b"));
    assertEquals("(* (- a) b)", expr("-a * b"));
  }

  @Test
  void multiplicationBeforeAdditionLeftAssociative() {
    assertEquals("(- (+ a (* b c)) d)", expr("a + b * c - d"));
    assertEquals("(/ (/ a b) c)", expr("a / b / c"));
    assertEquals("(- (- a b) c)", expr("a - b - c"));
  }

  @Test
  void comparisonsBelowArithmetic() {
    assertEquals("(< (+ a 1) (* b 2))", expr("a + 1 < b * 2"));
    assertEquals("(== a b)", expr("a == b"));
    assertEquals("(!= a b)", expr("a != b"));
    assertEquals("(>= a b)", expr("a >= b"));
    assertEquals("(<= a b)", expr("a <= b"));
    assertEquals("(> a b)", expr("a > b"));
  }

  @Test
  void notBindsLooserThanComparisonAndTighterThanAnd() {
    assertEquals("(| (& (! a) b) c)", expr("!a & b | c"));
    assertEquals("(! (< a b))", expr("!a < b"));
  }

  @Test
  void andBindsTighterThanOrAndDoubleFormsAreTheSame() {
    assertEquals("(| a (& b c))", expr("a | b & c"));
    assertEquals("(| a (& b c))", expr("a || b && c"));
  }

  @Test
  void parenthesesOverridePrecedence() {
    assertEquals("(* (+ a b) c)", expr("(a + b) * c"));
    assertEquals("(^ -2 2)", expr("(-2)^2"));
    assertEquals("(^ (- a) 2)", expr("(-a)^2"));
  }

  // ---------------------------------------------------------------------------------------------
  // literals

  @Test
  void integerAndDoubleLiteralsAreDistinct() {
    assertInstanceOf(IntLiteral.class, value("3"));
    assertInstanceOf(DoubleLiteral.class, value("3.0"));
    assertInstanceOf(DoubleLiteral.class, value("3."));
    assertEquals(0.5, ((DoubleLiteral) value(".5")).doubleValue());
    assertEquals(1e-12, ((DoubleLiteral) value("1e-12")).doubleValue());
    assertEquals(2.5e3, ((DoubleLiteral) value("2.5E+3")).doubleValue());
    assertInstanceOf(DoubleLiteral.class, value("1e5"));
  }

  @Test
  void negativeNumbersFoldIntoLiterals() {
    assertEquals(-7L, ((IntLiteral) value("-7")).longValue());
    assertEquals(-0.25, ((DoubleLiteral) value("-0.25")).doubleValue());
    assertEquals(Long.MIN_VALUE, ((IntLiteral) value("-9223372036854775808")).longValue());
  }

  @Test
  void nanAndInfinities() {
    assertTrue(Double.isNaN(((DoubleLiteral) value("NaN")).doubleValue()));
    assertEquals(Double.POSITIVE_INFINITY, ((DoubleLiteral) value("Inf")).doubleValue());
    assertEquals(Double.NEGATIVE_INFINITY, ((DoubleLiteral) value("-Inf")).doubleValue());
  }

  @Test
  void booleansAndPi() {
    assertEquals("TRUE", expr("TRUE"));
    assertEquals("FALSE", expr("FALSE"));
    assertEquals(Math.PI, ((DoubleLiteral) value("pi")).doubleValue());
  }

  @Test
  void stringsWithBothQuotesAndEscapes() {
    assertEquals("a\"b", ((StringLiteral) value("\"a\\\"b\"")).stringValue());
    assertEquals("it's", ((StringLiteral) value("'it\\'s'")).stringValue());
    assertEquals("say \"hi\"", ((StringLiteral) value("'say \"hi\"'")).stringValue());
    assertEquals(
        "tab\there\nnew\\", ((StringLiteral) value("\"tab\\there\\nnew\\\\\"")).stringValue());
    assertEquals("# not a comment", ((StringLiteral) value("\"# not a comment\"")).stringValue());
  }

  // ---------------------------------------------------------------------------------------------
  // statements

  @Test
  void bothAssignmentOperators() {
    assertEquals("(= a 1) (= b 2)", statements("a = 1\nb <- 2"));
  }

  @Test
  void semicolonsSeparateStatementsOnOneLine() {
    assertEquals("(= a 1) (= b 2) (= c 3)", statements("a = 1; b = 2;; c = 3;"));
  }

  @Test
  void commentsAreIgnored() {
    assertEquals(
        "(= a 1) (= b 2)",
        statements("# header\na = 1 # trailing\n/* block\ncomment */ b = 2\n#last"));
  }

  @Test
  void expressionsContinueAcrossNewlines() {
    assertEquals("(= a (+ 1 2)) (= b 3)", statements("a = 1 +\n  2\nb = 3"));
    assertEquals("(= y (call f 1 2))", statements("y = f(1,\n   2)"));
  }

  @Test
  void dottedIdentifiersAndNamedArguments() {
    assertEquals(
        "(= i (call order (target= X) (by= 1) (decreasing= TRUE) (index.return= TRUE)))",
        statements("i = order(target=X, by=1, decreasing=TRUE, index.return=TRUE)"));
    assertEquals("(= s (call as.scalar (index X 1 1)))", statements("s = as.scalar(X[1,1])"));
  }

  @Test
  void accumulationIsAdditionToItself() {
    assertEquals("(= n (+ n 1))", statements("n += 1"));
    assertEquals("(=[] R i _ (+ (index R i _) (* 2 x)))", statements("R[i, ] += 2 * x"));
  }

  @Test
  void multiAssignmentFromAFunction() {
    assertEquals("(= [a b c] (call f X (reg= 0.1)))", statements("[a, b, c] = f(X, reg=0.1)"));
    assertEquals("(= [a b] (call ns::g))", statements("[a,b] <- ns::g()"));
  }

  @Test
  void multiAssignmentOnTheLineAfterAnIdentifierIsNotIndexing() {
    assertEquals("(= y x) (= [a b] (call f y))", statements("y = x\n[a, b] = f(y)"));
  }

  @Test
  void indexingForms() {
    assertEquals("(index X i j)", expr("X[i, j]"));
    assertEquals("(index X (: a b) _)", expr("X[a:b, ]"));
    assertEquals("(index X _ c)", expr("X[, c]"));
    assertEquals("(index X i _)", expr("X[i, ]"));
    assertEquals("(index X _ _)", expr("X[,]"));
    assertEquals("(index X (: (+ i 1) (- n 1)) (: 1 k))", expr("X[i+1:n-1, 1:k]"));
  }

  @Test
  void leftIndexingAssignment() {
    assertEquals("(=[] X (: a b) c Y)", statements("X[a:b, c] = Y"));
    assertEquals("(=[] X i _ 0)", statements("X[i,] <- 0"));
  }

  @Test
  void ifElseChainsWithAndWithoutBraces() {
    String script =
        """
        if (a > 1) x = 1
        else if (a < 0) { x = 2; y = 3 }
        else
          x = 4
        z = 5
        """;
    assertEquals(
        "(if (> a 1) ((= x 1)) ((if (< a 0) ((= x 2) (= y 3)) ((= x 4))))) (= z 5)",
        statements(script));
  }

  @Test
  void ifWithoutElseAndSemicolonBeforeElse() {
    assertEquals("(if p ((= x 1)))", statements("if (p) { x = 1 }"));
    assertEquals("(if p ((= x 1)) ((= x 2)))", statements("if (p) x = 1; else x = 2;"));
    assertEquals("(if p ((= x 1)) ((= x 2)))", statements("if (p) {\n x = 1\n} else {\n x = 2\n}"));
  }

  @Test
  void danglingElseBindsToTheInnerIf() {
    assertEquals(
        "(if a ((if b ((= x 1)) ((= x 2)))))", statements("if (a) if (b) x = 1 else x = 2"));
  }

  @Test
  void whileLoop() {
    assertEquals(
        "(while (& (> r 0) (< i 10)) ((= i (+ i 1))))",
        statements("while (r > 0 & i < 10) {\n  i = i + 1\n}"));
    assertEquals("(while c ((= i 1)))", statements("while(c) i = 1"));
  }

  @Test
  void forLoopsOverColonRangesAndSeq() {
    assertEquals("(for i (: 1 n) ((= s (+ s i))))", statements("for (i in 1:n) { s = s + i }"));
    assertEquals("(for i (: 10 1 -2) ((= s i)))", statements("for (i in seq(10, 1, -2)) s = i"));
    assertEquals("(for j (: a b) ())", statements("for (j in seq(from=a, to=b)) {}"));
    assertEquals("(for i (: (+ a 1) (- b 1)) ())", statements("for (i in a+1:b-1) {}"));
  }

  @Test
  void parforWithOptions() {
    assertEquals(
        "(parfor i (: 1 k) ((check= 0) (par= 4) (mode= \"LOCAL\")) ((=[] R i _ (index X i _))))",
        statements("parfor (i in 1:k, check=0, par=4, mode=LOCAL) {\n  R[i,] = X[i,]\n}"));
  }

  @Test
  void callStatements() {
    assertEquals(
        "(call print \"hi\") (call write X \"out.csv\" (format= \"csv\")) (call ns::f 1)",
        statements("print(\"hi\")\nwrite(X, \"out.csv\", format=\"csv\")\nns::f(1)"));
  }

  @Test
  void functionWithTypedParametersDefaultsAndResults() {
    String script =
        """
        f = function(Matrix[Double] X, Double reg = 1.0, Boolean verbose = FALSE, int k = 3,
                     matrix[double] W = matrix(0, 1, 1), String s = "a", Integer n = -1)
            return (Matrix[Double] w, Double obj) {
          w = X * reg
          obj = sum(w)
        }
        """;
    DmlProgram p = parse(script);
    assertTrue(p.statements().isEmpty());
    FunctionDefinition f =
        p.function(new FunctionKey(DmlProgram.MAIN_NAMESPACE, "f")).orElseThrow();
    assertEquals(
        "(function f ((Matrix[Double] X) (Double reg 1.0) (Boolean verbose FALSE) (Integer k 3)"
            + " (Matrix[Double] W (call matrix 0 1 1)) (String s \"a\") (Integer n -1))"
            + " ((Matrix[Double] w) (Double obj)) ((= w (* X reg)) (= obj (call sum w))))",
        AstPrinter.print(f));
    assertEquals(DmlType.INTEGER, f.parameters().get(3).type());
    assertEquals(new SourcePosition("t.dml", 1, 1), f.position());
  }

  @Test
  void typeNamesAreCaseInsensitive() {
    FunctionDefinition f =
        parse(
                "g = function(MATRIX[DOUBLE] a, double b, INTEGER c, Int d, "
                    + "boolean e, STRING s, Matrix m) return (scalar[double] r) { r = 1 }")
            .function(new FunctionKey(DmlProgram.MAIN_NAMESPACE, "g"))
            .orElseThrow();
    assertEquals(
        List.of(
            DmlType.MATRIX,
            DmlType.DOUBLE,
            DmlType.INTEGER,
            DmlType.INTEGER,
            DmlType.BOOLEAN,
            DmlType.STRING,
            DmlType.MATRIX),
        f.parameters().stream().map(p -> p.type()).toList());
    assertEquals(DmlType.DOUBLE, f.results().get(0).type());
  }

  @Test
  void functionWithoutResults() {
    FunctionDefinition f =
        parse("log_it = function(String msg) {\n print(msg)\n}")
            .function(new FunctionKey(DmlProgram.MAIN_NAMESPACE, "log_it"))
            .orElseThrow();
    assertTrue(f.results().isEmpty());
  }

  @Test
  void commandLineArgumentsAreSubstitutedWithTypes() {
    DmlParser parser =
        new DmlParser(
            Map.of("$X", "data/x.csv", "n", "10", "lambda", "0.5", "flag", "TRUE", "1", "'quoted'"),
            List.of());
    DmlProgram p = parser.parse("a = $X\nb = $n\nc = $lambda\nd = $flag\ne = $1", "t.dml");
    assertEquals(
        "(= a \"data/x.csv\") (= b 10) (= c 0.5) (= d TRUE) (= e \"quoted\")",
        AstPrinter.print(p.statements()));
    assertEquals(
        new SourcePosition("t.dml", 2, 5), ((Assignment) p.statements().get(1)).value().position());
  }

  @Test
  void ifdefTakesTheArgumentOrTheDefault() {
    DmlParser parser = new DmlParser(Map.of("given", "3"), List.of());
    DmlProgram p =
        parser.parse(
            "a = ifdef($given, 1)\n"
                + "b = ifdef($missing, 2.5 * 2)\n"
                + "c = exists($given)\n"
                + "d = exists($missing)",
            "t.dml");
    assertEquals(
        "(= a 3) (= b (* 2.5 2)) (= c TRUE) (= d FALSE)", AstPrinter.print(p.statements()));
  }

  @Test
  void positionsAreOneBased() {
    DmlProgram p = parse("x = 1\n  y = a %*% b");
    Assignment y = (Assignment) p.statements().get(1);
    assertEquals(new SourcePosition("t.dml", 2, 3), y.position());
    assertEquals(new SourcePosition("t.dml", 2, 9), y.value().position()); // the operator
    BinaryExpression mm = (BinaryExpression) y.value();
    assertEquals(new SourcePosition("t.dml", 2, 7), mm.left().position());
  }

  @Test
  void emptyProgram() {
    assertTrue(parse("").statements().isEmpty());
    assertTrue(parse("# only a comment\n;;\n").statements().isEmpty());
  }
}
