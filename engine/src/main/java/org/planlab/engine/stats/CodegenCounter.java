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
  /** Classes compiled by Janino (operator-cache misses). */
  CLASSES_COMPILED,
  /** Operator-cache hits: CPlans whose class was compiled before. */
  CACHE_HITS,
  /** Operators left unfused because their source did not compile (fallback). */
  COMPILE_FAILURES,
  /** Candidate exploration time (OFMC). */
  EXPLORE_NANOS,
  /** Candidate selection time. */
  SELECT_NANOS,
  /** Operator planning and CPlan construction time. */
  CONSTRUCT_NANOS,
  /** Source generation and class compilation time. */
  COMPILE_NANOS,
  /** Fused-operator executions. */
  FUSED_EXECUTIONS,
  /** Cells (Cell, MAgg, Outer) or rows (Row) fused operators' bodies ran for. */
  FUSED_WORK
}
