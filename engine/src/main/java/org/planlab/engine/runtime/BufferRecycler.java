package org.planlab.engine.runtime;

import java.lang.ref.WeakReference;
import java.util.Collections;
import java.util.IdentityHashMap;
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
 * tracks whether that slot alone references it), and the one variable binding that slot's
 * value is written to. A bound buffer dies when its variable is bound to another value or
 * removed, unless a slot of a running block still holds it (a read of the variable that is
 * used after the write). Every other reference pins the buffer — a second binding (another
 * variable, a function's parameter, a parfor worker's copy), a list, an operand of a function
 * call, a transfer or any operation that may keep it: a pinned buffer is never recycled, and
 * the garbage collector reclaims it as before. Bindings are held weakly, so the bindings of a
 * returned function's frame keep no buffer alive. Thread-safe (parfor workers run blocks at
 * the same time, each on its own frame and symbol table).
 */
final class BufferRecycler {
  private final BlockPool pool;
  /** Buffers one variable binding references (besides slots of running blocks). */
  private final Map<double[], Binding> bound = new WeakHashMap<>();
  /** The frames of the blocks running now. */
  private final Set<Data[]> frames = Collections.newSetFromMap(new IdentityHashMap<>());

  /** The variable {@code name} of the symbol table {@code symbols}. */
  private record Binding(WeakReference<Map<String, Data>> symbols, String name) {
    boolean is(Map<String, Data> table, String variable) {
      return symbols.get() == table && name.equals(variable);
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
    bound.put(buffer, new Binding(new WeakReference<>(symbols), name));
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
   * {@code value} (null: removed). A value bound elsewhere is pinned; the previous value's
   * buffer, if this binding alone held it and no running block's slot does, is recycled.
   */
  void rebound(Map<String, Data> symbols, String name, Data previous, Data value) {
    double[] now = buffer(value);
    double[] before = buffer(previous);
    if (now == null && before == null) {
      return; // scalars, lists, remote matrices: nothing bound (most writes; no lock taken)
    }
    double[] dead = null;
    synchronized (this) {
      if (now != null) {
        Binding b = bound.get(now);
        if (b != null && !b.is(symbols, name)) {
          bound.remove(now);
        }
      }
      if (before != null && before != now) {
        Binding b = bound.get(before);
        if (b != null && b.is(symbols, name)) {
          bound.remove(before);
          dead = inFrames(before) ? null : before;
        }
      }
    }
    if (dead != null) {
      pool.release(dead);
    }
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
