package org.planlab.engine.lineage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.io.MatrixMetadata;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;
import org.planlab.engine.lang.ast.FunctionKey;
import org.planlab.engine.lang.types.DataType;
import org.planlab.engine.runtime.ExecutionContext;
import org.planlab.engine.runtime.ReuseHook;
import org.planlab.engine.runtime.instructions.AggregateInstruction;
import org.planlab.engine.runtime.instructions.DataGenInstruction;
import org.planlab.engine.runtime.instructions.ElementwiseInstruction;
import org.planlab.engine.runtime.instructions.FusedInstruction;
import org.planlab.engine.runtime.instructions.IndexingInstruction;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.IoInstruction;
import org.planlab.engine.runtime.instructions.LinAlgInstruction;
import org.planlab.engine.runtime.instructions.MatMultInstruction;
import org.planlab.engine.runtime.instructions.ReorgInstruction;
import org.planlab.engine.runtime.instructions.TransferInstruction;
import org.planlab.engine.runtime.instructions.VariableInstruction;

/**
 * Lineage tracing and lineage-based reuse for one run (MEMPHIS sec. 3, LIMA sec. 3-4): the
 * {@link ReuseHook} the engine gives its executor when reuse is on.
 *
 * <p>TRACE builds the item of every instruction's output from its opcode, its
 * {@link Instruction#lineageData() data} and its operands' items. Variable reads take the
 * variable's item; a file read takes the file's path, size and modification time and the
 * number of times the script wrote the file so far (a file the script rewrote is a new value,
 * even within one tick of the file system's clock); an unseeded {@code rand} or
 * {@code sample} draws its seed here and records it as an operand, so the trace recomputes the
 * same value, and marks its frame nondeterministic; {@code time()} is an item of its own. A
 * scalar is traced by its value, which identifies it exactly: scalar arithmetic (and, while
 * only tracing, every scalar) makes no item, and an operation on matrices takes a scalar
 * operand as a literal, so a loop of scalar bookkeeping adds nothing to the trace.
 *
 * <p>REUSE and PUT apply to the deterministic operations that work on matrices (the whitelist:
 * aggregates, element-wise and fused operators, matrix multiplications, reorganisations,
 * indexing, data generation with a seed, linear algebra), never to variable operations, I/O,
 * prints, calls, transfers or pure scalar arithmetic, whose probe would cost more than
 * recomputing. With {@link ReuseMode#MULTILEVEL} whole calls of functions without side effects
 * are reused as well (MEMPHIS sec. 3.3), keyed by a function item per result over the
 * arguments' items; a call that ran something nondeterministic is not stored.
 *
 * <p>Operations placed on Spark are reused alike (MEMPHIS sec. 4.1): a matrix output is cached
 * as its persisted RDD handle (reused even before a job materialized it), a scalar of a Spark
 * action as its value (reused without running the job), and the local copy a transfer to CP
 * collected under an item {@code collected(key)}, so that a later transfer of the same value
 * runs no job. Their compute cost is the analytical {@link #work}; every executed Spark
 * operation or collect counts a job on the cached handles it reads (MEMPHIS eq. 1's r_j,
 * approximated by executed consumers).
 */
public final class LineageReuse implements ReuseHook {
  /** Marks the data of an item whose seed the trace drew: never cached. */
  static final String DRAWN_SEED = " drawn-seed";
  /** Opcode of a function result's item; data: the function and the result's position. */
  public static final String CALL = "fcall";
  /** Opcode of a file read's item. */
  public static final String READ = "read";
  /** Opcode of the item of a distributed value's collected local copy (MEMPHIS sec. 4.1). */
  static final String COLLECTED = "collected";
  /**
   * The least nanoseconds an operation placed on a distributed backend costs: scheduling a
   * Spark stage takes about a millisecond, whatever the data (the floor of its analytical cost).
   */
  static final long DISTRIBUTED_OP_NANOS = 1_000_000;
  /** Operations on a distributed backend whose outputs are reused (deterministic ones). */
  private static final Set<OpCode> DISTRIBUTED_REUSABLE = Set.of(OpCode.UNARY, OpCode.BINARY,
      OpCode.AGGREGATE, OpCode.MATMULT, OpCode.TRANSPOSE, OpCode.RIGHT_INDEX,
      OpCode.LEFT_INDEX, OpCode.CBIND, OpCode.RBIND, OpCode.NARY_MINMAX, OpCode.FUSED,
      OpCode.SEQ);

  private final ReuseMode mode;
  private final ReuseCache cache;
  private final Program program;
  private final Map<FunctionKey, Boolean> reusableFunctions = new ConcurrentHashMap<>();
  private final LoopDeduplication dedup = new LoopDeduplication();
  /**
   * How often the script wrote each file (by absolute path): part of a read's item, since a
   * file rewritten within one tick of its file system's clock keeps its size and time.
   */
  private final Map<Path, Long> writes = new ConcurrentHashMap<>();

  /**
   * Tracing and, unless {@code mode} is {@link ReuseMode#TRACE}, reuse through {@code cache}.
   *
   * @param program the program run, whose functions are checked for side effects
   */
  public LineageReuse(ReuseMode mode, ReuseCache cache, Program program) {
    this.mode = Objects.requireNonNull(mode, "mode is null");
    if (mode == ReuseMode.NONE) {
      throw new IllegalArgumentException("reuse mode none needs no hook: use ReuseHook.NONE");
    }
    if (mode != ReuseMode.TRACE) {
      Objects.requireNonNull(cache, "cache is null");
    }
    this.cache = cache;
    this.program = Objects.requireNonNull(program, "program is null");
  }

  @Override
  public boolean traces() {
    return true;
  }

  /** Only tracing, REUSE and PUT have no cache to ask. */
  @Override
  public boolean reuses() {
    return cache != null;
  }

  /** Scalar arithmetic and scalar variables make no items (see {@link #trace}). */
  @Override
  public boolean tracesScalarsByValue() {
    return true;
  }

  /**
   * The item of this execution. {@code inLineage} is the executor's fresh array for this
   * instruction: the item keeps it as its inputs without a copy.
   */
  @Override
  public LineageItem trace(Instruction instr, Data[] in, LineageItem[] inLineage,
      ExecutionContext ctx) {
    boolean scalar = instr.hop().dataType() == DataType.SCALAR;
    if (instr instanceof VariableInstruction v) {
      if (scalar) {
        return null; // a scalar's lineage is its value: made only where an item needs it
      }
      return switch (instr.hop().op()) {
        case LITERAL -> Lineages.literal(instr.hop().param(HopParam.Literal.class).value());
        case READ_VAR -> {
          LineageItem item = ctx.lineage(v.variable());
          // an undefined variable fails in execute with its own message
          yield item != null ? item : ctx.uniqueLineage("undefined");
        }
        default -> null; // a write has no output; execute keeps the value's item
      };
    }
    if (instr instanceof IoInstruction && instr.hop().op() == OpCode.WRITE_FILE
        && in.length > 1 && in[1] instanceof ScalarValue path) {
      // traced before it executes: every later read of the file sees the new count
      writes.merge(absolute(ctx.resolve(path.asString())), 1L, Long::sum);
    }
    if (instr.output() < 0) {
      return null;
    }
    if (instr instanceof TransferInstruction) {
      return inLineage[0]; // the same value on another backend
    }
    if (instr instanceof DataGenInstruction d && d.isClock()) {
      return ctx.uniqueLineage("time");
    }
    if (scalar && (cache == null || !cache.admits(work(instr, in)) || !cacheableKind(instr))) {
      // scalar arithmetic, a scalar too cheap to probe for, and, while only tracing, every
      // scalar: traced by value, which is exact and saves an item per operation of a scalar
      // loop (its consumers make the literal when they need one)
      return null;
    }
    for (int i = 0; i < inLineage.length; i++) {
      if (inLineage[i] == null) {
        if (!(in[i] instanceof ScalarValue s)) {
          return null; // an operand the trace does not know: the output is not traced
        }
        inLineage[i] = Lineages.literal(s);
      }
    }
    if (instr instanceof DataGenInstruction d) {
      int seed = d.unseededOperand(in);
      if (seed >= 0) {
        ScalarValue drawn = ScalarValue.of(DataGenInstruction.drawSeed());
        in[seed] = drawn;
        inLineage[seed] = Lineages.literal(drawn);
        ctx.markNondeterministic();
        return LineageItem.owning(instr.opcode(), instr.lineageData() + DRAWN_SEED, inLineage);
      }
    }
    if (instr instanceof IoInstruction && instr.hop().op() == OpCode.READ_FILE
        && in[0] instanceof ScalarValue path) {
      Path file = absolute(ctx.resolve(path.asString()));
      return LineageItem.owning(READ, instr.lineageData() + " " + fileIdentity(file) + " w"
          + writes.getOrDefault(file, 0L), inLineage);
    }
    FusedLineage fused = instr.fusedLineage();
    LineageItem item = fused != null ? fused.item(inLineage) : null;
    return item != null ? item
        : LineageItem.owning(instr.opcode(), instr.lineageData(), inLineage);
  }

  private static Path absolute(Path file) {
    return file.toAbsolutePath().normalize();
  }

  /**
   * Path, size and modification time (as precise as the file system keeps it) of a file and
   * of its metadata file. A read's data is {@code OPERATION PARAMETER DATATYPE VALUETYPE}
   * (four words: a read's parameter is {@code None[]}), this, and {@code wN}: how often the
   * run had written the file.
   */
  private static String fileIdentity(Path file) {
    StringBuilder sb = new StringBuilder(file.toString());
    for (Path p : List.of(file, MatrixMetadata.pathFor(file))) {
      String stamp;
      try {
        stamp = Files.size(p) + "@" + Files.getLastModifiedTime(p).to(TimeUnit.NANOSECONDS);
      } catch (IOException e) {
        stamp = "-"; // missing: the read fails, or has no metadata
      }
      sb.append(' ').append(stamp);
    }
    return sb.toString();
  }

  /** The words of a read item's data: see {@link #fileIdentity}. */
  private static String[] readWords(LineageItem read) {
    String[] w = read.data().split(" ");
    if (!read.opcode().equals(READ) || w.length < 8) {
      throw new IllegalArgumentException("not a traced read: " + read);
    }
    return w;
  }

  /** The absolute path a traced read read. */
  static String readPath(LineageItem read) {
    String[] w = readWords(read);
    return String.join(" ", Arrays.copyOfRange(w, 4, w.length - 3));
  }

  /**
   * Whether the file of a traced read has the size and time it had then, as has its
   * metadata: otherwise reading it again would give another value. (The write count is the
   * traced run's own and says nothing to another.)
   */
  static boolean fileUnchanged(LineageItem read) {
    String[] w = readWords(read);
    String traced = readPath(read) + " " + w[w.length - 3] + " " + w[w.length - 2];
    return fileIdentity(Path.of(readPath(read))).equals(traced);
  }

  /** Loop iterations are deduplicated (LIMA sec. 3.3, {@link LoopDeduplication}). */
  @Override
  public void endOfIteration(Map<String, LineageItem> changed, ExecutionContext ctx) {
    dedup.endOfIteration(changed, ctx);
  }

  /**
   * The cached output of {@code key}; else, when a part of it is cached, the output computed
   * from that part ({@link PartialReuse}), which is then cached as a whole.
   */
  @Override
  public Data reuse(LineageItem key, Instruction instr, Data[] in, ExecutionContext ctx) {
    if (collects(instr, in)) {
      // MEMPHIS sec. 4.1, reuse of Spark actions: the local copy collected before
      return reuseFetched(key, ctx);
    }
    // the admission test first: a few multiplications reject the operations on small data
    if (cache == null || !cache.admits(work(instr, in)) || !cacheable(instr, key)) {
      return null;
    }
    Data hit = cache.get(key, ctx.statistics());
    if (hit == null) {
      long t0 = System.nanoTime();
      hit = PartialReuse.compute(key, instr, in, cache, ctx);
      if (hit != null) {
        cache.put(key, hit, System.nanoTime() - t0, ctx.statistics());
        // handed out retained, as a hit from the cache is
        org.planlab.engine.data.CountedHandle.retainAny(hit);
      }
    }
    return hit;
  }

  /**
   * A rough lower bound of the nanoseconds {@code instr} computes on {@code in}, taking one
   * nanosecond per multiply-add of a matrix product or decomposition and per cell read by any
   * other operation: enough to tell the operations on a few hundred cells, which no probe can
   * pay for, from the rest.
   */
  static long work(Instruction instr, Data[] in) {
    if (distributed(instr)) {
      return Math.max(DISTRIBUTED_OP_NANOS, distributedWork(instr, in));
    }
    long cells = 0;
    for (Data d : in) {
      if (d instanceof MatrixData m) {
        cells += m.rows() * m.cols();
      }
    }
    if (instr instanceof MatMultInstruction && in.length > 0 && in[0] instanceof MatrixData x) {
      long other = in.length > 1 && in[1] instanceof MatrixData y ? y.cols() : 1;
      return switch (((MatMultInstruction) instr).kind()) {
        case MULTIPLY, TRANSPOSE_LEFT -> Math.max(cells, x.rows() * x.cols() * other);
        case TSMM_LEFT -> x.rows() * x.cols() * x.cols() / 2;
        case TSMM_RIGHT -> x.rows() * x.rows() * x.cols() / 2;
        default -> 2 * x.rows() * x.cols();
      };
    }
    if (instr instanceof LinAlgInstruction && in.length > 0 && in[0] instanceof MatrixData a) {
      return a.rows() * a.rows() * a.rows() / 3;
    }
    return cells;
  }

  /**
   * The work of an operation on a distributed backend, whose handle outputs are computed
   * lazily (the measured time is the time to define them): a matrix multiplication of one
   * operand is a Gram matrix (tsmm), others as in {@link #work}.
   */
  private static long distributedWork(Instruction instr, Data[] in) {
    if (instr.hop().op() == OpCode.MATMULT && in.length == 1 && in[0] instanceof MatrixData x) {
      return x.rows() * x.cols() * x.cols() / 2;
    }
    if (instr.hop().op() == OpCode.MATMULT && in.length == 2 && in[0] instanceof MatrixData x
        && in[1] instanceof MatrixData y) {
      return x.rows() * x.cols() * y.cols();
    }
    long cells = 0;
    for (Data d : in) {
      if (d instanceof MatrixData m) {
        cells += m.rows() * m.cols();
      }
    }
    return cells;
  }

  /** Whether {@code instr} runs on a distributed backend (it is not a transfer). */
  private static boolean distributed(Instruction instr) {
    return instr.execType() == ExecType.SPARK && !(instr instanceof TransferInstruction);
  }

  /** Whether {@code instr} is an operation of a device backend. */
  private static boolean onDevice(Instruction instr) {
    return instr.execType() == ExecType.GPU && !(instr instanceof TransferInstruction);
  }

  /** Whether {@code instr} moves a value held by another backend into local memory. */
  private static boolean collects(Instruction instr, Data[] in) {
    return instr instanceof TransferInstruction t && t.target() == ExecType.CP
        && in.length == 1 && in[0] instanceof MatrixData m && !m.isLocal();
  }

  /** The key of the local copy of the value of {@code key}. */
  private static LineageItem collected(LineageItem key) {
    return new LineageItem(COLLECTED, "", key);
  }

  /**
   * PUT with the operands: an output of a distributed backend costs its analytical work
   * (MEMPHIS sec. 4.1's c(o); the measured time of a lazy transformation says nothing), every
   * executed consumer of a cached handle counts a job reading it (r_j), and a collected local
   * copy is cached for later transfers of the same value.
   */
  @Override
  public void put(LineageItem key, Instruction instr, Data[] in, Data output, long computeNanos,
      ExecutionContext ctx) {
    if (cache == null) {
      return;
    }
    if (collects(instr, in)) {
      putFetched(key, output, computeNanos, ctx);
      return;
    }
    if (distributed(instr)) {
      cache.countJobs(key.inputs());
      put(key, instr, output, Math.max(computeNanos, work(instr, in)), ctx);
      return;
    }
    put(key, instr, output, computeNanos, ctx);
  }

  /** The local copy a transfer collected or a prefetch fetched before. */
  @Override
  public Data reuseFetched(LineageItem key, ExecutionContext ctx) {
    return cache == null ? null : cache.get(collected(key), ctx.statistics());
  }

  /**
   * A collected or prefetched local copy of the remote value of {@code key}, cached under
   * {@code collected(key)}, so a later transfer or prefetch of the value runs no job; the
   * fetch counts as a job reading the remote result.
   */
  @Override
  public void putFetched(LineageItem key, Data local, long computeNanos, ExecutionContext ctx) {
    if (cache == null) {
      return;
    }
    cache.countJobs(List.of(key));
    if (local instanceof MatrixValue && cache.admits(computeNanos)) {
      cache.put(collected(key), local, computeNanos, ctx.statistics());
    }
  }

  @Override
  public void put(LineageItem key, Instruction instr, Data output, long computeNanos,
      ExecutionContext ctx) {
    // the cache refuses fast outputs first; the whitelist is asked only for the others
    if (cache != null && cache.admits(computeNanos) && cacheable(instr, key)) {
      cache.put(key, output, computeNanos, ctx.statistics());
    }
  }

  /** The whitelist: deterministic operations on matrices (see the class comment). */
  static boolean cacheable(Instruction instr, LineageItem key) {
    return !key.data().endsWith(DRAWN_SEED) && cacheableKind(instr);
  }

  /** Whether the instruction is of a whitelisted kind (whatever its operands' values). */
  private static boolean cacheableKind(Instruction instr) {
    boolean kind = instr instanceof AggregateInstruction || instr instanceof ElementwiseInstruction
        || instr instanceof FusedInstruction || instr instanceof MatMultInstruction
        || instr instanceof ReorgInstruction || instr instanceof IndexingInstruction
        || instr instanceof LinAlgInstruction
        || (instr instanceof DataGenInstruction d && !d.isClock())
        // MEMPHIS sec. 4.1-4.2: the same operations on Spark (their RDD handles, or the
        // scalars of their actions) and on the GPU (device pointers); reads and random data
        // draw on files and seeds the trace does not see
        || ((distributed(instr) || onDevice(instr))
            && DISTRIBUTED_REUSABLE.contains(instr.hop().op()));
    if (!kind) {
      return false;
    }
    Hop h = instr.hop();
    if (h.dataType() == DataType.MATRIX || instr instanceof FusedInstruction) {
      return true;
    }
    for (Hop i : h.inputs()) {
      if (i.dataType() == DataType.MATRIX) {
        return true;
      }
    }
    return false;
  }

  // ---- multi-level reuse of function calls

  @Override
  public List<LineageItem> callLineage(FunctionKey function, LineageItem[] args, int results) {
    // a function without results runs for its checks (stop, assert) alone: an empty list of
    // items would be found in full without ever having run
    if (mode != ReuseMode.MULTILEVEL || results == 0 || !reusable(function)) {
      return null;
    }
    for (LineageItem a : args) {
      if (a == null) {
        return null;
      }
    }
    List<LineageItem> items = new ArrayList<>(results);
    for (int i = 0; i < results; i++) {
      items.add(new LineageItem(CALL, function + "#" + i, args));
    }
    return items;
  }

  @Override
  public Data[] reuseCall(List<LineageItem> results, ExecutionContext ctx) {
    return cache.getAll(results, ctx.statistics());
  }

  @Override
  public void putCall(List<LineageItem> results, Data[] values, long computeNanos,
      ExecutionContext ctx) {
    for (int i = 0; i < results.size(); i++) {
      cache.put(results.get(i), values[i], computeNanos, ctx.statistics());
    }
  }

  /**
   * Whether calls of {@code function} may be reused as a whole: neither it nor a function it
   * calls prints, reads or writes files or reads the clock (their effects or results are not
   * determined by the arguments). Unseeded random numbers are caught when they run.
   */
  boolean reusable(FunctionKey function) {
    Boolean r = reusableFunctions.get(function);
    if (r == null) {
      r = sideEffectFree(function, new HashSet<>());
      reusableFunctions.put(function, r);
    }
    return r;
  }

  private boolean sideEffectFree(FunctionKey function, Set<FunctionKey> visiting) {
    Program.Function f = program.functions().get(function);
    if (f == null) {
      return false;
    }
    if (!visiting.add(function)) {
      return true; // recursion: decided by the rest of the cycle
    }
    // the cache holds matrices and scalars: a function taking or returning a list is not
    // reused as a whole (its operations still are)
    boolean lists = f.definition().parameters().stream()
        .anyMatch(p -> p.type().dataType() == DataType.LIST)
        || f.definition().results().stream().anyMatch(r -> r.type().dataType() == DataType.LIST);
    return !lists && blocksFree(f.body(), visiting);
  }

  private boolean blocksFree(List<ProgramBlock> blocks, Set<FunctionKey> visiting) {
    for (ProgramBlock b : blocks) {
      if (!blockFree(b, visiting)) {
        return false;
      }
    }
    return true;
  }

  private boolean blockFree(ProgramBlock b, Set<FunctionKey> visiting) {
    if (b instanceof ProgramBlock.Basic basic) {
      return dagFree(basic.dag(), visiting);
    }
    if (b instanceof ProgramBlock.If i) {
      return dagFree(i.predicate(), visiting) && blocksFree(i.thenBlocks(), visiting)
          && blocksFree(i.elseBlocks(), visiting);
    }
    if (b instanceof ProgramBlock.While w) {
      return dagFree(w.predicate(), visiting) && blocksFree(w.body(), visiting);
    }
    ProgramBlock.For l = (ProgramBlock.For) b;
    return dagFree(l.from(), visiting) && dagFree(l.to(), visiting)
        && (l.increment().isEmpty() || dagFree(l.increment().get(), visiting))
        && blocksFree(l.body(), visiting);
  }

  private boolean dagFree(HopDag dag, Set<FunctionKey> visiting) {
    for (Hop h : dag.topologicalOrder()) {
      switch (h.op()) {
        case PRINT, WRITE_FILE, READ_FILE, TIME, EVAL:
          return false; // eval may call anything
        case FUNCTION_CALL:
          if (!sideEffectFree(h.param(HopParam.Call.class).function(), visiting)) {
            return false;
          }
          break;
        default:
          break;
      }
    }
    return true;
  }
}
