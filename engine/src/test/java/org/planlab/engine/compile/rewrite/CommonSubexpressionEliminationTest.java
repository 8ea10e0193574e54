package org.planlab.engine.compile.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.planlab.engine.compile.rewrite.RewriteTestSupport.dag;
import static org.planlab.engine.compile.rewrite.RewriteTestSupport.value;

import org.junit.jupiter.api.Test;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.OpCode;

class CommonSubexpressionEliminationTest {
  private final CommonSubexpressionElimination cse = new CommonSubexpressionElimination();

  @Test
  void equalExpressionsMergeBottomUp() {
    HopDag d = cse.rewrite(dag("  A = t(X + 1) %*% Y\n  B = t(X + 1) %*% Y"));
    assertSame(value(d, "A"), value(d, "B"));
    assertEquals(6 + 3, d.size()); // X, Y, 1, +, t, %*% and the writes of R, A, B
  }

  @Test
  void equalLiteralsMergeButIntegerAndDoubleDoNot() {
    HopDag d = cse.rewrite(dag("  A = X + 1\n  B = Y + 1\n  C = X + 1.0"));
    assertSame(value(d, "A").input(1), value(d, "B").input(1));
    assertNotSame(value(d, "A").input(1), value(d, "C").input(1));
    assertNotSame(value(d, "A"), value(d, "C"));
  }

  @Test
  void unseededRandIsNeverMerged() {
    HopDag d = cse.rewrite(dag("  A = rand(rows=2, cols=2)\n  B = rand(rows=2, cols=2)"));
    assertNotSame(value(d, "A"), value(d, "B"));
    // its literal inputs still merge
    assertSame(value(d, "A").input(0), value(d, "B").input(0));
  }

  @Test
  void seededRandMerges() {
    HopDag d = cse.rewrite(dag("  A = rand(rows=2, cols=2, seed=3)\n"
        + "  B = rand(rows=2, cols=2, seed=3)"));
    assertSame(value(d, "A"), value(d, "B"));
  }

  @Test
  void randWithVariableSeedIsNotMerged() {
    HopDag d = cse.rewrite(dag("  A = rand(rows=2, cols=2, seed=i)\n"
        + "  B = rand(rows=2, cols=2, seed=i)"));
    assertNotSame(value(d, "A"), value(d, "B"));
  }

  @Test
  void unseededSampleAndTimeAreNeverMerged() {
    HopDag d = cse.rewrite(dag("  A = sample(10, 2)\n  B = sample(10, 2)"));
    assertNotSame(value(d, "A"), value(d, "B"));
    // two time() in one statement share a DAG (statements calling time() get a block each)
    Hop t = value(cse.rewrite(RewriteTestSupport.lastDag("  t = time() - time()")), "t");
    assertNotSame(t.input(0), t.input(1));
  }

  @Test
  void sideEffectsAreNeverMerged() {
    HopDag d = cse.rewrite(dag("  print(\"x\")\n  print(\"x\")"));
    long prints = d.roots().stream().filter(r -> r.op() == OpCode.PRINT).count();
    assertEquals(2, prints);
    Hop first = d.roots().get(0);
    Hop second = d.roots().get(1);
    assertNotSame(first, second);
    assertSame(first.input(0), second.input(0));
  }

  @Test
  void unchangedDagIsReturnedAsIs() {
    HopDag d = dag("  A = X + 1");
    assertSame(d, cse.rewrite(d));
  }
}
