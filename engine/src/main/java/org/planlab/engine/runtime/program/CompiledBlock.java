package org.planlab.engine.runtime.program;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.Placement;
import org.planlab.engine.ir.SizedDag;

/** A program block with its DAGs lowered to instructions; mirrors {@code ir.ProgramBlock}. */
public sealed interface CompiledBlock {

  /**
   * A DAG and its code; {@code recompile} when its sizes were unknown at compile time.
   *
   * @param dag the original DAG (dynamic recompilation starts from it)
   * @param code its instructions
   * @param recompile whether it is recompiled before each execution
   * @param lowered the DAG the code was lowered from — after operator fusion — with its sizes
   * @param placement the execution type of every HOP of {@code lowered}
   */
  record Dag(HopDag dag, BlockCode code, boolean recompile, SizedDag lowered,
      Placement placement) {
    public Dag {
      Objects.requireNonNull(dag, "dag is null");
      Objects.requireNonNull(code, "code is null");
      Objects.requireNonNull(lowered, "lowered is null");
      Objects.requireNonNull(placement, "placement is null");
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
