package org.planlab.engine.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.planlab.engine.compile.build.BuildTestSupport;

class HopPrinterTest {

  private static final String SCRIPT = String.join("\n",
      "inc = function(double a) return (double b) { b = a + 1 }",
      "X = matrix(2, 3, 3)",
      "s = sum(X)",
      "if (s > 10) {",
      "  print(\"big\\n\")",
      "}",
      "for (i in 1:3) { s = inc(s) }");

  @Test
  void printsBlocksAndDagsWithIdsParamsInputsAndTypes() {
    String expected = """
        PROGRAM
          BASIC
            (1) LITERAL [2] scalar integer
            (2) LITERAL [3] scalar integer
            (3) LITERAL [3] scalar integer
            (4) FILL (1,2,3) matrix double
            (5) WRITE_VAR [X] (4) matrix double
            (6) AGGREGATE [SUM,FULL] (4) scalar double
            (7) WRITE_VAR [s] (6) scalar double
          IF
            (1) READ_VAR [s] scalar double
            (2) LITERAL [10] scalar integer
            (3) BINARY [>] (1,2) scalar boolean
          THEN
            BASIC
              (1) LITERAL ["big\\n"] scalar string
              (2) PRINT (1) unknown unknown
          FOR i
          FROM
            (1) LITERAL [1] scalar integer
          TO
            (1) LITERAL [3] scalar integer
          DO
            BASIC
              (1) READ_VAR [s] scalar double
              (2) FUNCTION_CALL [inc -> [s]] (1) unknown unknown
        FUNCTION inc
          BASIC
            (1) READ_VAR [a] scalar double
            (2) LITERAL [1] scalar integer
            (3) BINARY [+] (1,2) scalar double
            (4) WRITE_VAR [b] (3) scalar double
        """;
    assertEquals(expected, HopPrinter.print(BuildTestSupport.build(SCRIPT)));
  }

  @Test
  void printsSizesAndMemoryWhenGiven() {
    HopDag dag = ((ProgramBlock.Basic) BuildTestSupport.build("X = matrix(2, 3, 3)\n").main()
        .get(0)).dag();
    HopPrinter.SizeInfo sizes = new HopPrinter.SizeInfo() {
      @Override
      public Optional<DataCharacteristics> size(HopDag d, Hop hop) {
        return hop.isMatrix() ? Optional.of(new DataCharacteristics(3, 3, 9))
            : Optional.empty();
      }

      @Override
      public OptionalLong memory(HopDag d, Hop hop) {
        return hop.isMatrix() ? OptionalLong.of(72) : OptionalLong.empty();
      }
    };
    String expected = """
        (1) LITERAL [2] scalar integer
        (2) LITERAL [3] scalar integer
        (3) LITERAL [3] scalar integer
        (4) FILL (1,2,3) matrix double dims=3x3 nnz=9 mem=72B
        (5) WRITE_VAR [X] (4) matrix double dims=3x3 nnz=9 mem=72B
        """;
    assertEquals(expected, HopPrinter.print(dag, 0, sizes));
  }
}
