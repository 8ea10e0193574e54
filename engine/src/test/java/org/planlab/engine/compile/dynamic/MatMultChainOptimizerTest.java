package org.planlab.engine.compile.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.planlab.engine.compile.TestHops.dag;
import static org.planlab.engine.compile.TestHops.mm;
import static org.planlab.engine.compile.TestHops.op;
import static org.planlab.engine.compile.TestHops.read;
import static org.planlab.engine.compile.TestHops.t;
import static org.planlab.engine.compile.TestHops.write;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.compile.size.ScalarEnvironment;
import org.planlab.engine.compile.size.SizePropagation;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ops.BinaryOp;

class MatMultChainOptimizerTest {
  static final Map<String, DataCharacteristics> LIVE = Map.of(
      "A", DataCharacteristics.dims(1000, 10),
      "B", DataCharacteristics.dims(10, 1000),
      "c", DataCharacteristics.dims(1000, 1),
      "X", DataCharacteristics.dims(1000, 100),
      "v", DataCharacteristics.dims(1000, 1),
      "d", DataCharacteristics.dims(100, 1));

  static HopDag optimize(HopDag d) {
    return MatMultChainOptimizer.optimize(d,
        SizePropagation.propagate(d, LIVE, ScalarEnvironment.empty()));
  }

  @Test
  void dynamicProgramMatchesTheTextbookExample() {
    // CLRS 15.2: dims 30x35, 35x15, 15x5, 5x10, 10x20, 20x25 -> 15125 scalar multiplications
    long[] dims = {30, 35, 15, 5, 10, 20, 25};
    int[][] split = MatMultChainOptimizer.optimalSplits(dims);
    assertEquals(15125.0, MatMultChainOptimizer.cost(dims, split, 0, 5));
    assertEquals("((A1 (A2 A3)) ((A4 A5) A6))",
        MatMultChainOptimizer.parenthesize(split, 0, 5));
  }

  @Test
  void leftToRightChainIsEvaluatedRightToLeft() {
    // (A %*% B) %*% c with 1000x10, 10x1000, 1000x1: 10^7 + 10^6 flops vs 10^4 + 10^4
    Hop a = read("A");
    Hop b = read("B");
    Hop c = read("c");
    HopDag out = optimize(dag(write("r", mm(mm(a, b), c))));
    Hop root = out.roots().get(0).input(0);
    assertSame(a, root.input(0));
    assertEquals(OpCode.MATMULT, root.input(1).op());
    assertSame(b, root.input(1).input(0));
    assertSame(c, root.input(1).input(1));
  }

  @Test
  void optimalChainIsLeftAlone() {
    HopDag d = dag(write("r", mm(read("A"), mm(read("B"), read("c")))));
    assertSame(d, optimize(d));
  }

  @Test
  void sharedIntermediateEndsTheChain() {
    Hop ab = mm(read("A"), read("B"));
    HopDag d = dag(write("r", mm(ab, read("c"))), write("ab", ab));
    assertSame(d, optimize(d));
  }

  @Test
  void unknownDimsLeaveTheChainAlone() {
    HopDag d = dag(write("r", mm(mm(read("A"), read("U")), read("c"))));
    assertSame(d, optimize(d));
  }

  @Test
  void xtDiagVXdChainAvoidsMatrixSizedIntermediates() {
    // ((t(X) %*% diag(v)) %*% X) %*% d, as Example 2 of the paper writes X^T(diag(v) X d)
    Hop tx = t(read("X"));
    Hop dv = op(OpCode.DIAG, read("v"));
    Hop x = read("X");
    Hop d = read("d");
    HopDag out = optimize(dag(write("q", mm(mm(mm(tx, dv), x), d))));
    Hop root = out.roots().get(0).input(0);
    // t(X) %*% (diag(v) %*% (X %*% d)): only vector intermediates
    assertSame(tx, root.input(0));
    Hop inner = root.input(1);
    assertSame(dv, inner.input(0));
    assertSame(x, inner.input(1).input(0));
    assertSame(d, inner.input(1).input(1));
  }

  @Test
  void fullPipelineTurnsTheChainIntoVectorOperations() {
    Hop x = read("X");
    Hop v = read("v");
    Hop d = read("d");
    HopDag dag = dag(write("q", mm(mm(mm(t(x), op(OpCode.DIAG, v)), x), d)));
    RewriteResult r = DynamicRewriter.rewrite(dag, LIVE, ScalarEnvironment.empty());
    // t(X) %*% (v * (X %*% d)) and then t(t(v * (X %*% d)) %*% X)
    Hop root = r.dag().roots().get(0).input(0);
    assertEquals(OpCode.TRANSPOSE, root.op());
    Hop prod = root.input(0);
    assertEquals(OpCode.MATMULT, prod.op());
    assertSame(x, prod.input(1));
    Hop scaled = prod.input(0).input(0);
    assertEquals(new HopParam.Binary(BinaryOp.MULT), scaled.param());
    assertSame(v, scaled.input(0));
    assertEquals(OpCode.MATMULT, scaled.input(1).op());
    assertEquals(100, r.sizes().get(root).rows());
    assertEquals(1, r.sizes().get(root).cols());
  }
}
