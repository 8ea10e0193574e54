package org.planlab.engine.compile.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.planlab.engine.compile.rewrite.RewriteTestSupport.after;
import static org.planlab.engine.compile.rewrite.RewriteTestSupport.dag;
import static org.planlab.engine.compile.rewrite.RewriteTestSupport.value;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.lang.types.ValueType;

class ConstantFoldingTest {
  private final ConstantFolding folding = new ConstantFolding();

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      2 + 3 * 4              | 14        | INTEGER
      7 / 2                  | 3.5       | DOUBLE
      7 %/% 2                | 3         | INTEGER
      -7 %% 2                | -1        | INTEGER
      2 ^ 10                 | 1024.0    | DOUBLE
      1 < 2                  | TRUE      | BOOLEAN
      (1 < 2) + (3 > 1)      | 2         | INTEGER
      !(1 == 1)              | FALSE     | BOOLEAN
      TRUE & FALSE           | FALSE     | BOOLEAN
      abs(-3)                | 3         | INTEGER
      sqrt(4)                | 2.0       | DOUBLE
      max(1, 5, 3)           | 5         | INTEGER
      min(2.5, 1)            | 1.0       | DOUBLE
      as.integer(3.7)        | 3         | INTEGER
      as.double(3)           | 3.0       | DOUBLE
      as.logical(0)          | FALSE     | BOOLEAN
      '"a" + "b"'            | '"ab"'    | STRING
      '"n=" + 3'             | '"n=3"'   | STRING
      1 / 0                  | Infinity  | DOUBLE
      '"x" + 1.5'            | '"x1.5"'  | STRING
      '"a" < "b"'            | TRUE      | BOOLEAN
      -(3)                   | -3        | INTEGER
      isNaN(0 / 0)           | 1.0       | DOUBLE
      bitwAnd(12, 10)        | 8         | INTEGER
      xor(TRUE, FALSE)       | TRUE      | BOOLEAN
      'as.integer("3")'      | 3         | INTEGER
      """)
  void foldsScalarLiteralsWithRuntimeSemantics(String expression, String expected,
      ValueType type) {
    Hop z = value(folding.rewrite(dag("  Z = " + expression)), "Z");
    assertEquals(expected, RewriteTestSupport.render(z));
    assertEquals(type, z.valueType());
  }

  @ParameterizedTest(name = "{0} is kept")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      s + 1                        | 'BINARY[+](s,1)'
      7 %/% 0                      | 'BINARY[%/%](7,0)'
      'as.integer("x3")'           | 'CAST_VALUE[integer]("x3")'
      'as.scalar(rand(rows=1, cols=1)) + 1' | 'BINARY[+](CAST_SCALAR(RAND(1,1,0.0,1.0,1.0,-1,"uniform")),1)'
      time() + 1                   | 'BINARY[+](TIME,1)'
      """)
  void leavesNonConstantAndUnsafeOperations(String expression, String expected) {
    assertEquals(expected, after(folding, expression));
  }

  @Test
  void foldsInsideMatrixExpressions() {
    assertEquals("BINARY[*](X,6)", after(folding, "X * (2 * 3)"));
  }

  @Test
  void ifelseOverLiteralConditionSelectsABranch() {
    assertEquals("s", after(folding, "ifelse(1 > 0, s, 2.0)"));
  }
}
