package org.planlab.engine.runtime;

import java.util.List;
import java.util.Map;
import org.planlab.engine.data.Data;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.runtime.instructions.Instruction;

/**
 * THE SEAM for lineage tracing and the reuse cache (ARCHITECTURE.md: "per instruction: lineage
 * TRACE -> cache REUSE? -> execute -> PUT"; MEMPHIS sec. 3.1, Fig. 4). {@link InstructionExecutor}
 * calls the steps in that order for every instruction, giving TRACE the lineage items of the
 * operands; the interpreter asks {@link #reuseCall} and {@link #putCall} around function calls
 * (multi-level reuse, MEMPHIS sec. 3.3). The default, {@link #NONE}, traces nothing, never
 * reuses, and so only executes.
 *
 * <p>Implementations must be thread-safe: parfor workers execute instructions concurrently.
 */
public interface ReuseHook {

  /** Executes without tracing or reuse. */
  ReuseHook NONE = new ReuseHook() {
  };

  /**
   * Whether {@link #trace} returns items: only then does the executor keep the lineage of
   * every slot and variable.
   */
  default boolean traces() {
    return false;
  }

  /**
   * Whether the hook traces scalars by their values, making no item for an instruction that
   * {@link Instruction#tracedByValue() reads and writes scalars only}: the executor then
   * skips TRACE (and REUSE and PUT) for such instructions. By default every instruction is
   * traced.
   */
  default boolean tracesScalarsByValue() {
    return false;
  }

  /**
   * Whether REUSE and PUT can do anything: false for a hook that only traces, whose executor
   * then skips them (and the clock reading PUT needs). By default they are called.
   */
  default boolean reuses() {
    return true;
  }

  /**
   * TRACE: the lineage item of this execution's output, or null when not traced. May replace a
   * nondeterministic operand in {@code in} (and its item in {@code inLineage}) by the value the
   * execution will use — an unseeded {@code rand} gets its seed here — so that the trace
   * records it and recomputing the trace gives the same value.
   */
  default LineageItem trace(Instruction instruction, Data[] in, LineageItem[] inLineage,
      ExecutionContext ctx) {
    return null;
  }

  /**
   * REUSE?: a previously computed output for {@code key}, or one computed from a reused part
   * and the operands {@code in}, or null to execute. A {@link
   * org.planlab.engine.data.CountedHandle} is returned retained (the caller drops it once it
   * holds it).
   */
  default Data reuse(LineageItem key, Instruction instruction, Data[] in, ExecutionContext ctx) {
    return null;
  }

  /** PUT: offers a freshly computed output (and what it cost) for later reuse. */
  default void put(LineageItem key, Instruction instruction, Data output, long computeNanos,
      ExecutionContext ctx) {
  }

  /**
   * PUT with the operands the output was computed from (which an analytical cost of the
   * output needs, MEMPHIS sec. 4.1); by default the PUT without them.
   */
  default void put(LineageItem key, Instruction instruction, Data[] in, Data output,
      long computeNanos, ExecutionContext ctx) {
    put(key, instruction, output, computeNanos, ctx);
  }

  /**
   * REUSE? of the driver's copy of a remote result that a prefetch fetched before (MEMPHIS
   * sec. 5.1, "Reusing Prefetched Results"): the copy for the remote operation's {@code key},
   * or null to run the operation and fetch its result.
   */
  default Data reuseFetched(LineageItem key, ExecutionContext ctx) {
    return null;
  }

  /**
   * PUT, from a prefetch thread, of the driver's copy of the remote result of {@code key}
   * once it arrived; {@code computeNanos} covers the remote operation and the fetch.
   */
  default void putFetched(LineageItem key, Data local, long computeNanos, ExecutionContext ctx) {
  }

  /**
   * The lineage items of the results of calling {@code function} on arguments of lineage
   * {@code args}, when calls of it may be reused as a whole; null otherwise (the call then
   * runs, and its results keep the lineage of the function's instructions).
   */
  default List<LineageItem> callLineage(FunctionKey function, LineageItem[] args,
      int results) {
    return null;
  }

  /**
   * REUSE? of a whole call: its results for the items {@link #callLineage} gave, or null;
   * counted handles among them are returned retained.
   */
  default Data[] reuseCall(List<LineageItem> results, ExecutionContext ctx) {
    return null;
  }

  /**
   * The end of one iteration of a loop that changed the variables of {@code changed}, which
   * maps each to its item when the iteration began (null: none): the hook may replace their
   * items by equivalent, more compact ones (LIMA's loop deduplication).
   */
  default void endOfIteration(Map<String, LineageItem> changed, ExecutionContext ctx) {
  }

  /** PUT of a whole call's results (one per item of {@link #callLineage}). */
  default void putCall(List<LineageItem> results, Data[] values, long computeNanos,
      ExecutionContext ctx) {
  }
}
