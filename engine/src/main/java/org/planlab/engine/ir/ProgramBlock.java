package org.planlab.engine.ir;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The program structure around HOP DAGs (optimizer paper, sec. 2: "a hierarchical representation
 * of statement blocks ... defined by the program structure in terms of control flow"). Basic
 * blocks are maximal straight-line sequences; control flow, function calls and side effects that
 * SystemML isolates split them.
 */
public sealed interface ProgramBlock {

  /** A straight-line block with one DAG. */
  record Basic(HopDag dag) implements ProgramBlock {
    public Basic {
      Objects.requireNonNull(dag, "dag is null");
    }
  }

  /** if (predicate) thenBlocks else elseBlocks; the predicate DAG has one scalar root. */
  record If(HopDag predicate, List<ProgramBlock> thenBlocks, List<ProgramBlock> elseBlocks)
      implements ProgramBlock {
    public If {
      Objects.requireNonNull(predicate, "predicate is null");
      thenBlocks = List.copyOf(thenBlocks);
      elseBlocks = List.copyOf(elseBlocks);
    }
  }

  /** while (predicate) body. */
  record While(HopDag predicate, List<ProgramBlock> body) implements ProgramBlock {
    public While {
      Objects.requireNonNull(predicate, "predicate is null");
      body = List.copyOf(body);
    }
  }

  /**
   * for / parfor (variable in from:to by increment) body; each bound is a DAG with one scalar
   * root; {@code increment} empty means DML's default (1, or -1 when from > to for a:b ranges).
   */
  record For(String variable, HopDag from, HopDag to, Optional<HopDag> increment,
      List<ProgramBlock> body, boolean parallel, Map<String, String> parforOptions)
      implements ProgramBlock {
    public For {
      Objects.requireNonNull(variable, "variable is null");
      Objects.requireNonNull(from, "from is null");
      Objects.requireNonNull(to, "to is null");
      Objects.requireNonNull(increment, "increment is null");
      body = List.copyOf(body);
      parforOptions = Map.copyOf(parforOptions);
    }
  }
}
