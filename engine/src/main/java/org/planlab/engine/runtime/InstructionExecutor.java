package org.planlab.engine.runtime;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.planlab.engine.data.CountedHandle;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.lang.DmlException;
import org.planlab.engine.lineage.LineageItem;
import org.planlab.engine.runtime.instructions.Instruction;
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
  /** The lineage items of each block's constants, made once per block and run. */
  private final Map<BlockCode, LineageItem[]> constantLineage =
      Collections.synchronizedMap(new IdentityHashMap<>());

  public InstructionExecutor(ReuseHook hook) {
    this.hook = Objects.requireNonNull(hook, "hook is null");
  }

  public ReuseHook hook() {
    return hook;
  }

  /** Runs all instructions of {@code code} on a fresh frame; returns the frame's result slot. */
  public Data run(BlockCode code, ExecutionContext ctx) {
    Data[] frame = new Data[code.slotCount()];
    // the lineage of every slot, kept only while tracing (MEMPHIS sec. 3.2's LineageMap holds
    // variables; within a block, values live in slots)
    LineageItem[] lineage = hook.traces() ? new LineageItem[frame.length] : null;
    List<Data> constants = code.constants();
    for (int i = 0; i < constants.size(); i++) {
      frame[i] = constants.get(i);
    }
    if (lineage != null) {
      if (constantLineage.size() > 10_000) {
        constantLineage.clear(); // recompiled blocks: keep the map from growing with them
      }
      LineageItem[] c = constantLineage.computeIfAbsent(code, k -> {
        LineageItem[] items = new LineageItem[constants.size()];
        for (int i = 0; i < items.length; i++) {
          items[i] = ctx.lineageOfValue(constants.get(i));
        }
        return items;
      });
      System.arraycopy(c, 0, lineage, 0, c.length);
    }
    for (int i = 0; i < code.instructions().size(); i++) {
      execute(code.instructions().get(i), frame, lineage, ctx);
      for (int s : code.releaseAfter().get(i)) {
        // last use: let the intermediate be collected, a device matrix be recycled
        CountedHandle.dropAny(frame[s]);
        frame[s] = null;
        if (lineage != null) {
          lineage[s] = null;
        }
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
   * TRACE -> REUSE? -> execute -> PUT for one instruction over {@code frame}, with the slots'
   * lineage in {@code lineage} (null when not tracing).
   */
  public void execute(Instruction instr, Data[] frame, LineageItem[] lineage,
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
        MatrixData moved = ctx.mover().move(m, instr.execType(), ctx);
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
    long start = System.nanoTime();
    Data out;
    LineageItem key = null;
    boolean reused = false;
    try {
      key = inLineage == null ? null : hook.trace(instr, in, inLineage, ctx);
      out = key == null ? null : hook.reuse(key, instr, in, ctx);
      reused = out != null;
      if (out == null) {
        long t0 = System.nanoTime();
        out = instr.execute(in, inLineage, ctx);
        if (key != null && out != null) {
          hook.put(key, instr, in, out, System.nanoTime() - t0, ctx);
        }
      }
    } catch (DmlException e) {
      throw e;
    } catch (UncheckedIOException e) {
      throw new DmlRuntimeException(instr.position(), "I/O error: " + e.getMessage(), e);
    } catch (RuntimeException | OutOfMemoryError e) {
      String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      if (e instanceof OutOfMemoryError) {
        msg = "out of memory executing " + instr.opcode();
      }
      throw new DmlRuntimeException(instr.position(), msg, e);
    }
    if (ctx.config().timeline()) {
      ctx.statistics().recordSpan(instr.opcode(), instr.execType().label(), start,
          System.nanoTime());
    }
    if (ctx.config().statistics()) {
      ctx.statistics().recordInstruction(instr.opcode(), System.nanoTime() - start);
      ctx.statistics().countExecType(instr.execType());
    }
    if (temporaries != null) {
      temporaries.forEach(CountedHandle::drop);
    }
    if (instr.output() >= 0) {
      CountedHandle.retainAny(out);
      CountedHandle.dropAny(frame[instr.output()]);
      frame[instr.output()] = out;
      if (lineage != null) {
        lineage[instr.output()] = key;
      }
    }
    if (reused) {
      CountedHandle.dropAny(out); // the cache retained the value it handed out; the slot holds it
    }
  }
}
