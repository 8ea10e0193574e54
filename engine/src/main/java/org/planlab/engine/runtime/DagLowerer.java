package org.planlab.engine.runtime;

import java.util.Map;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.runtime.program.BlockCode;

/**
 * Lowers a (recompiled) DAG to code at run time; the engine binds it to the compiler's
 * {@code compile.lower.DagCompiler} (fusion, placement, lowering), so the runtime does not
 * depend on the compiler package.
 */
@FunctionalInterface
public interface DagLowerer {
  /**
   * The code of {@code dag} given the known sizes of its HOPs (identity keys); {@code
   * predicate} keeps its single root's value as the result.
   */
  BlockCode lower(HopDag dag, Map<Hop, DataCharacteristics> sizes, boolean predicate);

  /**
   * Whether the code depends on sizes beyond the DAG (operator fusion and placement do): then
   * a recompiled DAG is lowered again even when recompilation left it unchanged.
   */
  default boolean dependsOnSizes() {
    return false;
  }
}
