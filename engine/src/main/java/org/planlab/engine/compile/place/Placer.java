package org.planlab.engine.compile.place;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.backend.Backend;
import org.planlab.engine.backend.Backends;
import org.planlab.engine.compile.size.MemoryEstimates;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Placement;
import org.planlab.engine.ir.Placement.Decision;
import org.planlab.engine.ir.Placement.Rule;
import org.planlab.engine.lang.types.DataType;

/**
 * Execution-type selection, the compile step after sizes and memory estimates (optimizer paper,
 * sec. 3.3, "we first decide on the execution type"; Spark paper, sec. 3.2-3.3). Per HOP, in
 * topological order, from its operation memory estimate M(op) — inputs, intermediates and output
 * (sec. 3.2) — and the mode:
 * <ul>
 *   <li>{@code singlenode}: CP.
 *   <li>{@code hybrid}: SPARK if M(op) exceeds the local budget (the CP budget, 0.7 of the heap
 *       by default), or if the size is unknown — the robust choice, and the DAG is marked for
 *       recompilation (optimizer paper, sec. 4.1); SPARK also, transitively, for unary
 *       aggregates, unary and matrix-scalar operations and matrix multiplications whose main
 *       input runs on SPARK and has no other consumer (Spark paper, sec. 3.3: no transfer of
 *       that input to the driver), and for row (column) aggregates whose input runs on SPARK
 *       with at most a block of columns (rows), whatever its other consumers: each block
 *       reduces on its own, and only the aggregate, not its input, reaches the driver; else CP.
 *   <li>{@code spark}: SPARK for every operation the distributed backend supports, except
 *       operations whose matrix inputs are all in the driver and that are either small (the
 *       backend's {@code driverLocalBytes}) or read only by operations in the driver, such as
 *       {@code seq} feeding a {@code table} the backend has no operator for.
 *   <li>{@code gpu}: GPU for every operation the device supports whose M(op) fits the device's
 *       budget; unknown sizes stay in CP and mark the DAG for recompilation.
 * </ul>
 * Scalar, variable and control operations always run in the driver, and a HOP the mode's backend
 * has no operator for stays in CP. Fused operators are placed like any other HOP.
 */
public final class Placer {
  private final ExecMode mode;
  private final long localBudget;
  private final Backends backends;

  /**
   * @param mode the execution mode
   * @param localBudget the local (CP) memory budget in bytes
   * @param backends the engine's backends (the mode's remote backend must be among them)
   */
  public Placer(ExecMode mode, long localBudget, Backends backends) {
    this.mode = Objects.requireNonNull(mode, "mode is null");
    this.backends = Objects.requireNonNull(backends, "backends is null");
    if (localBudget < 0) {
      throw new IllegalArgumentException("localBudget must be >= 0, was " + localBudget);
    }
    this.localBudget = localBudget;
    for (ExecType t : Backends.required(mode)) {
      if (backends.get(t) == null) {
        throw new IllegalArgumentException("mode " + mode.label() + " needs a backend for " + t
            + " operations");
      }
    }
  }

  public ExecMode mode() {
    return mode;
  }

  /** The local memory budget in bytes. */
  public long localBudget() {
    return localBudget;
  }

  /** The placement of {@code dag} with the known sizes of its HOPs (identity keys). */
  public Placement place(HopDag dag, Map<Hop, DataCharacteristics> sizes) {
    MemoryEstimates memory = MemoryEstimates.of(dag, sizes);
    Map<Hop, List<Hop>> consumers = mode == ExecMode.HYBRID ? dag.consumers() : Map.of();
    Map<Hop, Decision> decisions = new IdentityHashMap<>();
    boolean recompile = false;
    for (Hop h : dag.topologicalOrder()) {
      long m = memory.operationMemory(h);
      Decision d = decide(h, m, decisions, consumers, sizes);
      recompile |= d.rule() == Rule.UNKNOWN;
      decisions.put(h, d);
    }
    if (mode == ExecMode.SPARK) {
      keepForDriverConsumers(dag, decisions);
    }
    return new Placement(decisions, recompile);
  }

  private Decision decide(Hop h, long m, Map<Hop, Decision> placed,
      Map<Hop, List<Hop>> consumers, Map<Hop, DataCharacteristics> sizes) {
    if (!placeable(h)) {
      return new Decision(ExecType.CP, m, localBudget, Rule.DRIVER);
    }
    switch (mode) {
      case SINGLENODE:
        return new Decision(ExecType.CP, m, localBudget, Rule.SINGLENODE);
      case SPARK: {
        Backend b = backends.get(ExecType.SPARK);
        if (!b.supports(h)) {
          return new Decision(ExecType.CP, m, localBudget, Rule.UNSUPPORTED);
        } else if (m != MemoryEstimates.UNKNOWN && m <= b.driverLocalBytes()
            && !readsFrom(h, ExecType.SPARK, placed)) {
          return new Decision(ExecType.CP, m, localBudget, Rule.SMALL_LOCAL);
        }
        return new Decision(ExecType.SPARK, m, localBudget, Rule.FORCED);
      }
      case GPU: {
        Backend b = backends.get(ExecType.GPU);
        long budget = b.operationBudget();
        if (!b.supports(h)) {
          return new Decision(ExecType.CP, m, budget, Rule.UNSUPPORTED);
        } else if (m == MemoryEstimates.UNKNOWN) {
          return new Decision(ExecType.CP, m, budget, Rule.UNKNOWN);
        }
        return m <= budget ? new Decision(ExecType.GPU, m, budget, Rule.FITS)
            : new Decision(ExecType.CP, m, budget, Rule.EXCEEDS_DEVICE);
      }
      default: {
        Backend b = backends.get(ExecType.SPARK);
        if (!b.supports(h)) {
          return new Decision(ExecType.CP, m, localBudget, Rule.UNSUPPORTED);
        } else if (m == MemoryEstimates.UNKNOWN) {
          return new Decision(ExecType.SPARK, m, localBudget, Rule.UNKNOWN);
        } else if (m > localBudget) {
          return new Decision(ExecType.SPARK, m, localBudget, Rule.EXCEEDS);
        } else if (transitive(h, placed, consumers, sizes)) {
          return new Decision(ExecType.SPARK, m, localBudget, Rule.TRANSITIVE);
        }
        return new Decision(ExecType.CP, m, localBudget, Rule.FITS);
      }
    }
  }

  /**
   * Forced mode: moves to CP every forced operation whose matrix inputs are in the driver and
   * whose consumers, all inside the DAG, run in CP, in reverse topological order so that a chain
   * of such operations moves as a whole. Computing it on the backend would parallelize its inputs
   * and collect its output for nothing.
   */
  private void keepForDriverConsumers(HopDag dag, Map<Hop, Decision> decisions) {
    Map<Hop, List<Hop>> consumers = dag.consumers();
    List<Hop> order = dag.topologicalOrder();
    for (int i = order.size() - 1; i >= 0; i--) {
      Hop h = order.get(i);
      Decision d = decisions.get(h);
      List<Hop> uses = consumers.getOrDefault(h, List.of());
      if (d.rule() != Rule.FORCED || uses.isEmpty() || readsFrom(h, ExecType.SPARK, decisions)) {
        continue;
      }
      boolean driverOnly = true;
      for (Hop c : uses) {
        Decision dc = decisions.get(c);
        driverOnly &= placeable(c) && dc != null && dc.type() == ExecType.CP;
      }
      if (driverOnly) {
        decisions.put(h, new Decision(ExecType.CP, d.memory(), localBudget,
            Rule.DRIVER_CONSUMERS));
      }
    }
  }

  /** Whether a matrix input of {@code h} is placed on {@code type}. */
  private static boolean readsFrom(Hop h, ExecType type, Map<Hop, Decision> placed) {
    for (Hop in : h.inputs()) {
      Decision d = placed.get(in);
      if (in.isMatrix() && d != null && d.type() == type) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a backend can take {@code h} at all: it reads or produces a matrix and is not a
   * variable, control or metadata operation (those run in the driver on handles).
   */
  public static boolean placeable(Hop h) {
    switch (h.op()) {
      case LITERAL, READ_VAR, WRITE_VAR, FUNCTION_CALL, PRINT, STOP, ASSERT, EVICT, NROW, NCOL, LENGTH,
          TIME, PRINTF, LIST, LIST_INDEX, LIST_SET, LIST_APPEND, LIST_REMOVE, CAST_LIST, EVAL:
        return false; // lists and eval live in the driver
      default:
        break;
    }
    for (Hop in : h.inputs()) {
      if (in.dataType() == DataType.LIST) {
        return false; // as.matrix(L[i]), rbind(L), ...: lists live in the driver
      }
    }
    if (h.isMatrix()) {
      return true;
    }
    for (Hop in : h.inputs()) {
      if (in.isMatrix()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The Spark paper's transitive rule (sec. 3.3): a unary aggregate, a unary or matrix-scalar
   * operation, or a matrix multiplication goes to SPARK when its main input runs there and has
   * no other consumer, which keeps that input from being collected into the driver. A row or
   * column aggregate that needs no aggregation across blocks goes there even when its input
   * has other consumers: it costs one pass over the input's blocks where they already are,
   * against collecting the whole input to the driver for a result a block column (row) wide.
   */
  private boolean transitive(Hop h, Map<Hop, Decision> placed, Map<Hop, List<Hop>> consumers,
      Map<Hop, DataCharacteristics> sizes) {
    boolean eligible = switch (h.op()) {
      case AGGREGATE, UNARY, MATMULT -> true;
      case BINARY -> h.param() instanceof HopParam.Binary && h.inputs().size() == 2
          && (h.input(0).isScalar() || h.input(1).isScalar());
      default -> false;
    };
    if (!eligible || h.inputs().isEmpty()) {
      return false;
    }
    Hop main = h.op() == OpCode.BINARY && h.input(0).isScalar() ? h.input(1) : h.input(0);
    Decision d = placed.get(main);
    return main.isMatrix() && d != null && d.type() == ExecType.SPARK
        && (consumers.getOrDefault(main, List.of()).size() == 1
            || withinBlocks(h, sizes.get(main)));
  }

  /** Whether {@code h} is a row or column aggregate whose input fits one block across. */
  private boolean withinBlocks(Hop h, DataCharacteristics in) {
    if (h.op() != OpCode.AGGREGATE || in == null) {
      return false;
    }
    long block = backends.get(ExecType.SPARK).blockSize();
    return switch (h.param(HopParam.Aggregate.class).direction()) {
      case ROW -> in.cols() > 0 && in.cols() <= block;
      case COL -> in.rows() > 0 && in.rows() <= block;
      default -> false;
    };
  }
}
