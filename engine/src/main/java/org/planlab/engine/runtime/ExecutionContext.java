package org.planlab.engine.runtime;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
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
  private final Shared shared;
  private final int depth;

  /** What every frame of one run shares. */
  record Shared(EngineConfig config, KernelPool pool, Statistics statistics, PrintStream out,
      Interpreter interpreter, DataMover mover) {
  }

  ExecutionContext(Shared shared, Map<String, Data> symbols, int depth) {
    this.shared = shared;
    this.symbols = symbols;
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

  public void set(String name, Data value) {
    symbols.put(name, Objects.requireNonNull(value, "value is null"));
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
    return new ExecutionContext(shared, new HashMap<>(), depth + 1);
  }

  /** A copy of this frame for a parfor worker: same values, own table. */
  ExecutionContext forkForWorker() {
    return new ExecutionContext(shared, new HashMap<>(symbols), depth);
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
