package org.planlab.engine.backend;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.planlab.engine.data.CountedHandle;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.MatMultInstruction;
import org.planlab.engine.spi.PluginOption;
import org.planlab.engine.spi.PluginOptions;

/**
 * A backend for tests of the seam: it keeps its values in {@link Handle}s only it can open, runs
 * each placed operator with the CP instruction over the handles' blocks (so results are the CP
 * results bit for bit), and counts what crosses the boundary. An instruction of this backend
 * that receives a value it does not hold fails, so a transfer that lowering forgot shows up as
 * an error, not as a silently correct result. Registered twice: {@code handles} for SPARK
 * operations and {@code handles-gpu} for GPU operations (the latter with an operation budget
 * and a device's narrower set of operators).
 */
public final class HandleBackend implements Backend {
  /** The operators the device flavour runs, as GPU backends do: dense linear algebra. */
  private static final Set<OpCode> DEVICE_OPS = Set.of(OpCode.MATMULT, OpCode.BINARY,
      OpCode.UNARY, OpCode.AGGREGATE, OpCode.TRANSPOSE, OpCode.FUSED);

  private final String name;
  private final ExecType execType;
  private final long budget;
  private final long broadcastBudget;
  /** An opcode whose instructions fail on this backend (a failing remote job), or "". */
  private final String failOn;
  private final CpBackend cp = new CpBackend();
  final AtomicLong imports = new AtomicLong();
  final AtomicLong exports = new AtomicLong();
  final AtomicLong executed = new AtomicLong();
  final AtomicLong released = new AtomicLong();
  private volatile boolean closed;
  /** The local blocks whose broadcast was prepared ahead, and those moved here, by identity. */
  private final Set<MatrixBlock> prepared = Collections.synchronizedSet(
      Collections.newSetFromMap(new IdentityHashMap<>()));
  private final Set<MatrixBlock> moved = Collections.synchronizedSet(
      Collections.newSetFromMap(new IdentityHashMap<>()));

  HandleBackend(String name, ExecType execType, long budget) {
    this(name, execType, budget, Long.MAX_VALUE);
  }

  HandleBackend(String name, ExecType execType, long budget, long broadcastBudget) {
    this(name, execType, budget, broadcastBudget, "");
  }

  HandleBackend(String name, ExecType execType, long budget, long broadcastBudget,
      String failOn) {
    this.failOn = failOn;
    this.name = name;
    this.execType = execType;
    this.budget = budget;
    this.broadcastBudget = broadcastBudget;
  }

  /** Matrices moved onto this backend. */
  public long imports() {
    return imports.get();
  }

  /** Matrices moved off this backend to local memory. */
  public long exports() {
    return exports.get();
  }

  /** Handles whose last reference went (a device would have freed their memory). */
  public long released() {
    return released.get();
  }

  /** Instructions this backend executed. */
  public long executed() {
    return executed.get();
  }

  /** Local blocks whose broadcast was prepared ahead of their readers. */
  public int preparedBroadcasts() {
    return prepared.size();
  }

  /** Whether every block prepared ahead was then moved here for a reader. */
  public boolean preparedWereRead() {
    synchronized (prepared) {
      return moved.containsAll(prepared);
    }
  }

  /** The cluster flavour reads local operands as broadcasts, as Spark's operators do. */
  @Override
  public boolean preparesBroadcasts() {
    return execType == ExecType.SPARK;
  }

  @Override
  public void prepareBroadcast(MatrixBlock local, ExecutionContext ctx) {
    prepared.add(local);
  }

  public boolean closed() {
    return closed;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public ExecType execType() {
    return execType;
  }

  @Override
  public boolean supports(Hop hop) {
    return execType != ExecType.GPU || DEVICE_OPS.contains(hop.op());
  }

  @Override
  public long operationBudget() {
    return budget;
  }

  @Override
  public long broadcastBudget() {
    return broadcastBudget;
  }

  @Override
  public Instruction instruction(Hop hop, MatMultInstruction.Kind physical, int[] inputs,
      int output) {
    return new HandleInstruction(cp.instruction(hop, physical, inputs, output), this);
  }

  @Override
  public MatrixData fromLocal(MatrixBlock block, ExecutionContext ctx) {
    imports.incrementAndGet();
    moved.add(block);
    return new Handle(this, block);
  }

  @Override
  public void close() {
    closed = true;
  }

  /**
   * A matrix held by a {@link HandleBackend}, whose references the runtime counts (MEMPHIS
   * sec. 4.2, live variable management): a count that goes below zero, or a handle read by an
   * instruction after its last reference went, fails the run, so every test over this backend
   * checks that the runtime counts what a device backend would reclaim.
   */
  public static final class Handle implements CountedHandle {
    private final HandleBackend owner;
    private final MatrixBlock block;
    private int refs;
    private boolean released;
    private boolean pinned;

    Handle(HandleBackend owner, MatrixBlock block) {
      this.owner = Objects.requireNonNull(owner);
      this.block = Objects.requireNonNull(block);
    }

    @Override
    public long rows() {
      return block.rows();
    }

    @Override
    public long cols() {
      return block.cols();
    }

    @Override
    public long nnz() {
      return block.nnz();
    }

    @Override
    public String location() {
      return owner.name;
    }

    /** Moving the matrix to the driver: counted as an export. */
    @Override
    public MatrixBlock acquireLocal() {
      owner.exports.incrementAndGet();
      return block;
    }

    @Override
    public synchronized void retain() {
      refs++;
      released = false;
    }

    @Override
    public synchronized void drop() {
      if (refs <= 0) {
        throw new IllegalStateException(this + " lost more references than it had");
      }
      refs--;
      released = refs == 0 && !pinned;
      if (released) {
        owner.released.incrementAndGet();
      }
    }

    @Override
    public synchronized void pin() {
      pinned = true;
    }

    @Override
    public boolean tryRetain() {
      retain();
      return true;
    }

    @Override
    public void cached(int height, long computeNanos) {
    }

    @Override
    public void uncached() {
    }

    /** Whether no reference is left: a device would have reclaimed the memory. */
    synchronized boolean released() {
      return released;
    }

    @Override
    public String toString() {
      return "handle of " + block.shape() + " on " + owner.name;
    }
  }

  /** A CP instruction run over this backend's handles. */
  private static final class HandleInstruction extends Instruction {
    private final Instruction cp;
    private final HandleBackend owner;

    HandleInstruction(Instruction cp, HandleBackend owner) {
      super(cp.opcode(), cp.hop(), cp.inputs(), cp.output(), owner.execType);
      this.cp = cp;
      this.owner = owner;
    }

    @Override
    public Data execute(Data[] in, ExecutionContext ctx) {
      if (opcode().equals(owner.failOn)) {
        throw new IllegalStateException("remote job of " + opcode() + " failed (injected)");
      }
      Data[] local = new Data[in.length];
      for (int i = 0; i < in.length; i++) {
        if (in[i] instanceof MatrixData m) {
          if (!(m instanceof Handle h) || h.owner != owner) {
            throw new IllegalStateException(opcode() + " on " + owner.name + " got operand " + i
                + " from " + m.location() + ": a transfer is missing");
          }
          if (h.released()) {
            throw new IllegalStateException(opcode() + " on " + owner.name + " read operand "
                + i + " after its last reference went");
          }
          local[i] = new MatrixValue(h.block);
        } else {
          local[i] = in[i];
        }
      }
      Data out = cp.execute(local, ctx);
      owner.executed.incrementAndGet();
      return out instanceof MatrixValue v ? new Handle(owner, v.block()) : out;
    }
  }

  /**
   * {@code handles}: a stand-in for a distributed backend, with a broadcast budget the fusion
   * cost model sees ({@code handles:broadcastBudget=BYTES}).
   */
  public static final class SparkProvider implements BackendProvider {
    @Override
    public String name() {
      return "handles";
    }

    @Override
    public List<PluginOption> options() {
      return List.of(PluginOption.longValue("broadcastBudget", Long.MAX_VALUE,
          "largest broadcast in bytes, as the fusion cost model sees it"),
          PluginOption.string("failOn", "", "an opcode whose instructions fail here"));
    }

    @Override
    public String description() {
      return "test backend for SPARK operations: CP kernels behind handles, transfers counted";
    }

    @Override
    public ExecType execType() {
      return ExecType.SPARK;
    }

    @Override
    public Backend create(PluginOptions options, BackendContext context) {
      long broadcast = options.longValue("broadcastBudget");
      if (broadcast < 0) {
        throw new IllegalArgumentException("broadcastBudget must be >= 0, was " + broadcast);
      }
      return new HandleBackend(name(), ExecType.SPARK, Long.MAX_VALUE, broadcast,
          options.string("failOn"));
    }
  }

  /** {@code handles-gpu}: a stand-in for a device with {@code budget} bytes per operation. */
  public static final class GpuProvider implements BackendProvider {
    @Override
    public String name() {
      return "handles-gpu";
    }

    @Override
    public String description() {
      return "test backend for GPU operations: dense linear algebra behind handles";
    }

    @Override
    public List<PluginOption> options() {
      return List.of(PluginOption.longValue("budget", 1L << 30,
          "bytes one operation may use on the device"));
    }

    @Override
    public ExecType execType() {
      return ExecType.GPU;
    }

    @Override
    public Backend create(PluginOptions options, BackendContext context) {
      long budget = options.longValue("budget");
      if (budget < 1) {
        throw new IllegalArgumentException("budget must be positive, was " + budget);
      }
      return new HandleBackend(name(), ExecType.GPU, budget);
    }
  }
}
