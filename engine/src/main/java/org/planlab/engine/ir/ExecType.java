package org.planlab.engine.ir;

/**
 * Where an operator runs (optimizer paper, sec. 3.3; Spark paper, sec. 3.3): in memory in the
 * driver JVM ({@code CP}, "control program"), on a distributed backend ({@code SPARK}), or on
 * an accelerator ({@code GPU}). Placement gives every HOP one per compilation; the HOP itself
 * stays immutable, so recompilation can place it anew.
 */
public enum ExecType {
  /** In-memory, multi-threaded kernels in the driver. Always available. */
  CP,
  /** A distributed backend (Spark, or a stand-in registered for SPARK). */
  SPARK,
  /** A device backend (a GPU, or the simulated device). */
  GPU;

  /** The lower-case name used in explain output and statistics. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
