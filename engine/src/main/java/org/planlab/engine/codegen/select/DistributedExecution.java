package org.planlab.engine.codegen.select;

/**
 * Which operators of a selected plan run distributed, and what a distributed operator may
 * broadcast: the part of placement the fusion cost model anticipates (fusion paper, sec. 4.2,
 * "Constraints and Distributed Operations"). Fusion runs before placement, which decides per
 * HOP from the fused DAG's memory estimates; the cost model applies the same rule per fused or
 * basic operator of a candidate plan, so it can charge distributed reads and broadcasts (sec.
 * 5.5: fusing driver-side vector operations into distributed operators makes them broadcast
 * more) and reject operators whose broadcasts do not fit the executors.
 *
 * @param scope which operators run distributed
 * @param broadcastBudget the largest broadcast of the distributed backend in bytes (Spark
 *     paper, sec. 3.2: a broadcast must fit the driver and every executor): a distributed fused
 *     operator whose side inputs read whole (always broadcast) exceed it is invalid; a side
 *     aligned with the main input is broadcast up to it and joined beyond
 */
public record DistributedExecution(Scope scope, long broadcastBudget) {

  /** Which operators run distributed. */
  public enum Scope {
    /** None: everything runs in local memory (the {@code singlenode} and {@code gpu} modes). */
    NONE,
    /**
     * Operators whose inputs and output exceed the local memory budget (the {@code hybrid}
     * mode, optimizer paper sec. 3.3).
     */
    EXCEEDING_LOCAL_BUDGET,
    /** Every matrix operator (the {@code spark} mode). */
    ALL
  }

  /** Single-node execution: costs as in local memory only. */
  public static final DistributedExecution NONE =
      new DistributedExecution(Scope.NONE, Long.MAX_VALUE);

  public DistributedExecution {
    java.util.Objects.requireNonNull(scope, "scope is null");
    if (broadcastBudget < 0) {
      throw new IllegalArgumentException("broadcastBudget must be >= 0 bytes, was "
          + broadcastBudget);
    }
  }

  /** Whether any operator may run distributed. */
  public boolean enabled() {
    return scope != Scope.NONE;
  }

  /**
   * Whether an operator whose inputs and output take {@code bytes} runs distributed under a
   * local memory budget of {@code localBudget} bytes.
   */
  public boolean runsDistributed(double bytes, double localBudget) {
    return switch (scope) {
      case NONE -> false;
      case EXCEEDING_LOCAL_BUDGET -> bytes > localBudget;
      case ALL -> true;
    };
  }
}
