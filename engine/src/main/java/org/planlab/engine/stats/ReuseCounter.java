package org.planlab.engine.stats;

/**
 * Counters of lineage-based reuse (MEMPHIS sec. 3.3 and 6.2): probes, their outcomes, what the
 * cache did to make space. Times are in nanoseconds, sizes in bytes.
 */
public enum ReuseCounter {
  /** Instructions whose output was found in memory and not computed. */
  HITS_MEMORY,
  /** Instructions whose output was reloaded from disk and not computed. */
  HITS_DISK,
  /**
   * Instructions computed from a reused part of their output and a cheap compensation (LIMA's
   * partial reuse), e.g. {@code tsmm(cbind(X, dX))} from {@code tsmm(X)}.
   */
  HITS_PARTIAL,
  /** Function calls reused as a whole (multi-level reuse). */
  HITS_FUNCTION,
  /** Probes that found no value. */
  MISSES,
  /** Values stored. */
  PUTS,
  /** Values dropped from memory to make space (spilled or discarded). */
  EVICTIONS,
  /** Evicted values written to disk because recomputing them costs more than reading them. */
  SPILLS,
  /** Spilled values read back on a hit. */
  RELOADS,
  /** Bytes of values stored (puts). */
  BYTES_PUT,
  /** Time spent tracing and probing: the overhead reuse adds to every traced instruction. */
  PROBE_NANOS,
  /** Compute time of the reused values, as measured when they were computed. */
  SAVED_NANOS
}
