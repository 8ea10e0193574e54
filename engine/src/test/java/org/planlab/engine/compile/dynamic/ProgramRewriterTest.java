package org.planlab.engine.compile.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.planlab.engine.compile.TestHops.dag;
import static org.planlab.engine.compile.TestHops.lit;
import static org.planlab.engine.compile.TestHops.mm;
import static org.planlab.engine.compile.TestHops.op;
import static org.planlab.engine.compile.TestHops.rand;
import static org.planlab.engine.compile.TestHops.read;
import static org.planlab.engine.compile.TestHops.write;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.planlab.engine.compile.size.InterProceduralAnalysis;
import org.planlab.engine.compile.size.ProgramSizes;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;

class ProgramRewriterTest {
  @Test
  void sizesFromIpaEnableCompileTimeRewrites() {
    // X = rand(1000, 10); B = rand(10, 1000); c = rand(1000, 1); Z = matrix(0, 1000, 10)
    // r = (X %*% B) %*% c; s = Z %*% B
    Hop chain = mm(mm(read("X"), read("B")), read("c"));
    Hop empty = mm(read("Z"), read("B"));
    Program p = new Program(List.of(
        new ProgramBlock.Basic(dag(write("X", rand(1000, 10, 1.0)),
            write("B", rand(10, 1000, 1.0)), write("c", rand(1000, 1, 1.0)),
            write("Z", op(OpCode.FILL, lit(0.0), lit(1000L), lit(10L))))),
        new ProgramBlock.Basic(dag(write("r", chain), write("s", empty)))), Map.of());
    ProgramSizes sizes = InterProceduralAnalysis.analyze(p);
    Program out = ProgramRewriter.rewrite(p, sizes);
    List<Hop> roots = ((ProgramBlock.Basic) out.main().get(1)).dag().roots();
    Hop r = roots.get(0).input(0);
    assertEquals(OpCode.MATMULT, r.input(1).op());
    assertEquals(OpCode.FILL, roots.get(1).input(0).op());
    // the first block has nothing to rewrite
    assertSame(((ProgramBlock.Basic) p.main().get(0)).dag(),
        ((ProgramBlock.Basic) out.main().get(0)).dag());
    // and the rewritten program analyses again
    InterProceduralAnalysis.analyze(out);
  }
}
