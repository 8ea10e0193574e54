package org.planlab.engine.runtime;

import org.planlab.engine.ir.HopDag;
import org.planlab.engine.runtime.program.BlockCode;

/**
 * Lowers a (recompiled) DAG to code at run time; the facade binds it to {@code
 * compile.lower.Lowering} with the configured ordering, so the runtime does not depend on the
 * compiler package.
 */
@FunctionalInterface
public interface DagLowerer {
  /** The code of {@code dag}; {@code predicate} keeps its single root's value as the result. */
  BlockCode lower(HopDag dag, boolean predicate);
}
