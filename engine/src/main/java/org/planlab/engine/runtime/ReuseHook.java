package org.planlab.engine.runtime;

import org.planlab.engine.data.Data;
import org.planlab.engine.runtime.instructions.Instruction;

/**
 * THE SEAM for lineage tracing and the reuse cache (ARCHITECTURE.md: "per instruction: lineage
 * TRACE -> cache REUSE? -> execute -> PUT"). {@link InstructionExecutor} calls the four steps
 * in that order for every instruction; the default, {@link #NONE}, traces nothing, never
 * reuses, and so only executes.
 *
 * <p>A lineage implementation returns its {@code LineageItem} from {@link #trace}; a reuse
 * cache looks it up in {@link #reuse} and stores results in {@link #put}. Implementations must
 * be thread-safe: parfor workers execute instructions concurrently.
 */
public interface ReuseHook {

  /** Executes without tracing or reuse. */
  ReuseHook NONE = new ReuseHook() {
  };

  /** TRACE: the lineage key of this execution, or null when not traced. */
  default Object trace(Instruction instruction, Data[] inputs, ExecutionContext ctx) {
    return null;
  }

  /** REUSE?: a previously computed output for {@code key}, or null to execute. */
  default Data reuse(Object key, Instruction instruction, ExecutionContext ctx) {
    return null;
  }

  /** PUT: offers a freshly computed output (and what it cost) for later reuse. */
  default void put(Object key, Instruction instruction, Data output, long computeNanos,
      ExecutionContext ctx) {
  }
}
