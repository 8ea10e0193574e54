package org.planlab.engine.compile.lower;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.runtime.program.CompiledBlock;
import org.planlab.engine.runtime.program.CompiledProgram;

/**
 * Compiles every DAG of a whole IR {@link Program} (main blocks and functions) with a
 * {@link DagCompiler}, keeping the block structure and flagging the DAGs that dynamic
 * recompilation must revisit.
 */
public final class ProgramLowering {
  private final DagCompiler compiler;
  private final Map<Hop, DataCharacteristics> sizes;
  private final Predicate<HopDag> needsRecompile;

  /**
   * @param compiler fusion, placement and lowering of one DAG
   * @param sizes known output sizes per HOP (identity keys; may be empty)
   * @param needsRecompile which DAGs had unknown sizes at compile time
   */
  public ProgramLowering(DagCompiler compiler, Map<Hop, DataCharacteristics> sizes,
      Predicate<HopDag> needsRecompile) {
    this.compiler = Objects.requireNonNull(compiler, "compiler is null");
    this.sizes = Objects.requireNonNull(sizes, "sizes is null");
    this.needsRecompile = Objects.requireNonNull(needsRecompile, "needsRecompile is null");
  }

  /** The executable form of {@code program}. */
  public CompiledProgram lower(Program program) {
    Map<FunctionKey, List<CompiledBlock>> functions = new LinkedHashMap<>();
    for (Map.Entry<FunctionKey, Program.Function> e : program.functions().entrySet()) {
      functions.put(e.getKey(), blocks(e.getValue().body()));
    }
    return new CompiledProgram(program, blocks(program.main()), functions);
  }

  private List<CompiledBlock> blocks(List<ProgramBlock> blocks) {
    List<CompiledBlock> out = new ArrayList<>(blocks.size());
    for (ProgramBlock b : blocks) {
      out.add(block(b));
    }
    return out;
  }

  private CompiledBlock block(ProgramBlock b) {
    if (b instanceof ProgramBlock.Basic x) {
      return new CompiledBlock.Basic(dag(x.dag(), false));
    } else if (b instanceof ProgramBlock.If x) {
      return new CompiledBlock.If(dag(x.predicate(), true), blocks(x.thenBlocks()),
          blocks(x.elseBlocks()));
    } else if (b instanceof ProgramBlock.While x) {
      return new CompiledBlock.While(dag(x.predicate(), true), blocks(x.body()));
    }
    ProgramBlock.For x = (ProgramBlock.For) b;
    return new CompiledBlock.For(x.variable(), dag(x.from(), true), dag(x.to(), true),
        x.increment().map(d -> dag(d, true)), blocks(x.body()), x.parallel(),
        x.parforOptions());
  }

  private CompiledBlock.Dag dag(HopDag dag, boolean predicate) {
    // the block keeps the original DAG: recompilation starts from it, not from fused operators
    return compiler.compile(dag, sizes, predicate, needsRecompile.test(dag));
  }
}
