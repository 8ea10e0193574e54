package org.planlab.engine.compile.dynamic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.compile.size.DagInputs;
import org.planlab.engine.compile.size.ProgramSizes;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.FunctionKey;

/**
 * Compile-time application of the dynamic rewrites (optimizer paper, sec. 3.1: "if sizes are
 * known during initial compilation, those rewrites are applied statically"): every DAG of the
 * program — blocks, predicates, loop bounds, function bodies — is rewritten with the sizes
 * inter-procedural analysis pushed into it. The rewritten DAGs are new objects, so run
 * {@link org.planlab.engine.compile.size.InterProceduralAnalysis} again for their size tables.
 */
public final class ProgramRewriter {
  private ProgramRewriter() {
  }

  /** {@code program} with every DAG dynamically rewritten under {@code sizes}. */
  public static Program rewrite(Program program, ProgramSizes sizes) {
    Objects.requireNonNull(program, "program is null");
    Objects.requireNonNull(sizes, "sizes is null");
    Map<FunctionKey, Program.Function> functions = new LinkedHashMap<>();
    for (Map.Entry<FunctionKey, Program.Function> e : program.functions().entrySet()) {
      Program.Function f = e.getValue();
      functions.put(e.getKey(), f.withBody(blocks(f.body(), sizes)));
    }
    return new Program(blocks(program.main(), sizes), functions);
  }

  private static List<ProgramBlock> blocks(List<ProgramBlock> blocks, ProgramSizes sizes) {
    List<ProgramBlock> out = new ArrayList<>(blocks.size());
    for (ProgramBlock b : blocks) {
      out.add(block(b, sizes));
    }
    return out;
  }

  private static ProgramBlock block(ProgramBlock b, ProgramSizes sizes) {
    if (b instanceof ProgramBlock.Basic basic) {
      return new ProgramBlock.Basic(dag(basic.dag(), sizes));
    }
    if (b instanceof ProgramBlock.If branch) {
      return new ProgramBlock.If(dag(branch.predicate(), sizes),
          blocks(branch.thenBlocks(), sizes), blocks(branch.elseBlocks(), sizes));
    }
    if (b instanceof ProgramBlock.While loop) {
      return new ProgramBlock.While(dag(loop.predicate(), sizes), blocks(loop.body(), sizes));
    }
    ProgramBlock.For loop = (ProgramBlock.For) b;
    return new ProgramBlock.For(loop.variable(), dag(loop.from(), sizes), dag(loop.to(), sizes),
        loop.increment().map(d -> dag(d, sizes)), blocks(loop.body(), sizes), loop.parallel(),
        loop.parforOptions());
  }

  private static HopDag dag(HopDag dag, ProgramSizes sizes) {
    if (!sizes.tables().containsKey(dag)) {
      return dag;
    }
    DagInputs in = sizes.inputs(dag);
    return DynamicRewriter.rewrite(dag, in.sizes(), in.constants()).dag();
  }
}
