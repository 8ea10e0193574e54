package org.planlab.engine.runtime.program;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.planlab.engine.ir.HopDag;

/** A program block with its DAGs lowered to instructions; mirrors {@code ir.ProgramBlock}. */
public sealed interface CompiledBlock {

  /** A DAG and its code; {@code recompile} when its sizes were unknown at compile time. */
  record Dag(HopDag dag, BlockCode code, boolean recompile) {
    public Dag {
      Objects.requireNonNull(dag, "dag is null");
      Objects.requireNonNull(code, "code is null");
    }
  }

  /** A straight-line block. */
  record Basic(Dag body) implements CompiledBlock {
  }

  /** if / else. */
  record If(Dag predicate, List<CompiledBlock> thenBlocks, List<CompiledBlock> elseBlocks)
      implements CompiledBlock {
    public If {
      thenBlocks = List.copyOf(thenBlocks);
      elseBlocks = List.copyOf(elseBlocks);
    }
  }

  /** while. */
  record While(Dag predicate, List<CompiledBlock> body) implements CompiledBlock {
    public While {
      body = List.copyOf(body);
    }
  }

  /** for / parfor. */
  record For(String variable, Dag from, Dag to, Optional<Dag> increment,
      List<CompiledBlock> body, boolean parallel, Map<String, String> parforOptions)
      implements CompiledBlock {
    public For {
      body = List.copyOf(body);
      parforOptions = Map.copyOf(parforOptions);
    }
  }
}
