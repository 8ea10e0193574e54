package org.planlab.engine.compile.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.planlab.engine.runtime.Hops.bin;
import static org.planlab.engine.runtime.Hops.dag;
import static org.planlab.engine.runtime.Hops.lit;
import static org.planlab.engine.runtime.Hops.mm;
import static org.planlab.engine.runtime.Hops.mread;
import static org.planlab.engine.runtime.Hops.t;
import static org.planlab.engine.runtime.Hops.write;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.matrix.TestMatrices;
import org.planlab.engine.ops.BinaryOp;
import org.planlab.engine.runtime.Runs;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.program.BlockCode;
import org.planlab.engine.spi.DepthFirstOrdering;
import org.planlab.engine.spi.OperatorOrdering;
import org.planlab.engine.spi.OrderingContext;
import org.planlab.engine.spi.Plugins;
import org.planlab.engine.spi.StrategyKind;

class LoweringTest {
  private static final Hop X = mread("X");
  private static final Hop V = mread("v");
  private static final Hop W = mread("w");
  private static final Hop Y = mread("Y");

  private static List<String> opcodes(HopDag dag, Map<Hop, DataCharacteristics> sizes) {
    BlockCode code = Lowering.lower(dag, new DepthFirstOrdering(), sizes, false);
    return code.instructions().stream().map(Instruction::opcode).collect(Collectors.toList());
  }

  private static List<String> opcodes(HopDag dag) {
    return opcodes(dag, Map.of());
  }

  @Test
  void tsmmLeftAndRight() {
    assertEquals(List.of("rvar", "tsmm", "wvar"), opcodes(dag(write("R", mm(t(X), X)))));
    assertEquals(List.of("rvar", "tsmm_right", "wvar"), opcodes(dag(write("R", mm(X, t(X))))));
  }

  @Test
  void mmchainWithAndWithoutWeights() {
    assertEquals(List.of("rvar", "rvar", "rvar", "mmchain_w", "wvar"),
        opcodes(dag(write("R", mm(t(X), bin(BinaryOp.MULT, W, mm(X, V)))))));
    assertTrue(opcodes(dag(write("R", mm(t(X), bin(BinaryOp.MULT, mm(X, V), W)))))
        .contains("mmchain_w"));
    assertEquals(List.of("rvar", "rvar", "mmchain", "wvar"),
        opcodes(dag(write("R", mm(t(X), mm(X, V))))));
  }

  @Test
  void transposeLeftMultiplyWithoutMaterializedTranspose() {
    assertEquals(List.of("rvar", "rvar", "tlmm", "wvar"), opcodes(dag(write("R", mm(t(X), Y)))));
  }

  @Test
  void rewrittenTransposeFormIsStillAChainOrATransposeLeftMultiply() {
    // t(t(w * (X %*% v)) %*% X) == t(X) %*% (w * (X %*% v))
    Hop y = bin(BinaryOp.MULT, W, mm(X, V));
    assertEquals(List.of("rvar", "rvar", "rvar", "mmchain_w", "wvar"),
        opcodes(dag(write("R", t(mm(t(y), X))))));
    assertEquals(List.of("rvar", "rvar", "tlmm", "wvar"),
        opcodes(dag(write("R", t(mm(t(Y), X))))));
  }

  @Test
  void noChainWhenTheIntermediateHasAnotherConsumer() {
    Hop xv = mm(X, V);
    List<String> ops = opcodes(dag(write("R", mm(t(X), xv)), write("Q", xv)));
    assertFalse(ops.contains("mmchain"));
    assertTrue(ops.contains("tlmm") && ops.contains("ba+*"));
    assertFalse(ops.contains("r'"));
  }

  @Test
  void noChainWhenSizesSayVIsNotAColumnVector() {
    Map<Hop, DataCharacteristics> sizes = new IdentityHashMap<>();
    sizes.put(V, DataCharacteristics.dims(4, 3));
    List<String> ops = opcodes(dag(write("R", mm(t(X), mm(X, V)))), sizes);
    assertEquals(List.of("rvar", "rvar", "ba+*", "tlmm", "wvar"), ops);
  }

  @Test
  void transposeKeptWhenUsedElsewhereAndPlainMultiplyOtherwise() {
    Hop tx = t(X);
    List<String> ops = opcodes(dag(write("R", mm(tx, X)), write("T", tx)));
    assertTrue(ops.contains("tsmm") && ops.contains("r'"));
    assertEquals(List.of("rvar", "rvar", "ba+*", "wvar"), opcodes(dag(write("R", mm(X, Y)))));
  }

  @Test
  void slotsAreReleasedAfterLastUseAndReused() {
    Hop h = X;
    for (int i = 0; i < 20; i++) {
      h = bin(BinaryOp.PLUS, h, lit(1.0));
    }
    BlockCode code = Lowering.lower(dag(write("R", h)), new DepthFirstOrdering(), Map.of(),
        false);
    assertEquals(20, code.constants().size(), "literals are frame constants");
    assertEquals(List.of("rvar", "+", "+"), opcodes(dag(write("R", h))).subList(0, 3));
    assertTrue(code.slotCount() - code.constants().size() <= 2, "slots: " + code.slotCount());
    // every slot written is released at most once and never while still needed
    for (int i = 0; i < code.instructions().size(); i++) {
      for (int s : code.releaseAfter().get(i)) {
        assertTrue(s != code.instructions().get(i).output());
      }
    }
  }

  @Test
  void anOrderingThatPutsAnOperatorBeforeItsInputIsRejected() {
    OperatorOrdering reversed = new OperatorOrdering() {
      @Override
      public String name() {
        return "reversed";
      }

      @Override
      public List<Hop> linearize(HopDag dag, OrderingContext ctx) {
        List<Hop> order = new java.util.ArrayList<>(dag.topologicalOrder());
        java.util.Collections.reverse(order);
        return order;
      }
    };
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Lowering.lower(
        dag(write("R", mm(X, Y))), reversed, Map.of(), false));
    assertTrue(e.getMessage().startsWith("ordering reversed placed an operator before its "
        + "input: "), e.getMessage());
  }

  @Test
  void orderingsAreFoundByName() {
    assertEquals("depth-first",
        Plugins.load().create(StrategyKind.ORDERING, "depth-first").name());
  }

  @Test
  void fusedOperatorsComputeTheSameAsNaiveLoops() {
    for (double sp : new double[] {0.05, 1.0}) {
      for (boolean sparse : new boolean[] {false, true}) {
        MatrixBlock x = TestMatrices.random(23, 7, sp, 11, sparse);
        MatrixBlock v = TestMatrices.random(7, 1, 1.0, 12, false);
        MatrixBlock w = TestMatrices.random(23, 1, 1.0, 13, false);
        MatrixBlock y = TestMatrices.random(23, 4, 0.5, 14, sparse);
        double[][] xa = x.toArray();
        double[][] xtx = mult(transpose(xa), xa);
        double[][] xxt = mult(xa, transpose(xa));
        double[][] xv = mult(xa, v.toArray());
        double[][] wxv = new double[xv.length][1];
        for (int i = 0; i < xv.length; i++) {
          wxv[i][0] = w.get(i, 0) * xv[i][0];
        }
        Map<String, double[][]> expected = Map.of(
            "A", xtx, "B", xxt, "C", mult(transpose(xa), wxv), "D", mult(transpose(xa), xv),
            "E", mult(transpose(xa), y.toArray()), "F", mult(transpose(xa), y.toArray()));
        ProgramBlock.Basic b = new ProgramBlock.Basic(dag(
            write("A", mm(t(X), X)), write("B", mm(X, t(X))),
            write("C", mm(t(X), bin(BinaryOp.MULT, W, mm(X, V)))),
            write("D", mm(t(X), mm(X, V))), write("E", mm(t(X), Y)),
            write("F", t(mm(t(Y), X)))));
        Program p = new Program(List.of(b), Map.of());
        Map<String, Data> in = Map.of("X", new MatrixValue(x), "v", new MatrixValue(v), "w",
            new MatrixValue(w), "Y", new MatrixValue(y));
        Runs.Outcome seq = Runs.run(p, in, Runs.config(1));
        Runs.Outcome par = Runs.run(p, in, Runs.config(2));
        for (Map.Entry<String, double[][]> e : expected.entrySet()) {
          MatrixBlock got = ((MatrixValue) seq.get(e.getKey())).block();
          TestMatrices.assertClose(e.getValue(), got, 1e-12, e.getKey());
          assertTrue(MatrixComparison.approxEquals(got,
              ((MatrixValue) par.get(e.getKey())).block(), 0, 0), e.getKey());
        }
      }
    }
  }

  private static double[][] transpose(double[][] a) {
    int n = a.length;
    int m = n == 0 ? 0 : a[0].length;
    double[][] t = new double[m][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        t[j][i] = a[i][j];
      }
    }
    return t;
  }

  private static double[][] mult(double[][] a, double[][] b) {
    int n = a.length;
    int k = b.length;
    int m = k == 0 ? 0 : b[0].length;
    double[][] c = new double[n][m];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++) {
        double s = 0;
        for (int l = 0; l < k; l++) {
          s += a[i][l] * b[l][j];
        }
        c[i][j] = s;
      }
    }
    return c;
  }
}
