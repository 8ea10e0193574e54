package org.planlab.engine.compile.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.planlab.engine.compile.rewrite.RewriteTestSupport.after;
import static org.planlab.engine.compile.rewrite.RewriteTestSupport.dag;
import static org.planlab.engine.compile.rewrite.RewriteTestSupport.render;
import static org.planlab.engine.compile.rewrite.RewriteTestSupport.value;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.lang.types.ValueType;

/** The static algebraic simplifications of Eq. (5): before/after and negative cases. */
class AlgebraicSimplificationTest {
  private final StaticRewrite remove = new RemoveUnnecessaryOperations();
  private final StaticRewrite binaryToUnary = new BinaryToUnary();
  private final StaticRewrite diag = new SimplifyDiagAggregates();

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      t(t(X))                            | X
      t(t(t(X)))                         | TRANSPOSE(X)
      X * 1                              | X
      1 * X                              | X
      X / 1                              | X
      X + 0                              | X
      0 + X                              | X
      X - 0                              | X
      X * 1.0                            | X
      i * 1                              | i
      s / 1                              | s
      matrix(1, nrow(X), ncol(X)) / X    | BINARY[/](1,X)
      X * matrix(2, nrow(X), ncol(X))    | BINARY[*](X,2)
      rand(rows=3, cols=3, min=-1, max=1) * 7 | 'RAND(3,3,-7.0,7.0,1.0,-1,"uniform")'
      0.5 * rand(rows=3, cols=3)         | 'RAND(3,3,0.0,0.5,1.0,-1,"uniform")'
      """)
  void removesUnnecessaryOperations(String expression, String expected) {
    assertEquals(expected, after(remove, expression));
  }

  @ParameterizedTest(name = "{0} is kept")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      i * 1.0                            | BINARY[*](i,1.0)
      b + 0                              | BINARY[+](b,0)
      str + 0                            | 'BINARY[+](str,0)'
      X - 1                              | BINARY[-](X,1)
      1 / X                              | BINARY[/](1,X)
      matrix(1, 3, 3) / X                | BINARY[/](FILL(1,3,3),X)
      matrix(1, nrow(Y), ncol(Y)) / X    | BINARY[/](FILL(1,NROW(Y),NCOL(Y)),X)
      rand(rows=3, cols=3) * -2          | 'BINARY[*](RAND(3,3,0.0,1.0,1.0,-1,"uniform"),-2)'
      rand(rows=3, cols=3, pdf="normal") * 2 | 'BINARY[*](RAND(3,3,0.0,1.0,1.0,-1,"normal"),2)'
      """)
  void keepsOperationsThatWouldChangeTypeOrValue(String expression, String expected) {
    assertEquals(expected, after(remove, expression));
  }

  @Test
  void sharedRandIsNotScaled() {
    HopDag d = remove.rewrite(dag("  A = rand(rows=3, cols=3)\n  Z = A * 7"));
    assertEquals("BINARY[*](RAND(3,3,0.0,1.0,1.0,-1,\"uniform\"),7)", render(value(d, "Z")));
  }

  @Test
  void typesArePreserved() {
    Hop kept = value(remove.rewrite(dag("  Z = i * 1")), "Z");
    assertEquals(ValueType.INTEGER, kept.valueType());
    Hop doubled = value(binaryToUnary.rewrite(dag("  Z = i + i")), "Z");
    assertEquals(ValueType.INTEGER, doubled.valueType());
    Hop bools = value(binaryToUnary.rewrite(dag("  Z = b + b")), "Z");
    assertEquals(ValueType.INTEGER, bools.valueType());
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      X + X                              | BINARY[*](2,X)
      s + s                              | BINARY[*](2,s)
      X * X                              | BINARY[^](X,2)
      s * s                              | BINARY[^](s,2)
      X - X * Y                          | BINARY[*](X,BINARY[-](1,Y))
      X - Y * X                          | BINARY[*](X,BINARY[-](1,Y))
      X - X * s                          | BINARY[*](X,BINARY[-](1,s))
      """)
  void turnsBinaryIntoUnary(String expression, String expected) {
    assertEquals(expected, after(binaryToUnary, expression));
  }

  @ParameterizedTest(name = "{0} is kept")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      str + str                          | BINARY[+](str,str)
      i * i                              | BINARY[*](i,i)
      X + Y                              | BINARY[+](X,Y)
      X - Y * Y                          | BINARY[-](X,BINARY[^](Y,2))
      """)
  void keepsBinaryWhereUnaryWouldDiffer(String expression, String expected) {
    assertEquals(expected, after(binaryToUnary, expression));
  }

  @Test
  void sharedProductIsNotRewrittenToOneMinus() {
    HopDag d = binaryToUnary.rewrite(dag("  P = X * Y\n  Z = X - P"));
    assertEquals("BINARY[-](X,BINARY[*](X,Y))", render(value(d, "Z")));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      sum(diag(inv(X)))                  | TRACE(INV(X))
      sum(diag(t(X) %*% X))              | AGGREGATE[SUM,FULL](BINARY[*](TRANSPOSE(X),TRANSPOSE(X)))
      sum(diag(matrix(1, 4, 4)))         | TRACE(FILL(1,4,4))
      trace(X %*% Y)                     | AGGREGATE[SUM,FULL](BINARY[*](X,TRANSPOSE(Y)))
      """)
  void simplifiesDiagAggregates(String expression, String expected) {
    // t(X) %*% X is square: its diag sum becomes a trace, whose product then becomes an
    // element-wise product in the same pass
    // CSE first, so equal literal dimensions are one HOP (as in the standard order)
    StaticRewrite both = d -> diag.rewrite(new CommonSubexpressionElimination().rewrite(d));
    assertEquals(expected, after(both, expression));
  }

  @ParameterizedTest(name = "{0} is kept")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      sum(diag(X))                       | AGGREGATE[SUM,FULL](DIAG(X))
      sum(diag(matrix(1, 4, 1)))         | AGGREGATE[SUM,FULL](DIAG(FILL(1,4,1)))
      """)
  void keepsDiagSumsOfPossibleVectors(String expression, String expected) {
    assertEquals(expected, after(diag, expression));
  }

  @Test
  void sharedProductKeepsTrace() {
    HopDag d = diag.rewrite(dag("  P = X %*% Y\n  z = trace(P)"));
    assertEquals("TRACE(MATMULT(X,Y))", render(value(d, "z")));
  }
}
