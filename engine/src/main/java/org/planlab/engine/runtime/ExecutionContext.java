package org.planlab.engine.runtime;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.CountedHandle;
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
   * While a traced loop iteration runs: the item each variable the iteration changed had when
   * it began (a null value: none), recorded at its first change (see {@link #beginIteration}).
   */
  private Map<String, LineageItem> iterationLog;
  /** How many traced iterations enclose the current statement. */
  private int iterationDepth;
  /**
   * The records of iterations, one per depth, reused from one iteration to the next (a record
   * lives until its iteration's hook call has ended; loops run an iteration per few
   * microseconds, so a map each would be most of what a loop's tracing allocates).
   */
  private final List<HashMap<String, LineageItem>> iterationLogs = new ArrayList<>();
  /** The record of an iteration that has changed no traced variable yet (never written). */
  private static final Map<String, LineageItem> NOTHING_LOGGED =
      Collections.unmodifiableMap(new HashMap<>());

  /**
   * What every frame of one run shares.
   *
   * @param unique the counter naming values whose lineage is unknown (each gets an item of its
   *     own, equal to no other)
   */
  record Shared(EngineConfig config, KernelPool pool, Statistics statistics, PrintStream out,
      Interpreter interpreter, DataMover mover, AtomicLong unique, Prefetcher prefetcher,
      BufferRecycler recycler) {
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
  /**
   * The run's prefetcher when remote results move to the driver asynchronously (MEMPHIS sec.
   * 5.1), else null.
   */
  public Prefetcher prefetcher() {
    return shared.prefetcher();
  }

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
    set(name, value, null);
  }

  /**
   * Binds {@code name} to {@code value} computed as {@code item} (null: not traced, or a scalar,
   * whose value is its lineage).
   */
  public void set(String name, Data value, LineageItem item) {
    CountedHandle.retainAny(Objects.requireNonNull(value, "value is null"));
    Data before = symbols.put(name, value);
    CountedHandle.dropAny(before);
    if (shared.recycler() != null) {
      shared.recycler().rebound(symbols, name, before, value);
    }
    LineageItem previous = item != null ? lineage.put(name, item) : lineage.remove(name);
    if (previous != null || item != null) {
      // a variable without an item before and after (a scalar) changed nothing a trace holds
      logChange(name, previous);
    }
  }

  /**
   * Variable {@code name}, just bound, holds the only reference to {@code buffer} besides
   * slots of running blocks (the executor knows; {@link BufferRecycler}).
   */
  void bound(String name, double[] buffer) {
    shared.recycler().bind(symbols, name, buffer);
  }

  /** Unbinds {@code name} (a temporary of the runtime's own), dropping its reference. */
  public void remove(String name) {
    Data before = symbols.remove(name);
    CountedHandle.dropAny(before);
    if (shared.recycler() != null) {
      shared.recycler().rebound(symbols, name, before, null);
    }
    LineageItem previous = lineage.remove(name);
    logChange(name, previous);
  }

  /** Records {@code name}'s item before its first change in the current iteration. */
  private void logChange(String name, LineageItem previous) {
    if (iterationLog == null) {
      return; // not in an iteration
    }
    if (iterationLog == NOTHING_LOGGED) {
      iterationLog = emptyLog(iterationDepth);
    }
    // not putIfAbsent: a recorded null (no item when the iteration began) must stay
    if (!iterationLog.containsKey(name)) {
      iterationLog.put(name, previous);
    }
  }

  /**
   * Starts recording, for a loop iteration, the items of the variables it changes as they were
   * when it began (LIMA's loop deduplication compares them with the new ones); returns the
   * enclosing iteration's record, to be given to {@link #endIteration}. Costs one map entry per
   * changed variable instead of a copy of all variables' lineage per iteration.
   */
  public Map<String, LineageItem> beginIteration() {
    Map<String, LineageItem> enclosing = iterationLog;
    iterationLog = NOTHING_LOGGED; // the map is taken at the first change
    iterationDepth++;
    return enclosing;
  }

  /** The record of depth {@code d}, emptied: the one of the iteration before has been used. */
  private HashMap<String, LineageItem> emptyLog(int d) {
    while (iterationLogs.size() <= d) {
      iterationLogs.add(new HashMap<>(8));
    }
    HashMap<String, LineageItem> log = iterationLogs.get(d);
    log.clear();
    return log;
  }

  /**
   * Ends the innermost iteration's record and returns it: the items at its beginning of the
   * variables it changed. Its first changes count as the enclosing iteration's as well. The
   * record is valid until the next iteration of the same depth begins.
   */
  public Map<String, LineageItem> endIteration(Map<String, LineageItem> enclosing) {
    Map<String, LineageItem> log = iterationLog == null || iterationLog == NOTHING_LOGGED
        ? Map.of() : iterationLog;
    Map<String, LineageItem> outer = enclosing;
    if (outer != null && !log.isEmpty()) {
      if (outer == NOTHING_LOGGED) {
        outer = emptyLog(iterationDepth - 1);
      }
      for (Map.Entry<String, LineageItem> e : log.entrySet()) {
        if (!outer.containsKey(e.getKey())) {
          outer.put(e.getKey(), e.getValue());
        }
      }
    }
    iterationLog = outer;
    iterationDepth--;
    return log;
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

  /** A read-only view of the traced lineage of this frame's variables (no copy). */
  public Map<String, LineageItem> lineageView() {
    return Collections.unmodifiableMap(lineage);
  }

  /** Replaces the lineage of variable {@code name} (its value unchanged) by {@code item}. */
  public void replaceLineage(String name, LineageItem item) {
    logChange(name, lineage.put(name, Objects.requireNonNull(item, "item is null")));
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

  /**
   * A copy of this frame for a parfor worker: same values and lineage, own tables. The copy's
   * references to counted handles count until it is {@link #dispose disposed}.
   */
  ExecutionContext forkForWorker() {
    symbols.values().forEach(CountedHandle::retainAny);
    return new ExecutionContext(shared, new HashMap<>(symbols), new HashMap<>(lineage), depth);
  }

  /**
   * Ends this frame (a returned function call, a finished parfor worker): its variables no
   * longer reference their values, so backends may reclaim the memory of counted handles
   * nobody else references (MEMPHIS sec. 4.2). The frame must not be used afterwards.
   */
  void dispose() {
    symbols.values().forEach(CountedHandle::dropAny);
    symbols.clear();
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
