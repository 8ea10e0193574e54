package org.planlab.engine.compile.fusion;

import org.planlab.engine.ir.SizedDag;

/**
 * The code-generation step between size analysis and lowering (ARCHITECTURE.md data flow):
 * replaces parts of a DAG by fused operators. It runs on every DAG at compile time and again
 * after each dynamic recompilation, always from the original DAG.
 */
@FunctionalInterface
public interface DagFusion {
  /** No fusion: the DAG as it is. */
  DagFusion NONE = d -> d;

  /** The DAG to lower and the sizes of its HOPs. */
  SizedDag fuse(SizedDag dag);
}
