package org.planlab.engine.compile.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.compile.TestHops.agg;
import static org.planlab.engine.compile.TestHops.at;
import static org.planlab.engine.compile.TestHops.binary;
import static org.planlab.engine.compile.TestHops.dag;
import static org.planlab.engine.compile.TestHops.lit;
import static org.planlab.engine.compile.TestHops.mm;
import static org.planlab.engine.compile.TestHops.mmAt;
import static org.planlab.engine.compile.TestHops.op;
import static org.planlab.engine.compile.TestHops.read;
import static org.planlab.engine.compile.TestHops.readScalar;
import static org.planlab.engine.compile.TestHops.write;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.compile.size.DimensionMismatchError;
import org.planlab.engine.compile.size.MemoryEstimates;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.AggregateOp;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.ops.Direction;

class DynamicRecompilerTest {
  static MatrixValue dense(int rows, int cols, double v) {
    double[][] a = new double[rows][cols];
    for (double[] row : a) {
      java.util.Arrays.fill(row, v);
    }
    return new MatrixValue(MatrixBlock.of(a));
  }

  @Test
  void zeroInitialisedCoefficientsAreRewrittenAway() {
    // sec. 3.1: "in each first inner iteration, we can eliminate 2 * sum(sb * d)"
    Hop sum = agg(AggregateOp.SUM, Direction.FULL, binary(BinaryOp.MULT, read("sb"), read("d")));
    Hop twice = binary(BinaryOp.MULT, lit(2.0), sum);
    HopDag original = dag(write("s", twice));
    Map<String, Data> live = Map.of("sb", new MatrixValue(MatrixBlock.empty(10, 1)),
        "d", dense(10, 1, 3));
    DynamicRecompiler.Recompiled r = DynamicRecompiler.recompile(original, live);
    Hop newSum = r.dag().roots().get(0).input(0).input(1);
    assertEquals(OpCode.LITERAL, newSum.op());
    // the original DAG is untouched and can be recompiled again later
    assertSame(sum, original.roots().get(0).input(0).input(1));
    DynamicRecompiler.Recompiled again = DynamicRecompiler.recompile(original,
        Map.of("sb", dense(10, 1, 1), "d", dense(10, 1, 3)));
    assertSame(original, again.dag());
  }

  @Test
  void liveScalarsAndExactSizesGiveKnownSizesAndEstimates() {
    Hop r = op(OpCode.RAND, readScalar("n"), lit(5L), lit(0.0), lit(1.0), lit(1.0), lit(-1L),
        lit("uniform"));
    Hop prod = mm(r, read("W"));
    HopDag original = dag(write("P", prod));
    DynamicRecompiler.Recompiled out = DynamicRecompiler.recompile(original,
        Map.of("n", ScalarValue.of(20L), "W", dense(5, 2, 1)));
    assertEquals(new DataCharacteristics(20, 2, 40), out.sizes().get(prod));
    assertEquals(48 + 8 * 20 * 5 + 48 + 8 * 5 * 2 + 48 + 8 * 20 * 2,
        out.memory().operationMemory(prod));
    assertTrue(out.memory().maxOperationMemory() < MemoryEstimates.UNKNOWN);
  }

  @Test
  void liveSizesThatMismatchAreReportedWithThePosition() {
    HopDag original = dag(write("P", mmAt(at(4, 9), read("A"), read("B"))));
    DimensionMismatchError e = assertThrows(DimensionMismatchError.class,
        () -> DynamicRecompiler.recompile(original,
            Map.of("A", dense(3, 4, 1), "B", dense(5, 2, 1))));
    assertEquals("script.dml:4:9: error: dimension mismatch in %*%: 3x4 and 5x2", e.getMessage());
  }

  @Test
  void unknownVariablesKeepUnknownEstimates() {
    Hop prod = mm(read("A"), read("B"));
    DynamicRecompiler.Recompiled out = DynamicRecompiler.recompile(dag(write("P", prod)),
        Map.of("A", dense(3, 4, 1)));
    assertEquals(DataCharacteristics.dims(3, -1), out.sizes().get(prod));
    assertEquals(MemoryEstimates.UNKNOWN, out.memory().operationMemory(prod));
  }
}
