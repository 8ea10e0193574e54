package org.planlab.engine.compile.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.compile.TestHops.agg;
import static org.planlab.engine.compile.TestHops.binary;
import static org.planlab.engine.compile.TestHops.dag;
import static org.planlab.engine.compile.TestHops.index;
import static org.planlab.engine.compile.TestHops.lit;
import static org.planlab.engine.compile.TestHops.mm;
import static org.planlab.engine.compile.TestHops.op;
import static org.planlab.engine.compile.TestHops.read;
import static org.planlab.engine.compile.TestHops.t;
import static org.planlab.engine.compile.TestHops.unary;
import static org.planlab.engine.compile.TestHops.write;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.compile.size.ScalarEnvironment;
import org.planlab.engine.compile.size.SizePropagation;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;
import org.planlab.engine.ops.UnaryOp;

class DynamicRewritesTest {
  static final Map<String, DataCharacteristics> LIVE = Map.of(
      "X", new DataCharacteristics(10, 4, 20),
      "Y", new DataCharacteristics(10, 4, 40),
      "Z", new DataCharacteristics(10, 3, 30),
      "W", new DataCharacteristics(4, 10, 40),
      "v", new DataCharacteristics(10, 1, 10),
      "r", new DataCharacteristics(1, 4, 4),
      "E", new DataCharacteristics(10, 4, 0),
      "B", new DataCharacteristics(4, 3, 12));

  /** The value written by the single root after one pass of {@code rule}. */
  static Hop once(DynamicRewrite rule, Hop expr) {
    HopDag d = dag(write("out", expr));
    HopDag out = DynamicRewriter.applyOnce(d,
        SizePropagation.propagate(d, LIVE, ScalarEnvironment.empty()), List.of(rule));
    return out.roots().get(0).input(0);
  }

  static void assertZeros(Hop h, long rows, long cols) {
    assertEquals(OpCode.FILL, h.op());
    assertEquals(0.0, h.input(0).param(HopParam.Literal.class).value().asDouble());
    assertEquals(rows, h.input(1).param(HopParam.Literal.class).value().asLong());
    assertEquals(cols, h.input(2).param(HopParam.Literal.class).value().asLong());
  }

  // ---------------------------------------------------------------- indexing

  @Test
  void fullRangeIndexingIsRemoved() {
    Hop x = read("X");
    assertSame(x, once(new RemoveUnnecessaryIndexing(),
        index(x, lit(1L), lit(10L), lit(1L), lit(4L))));
  }

  @Test
  void partialIndexingIsKept() {
    Hop idx = index(read("X"), lit(1L), lit(5L), lit(1L), lit(4L));
    assertSame(idx, once(new RemoveUnnecessaryIndexing(), idx));
  }

  @Test
  void indexingAnEmptyMatrixGivesZeros() {
    assertZeros(once(new RemoveUnnecessaryIndexing(),
        index(read("E"), lit(2L), lit(3L), lit(1L), lit(2L))), 2, 2);
  }

  @Test
  void fullRangeLeftIndexingIsTheValue() {
    Hop y = read("Y");
    assertSame(y, once(new RemoveUnnecessaryIndexing(),
        op(OpCode.LEFT_INDEX, read("X"), y, lit(1L), lit(10L), lit(1L), lit(4L))));
  }

  // ---------------------------------------------------------------- aggregates

  @Test
  void rowSumsOfAColumnVectorIsTheVector() {
    Hop v = read("v");
    assertSame(v, once(new SimplifyAggregates(), agg(AggregateOp.SUM, Direction.ROW, v)));
  }

  @Test
  void colSumsOfAColumnVectorIsItsSum() {
    Hop v = read("v");
    Hop out = once(new SimplifyAggregates(), agg(AggregateOp.MAX, Direction.COL, v));
    assertEquals(OpCode.CAST_MATRIX, out.op());
    assertEquals(new HopParam.Aggregate(AggregateOp.MAX, Direction.FULL), out.input(0).param());
    assertSame(v, out.input(0).input(0));
  }

  @Test
  void sumOfEmptyIsZero() {
    Hop out = once(new SimplifyAggregates(), agg(AggregateOp.SUM, Direction.FULL, read("E")));
    assertEquals(OpCode.LITERAL, out.op());
    assertEquals(0.0, out.param(HopParam.Literal.class).value().asDouble());
    assertZeros(once(new SimplifyAggregates(), agg(AggregateOp.SUM, Direction.COL, read("E"))),
        1, 4);
  }

  @Test
  void varianceIsNotSimplified() {
    Hop h = agg(AggregateOp.VAR, Direction.ROW, read("v"));
    assertSame(h, once(new SimplifyAggregates(), h));
  }

  // ---------------------------------------------------------------- empty operators

  @Test
  void plusOrMinusEmptyIsTheOtherOperand() {
    Hop x = read("X");
    assertSame(x, once(new RemoveEmptyOperators(), binary(BinaryOp.PLUS, x, read("E"))));
    assertSame(x, once(new RemoveEmptyOperators(), binary(BinaryOp.MINUS, x, read("E"))));
    assertSame(x, once(new RemoveEmptyOperators(), binary(BinaryOp.PLUS, read("E"), x)));
    Hop minus = binary(BinaryOp.MINUS, read("E"), x);
    assertSame(minus, once(new RemoveEmptyOperators(), minus));
  }

  @Test
  void productsAndTransposeOfEmptyAreZeros() {
    assertZeros(once(new RemoveEmptyOperators(), mm(read("E"), read("B"))), 10, 3);
    assertZeros(once(new RemoveEmptyOperators(), binary(BinaryOp.MULT, read("X"), read("E"))),
        10, 4);
    assertZeros(once(new RemoveEmptyOperators(), t(read("E"))), 4, 10);
  }

  @Test
  void sparseSafeUnaryOfEmptyIsTheInput() {
    Hop e = read("E");
    assertSame(e, once(new RemoveEmptyOperators(), unary(UnaryOp.ROUND, e)));
    Hop exp = unary(UnaryOp.EXP, e);
    assertSame(exp, once(new RemoveEmptyOperators(), exp));
  }

  // ---------------------------------------------------------------- matrix multiply

  @Test
  void diagTimesMatrixBecomesBroadcastMultiply() {
    Hop v = read("v");
    Hop z = read("Z");
    Hop out = once(new SimplifyMatrixMultiply(), mm(op(OpCode.DIAG, v), z));
    assertEquals(OpCode.BINARY, out.op());
    assertEquals(BinaryOp.MULT, out.param(HopParam.Binary.class).op());
    assertSame(v, out.input(0));
    assertSame(z, out.input(1));
  }

  @Test
  void diagOfProductBecomesRowSumsOfElementwiseProduct() {
    Hop x = read("X");
    Hop w = read("W");
    Hop out = once(new SimplifyMatrixMultiply(), op(OpCode.DIAG, mm(x, w)));
    assertEquals(new HopParam.Aggregate(AggregateOp.SUM, Direction.ROW), out.param());
    Hop mult = out.input(0);
    assertSame(x, mult.input(0));
    assertEquals(OpCode.TRANSPOSE, mult.input(1).op());
    assertSame(w, mult.input(1).input(0));
  }

  @Test
  void negatedTransposeIsPulledOutOfTheProduct() {
    Hop tx = t(read("X"));
    Hop out = once(new SimplifyMatrixMultiply(), mm(unary(UnaryOp.NEG, tx), read("v")));
    assertEquals(new HopParam.Unary(UnaryOp.NEG), out.param());
    assertEquals(OpCode.MATMULT, out.input(0).op());
    assertSame(tx, out.input(0).input(0));
  }

  @Test
  void transposeLeftProductIsFlippedWhenCheaper() {
    Map<String, DataCharacteristics> live = Map.of(
        "X", new DataCharacteristics(1000, 100, 100_000), "y", new DataCharacteristics(1000, 1,
            1000));
    Hop x = read("X");
    Hop y = read("y");
    HopDag d = dag(write("out", mm(t(x), y)));
    HopDag r = DynamicRewriter.applyOnce(d,
        SizePropagation.propagate(d, live, ScalarEnvironment.empty()),
        List.of(new TransposeMatMult()));
    Hop out = r.roots().get(0).input(0);
    assertEquals(OpCode.TRANSPOSE, out.op());
    Hop prod = out.input(0);
    assertEquals(OpCode.MATMULT, prod.op());
    assertEquals(OpCode.TRANSPOSE, prod.input(0).op());
    assertSame(y, prod.input(0).input(0));
    assertSame(x, prod.input(1));
    assertEquals(new DataCharacteristics(100, 1, 100),
        SizePropagation.propagate(r, live, ScalarEnvironment.empty()).get(out));
  }

  @Test
  void transposeLeftProductIsKeptWhenNotCheaper() {
    Hop h = mm(t(read("X")), read("Y"));
    assertSame(h, once(new TransposeMatMult(), h));
  }

  @Test
  void sharedTransposeIsNotFlipped() {
    Map<String, DataCharacteristics> live = Map.of(
        "X", new DataCharacteristics(1000, 100, 100_000), "y", new DataCharacteristics(1000, 1,
            1000));
    Hop tx = t(read("X"));
    Hop prod = mm(tx, read("y"));
    HopDag d = dag(write("a", prod), write("b", tx));
    HopDag r = DynamicRewriter.applyOnce(d,
        SizePropagation.propagate(d, live, ScalarEnvironment.empty()),
        List.of(new TransposeMatMult()));
    assertSame(d, r);
  }

  @Test
  void sumOfALowRankProductIsTakenOverItsFactors() {
    // X %*% W is 10x10 from 40 + 40 cells: sum(X %*% W) -> sum(t(colSums(X)) * rowSums(W))
    Hop x = read("X");
    Hop w = read("W");
    Hop out = once(new SimplifyMatrixMultiply(), agg(AggregateOp.SUM, Direction.FULL, mm(x, w)));
    assertEquals(new HopParam.Aggregate(AggregateOp.SUM, Direction.FULL), out.param());
    Hop mult = out.input(0);
    assertEquals(new HopParam.Binary(BinaryOp.MULT), mult.param());
    assertEquals(OpCode.TRANSPOSE, mult.input(0).op());
    assertEquals(new HopParam.Aggregate(AggregateOp.SUM, Direction.COL),
        mult.input(0).input(0).param());
    assertSame(x, mult.input(0).input(0).input(0));
    assertEquals(new HopParam.Aggregate(AggregateOp.SUM, Direction.ROW), mult.input(1).param());
    assertSame(w, mult.input(1).input(0));
  }

  @Test
  void rowAndColumnSumsOfALowRankProductMultiplyASummedFactor() {
    Hop x = read("X");
    Hop w = read("W");
    Hop col = once(new SimplifyMatrixMultiply(), agg(AggregateOp.SUM, Direction.COL, mm(x, w)));
    assertEquals(OpCode.MATMULT, col.op());
    assertEquals(new HopParam.Aggregate(AggregateOp.SUM, Direction.COL), col.input(0).param());
    assertSame(x, col.input(0).input(0));
    assertSame(w, col.input(1));
    Hop row = once(new SimplifyMatrixMultiply(), agg(AggregateOp.SUM, Direction.ROW, mm(x, w)));
    assertEquals(OpCode.MATMULT, row.op());
    assertSame(x, row.input(0));
    assertEquals(new HopParam.Aggregate(AggregateOp.SUM, Direction.ROW), row.input(1).param());
    assertSame(w, row.input(1).input(0));
  }

  @Test
  void sumsOfAProductNoLargerThanItsFactorsAndOtherAggregatesAreKept() {
    // X %*% B is 10x3 = 30 cells from 40 + 12
    Hop sum = agg(AggregateOp.SUM, Direction.FULL, mm(read("X"), read("B")));
    assertSame(sum, once(new SimplifyMatrixMultiply(), sum));
    Hop max = agg(AggregateOp.MAX, Direction.FULL, mm(read("X"), read("W")));
    assertSame(max, once(new SimplifyMatrixMultiply(), max));
  }

  // ---------------------------------------------------------------- driver

  @Test
  void rewritesEnableEachOther() {
    // sum(E %*% B): the product becomes zeros, then the sum of zeros becomes 0
    HopDag d = dag(write("s", agg(AggregateOp.SUM, Direction.FULL, mm(read("E"), read("B")))));
    RewriteResult r = DynamicRewriter.rewrite(d, LIVE, ScalarEnvironment.empty());
    Hop s = r.dag().roots().get(0).input(0);
    assertEquals(OpCode.LITERAL, s.op());
    assertEquals(DataCharacteristics.SCALAR, r.sizes().get(s));
  }

  @Test
  void nothingToRewriteReturnsTheSameDag() {
    HopDag d = dag(write("P", mm(read("X"), read("B"))));
    assertSame(d, DynamicRewriter.rewrite(d, LIVE, ScalarEnvironment.empty()).dag());
  }

  @Test
  void unknownSizesPreventRewrites() {
    HopDag d = dag(write("P", binary(BinaryOp.PLUS, read("U"), read("E"))),
        write("Q", index(read("U"), lit(1L), lit(10L), lit(1L), lit(4L))));
    assertSame(d, DynamicRewriter.rewrite(d, LIVE, ScalarEnvironment.empty()).dag());
  }

  @Test
  void rewrittenHopsKeepThePositionOfTheHopTheyReplace() {
    Hop prod = mm(read("E"), read("B"));
    Hop out = once(new RemoveEmptyOperators(), prod);
    assertEquals(prod.position(), out.position());
    assertTrue(out.inputs().stream().allMatch(h -> h.position().equals(prod.position())));
  }
}
