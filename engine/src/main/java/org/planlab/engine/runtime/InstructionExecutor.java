package org.planlab.engine.runtime;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.planlab.engine.backend.Backend;
import org.planlab.engine.data.CountedHandle;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.lang.DmlException;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.matrix.BlockPool;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.instructions.FunctionCallInstruction;
import org.planlab.engine.runtime.instructions.Instruction;
import org.planlab.engine.runtime.instructions.VariableInstruction;
import org.planlab.engine.runtime.program.BlockCode;

/**
 * The one path every instruction executes through: gather operands from the frame, then the
 * four steps of ARCHITECTURE.md — TRACE, REUSE?, execute, PUT — via the {@link ReuseHook}, then
 * store the output and release dead slots. Failures become one {@link DmlRuntimeException} at
 * the instruction's HOP position.
 */
public final class InstructionExecutor {
  /** The operand lineage of instructions without operands (an empty array is immutable). */
  private static final LineageItem[] NO_LINEAGE = new LineageItem[0];

  private final ReuseHook hook;
  /** Whether the hook traces scalars by value: scalar instructions then skip the hook. */
  private final boolean byValue;
  /** Whether the hook's REUSE and PUT are called (not when it only traces). */
  private final boolean reuses;

  /**
   * Where the buffers of dead intermediates go back to, or null: only without tracing, whose
   * lineage and cache may hold values.
   */
  private final BufferRecycler recycler;

  public InstructionExecutor(ReuseHook hook) {
    this(hook, null);
  }

  /**
   * An executor whose runs give the dense buffers of intermediates that died back to
   * {@code buffers} (null: none), unless {@code hook} traces lineage or runs prefetch.
   */
  public InstructionExecutor(ReuseHook hook, BlockPool buffers) {
    this.hook = Objects.requireNonNull(hook, "hook is null");
    this.byValue = hook.tracesScalarsByValue();
    this.reuses = hook.reuses();
    this.recycler = hook.traces() || buffers == null ? null : new BufferRecycler(buffers);
  }

  /** What decides when buffers die, or null when runs recycle none. */
  BufferRecycler recycler() {
    return recycler;
  }

  public ReuseHook hook() {
    return hook;
  }

  /** Runs all instructions of {@code code} on a fresh frame; returns the frame's result slot. */
  public Data run(BlockCode code, ExecutionContext ctx) {
    Data[] frame = new Data[code.slotCount()];
    // which slots alone reference their value's buffer (see track); none with prefetches,
    // which hold values beyond their slots
    boolean[] owned = recycler != null && ctx.prefetcher() == null
        ? new boolean[frame.length] : null;
    // the lineage of every slot, kept only while tracing (MEMPHIS sec. 3.2's LineageMap holds
    // variables; within a block, values live in slots)
    LineageItem[] lineage = hook.traces() ? new LineageItem[frame.length] : null;
    List<Data> constants = code.constants();
    for (int i = 0; i < constants.size(); i++) {
      frame[i] = constants.get(i);
    }
    if (lineage != null) {
      List<LineageItem> c = code.constantLineage();
      for (int i = 0; i < c.size(); i++) {
        LineageItem item = c.get(i);
        lineage[i] = item != null ? item : ctx.lineageOfValue(constants.get(i));
      }
    }
    if (owned != null) {
      recycler.enter(frame);
    }
    try {
      int segment = 0;
      for (int i = 0; i < code.instructions().size(); ) {
        if (segment < code.segments().size() && code.segments().get(segment).start() == i) {
          BlockCode.Segment s = code.segments().get(segment++);
          runSegment(code, s, frame, lineage, owned, ctx);
          i = s.end();
        } else {
          step(code, i++, frame, lineage, owned, ctx);
        }
      }
    } finally {
      if (owned != null) {
        recycler.exit(frame);
      }
    }
    Data result = code.resultSlot() >= 0 ? frame[code.resultSlot()] : null;
    for (int s = constants.size(); s < frame.length; s++) {
      if (s != code.resultSlot()) {
        CountedHandle.dropAny(frame[s]);
      }
    }
    return result;
  }

  /**
   * Instruction {@code i} of {@code code}, asynchronously when it is a remote chain root and
   * the run prefetches, starting a broadcast after it when it ends a local chain a remote
   * backend reads (MEMPHIS sec. 5.1); then the slots whose last use it was are released.
   */
  private void step(BlockCode code, int i, Data[] frame, LineageItem[] lineage,
      boolean[] owned, ExecutionContext ctx) {
    Instruction instr = code.instructions().get(i);
    boolean async = ctx.prefetcher() != null;
    if (async && code.remoteRoots().contains(i)) {
      executeAsync(instr, frame, lineage, ctx);
    } else {
      execute(instr, frame, lineage, owned, ctx);
      Backend target = async ? code.broadcastAfter().get(i) : null;
      if (target != null && frame[instr.output()] instanceof MatrixValue m) {
        ctx.prefetcher().broadcast(m.block(), target, ctx);
      }
    }
    release(code.releaseAfter().get(i), frame, lineage, owned);
  }

  /**
   * Last uses: lets the intermediates be collected, device matrices be recycled, and gives
   * the buffers of local blocks only their slot referenced back to the pool.
   */
  private void release(int[] slots, Data[] frame, LineageItem[] lineage, boolean[] owned) {
    for (int s : slots) {
      if (owned != null && owned[s]) {
        owned[s] = false;
        recycler.slotDied(BufferRecycler.buffer(frame[s]));
      }
      CountedHandle.dropAny(frame[s]);
      frame[s] = null;
      if (lineage != null) {
        lineage[s] = null;
      }
    }
  }

  /**
   * A group of independent local chains: with asynchronous operators on, the chains run at
   * the same time on the calling thread and the kernel pool's threads (local inter-operator
   * parallelism; lowering gave each chain its own slots), otherwise one after another; then the
   * values from before the group whose last readers were in it are released. A failing chain
   * fails the run with the first failure in chain order once every chain has ended.
   */
  private void runSegment(BlockCode code, BlockCode.Segment s, Data[] frame,
      LineageItem[] lineage, boolean[] owned, ExecutionContext ctx) {
    List<Runnable> chains = new ArrayList<>(s.chains().size());
    for (int[] chain : s.chains()) {
      chains.add(() -> {
        for (int k : chain) {
          step(code, k, frame, lineage, owned, ctx);
        }
      });
    }
    if (ctx.prefetcher() != null) {
      ctx.pool().runConcurrently(chains);
    } else {
      chains.forEach(Runnable::run);
    }
    release(s.releaseAtEnd(), frame, lineage, owned);
  }

  /**
   * TRACE -> REUSE? -> execute -> PUT for one instruction over {@code frame}, with the slots'
   * lineage in {@code lineage} (null when not tracing) and, when buffers are recycled, which
   * slots alone reference their buffer in {@code owned} (else null).
   */
  private void execute(Instruction instr, Data[] frame, LineageItem[] lineage, boolean[] owned,
      ExecutionContext ctx) {
    Call call = gather(instr, frame,
        byValue && instr.tracedByValue() ? null : lineage, ctx);
    // the clock is read only for statistics and the timeline (a read costs as much as a tiny
    // operation), and once for both PUT's compute time and the instruction's end
    boolean timed = ctx.config().statistics() || ctx.config().timeline();
    long start = timed ? System.nanoTime() : 0;
    LineageItem key = trace(instr, call, ctx);
    BlockPool.Scope scope = owned != null && instr.keepsNoOperand()
        ? recycler.pool().open() : null;
    Result r;
    try {
      r = compute(instr, call, key, start, ctx);
    } finally {
      if (scope != null) {
        scope.close();
      }
    }
    if (timed) {
      record(instr, start, r.end() != 0 ? r.end() : System.nanoTime(), ctx);
    }
    call.release();
    if (owned != null) {
      track(instr, call.in(), r, scope, frame, owned, ctx);
    }
    store(instr, r.value(), key, frame, lineage);
    if (r.reused()) {
      CountedHandle.dropAny(r.value()); // the cache retained the value it handed out
    }
  }

  /**
   * Which slots alone reference their buffer after {@code instr}: its output's when it only
   * read its operands ({@link Instruction#keepsNoOperand}) and its output's buffer is one it
   * took from the pool while it ran, so no other block holds it. An operand's slot loses that
   * when the instruction may keep it or its output shares the operand's block or buffer (a
   * pass-through such as {@code ifelse(TRUE, X, Y)} or a transpose of a vector). A variable
   * write takes over its operand's buffer when the slot alone held it; any other instruction
   * that may keep an operand pins it ({@link BufferRecycler}).
   */
  private void track(Instruction instr, Data[] in, Result r, BlockPool.Scope scope,
      Data[] frame, boolean[] owned, ExecutionContext ctx) {
    boolean write = instr instanceof VariableInstruction v && v.hop().op() == OpCode.WRITE_VAR;
    for (int i = 0; i < in.length; i++) {
      int slot = instr.input(i);
      if (write && owned[slot]) {
        ctx.bound(((VariableInstruction) instr).variable(), BufferRecycler.buffer(in[i]));
        owned[slot] = false;
      } else if (scope == null && !write) {
        owned[slot] = false;
        recycler.pin(in[i]);
      } else if (shares(in[i], r.value())) {
        owned[slot] = false;
      }
    }
    int slot = instr.output();
    if (slot >= 0) {
      if (owned[slot]) {
        // lowering gave the output the slot of an operand whose last use this was
        recycler.slotDied(BufferRecycler.buffer(frame[slot]));
      }
      double[] out = BufferRecycler.buffer(r.value());
      owned[slot] = scope != null && !r.reused() && out != null && scope.took(out);
    }
  }

  /** True when {@code out} is {@code in}'s block or a block on {@code in}'s buffer. */
  private static boolean shares(Data in, Data out) {
    if (!(in instanceof MatrixValue a) || !(out instanceof MatrixValue b)) {
      return in == out;
    }
    double[] buffer = BufferRecycler.buffer(a);
    return a.block() == b.block() || buffer != null && buffer == BufferRecycler.buffer(b);
  }

  /**
   * A remote chain root (MEMPHIS sec. 5.1): the operation and the transfer of its result to
   * the driver run as one prefetch on the run's prefetch threads; its slot gets a driver
   * matrix whose first reader waits. The operands stay referenced until the prefetch ends.
   * The main thread hands the operation's lineage item to the prefetch, which first asks the
   * reuse cache for a copy fetched before and otherwise PUTs the copy it fetched ("Reusing
   * Prefetched Results"): a loop that fetches the same remote value again runs no job.
   */
  private void executeAsync(Instruction instr, Data[] frame, LineageItem[] lineage,
      ExecutionContext ctx) {
    Call call = gather(instr, frame, lineage, ctx);
    LineageItem key = trace(instr, call, ctx);
    for (Data d : call.in()) {
      CountedHandle.retainAny(d);
    }
    MatrixData out;
    try {
      out = ctx.prefetcher().submit(() -> {
        long start = System.nanoTime();
        try {
          MatrixBlock fetched = fetchedBefore(key, ctx);
          if (fetched != null) {
            record(instr, start, System.nanoTime(), ctx);
            return fetched;
          }
          Result r = compute(instr, call, key, 0, ctx);
          record(instr, start, System.nanoTime(), ctx);
          if (!(r.value() instanceof MatrixData m)) {
            throw new IllegalStateException(instr.opcode() + " returned no matrix");
          }
          MatrixBlock local = ctx.mover().move(m, ExecType.CP, ctx).acquireLocal();
          // no slot holds the remote result: its memory may go (a reused value was handed out
          // retained, a new one is counted once and released)
          if (!r.reused()) {
            CountedHandle.retainAny(m);
          }
          CountedHandle.dropAny(m);
          if (key != null) {
            hook.putFetched(key, new MatrixValue(local), System.nanoTime() - start, ctx);
          }
          return local;
        } finally {
          for (Data d : call.in()) {
            CountedHandle.dropAny(d);
          }
          call.release();
        }
      }, -1, -1, "prefetch " + instr.opcode(),
          instr.execType().label(), ctx);
    } catch (RuntimeException e) {
      for (Data d : call.in()) {
        CountedHandle.dropAny(d);
      }
      call.release();
      throw e;
    }
    store(instr, out, key, frame, lineage);
  }

  /** The driver's copy of the remote result of {@code key} a prefetch fetched before, or null. */
  private MatrixBlock fetchedBefore(LineageItem key, ExecutionContext ctx) {
    Data hit = key == null ? null : hook.reuseFetched(key, ctx);
    if (!(hit instanceof MatrixData m)) {
      return null;
    }
    MatrixBlock local = m.acquireLocal();
    CountedHandle.dropAny(hit); // handed out retained
    return local;
  }

  /** The operands of one instruction and what was moved only for it. */
  private record Call(Data[] in, LineageItem[] inLineage, List<CountedHandle> temporaries) {
    void release() {
      if (temporaries != null) {
        temporaries.forEach(CountedHandle::drop);
      }
    }
  }

  /**
   * An instruction's output, whether the reuse cache gave it, and the clock when it was
   * computed and PUT measured it (0: not read).
   */
  private record Result(Data value, boolean reused, long end) {
  }

  private static Call gather(Instruction instr, Data[] frame, LineageItem[] lineage,
      ExecutionContext ctx) {
    Data[] in = new Data[instr.inputCount()];
    LineageItem[] inLineage = lineage == null ? null
        : in.length == 0 ? NO_LINEAGE : new LineageItem[in.length];
    boolean here = instr.acceptsHandles();
    List<CountedHandle> temporaries = null;
    for (int i = 0; i < in.length; i++) {
      Data d = frame[instr.input(i)];
      if (!here && d instanceof MatrixData m && !(d instanceof MatrixValue
          && instr.execType() == ExecType.CP)) {
        // lowering moves operands with transfer instructions; this only catches a value that
        // lives elsewhere all the same (e.g. given to the run as an input on a backend)
        MatrixData moved;
        try {
          moved = ctx.mover().move(m, instr.execType(), ctx);
        } catch (DmlException e) {
          throw e;
        } catch (RuntimeException e) {
          throw failure(instr, e);
        }
        if (moved != m) {
          ctx.statistics().countOperandMove();
          if (moved instanceof CountedHandle h) {
            // referenced by this operand only: counted, and released after the instruction
            h.retain();
            temporaries = temporaries == null ? new ArrayList<>() : temporaries;
            temporaries.add(h);
          }
        }
        d = moved;
      }
      in[i] = d;
      if (inLineage != null) {
        inLineage[i] = lineage[instr.input(i)];
      }
    }
    return new Call(in, inLineage, temporaries);
  }

  private LineageItem trace(Instruction instr, Call call, ExecutionContext ctx) {
    try {
      return call.inLineage() == null ? null
          : hook.trace(instr, call.in(), call.inLineage(), ctx);
    } catch (DmlException e) {
      throw e;
    } catch (RuntimeException e) {
      throw failure(instr, e);
    }
  }

  /**
   * REUSE? -> execute -> PUT. PUT's compute time starts at {@code start} when the caller read
   * the clock before tracing (a missed probe adds a lookup to it), else here.
   */
  private Result compute(Instruction instr, Call call, LineageItem key, long start,
      ExecutionContext ctx) {
    try {
      boolean probe = key != null && reuses;
      Data out = probe ? hook.reuse(key, instr, call.in(), ctx) : null;
      if (out != null) {
        return new Result(out, true, 0);
      }
      long t0 = !probe ? 0 : start != 0 ? start : System.nanoTime();
      out = instr.execute(call.in(), call.inLineage(), ctx);
      long end = 0;
      if (probe && out != null) {
        end = System.nanoTime();
        hook.put(key, instr, call.in(), out, end - t0, ctx);
      }
      return new Result(out, false, end);
    } catch (DmlException e) {
      throw e;
    } catch (RuntimeException | OutOfMemoryError e) {
      throw failure(instr, e);
    }
  }

  /** A failure of {@code instr} at its HOP's position. */
  private static DmlRuntimeException failure(Instruction instr, Throwable e) {
    if (e instanceof UncheckedIOException) {
      return new DmlRuntimeException(instr.position(), "I/O error: " + e.getMessage(), e);
    }
    String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (e instanceof OutOfMemoryError) {
      msg = "out of memory executing " + instr.opcode();
    }
    return new DmlRuntimeException(instr.position(), msg, e);
  }

  private static void record(Instruction instr, long start, long end, ExecutionContext ctx) {
    if (ctx.config().timeline()) {
      ctx.statistics().recordSpan(instr.opcode(), instr.execType().label(), start, end);
    }
    if (ctx.config().statistics()) {
      ctx.statistics().recordInstruction(instr.opcode(), end - start);
      ctx.statistics().countExecType(instr.execType());
      if (ctx.depth() == 0 && instr instanceof FunctionCallInstruction) {
        ctx.statistics().addMainCallTime(end - start);
      }
    }
  }

  private static void store(Instruction instr, Data out, LineageItem key, Data[] frame,
      LineageItem[] lineage) {
    if (instr.output() >= 0) {
      CountedHandle.retainAny(out);
      CountedHandle.dropAny(frame[instr.output()]);
      frame[instr.output()] = out;
      if (lineage != null) {
        lineage[instr.output()] = key;
      }
    }
  }
}
