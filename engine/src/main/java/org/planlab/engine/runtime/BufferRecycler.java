package org.planlab.engine.runtime;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.matrix.BlockPool;

/**
 * Decides when the dense buffer of a local block died and gives it back to the run's
 * {@link BlockPool}: MEMPHIS's live-variable management (sec. 4.2), which frees a device matrix
 * when its last reference goes, and its recycling allocator (sec. 5.1, Algorithm 1), applied to
 * the CPU blocks of one run.
 *
 * <p>A buffer dies with its last reference, and the runtime knows two kinds of reference
 * exactly: the slot of the operation that produced the buffer ({@link InstructionExecutor}
 * tracks whether that slot alone references it), and the variable bindings that slot's value
 * is written to, directly and by copies such as {@code P = P_new} (every write of a variable
 * reports here, {@link #rebound}). A bound buffer dies when the last of its variables is bound
 * to another value or removed, unless a slot of a running block still holds it (a read of the
 * variable that is used after the write). Every other reference pins the buffer — a function's
 * parameter, a parfor worker's copy, a list, an operand of a function call, a transfer or any
 * operation that may keep it: a pinned buffer is never recycled, and the garbage collector
 * reclaims it as before. Bindings are held weakly, so the bindings of a returned function's
 * frame keep no buffer alive. Thread-safe (parfor workers run blocks at the same time, each on
 * its own frame and symbol table).
 */
final class BufferRecycler {
  private final BlockPool pool;
  /** The variable bindings that reference a buffer (besides slots of running blocks). */
  private final Map<double[], List<Binding>> bound = new WeakHashMap<>();
  /** The frames of the blocks running now. */
  private final Set<Data[]> frames = Collections.newSetFromMap(new IdentityHashMap<>());

  /** The variable {@code name} of the symbol table {@code symbols}. */
  private record Binding(WeakReference<Map<String, Data>> symbols, String name) {
    boolean is(Map<String, Data> table, String variable) {
      return symbols.get() == table && name.equals(variable);
    }

    /** Whether the binding's symbol table was collected: it references nothing any more. */
    boolean stale() {
      return symbols.get() == null;
    }
  }

  BufferRecycler(BlockPool pool) {
    this.pool = pool;
  }

  BlockPool pool() {
    return pool;
  }

  /** A block starts running on {@code frame}. */
  synchronized void enter(Data[] frame) {
    frames.add(frame);
  }

  /** The block running on {@code frame} ended. */
  synchronized void exit(Data[] frame) {
    frames.remove(frame);
  }

  /** The slot that alone referenced {@code buffer} (null: none any more) died. */
  void slotDied(double[] buffer) {
    if (buffer != null) {
      pool.release(buffer);
    }
  }

  /**
   * The value of a slot that alone referenced {@code buffer} was bound to variable
   * {@code name} of {@code symbols}: the binding now holds it.
   */
  synchronized void bind(Map<String, Data> symbols, String name, double[] buffer) {
    List<Binding> bindings = new ArrayList<>(1);
    bindings.add(new Binding(new WeakReference<>(symbols), name));
    bound.put(buffer, bindings);
  }

  /** {@code value} may be referenced from where bindings are not tracked: never recycled. */
  synchronized void pin(Data value) {
    double[] b = buffer(value);
    if (b != null) {
      bound.remove(b);
    }
  }

  /**
   * Variable {@code name} of {@code symbols} changed from {@code previous} (null: unbound) to
   * {@code value} (null: removed). A tracked value gains the binding; the previous value's
   * buffer loses it and, if that was its last binding and no running block's slot holds it,
   * is recycled.
   */
  void rebound(Map<String, Data> symbols, String name, Data previous, Data value) {
    double[] now = buffer(value);
    double[] before = buffer(previous);
    if (now == null && before == null || now == before) {
      return; // scalars, lists, remote matrices, a variable bound to its own value
    }
    double[] dead = null;
    synchronized (this) {
      List<Binding> gains = now == null ? null : bound.get(now);
      if (gains != null && !holds(gains, symbols, name)) {
        gains.add(new Binding(new WeakReference<>(symbols), name));
      }
      List<Binding> loses = before == null ? null : bound.get(before);
      if (loses != null && holds(loses, symbols, name)) {
        loses.removeIf(b -> b.is(symbols, name) || b.stale());
        if (loses.isEmpty()) {
          bound.remove(before);
          dead = inFrames(before) ? null : before;
        }
      }
    }
    if (dead != null) {
      pool.release(dead);
    }
  }

  private static boolean holds(List<Binding> bindings, Map<String, Data> symbols, String name) {
    for (Binding b : bindings) {
      if (b.is(symbols, name)) {
        return true;
      }
    }
    return false;
  }

  private boolean inFrames(double[] buffer) {
    for (Data[] frame : frames) {
      for (Data d : frame) {
        if (d instanceof MatrixValue m && m.block().denseBuffer() == buffer) {
          return true;
        }
      }
    }
    return false;
  }

  /** The dense buffer of a local matrix, else null. */
  static double[] buffer(Data d) {
    return d instanceof MatrixValue m ? m.block().denseBuffer() : null;
  }
}
