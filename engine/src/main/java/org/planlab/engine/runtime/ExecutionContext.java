package org.planlab.engine.runtime;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.lineage.Lineages;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.stats.Statistics;

/**
 * The state instructions execute against: the symbol table of one function frame (variable ->
 * value) plus what all frames share — configuration, the kernel pool, statistics, the print
 * sink, the interpreter (for function calls) and the mover of values between backends. Not
 * thread-safe; parfor gives each worker its own {@link #forkForWorker() fork}.
 */
public final class ExecutionContext {
  private final Map<String, Data> symbols;
  /** The lineage of variables, while tracing (MEMPHIS sec. 3.2's LineageMap). */
  private final Map<String, LineageItem> lineage;
  private final Shared shared;
  private final int depth;
  private boolean nondeterministic;

  /**
   * What every frame of one run shares.
   *
   * @param unique the counter naming values whose lineage is unknown (each gets an item of its
   *     own, equal to no other)
   */
  record Shared(EngineConfig config, KernelPool pool, Statistics statistics, PrintStream out,
      Interpreter interpreter, DataMover mover, AtomicLong unique) {
  }

  ExecutionContext(Shared shared, Map<String, Data> symbols, Map<String, LineageItem> lineage,
      int depth) {
    this.shared = shared;
    this.symbols = symbols;
    this.lineage = lineage;
    this.depth = depth;
  }

  public EngineConfig config() {
    return shared.config();
  }

  public KernelPool pool() {
    return shared.pool();
  }

  public Statistics statistics() {
    return shared.statistics();
  }

  /** Where print writes. */
  public PrintStream out() {
    return shared.out();
  }

  public Interpreter interpreter() {
    return shared.interpreter();
  }

  /** Moves matrices between the engine's backends. */
  public DataMover mover() {
    return shared.mover();
  }

  /** Nesting depth of user-function calls (0 in the main program). */
  public int depth() {
    return depth;
  }

  /** The value of {@code name}, or null when it is not defined. */
  public Data get(String name) {
    return symbols.get(name);
  }

  /** Binds {@code name} to {@code value}; its lineage, if it had one, is forgotten. */
  public void set(String name, Data value) {
    symbols.put(name, Objects.requireNonNull(value, "value is null"));
    lineage.remove(name);
  }

  /** Binds {@code name} to {@code value} computed as {@code item} (null: not traced). */
  public void set(String name, Data value, LineageItem item) {
    symbols.put(name, Objects.requireNonNull(value, "value is null"));
    if (item != null) {
      lineage.put(name, item);
    } else {
      lineage.remove(name);
    }
  }

  /**
   * The lineage of variable {@code name}: as traced, else that of its value
   * ({@link #lineageOfValue}), remembered so that later reads agree; null when undefined.
   */
  public LineageItem lineage(String name) {
    LineageItem item = lineage.get(name);
    if (item == null) {
      Data d = symbols.get(name);
      if (d == null) {
        return null;
      }
      item = lineageOfValue(d);
      lineage.put(name, item);
    }
    return item;
  }

  /**
   * The lineage of a value whose computation is not known: a scalar is its own literal; a
   * matrix (an input given to the run, a parfor result) gets an item equal to no other, so it
   * is never mistaken for another value.
   */
  public LineageItem lineageOfValue(Data d) {
    if (d instanceof ScalarValue s) {
      return Lineages.literal(s);
    }
    return uniqueLineage("value");
  }

  /** An item equal to no other: for a value no trace determines ({@code time()}). */
  public LineageItem uniqueLineage(String kind) {
    return Lineages.unique(kind, shared.unique().incrementAndGet());
  }

  /**
   * Notes that this frame executed something nondeterministic (an unseeded {@code rand}): a
   * function call whose frame is marked is not reused as a whole (MEMPHIS sec. 3.3).
   */
  public void markNondeterministic() {
    nondeterministic = true;
  }

  public boolean isNondeterministic() {
    return nondeterministic;
  }

  /** A copy of the traced lineage of this frame's variables (those traced so far). */
  public Map<String, LineageItem> lineageSnapshot() {
    return new HashMap<>(lineage);
  }

  /** A read-only view of the traced lineage of this frame's variables (no copy). */
  public Map<String, LineageItem> lineageView() {
    return Collections.unmodifiableMap(lineage);
  }

  /** Replaces the lineage of variable {@code name} (its value unchanged) by {@code item}. */
  public void replaceLineage(String name, LineageItem item) {
    lineage.put(name, Objects.requireNonNull(item, "item is null"));
  }

  /** A read-only view of the symbol table. */
  public Map<String, Data> variables() {
    return Collections.unmodifiableMap(symbols);
  }

  /** Resolves a script path against the configured working directory. */
  public Path resolve(String path) {
    return config().workingDirectory().resolve(path);
  }

  /** A fresh frame for a function call (empty symbol table, one level deeper). */
  ExecutionContext newFrame() {
    return new ExecutionContext(shared, new HashMap<>(), new HashMap<>(), depth + 1);
  }

  /** A copy of this frame for a parfor worker: same values and lineage, own tables. */
  ExecutionContext forkForWorker() {
    return new ExecutionContext(shared, new HashMap<>(symbols), new HashMap<>(lineage), depth);
  }

  /** In-memory bytes of the matrices in this frame (for peak-memory statistics). */
  long liveBytes() {
    long bytes = 0;
    for (Data d : symbols.values()) {
      if (d instanceof MatrixData m && m.isLocal()) {
        bytes += m.localBytes();
      }
    }
    return bytes;
  }
}
