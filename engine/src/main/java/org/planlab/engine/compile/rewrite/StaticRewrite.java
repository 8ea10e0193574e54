package org.planlab.engine.compile.rewrite;

import org.planlab.engine.ir.HopDag;

/**
 * One size-independent rewrite of a HOP DAG (optimizer paper, sec. 3.1, static rewrites). Pure:
 * returns the same DAG when nothing applies, else a new one; never changes a result beyond
 * floating-point rounding, nor a HOP's data type or value type.
 */
public interface StaticRewrite {
  /** The rewritten DAG. */
  HopDag rewrite(HopDag dag);
}
