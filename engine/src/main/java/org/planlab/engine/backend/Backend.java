package org.planlab.engine.backend;

import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.MatMultInstruction;
import org.planlab.engine.stats.Statistics;

/**
 * Where placed operators run (ARCHITECTURE.md, "Backends"): the in-memory CP backend, a
 * distributed backend for {@link ExecType#SPARK}, a device backend for {@link ExecType#GPU}.
 * Placement asks a backend which HOPs it {@link #supports}; lowering asks it for the
 * {@link #instruction} of each HOP placed on it and inserts transfers where consecutive
 * operations run on different backends; values move through {@link #fromLocal} and
 * {@link #toLocal}. An engine owns its backends (a Spark session, a device) and closes them
 * with itself (MEMPHIS sec. 2: one cache and one memory manager per backend).
 *
 * <p>Instructions of a backend receive their matrix operands as the backend's own
 * {@link MatrixData} handles (the executor moves any other value here first) and return handles
 * of this backend or scalars.
 */
public interface Backend extends AutoCloseable {

  /** The backend's name, also the {@link MatrixData#location()} of the handles it owns. */
  String name();

  /** The execution type this backend runs. */
  ExecType execType();

  /** Whether this backend has an operator for {@code hop}; a HOP it cannot run stays in CP. */
  boolean supports(Hop hop);

  /**
   * The memory one operation may use on this backend, in bytes ({@code Long.MAX_VALUE}: no
   * limit placement needs to respect, as for a cluster that spills); placement compares a HOP's
   * operation memory estimate with it before placing the HOP here.
   */
  default long operationBudget() {
    return Long.MAX_VALUE;
  }

  /**
   * The largest matrix this backend broadcasts to its workers, in bytes ({@code Long.MAX_VALUE}:
   * no limit, as for backends that broadcast nothing). Code generation's cost model treats a
   * distributed fused operator whose broadcast side inputs exceed it as invalid (fusion paper,
   * sec. 4.2, constraints; Spark paper, sec. 3.2, broadcast budget).
   */
  default long broadcastBudget() {
    return Long.MAX_VALUE;
  }

  /**
   * Whether this backend's operations read a local matrix that fits {@link #broadcastBudget()}
   * as a broadcast that {@link #prepareBroadcast} can make ahead of them (MEMPHIS sec. 5.1,
   * "Broadcasting Local Objects"): lowering then marks the local operation producing such a
   * matrix as the end of a local chain, after which asynchronous execution starts the broadcast.
   */
  default boolean preparesBroadcasts() {
    return false;
  }

  /**
   * Makes the broadcast of {@code local} that this backend's operations will read, ahead of
   * them (Spark partitions the block and registers the broadcast variable; its operators then
   * find it made). Runs on a prefetch thread while the driver goes on.
   */
  default void prepareBroadcast(MatrixBlock local, ExecutionContext ctx) {
  }

  /**
   * In the mode that forces operations onto this backend, the operation memory up to which an
   * operation whose matrix inputs are all in the driver stays there (0: none stays). A
   * distributed backend pays a job's latency for every operation, which for data the driver
   * already holds and that fits one block buys nothing; operations that read distributed data
   * are placed on the backend whatever their size.
   */
  default long driverLocalBytes() {
    return 0;
  }

  /**
   * The side of the square blocks this backend partitions matrices into (0: it does not block
   * them). A row aggregate over at most this many columns, or a column aggregate over at most
   * this many rows, reduces each block on its own, with no final aggregation across blocks.
   */
  default int blockSize() {
    return 0;
  }

  /**
   * The instruction running {@code hop} here.
   *
   * @param hop the HOP placed on this backend
   * @param physical the physical matrix-multiply operator lowering matched for a MATMULT (or
   *     the transpose over one) — tsmm, mmchain, transpose-left — or null
   * @param inputs the frame slots of the operands (the physical operator's inputs)
   * @param output the frame slot of the result, or -1
   */
  Instruction instruction(Hop hop, MatMultInstruction.Kind physical, int[] inputs, int output);

  /**
   * As {@link #instruction(Hop, MatMultInstruction.Kind, int[], int)}, told whether the
   * result is read once, by the next operation of this backend that reads it and by nothing
   * else: a backend whose operations are lazy (Spark) then computes the result inside that
   * reader's work and need not keep it (Spark paper, sec. 4.2: only checkpointed intermediates
   * are persisted).
   */
  default Instruction instruction(Hop hop, MatMultInstruction.Kind physical, int[] inputs,
      int output, boolean readOnce) {
    return instruction(hop, physical, inputs, output);
  }

  /**
   * Bytes of this backend's memory the lineage cache may keep this backend's handles in
   * (MEMPHIS sec. 4.1: a share of Spark's storage memory); 0 keeps none of them. Asked when the
   * cache is first offered a handle of this backend.
   */
  default long reuseBudget() {
    return 0;
  }

  /** Moves a local block onto this backend (parallelize, host-to-device copy). */
  MatrixData fromLocal(MatrixBlock block, ExecutionContext ctx);

  /** Whether {@code m} is held by this backend. */
  default boolean holds(MatrixData m) {
    return name().equals(m.location());
  }

  /** Moves a matrix this backend holds to local memory (collect, device-to-host copy). */
  default MatrixValue toLocal(MatrixData m) {
    MatrixBlock b = m.acquireLocal();
    m.release();
    return new MatrixValue(b);
  }

  /**
   * Frees {@code fraction} (0 to 1) of the memory this backend keeps for values no variable
   * uses any more (MEMPHIS sec. 5.2, eviction injection: the GPU's free list); returns the
   * bytes freed. Backends without such memory free nothing.
   */
  default long evict(double fraction) {
    return 0;
  }

  /** Frees what this backend keeps for {@code m}. */
  default void release(MatrixData m) {
    m.free();
  }

  /**
   * A run of this engine starts recording into {@code stats}; a backend notes where its own
   * counters stand.
   */
  default void runStarted(Statistics stats) {
  }

  /**
   * The run recording into {@code stats} ended (normally or not); a backend adds what it did
   * for the run with {@link Statistics#addBackendCounter}.
   */
  default void runFinished(Statistics stats) {
  }

  /** Releases the backend's resources (sessions, devices, files). */
  @Override
  void close();
}
