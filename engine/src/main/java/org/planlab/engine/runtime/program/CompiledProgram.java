package org.planlab.engine.runtime.program;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.FunctionKey;

/**
 * An executable program: the lowered main blocks and functions, plus the IR program they came
 * from (function signatures, explain output).
 */
public record CompiledProgram(Program source, List<CompiledBlock> main,
    Map<FunctionKey, List<CompiledBlock>> functions) {

  public CompiledProgram {
    main = List.copyOf(main);
    functions = Collections.unmodifiableMap(new LinkedHashMap<>(functions));
  }

  /**
   * The program as it runs: the same blocks over the DAGs that were lowered — after operator
   * fusion, each with the placement of {@link CompiledBlock.Dag#placement()} — for explain.
   */
  public Program lowered() {
    Map<FunctionKey, Program.Function> fs = new LinkedHashMap<>();
    functions.forEach((k, body) -> fs.put(k,
        source.functions().get(k).withBody(lowered(body))));
    return new Program(lowered(main), fs);
  }

  /** Every compiled DAG of the program, in program order (main first, then functions). */
  public List<CompiledBlock.Dag> dags() {
    List<CompiledBlock.Dag> out = new ArrayList<>();
    collect(main, out);
    functions.values().forEach(f -> collect(f, out));
    return out;
  }

  private static void collect(List<CompiledBlock> blocks, List<CompiledBlock.Dag> out) {
    for (CompiledBlock b : blocks) {
      if (b instanceof CompiledBlock.Basic x) {
        out.add(x.body());
      } else if (b instanceof CompiledBlock.If x) {
        out.add(x.predicate());
        collect(x.thenBlocks(), out);
        collect(x.elseBlocks(), out);
      } else if (b instanceof CompiledBlock.While x) {
        out.add(x.predicate());
        collect(x.body(), out);
      } else if (b instanceof CompiledBlock.For x) {
        out.add(x.from());
        out.add(x.to());
        x.increment().ifPresent(out::add);
        collect(x.body(), out);
      }
    }
  }

  private static List<ProgramBlock> lowered(List<CompiledBlock> blocks) {
    List<ProgramBlock> out = new ArrayList<>(blocks.size());
    for (CompiledBlock b : blocks) {
      if (b instanceof CompiledBlock.Basic x) {
        out.add(new ProgramBlock.Basic(x.body().lowered().dag()));
      } else if (b instanceof CompiledBlock.If x) {
        out.add(new ProgramBlock.If(x.predicate().lowered().dag(), lowered(x.thenBlocks()),
            lowered(x.elseBlocks())));
      } else if (b instanceof CompiledBlock.While x) {
        out.add(new ProgramBlock.While(x.predicate().lowered().dag(), lowered(x.body())));
      } else if (b instanceof CompiledBlock.For x) {
        out.add(new ProgramBlock.For(x.variable(), x.from().lowered().dag(),
            x.to().lowered().dag(), x.increment().map(d -> d.lowered().dag()),
            lowered(x.body()), x.parallel(), x.parforOptions()));
      }
    }
    return out;
  }

  /** Number of DAGs (basic blocks and predicates/bounds) in the program. */
  public long dagCount() {
    long n = count(main);
    for (List<CompiledBlock> f : functions.values()) {
      n += count(f);
    }
    return n;
  }

  private static long count(List<CompiledBlock> blocks) {
    long n = 0;
    for (CompiledBlock b : blocks) {
      if (b instanceof CompiledBlock.If x) {
        n += 1 + count(x.thenBlocks()) + count(x.elseBlocks());
      } else if (b instanceof CompiledBlock.While x) {
        n += 1 + count(x.body());
      } else if (b instanceof CompiledBlock.For x) {
        n += 2 + (x.increment().isPresent() ? 1 : 0) + count(x.body());
      } else {
        n += 1;
      }
    }
    return n;
  }
}
