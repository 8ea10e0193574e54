package org.planlab.engine.compile.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.compile.TestHops.binary;
import static org.planlab.engine.compile.TestHops.dag;
import static org.planlab.engine.compile.TestHops.mm;
import static org.planlab.engine.compile.TestHops.op;
import static org.planlab.engine.compile.TestHops.read;
import static org.planlab.engine.compile.TestHops.write;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.ops.BinaryOp;

class MemoryEstimatesTest {
  static final Map<String, DataCharacteristics> LIVE = Map.of(
      "D", new DataCharacteristics(1000, 100, 100_000),
      "S", new DataCharacteristics(1000, 100, 1000),
      "N", DataCharacteristics.dims(1000, 100));

  static long dense(long r, long c) {
    return 48 + 8 * r * c;
  }

  @Test
  void denseOutputUsesTheDenseBlockModel() {
    assertEquals(dense(1000, 100),
        MemoryEstimates.outputSize(new DataCharacteristics(1000, 100, 100_000)));
  }

  @Test
  void sparseOutputUsesTheSparseBlockModel() {
    long expected = MatrixBlock.estimateSizeSparse(1000, 100, 1000);
    assertEquals(expected, MemoryEstimates.outputSize(new DataCharacteristics(1000, 100, 1000)));
    assertTrue(expected < dense(1000, 100));
  }

  @Test
  void unknownSparsityIsDenseAndUnknownDimsUnknown() {
    assertEquals(dense(1000, 100), MemoryEstimates.outputSize(DataCharacteristics.dims(1000, 100)));
    assertEquals(MemoryEstimates.UNKNOWN,
        MemoryEstimates.outputSize(DataCharacteristics.UNKNOWN_MATRIX));
    assertEquals(MemoryEstimates.UNKNOWN,
        MemoryEstimates.outputSize(DataCharacteristics.dims(4_000_000_000L, 4_000_000_000L)));
  }

  @Test
  void operationMemoryIsInputsPlusOutput() {
    Hop plus = binary(BinaryOp.PLUS, read("D"), read("S"));
    HopDag d = dag(write("P", plus));
    MemoryEstimates m = MemoryEstimates.of(d, SizePropagation.propagate(d, LIVE,
        ScalarEnvironment.empty()));
    long in = dense(1000, 100) + MatrixBlock.estimateSizeSparse(1000, 100, 1000);
    assertEquals(dense(1000, 100), m.outputMemory(plus));
    assertEquals(in + dense(1000, 100), m.operationMemory(plus));
  }

  @Test
  void intermediatesAreCounted() {
    Map<String, DataCharacteristics> live = Map.of("A", new DataCharacteristics(50, 50, 2500));
    Hop inv = op(OpCode.INV, read("A"));
    HopDag d = dag(write("I", inv));
    MemoryEstimates m = MemoryEstimates.of(d,
        SizePropagation.propagate(d, live, ScalarEnvironment.empty()));
    assertEquals(3 * dense(50, 50), m.operationMemory(inv));
  }

  @Test
  void unknownInputMakesTheOperationUnknown() {
    Hop prod = mm(read("U"), read("D"));
    HopDag d = dag(write("P", prod));
    MemoryEstimates m = MemoryEstimates.of(d, SizePropagation.propagate(d, LIVE,
        ScalarEnvironment.empty()));
    assertEquals(MemoryEstimates.UNKNOWN, m.operationMemory(prod));
    assertEquals(MemoryEstimates.UNKNOWN, m.maxOperationMemory());
  }
}
