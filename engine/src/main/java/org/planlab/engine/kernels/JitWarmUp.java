package org.planlab.engine.kernels;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * The warm-up of one family of loops: their work run once per JVM on a daemon thread, ahead of
 * their first large use, so that C2 compiles them while the script still parses, compiles and
 * reads its data. At a script's start C2 is busy with the rest of the engine, and code on the
 * Vector API allocates per operation and runs two orders of magnitude slower until C2 has
 * compiled it. One instance per family, held statically by its kernel class: it describes the
 * JIT's compiled code, which every engine instance of the process shares.
 */
final class JitWarmUp {
  /**
   * A batch that allocates this many times less than the first means the loops are compiled by
   * C2 ({@link #untilCompiled}). In C1's code the loops still allocate within a few times the
   * first batch's bytes; once C2 has compiled them, only the batch's own arrays remain.
   */
  static final int ALLOCATION_DROP = 20;
  /** Without allocation counts: a batch this many times faster than the first. */
  static final int SPEEDUP = 30;
  /** Batches after which a timed warm-up gives up: the loops then do not count as compiled. */
  static final int MAX_BATCHES = 200;

  private final String threadName;
  private final AtomicBoolean started = new AtomicBoolean();
  /** Open once a warm-up has ended, compiled or not, or a wait for it has timed out. */
  private final CountDownLatch ended;
  /** Whether a warm-up has seen the loops compiled by C2: only then do callers take them. */
  private volatile boolean compiled;

  /**
   * A warm-up whose thread is named {@code threadName}; when not {@code needed}, the loops
   * count as compiled from the start and no warm-up runs.
   */
  JitWarmUp(String threadName, boolean needed) {
    this.threadName = threadName;
    this.ended = new CountDownLatch(needed ? 1 : 0);
    this.compiled = !needed;
  }

  /**
   * Whether the loops count as compiled: a warm-up has seen C2's code. A warm-up that gave up
   * ({@link #MAX_BATCHES}) leaves them uncompiled, and callers keep their alternative (the
   * scalar twins, compiled like any other Java code): taking the Vector API's loops while they
   * still run C1's allocating code made products and Outer operators run a hundred times
   * slower, for as long as C2 did not compile them.
   */
  boolean compiled() {
    return compiled;
  }

  /**
   * Runs {@code body} on a daemon thread unless a warm-up has started or the loops count as
   * compiled; returns at once. The body returns whether it saw the loops compiled.
   */
  void start(BooleanSupplier body) {
    // a plain read first: after a timed-out wait, callers ask on every row of an operator
    if (compiled || started.get() || !started.compareAndSet(false, true)) {
      return;
    }
    Thread t = new Thread(() -> run(body), threadName);
    t.setDaemon(true);
    t.start();
  }

  /**
   * Runs {@code body} on the calling thread; the loops then count as compiled if it returns
   * true. The warm-up has ended either way, also on failure.
   */
  void run(BooleanSupplier body) {
    try {
      if (body.getAsBoolean()) {
        compiled = true;
      }
    } finally {
      ended.countDown();
    }
  }

  /**
   * Waits at most {@code millis} for a warm-up to end; a wait that times out ends the waiting
   * for every later caller too, so that at most one wait per JVM is spent on it.
   */
  void await(long millis) {
    try {
      if (!ended.await(millis, TimeUnit.MILLISECONDS)) {
        ended.countDown();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Runs {@code batch} on the calling thread until the loops it calls count as compiled by C2,
   * at most {@link #MAX_BATCHES} times: the body of a timed warm-up. Returns whether they did.
   *
   * <p>The signal is the memory a batch allocates, where the JVM counts it per thread: the
   * Vector API allocates an object per vector operation in the interpreter and in C1's code
   * alike, and none once C2 has compiled the loop and its intrinsics, so a batch that allocates
   * {@link #ALLOCATION_DROP} times less than the first has every loop it calls compiled by C2
   * (a batch should allocate little else: its arrays made once, outside). Time alone
   * cannot tell: C1's code already runs tens of times faster than the interpreter, and timing
   * counted the loops compiled while they still ran on C1's allocating code, several times
   * slower than C2's. Without per-thread allocation counts, the first batch that runs
   * {@link #SPEEDUP} times faster than the first ends the warm-up.
   */
  static boolean untilCompiled(Runnable batch) {
    com.sun.management.ThreadMXBean bytes = allocationCounter();
    long first = 0;
    for (int b = 0; b < MAX_BATCHES; b++) {
      long a0 = bytes == null ? 0 : bytes.getCurrentThreadAllocatedBytes();
      long t0 = System.nanoTime();
      batch.run();
      long measure = bytes == null ? System.nanoTime() - t0
          : bytes.getCurrentThreadAllocatedBytes() - a0;
      if (b == 0) {
        first = measure;
      } else if (measure * (bytes == null ? SPEEDUP : ALLOCATION_DROP) <= first) {
        return true;
      }
    }
    return false;
  }

  /** The JVM's per-thread allocation counter, or null where it has none or it is off. */
  private static com.sun.management.ThreadMXBean allocationCounter() {
    try {
      if (java.lang.management.ManagementFactory.getThreadMXBean()
          instanceof com.sun.management.ThreadMXBean t
          && t.isThreadAllocatedMemorySupported() && t.isThreadAllocatedMemoryEnabled()) {
        return t;
      }
    } catch (RuntimeException | LinkageError e) {
      // no management support in this runtime: time the batches instead
    }
    return null;
  }
}
