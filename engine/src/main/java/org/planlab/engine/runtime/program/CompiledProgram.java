package org.planlab.engine.runtime.program;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.planlab.engine.ir.Program;
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
