package org.planlab.engine.matrix;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Recycles the dense buffers of intermediates that died, for the blocks of later operations
 * of the same shape: MEMPHIS's device-memory allocator (sec. 5.1, Algorithm 1) applied to CPU
 * blocks. A released buffer goes to the free list of its exact length; a request for a buffer
 * of that length takes the most recently released one (likely still in cache) and zeroes it
 * (unless the caller overwrites every cell, {@link #toOverwrite}), and only otherwise allocates
 * a new one. On this kind of machine, the point is the memory that is not touched: every new
 * array is fresh heap the collector must make room for and the kernel must fault in, while a
 * recycled buffer's pages are in use already.
 *
 * <p>The free lists hold at most {@code budgetBytes}; releasing beyond that drops the buffers
 * released longest ago (to the garbage collector). Buffers shorter than {@link #MIN_CELLS} are
 * neither kept nor handed out: small arrays come cheaply from the allocating thread's buffer.
 *
 * <p>Blocks allocate through {@link #zeroed(int)}, which takes from the pool of the calling
 * thread's open {@link Scope} and allocates plainly without one. The executor opens a scope
 * around each operation whose output it can track, so that it knows which buffers that
 * operation took; it alone decides which buffers died ({@link #release}). Thread-safe.
 */
public final class BlockPool {
  /** The shortest buffer the pool keeps or hands out: 2^15 doubles, 256 KB. */
  public static final int MIN_CELLS = 1 << 15;

  /** The scope of the operation running on this thread, if it allocates from a pool. */
  private static final ThreadLocal<Scope> CURRENT = new ThreadLocal<>();

  private final long budgetBytes;
  /** Free buffers by exact length, most recently released last. */
  private final Map<Integer, ArrayDeque<double[]>> free = new HashMap<>();
  /** All free buffers in release order (arrays hash and compare by identity). */
  private final LinkedHashSet<double[]> released = new LinkedHashSet<>();
  private long heldBytes;
  private long freshBytes;
  private long recycledBytes;

  /**
   * A pool keeping at most {@code budgetBytes} of free buffers.
   *
   * @throws IllegalArgumentException for a negative budget
   */
  public BlockPool(long budgetBytes) {
    if (budgetBytes < 0) {
      throw new IllegalArgumentException("the pool's budget must be >= 0 bytes, was "
          + budgetBytes);
    }
    this.budgetBytes = budgetBytes;
  }

  /**
   * A zeroed array of {@code cells} doubles: from the pool of the calling thread's scope when
   * one is open and the array is long enough, else newly allocated.
   */
  public static double[] zeroed(int cells) {
    return allocate(cells, true);
  }

  /**
   * An array of {@code cells} doubles for a caller that writes every cell before any is read:
   * as {@link #zeroed}, but a recycled buffer keeps its old values instead of being zeroed, a
   * pass over memory the caller's own writes make redundant.
   */
  public static double[] toOverwrite(int cells) {
    return allocate(cells, false);
  }

  /** From the calling thread's scope when one is open and the array long enough, else new. */
  private static double[] allocate(int cells, boolean zero) {
    if (cells < MIN_CELLS) {
      return new double[cells];
    }
    Scope s = CURRENT.get();
    return s == null ? new double[cells] : s.take(cells, zero);
  }

  /** Opens a scope on the calling thread: {@link #zeroed} takes from this pool until closed. */
  public Scope open() {
    Scope s = new Scope(this, CURRENT.get());
    CURRENT.set(s);
    return s;
  }

  /**
   * Gives {@code buffer} back for recycling; the caller guarantees that nothing references it
   * any more. Buffers shorter than {@link #MIN_CELLS} or larger than the budget are dropped.
   *
   * @throws IllegalStateException when {@code buffer} is free already (released twice, it
   *     would be handed to two blocks)
   */
  public void release(double[] buffer) {
    long bytes = bytes(buffer.length);
    if (buffer.length < MIN_CELLS || bytes > budgetBytes) {
      return;
    }
    synchronized (this) {
      if (!released.add(buffer)) {
        throw new IllegalStateException("a buffer of " + buffer.length
            + " cells was released twice");
      }
      free.computeIfAbsent(buffer.length, k -> new ArrayDeque<>()).addLast(buffer);
      heldBytes += bytes;
      Iterator<double[]> oldest = released.iterator();
      while (heldBytes > budgetBytes) {
        double[] drop = oldest.next();
        oldest.remove();
        ArrayDeque<double[]> list = free.get(drop.length);
        list.removeFirstOccurrence(drop);
        if (list.isEmpty()) {
          free.remove(drop.length);
        }
        heldBytes -= bytes(drop.length);
      }
    }
  }

  /** Bytes of buffers allocated new for requests this pool served. */
  public synchronized long freshBytes() {
    return freshBytes;
  }

  /** Bytes of buffers handed out again instead of allocating them. */
  public synchronized long recycledBytes() {
    return recycledBytes;
  }

  /** Bytes of the free buffers the pool holds now. */
  public synchronized long heldBytes() {
    return heldBytes;
  }

  private double[] take(int cells, boolean zero) {
    double[] a;
    synchronized (this) {
      ArrayDeque<double[]> list = free.get(cells);
      a = list == null ? null : list.pollLast();
      if (a == null) {
        freshBytes += bytes(cells);
      } else {
        if (list.isEmpty()) {
          free.remove(cells);
        }
        released.remove(a);
        heldBytes -= bytes(cells);
        recycledBytes += bytes(cells);
      }
    }
    if (a == null) {
      return new double[cells];
    }
    if (zero) {
      Arrays.fill(a, 0.0);
    }
    return a;
  }

  private static long bytes(int cells) {
    return 8L * cells;
  }

  /**
   * The buffers one operation took from a pool, on one thread, while it ran; closing restores
   * the scope that was open before.
   */
  public static final class Scope implements AutoCloseable {
    private final BlockPool pool;
    private final Scope previous;
    /** Allocated on the first take: most operations take nothing from the pool. */
    private List<double[]> taken;

    private Scope(BlockPool pool, Scope previous) {
      this.pool = pool;
      this.previous = previous;
    }

    private double[] take(int cells, boolean zero) {
      double[] a = pool.take(cells, zero);
      if (taken == null) {
        taken = new ArrayList<>(2);
      }
      taken.add(a);
      return a;
    }

    /** True when {@code buffer} was taken from the pool in this scope. */
    public boolean took(double[] buffer) {
      if (taken == null) {
        return false;
      }
      for (double[] a : taken) {
        if (a == buffer) {
          return true;
        }
      }
      return false;
    }

    @Override
    public void close() {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    }
  }
}
