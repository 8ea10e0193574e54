package org.planlab.engine.stats;

/**
 * Counters of operator fusion (fusion paper, sec. 5.3 and Table 3): work done by the code
 * generator per run, including dynamic recompilation. Times are in nanoseconds.
 */
public enum CodegenCounter {
  /** HOP DAGs the code generator optimized. */
  DAGS_OPTIMIZED,
  /** CPlans constructed (one per fused operator and optimization). */
  CPLANS_BUILT,
  /**
   * Classes compiled by the configured compiler, Janino or javac (operator-cache misses; with
   * the operator cache off, every CPlan met).
   */
  CLASSES_COMPILED,
  /** Operator-cache hits: CPlans whose class was compiled before (0 with the cache off). */
  CACHE_HITS,
  /** Operators left unfused because their source did not compile (fallback). */
  COMPILE_FAILURES,
  /** Candidate exploration time (OFMC). */
  EXPLORE_NANOS,
  /** Candidate selection time. */
  SELECT_NANOS,
  /** Operator planning and CPlan construction time. */
  CONSTRUCT_NANOS,
  /**
   * Source generation and class compilation time, including cache lookups and waits for a
   * compile another thread started.
   */
  COMPILE_NANOS,
  /** Fused-operator executions. */
  FUSED_EXECUTIONS,
  /** Cells (Cell, MAgg, Outer) or rows (Row) fused operators' bodies ran for. */
  FUSED_WORK
}
