package org.planlab.engine.runtime;

import java.util.Map;
import org.planlab.engine.data.Data;
import org.planlab.engine.ir.SizedDag;
import org.planlab.engine.ir.HopDag;

/**
 * Dynamic recompilation (optimizer paper, sec. 4.2): just before a basic block whose DAG had
 * unknown sizes at compile time runs, the interpreter hands the block's original DAG and the
 * live variables to this interface and lowers the DAG it returns. The size-propagation helper
 * provides the real implementation (re-propagating sizes from the live variables and applying
 * dynamic rewrites); {@link #NONE} returns the DAG unchanged.
 */
@FunctionalInterface
public interface Recompiler {

  /** Leaves every DAG as it is, with no sizes known. */
  Recompiler NONE = (dag, live) -> new SizedDag(dag, Map.of());

  /**
   * The DAG to execute now and the sizes now known of its HOPs, given the current values of
   * the live variables (read-only view).
   */
  SizedDag recompile(HopDag dag, Map<String, Data> liveVariables);
}
