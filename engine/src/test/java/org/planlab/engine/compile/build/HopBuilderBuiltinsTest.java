package org.planlab.engine.compile.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.planlab.engine.compile.build.BuildTestSupport.effects;
import static org.planlab.engine.compile.build.BuildTestSupport.expression;
import static org.planlab.engine.compile.build.BuildTestSupport.render;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.lang.types.ValueType;

/** Every builtin and operator maps to its opcode with all inputs in OpCode's order. */
class HopBuilderBuiltinsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      rand(rows=3, cols=4)                         | RAND(3,4,0.0,1.0,1.0,-1,"uniform")
      rand(rows=3, cols=4, min=2, max=5, sparsity=0.5, seed=7, pdf="normal") | RAND(3,4,2,5,0.5,7,"normal")
      matrix(0, 3, 4)                              | FILL(0,3,4)
      matrix(0, rows=3, cols=4)                    | FILL(0,3,4)
      matrix(X, rows=2, cols=8)                    | RESHAPE(X,2,8,TRUE)
      matrix(X, 2, 8, FALSE)                       | RESHAPE(X,2,8,FALSE)
      matrix(X, cols=8)                            | RESHAPE(X,BINARY[%/%](LENGTH(X),8),8,TRUE)
      matrix("1 2 3 4", 2, 2)                      | MATRIX_FROM_STRING("1 2 3 4",2,2)
      seq(1, 10, 2)                                | SEQ(1,10,2)
      seq(1, i)                                    | SEQ(1,i,BINARY[-](BINARY[*](BINARY[<=](1,i),2),1))
      diag(X)                                      | DIAG(X)
      cbind(X, Y)                                  | CBIND(X,Y)
      rbind(X, Y, X)                               | RBIND(X,Y,X)
      table(X, Y)                                  | TABLE(X,Y,1.0,-1,-1)
      table(X, Y, 5, 6)                            | TABLE(X,Y,1.0,5,6)
      table(X, Y, X)                               | TABLE(X,Y,X,-1,-1)
      as.matrix(sample(10, 3))                     | CAST_MATRIX(SAMPLE(10,3,FALSE,-1))
      sample(10, 3, TRUE, 42)                      | SAMPLE(10,3,TRUE,42)
      t(X)                                         | TRANSPOSE(X)
      rev(X)                                       | REV(X)
      X[1:2, ]                                     | RIGHT_INDEX(X,1,2,1,NCOL(X))
      X[, i]                                       | RIGHT_INDEX(X,1,NROW(X),i,i)
      X %*% Y                                      | MATMULT(X,Y)
      rowSums(X)                                   | AGGREGATE[SUM,ROW](X)
      rowMeans(X)                                  | AGGREGATE[MEAN,ROW](X)
      rowMaxs(X)                                   | AGGREGATE[MAX,ROW](X)
      rowMins(X)                                   | AGGREGATE[MIN,ROW](X)
      rowVars(X)                                   | AGGREGATE[VAR,ROW](X)
      rowIndexMax(X)                               | ROW_INDEX_MAX(X)
      rowIndexMin(X)                               | ROW_INDEX_MIN(X)
      colSums(X)                                   | AGGREGATE[SUM,COL](X)
      colMeans(X)                                  | AGGREGATE[MEAN,COL](X)
      colMaxs(X)                                   | AGGREGATE[MAX,COL](X)
      colMins(X)                                   | AGGREGATE[MIN,COL](X)
      colVars(X)                                   | AGGREGATE[VAR,COL](X)
      colSds(X)                                    | AGGREGATE[SD,COL](X)
      cumsum(X)                                    | CUMULATIVE[SUM](X)
      cumprod(X)                                   | CUMULATIVE[PROD](X)
      max(X, Y)                                    | BINARY[max](X,Y)
      min(X, 3, s)                                 | NARY_MINMAX[min](X,3,s)
      exp(X)                                       | UNARY[exp](X)
      sqrt(X)                                      | UNARY[sqrt](X)
      round(X)                                     | UNARY[round](X)
      floor(X)                                     | UNARY[floor](X)
      ceil(X)                                      | UNARY[ceil](X)
      sigmoid(X)                                   | UNARY[sigmoid](X)
      tanh(X)                                      | UNARY[tanh](X)
      sin(X)                                       | UNARY[sin](X)
      cos(X)                                       | UNARY[cos](X)
      abs(X)                                       | UNARY[abs](X)
      sign(X)                                      | UNARY[sign](X)
      isNaN(X)                                     | UNARY[isNaN](X)
      log(X)                                       | UNARY[log](X)
      log(X, 2)                                    | BINARY[log](X,2)
      -X                                           | UNARY[-](X)
      +X                                           | X
      ifelse(X > 0, X, 0)                          | IFELSE(BINARY[>](X,0),X,0)
      replace(target=X, pattern=0, replacement=1)  | REPLACE(X,0,1)
      solve(X, Y)                                  | SOLVE(X,Y)
      inv(X)                                       | INV(X)
      cholesky(X)                                  | CHOLESKY(X)
      quantile(X, Y)                               | QUANTILE(X,Y)
      order(target=X)                              | ORDER(X,1,FALSE,FALSE)
      order(target=X, by=2, decreasing=TRUE, index.return=TRUE) | ORDER(X,2,TRUE,TRUE)
      removeEmpty(target=X, margin="rows")         | REMOVE_EMPTY(X,"rows",FILL(0.0,0,0),TRUE)
      removeEmpty(target=X, margin="cols", select=Y) | REMOVE_EMPTY(X,"cols",Y,TRUE)
      as.matrix(s)                                 | CAST_MATRIX(s)
      X * 2 + Y / s - X ^ i                        | BINARY[-](BINARY[+](BINARY[*](X,2),BINARY[/](Y,s)),BINARY[^](X,i))
      X %% 2 + X %/% 2                             | BINARY[+](BINARY[%%](X,2),BINARY[%/%](X,2))
      (X < Y) + (X <= Y) + (X > Y)                 | BINARY[+](BINARY[+](BINARY[<](X,Y),BINARY[<=](X,Y)),BINARY[>](X,Y))
      (X >= Y) + (X == Y) + (X != Y)               | BINARY[+](BINARY[+](BINARY[>=](X,Y),BINARY[==](X,Y)),BINARY[!=](X,Y))
      """)
  void matrixExpressions(String dml, String expected) {
    assertEquals(expected, render(expression(dml)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      sum(X)                                       | AGGREGATE[SUM,FULL](X)
      mean(X)                                      | AGGREGATE[MEAN,FULL](X)
      var(X)                                       | AGGREGATE[VAR,FULL](X)
      sd(X)                                        | AGGREGATE[SD,FULL](X)
      prod(X)                                      | AGGREGATE[PROD,FULL](X)
      min(X)                                       | AGGREGATE[MIN,FULL](X)
      max(X)                                       | AGGREGATE[MAX,FULL](X)
      max(s, 2)                                    | BINARY[max](s,2)
      trace(X)                                     | TRACE(X)
      det(X)                                       | DET(X)
      median(X)                                    | MEDIAN(X)
      nrow(X)                                      | NROW(X)
      ncol(X)                                      | NCOL(X)
      length(X)                                    | LENGTH(X)
      as.scalar(X)                                 | CAST_SCALAR(X)
      as.double(i)                                 | CAST_VALUE[double](i)
      as.integer(s)                                | CAST_VALUE[integer](s)
      as.logical(i)                                | CAST_VALUE[boolean](i)
      toString(X)                                  | TO_STRING(X,3," ","\\n")
      toString(X, decimal=5, sep=",")              | TO_STRING(X,5,",","\\n")
      time()                                       | TIME
      contains(target=X, pattern=1)                | BINARY[>](AGGREGATE[SUM,FULL](BINARY[==](X,1)),0)
      contains(target=X, pattern=NaN)              | BINARY[>](AGGREGATE[SUM,FULL](UNARY[isNaN](X)),0)
      contains(target=X, pattern=s)                | BINARY[>](BINARY[+](AGGREGATE[SUM,FULL](BINARY[==](X,s)),BINARY[*](AGGREGATE[SUM,FULL](UNARY[isNaN](X)),UNARY[isNaN](s))),0)
      !b                                           | UNARY[!](b)
      -s                                           | UNARY[-](s)
      i + 2                                        | BINARY[+](i,2)
      log(s, 10)                                   | BINARY[log](s,10)
      str + "x"                                    | BINARY[+](str,"x")
      """)
  void scalarExpressions(String dml, String expected) {
    assertEquals(expected, render(expression(dml)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
      print(str)                                   | PRINT(str)
      'print("%d and %s", i, str)'                 | PRINT(PRINTF("%d and %s",i,str))
      stop("bad")                                  | STOP("bad")
      assert(b)                                    | ASSERT(b)
      write(X, "out.csv")                          | WRITE_FILE(X,"out.csv","text",",",FALSE)
      write(X, "out.csv", format="csv", header=TRUE, sep=";") | WRITE_FILE(X,"out.csv","csv",";",TRUE)
      """)
  void sideEffects(String dml, String expected) {
    List<Hop> roots = effects(dml);
    assertEquals(1, roots.size());
    assertEquals(expected, render(roots.get(0)));
  }

  @Test
  void logicalOperatorsMapToAndOr() {
    assertEquals("BINARY[|](BINARY[&](BINARY[>](X,0),BINARY[>](Y,0)),BINARY[<](X,0))",
        render(expression("(X > 0) & (Y > 0) | (X < 0)")));
    assertEquals("BINARY[|](BINARY[&](b,BINARY[>](s,1)),b)",
        render(expression("b && (s > 1) || b")));
  }

  @Test
  void readFillsAbsentArgumentsWithMarkers() {
    assertEquals("READ_FILE(\"in.csv\",\"\",-1,-1,\"\",FALSE)",
        render(expression("read(\"in.csv\")")));
    assertEquals("READ_FILE(\"in.csv\",\"csv\",10,2,\";\",TRUE)", render(expression(
        "read(\"in.csv\", format=\"csv\", rows=10, cols=2, sep=\";\", header=TRUE)")));
  }

  @Test
  void literalValueTypesArePreserved() {
    Hop h = expression("i * 2 + 2.5");
    assertEquals(ValueType.DOUBLE, h.valueType());
    Hop mult = h.input(0);
    assertEquals(ValueType.INTEGER, mult.valueType());
    assertEquals(ValueType.INTEGER, mult.input(1).valueType());
    assertEquals(ValueType.DOUBLE, h.input(1).valueType());
    assertEquals(DataType.SCALAR, h.dataType());
  }

  @Test
  void matrixHopsAreDoubleMatrices() {
    Hop h = expression("X + i");
    assertEquals(DataType.MATRIX, h.dataType());
    assertEquals(ValueType.DOUBLE, h.valueType());
  }
}
