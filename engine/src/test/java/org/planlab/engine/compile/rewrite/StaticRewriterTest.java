package org.planlab.engine.compile.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.planlab.engine.compile.build.BuildTestSupport.build;
import static org.planlab.engine.compile.build.BuildTestSupport.dagOf;
import static org.planlab.engine.compile.build.BuildTestSupport.render;
import static org.planlab.engine.compile.build.BuildTestSupport.written;

import org.junit.jupiter.api.Test;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;

/** The whole pipeline over programs, branch removal, and the off switch. */
class StaticRewriterTest {

  @Test
  void constantIfIsReplacedByTheBranchTaken() {
    Program p = StaticRewriter.standard().rewrite(build(
        "n = 3\nif (2 > 5) { a = 1 } else { a = 2\n b = a + 1 }\nprint(n)\n"));
    assertEquals(3, p.main().size());
    assertInstanceOf(ProgramBlock.Basic.class, p.main().get(1));
    assertEquals("2", render(written(dagOf(p.main(), 1), "a")));
    assertEquals("3", render(written(dagOf(p.main(), 1), "b")));
  }

  @Test
  void constantIfWithoutElseDisappearsWhenFalse() {
    Program p = StaticRewriter.standard().rewrite(build("if (1 == 2) { a = 1 }\nprint(\"x\")\n"));
    assertEquals(1, p.main().size());
  }

  @Test
  void constantFalseWhileDisappears() {
    Program p = StaticRewriter.standard().rewrite(build(
        "x = 1\nwhile (FALSE) { x = x + 1 }\nprint(x)\n"));
    assertEquals(2, p.main().size());
  }

  @Test
  void nonConstantBranchesStayButAreRewrittenInside() {
    Program p = StaticRewriter.standard().rewrite(build(
        "x = 1\nif (x > 0) { y = 2 * 3\n if (TRUE) { z = y } }\n"));
    ProgramBlock.If i = assertInstanceOf(ProgramBlock.If.class, p.main().get(1));
    assertEquals(2, i.thenBlocks().size());
    assertEquals("6", render(written(dagOf(i.thenBlocks(), 0), "y")));
  }

  @Test
  void rewritesReachFunctionsAndLoopBounds() {
    Program p = StaticRewriter.standard().rewrite(build(String.join("\n",
        "g = function(matrix[double] A) return (matrix[double] B) { B = t(t(A)) * 1 }",
        "s = 0",
        "for (i in 1:(2 + 3)) { s = s + i }",
        "M = g(matrix(1, 2, 2))")));
    ProgramBlock.For f = assertInstanceOf(ProgramBlock.For.class, p.main().get(1));
    assertEquals("5", render(f.to().roots().get(0)));
    ProgramBlock.Basic body = (ProgramBlock.Basic) p.functions().values().iterator().next()
        .body().get(0);
    assertEquals("A", render(written(body.dag(), "B")));
  }

  @Test
  void standardOrderFoldsThenSimplifies() {
    Program p = StaticRewriter.standard().rewrite(build(
        "X = rand(rows=3, cols=3, seed=1)\nY = (X * (3 - 2)) + (X * (3 - 2))\n"));
    assertEquals("BINARY[*](2,RAND(3,3,0.0,1.0,1.0,1,\"uniform\"))",
        render(written(dagOf(p.main(), 0), "Y")));
  }

  @Test
  void disabledRewriterReturnsTheProgramUnchanged() {
    Program p = build("x = 1 + 2\nif (FALSE) { y = x }\n");
    assertSame(p, StaticRewriter.disabled().rewrite(p));
    assertSame(p, StaticRewriter.of(false).rewrite(p));
    assertEquals(1, StaticRewriter.of(true).rewrite(p).main().size());
  }
}
