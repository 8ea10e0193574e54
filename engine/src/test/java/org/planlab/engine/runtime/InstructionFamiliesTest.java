package org.planlab.engine.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.runtime.Hops.at;
import static org.planlab.engine.runtime.Hops.basic;
import static org.planlab.engine.runtime.Hops.lit;
import static org.planlab.engine.runtime.Hops.mread;
import static org.planlab.engine.runtime.Hops.op;
import static org.planlab.engine.runtime.Hops.write;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;

/** Each instruction family on a small input against values worked out by hand. */
class InstructionFamiliesTest {
  private static final MatrixBlock A = MatrixBlock.of(new double[][] {{3, 0, 1}, {-2, 5, 0}});
  private static final MatrixBlock COL = MatrixBlock.of(new double[][] {{4}, {1}, {3}, {2}});

  private static Data eval(Hop h) {
    return Runs.run(Map.of("A", new MatrixValue(A), "c", new MatrixValue(COL)),
        basic(write("out", h))).get("out");
  }

  private static void assertMatrix(double[][] expected, Hop h) {
    MatrixBlock got = ((MatrixValue) eval(h)).block();
    assertTrue(MatrixComparison.approxEquals(MatrixBlock.of(expected), got, 1e-14, 0),
        () -> "got " + java.util.Arrays.deepToString(got.toArray()));
    assertEquals(got.recomputeNonZeros(), got.nnz(), "nnz exact");
  }

  private static Hop agg(AggregateOp op, Direction d, Hop x) {
    return op(OpCode.AGGREGATE, new HopParam.Aggregate(op, d), at(1, 1), x);
  }

  @Test
  void aggregates() {
    assertMatrix(new double[][] {{4}, {3}}, agg(AggregateOp.SUM, Direction.ROW, mread("A")));
    assertMatrix(new double[][] {{3, 5, 1}}, agg(AggregateOp.MAX, Direction.COL, mread("A")));
    assertEquals(ScalarValue.of(-2.0), eval(agg(AggregateOp.MIN, Direction.FULL, mread("A"))));
    assertMatrix(new double[][] {{1}, {2}}, op(OpCode.ROW_INDEX_MAX, mread("A")));
    assertMatrix(new double[][] {{4}, {5}, {8}, {10}}, op(OpCode.CUMULATIVE,
        new HopParam.Cumulative(HopParam.Cumulative.Kind.SUM), at(1, 1), mread("c")));
    assertEquals(ScalarValue.of(2.5), eval(op(OpCode.MEDIAN, mread("c"))));
    assertEquals(ScalarValue.of(2.0), eval(op(OpCode.QUANTILE, mread("c"), lit(0.5))));
    assertEquals(ScalarValue.of(39.0), eval(op(OpCode.TRACE, op(OpCode.MATMULT,
        mread("A"), op(OpCode.TRANSPOSE, mread("A"))))));
  }

  @Test
  void reorganisations() {
    assertMatrix(new double[][] {{3, -2}, {0, 5}, {1, 0}}, op(OpCode.TRANSPOSE, mread("A")));
    assertMatrix(new double[][] {{-2, 5, 0}, {3, 0, 1}}, op(OpCode.REV, mread("A")));
    assertMatrix(new double[][] {{3, 0}, {1, -2}, {5, 0}}, op(OpCode.RESHAPE, mread("A"),
        lit(3L), lit(2L), lit(true)));
    assertMatrix(new double[][] {{1}, {3}, {4}, {2}}, op(OpCode.ORDER, mread("c"), lit(1L),
        lit(true), lit(true)));
    assertMatrix(new double[][] {{1, 0}, {2, 0}}, op(OpCode.REMOVE_EMPTY,
        op(OpCode.MATRIX_FROM_STRING, lit("1 0 0 0 2 0"), lit(3L), lit(2L)), lit("rows"),
        lit(0L), lit(true)));
    assertMatrix(new double[][] {{3, 0, 1, 3, 0, 1}, {-2, 5, 0, -2, 5, 0}},
        op(OpCode.CBIND, mread("A"), mread("A")));
    // pairs (4,2), (1,3), (3,1), (2,4)
    assertMatrix(new double[][] {{0, 0, 1, 0}, {0, 0, 0, 1}, {1, 0, 0, 0}, {0, 1, 0, 0}},
        op(OpCode.TABLE, mread("c"), op(OpCode.REV, mread("c")), lit(1.0), lit(-1L),
            lit(-1L)));
    assertThrows(DmlRuntimeException.class, () -> eval(op(OpCode.REMOVE_EMPTY, mread("A"),
        lit("diagonal"), lit(0L), lit(true))));
  }

  @Test
  void elementwiseVariants() {
    assertMatrix(new double[][] {{3, 1, 1}, {1, 5, 1}}, op(OpCode.NARY_MINMAX,
        new HopParam.Binary(BinaryOp.MAX), at(1, 1), mread("A"), lit(1.0)));
    assertMatrix(new double[][] {{1, 0, 1}, {1, 1, 0}}, op(OpCode.IFELSE,
        op(OpCode.BINARY, new HopParam.Binary(BinaryOp.NEQ), at(1, 1), mread("A"), lit(0.0)),
        lit(1.0), lit(0.0)));
    assertEquals(ScalarValue.of(7L), eval(op(OpCode.IFELSE, lit(false), lit(3L), lit(7L))));
    assertMatrix(new double[][] {{3, 9, 1}, {-2, 5, 9}}, op(OpCode.REPLACE, mread("A"),
        lit(0.0), lit(9.0)));
  }

  @Test
  void construction() {
    assertMatrix(new double[][] {{5}, {3}, {1}}, op(OpCode.SEQ, lit(5L), lit(1L), lit(-2L)));
    assertMatrix(new double[][] {{1, 2}, {3, 4}}, op(OpCode.MATRIX_FROM_STRING,
        lit("1 2 3 4"), lit(2L), lit(2L)));
    Hop rand = op(OpCode.RAND, lit(4L), lit(3L), lit(2.0), lit(3.0), lit(1.0), lit(7L),
        lit("uniform"));
    MatrixBlock r1 = ((MatrixValue) eval(rand)).block();
    MatrixBlock r2 = ((MatrixValue) eval(rand)).block();
    assertTrue(MatrixComparison.approxEquals(r1, r2, 0, 0), "seeded rand is deterministic");
    for (double v : r1.toArray()[0]) {
      assertTrue(v >= 2 && v < 3);
    }
    MatrixBlock s = ((MatrixValue) eval(op(OpCode.SAMPLE, lit(10L), lit(10L), lit(false),
        lit(3L)))).block();
    double sum = 0;
    for (double[] row : s.toArray()) {
      sum += row[0];
    }
    assertEquals(55, sum, "a permutation of 1..10");
    DmlRuntimeException big = assertThrows(DmlRuntimeException.class, () -> eval(op(OpCode.RAND,
        HopParam.NONE, at(7, 3), lit(1e9), lit(1e9), lit(0.0), lit(1.0), lit(1.0), lit(-1L),
        lit("uniform"))));
    assertTrue(big.getMessage().startsWith("test.dml:7:3: "), big.getMessage());
  }

  @Test
  void linearAlgebra() {
    MatrixBlock m = MatrixBlock.of(new double[][] {{4, 1}, {1, 3}});
    Map<String, Data> in = Map.of("M", new MatrixValue(m));
    Runs.Outcome o = Runs.run(in, basic(write("d", op(OpCode.DET, mread("M"))),
        write("x", op(OpCode.SOLVE, mread("M"), op(OpCode.MATRIX_FROM_STRING, lit("1 2"),
            lit(2L), lit(1L)))), write("i", op(OpCode.INV, mread("M")))));
    assertEquals(11.0, ((ScalarValue) o.get("d")).asDouble(), 1e-12);
    MatrixBlock x = ((MatrixValue) o.get("x")).block();
    assertEquals(1.0 / 11, x.get(0, 0), 1e-12);
    assertEquals(7.0 / 11, x.get(1, 0), 1e-12);
    assertEquals(3.0 / 11, ((MatrixValue) o.get("i")).block().get(0, 0), 1e-12);
    DmlRuntimeException singular = assertThrows(DmlRuntimeException.class, () -> Runs.run(
        Map.of("M", new MatrixValue(MatrixBlock.of(new double[][] {{1, 2}, {2, 4}}))),
        basic(write("i", op(OpCode.INV, HopParam.NONE, at(9, 9), mread("M"))))));
    assertTrue(singular.getMessage().startsWith("test.dml:9:9: "), singular.getMessage());
  }

  @Test
  void castsAndStrings() {
    assertEquals(ScalarValue.of(3L), eval(op(OpCode.CAST_VALUE,
        new HopParam.Cast(ValueType.INTEGER), at(1, 1), lit(3.7))));
    assertEquals(ScalarValue.of(true), eval(op(OpCode.CAST_VALUE,
        new HopParam.Cast(ValueType.BOOLEAN), at(1, 1), lit(2L))));
    assertEquals(ScalarValue.of(6L), eval(op(OpCode.LENGTH, mread("A"))));
    assertEquals(ScalarValue.of("3.0,0.0,1.0;-2.0,5.0,0.0;"), eval(op(OpCode.TO_STRING,
        mread("A"), lit(1L), lit(","), lit(";"))));
    assertMatrix(new double[][] {{2.5}}, op(OpCode.CAST_MATRIX, lit(2.5)));
    DmlRuntimeException e = assertThrows(DmlRuntimeException.class,
        () -> eval(op(OpCode.CAST_SCALAR, HopParam.NONE, at(2, 4), mread("A"))));
    assertEquals("test.dml:2:4: error: as.scalar expects a scalar, got a 2x3 matrix", e.getMessage());
  }
}
