package org.planlab.engine.kernels;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

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
   * A batch this many times faster than the first means the loops are compiled: before C2, the
   * Vector API runs two orders of magnitude slower.
   */
  static final int SPEEDUP = 30;
  /** Batches after which a timed warm-up ends whatever it measured. */
  static final int MAX_BATCHES = 200;

  private final String threadName;
  private final AtomicBoolean started = new AtomicBoolean();
  /** Open once a warm-up has ended (or a wait for it timed out): the loops count as compiled. */
  private final CountDownLatch done;

  /**
   * A warm-up whose thread is named {@code threadName}; when not {@code needed}, the loops
   * count as compiled from the start and no warm-up runs.
   */
  JitWarmUp(String threadName, boolean needed) {
    this.threadName = threadName;
    this.done = new CountDownLatch(needed ? 1 : 0);
  }

  /** Whether the loops count as compiled: a warm-up has ended or a wait for it timed out. */
  boolean compiled() {
    return done.getCount() == 0;
  }

  /**
   * Runs {@code body} on a daemon thread unless a warm-up has started or the loops count as
   * compiled; returns at once.
   */
  void start(Runnable body) {
    if (compiled() || !started.compareAndSet(false, true)) {
      return;
    }
    Thread t = new Thread(() -> run(body), threadName);
    t.setDaemon(true);
    t.start();
  }

  /** Runs {@code body} on the calling thread; the loops then count as compiled, also on failure. */
  void run(Runnable body) {
    try {
      body.run();
    } finally {
      done.countDown();
    }
  }

  /**
   * Waits at most {@code millis} for the loops to count as compiled; a wait that times out
   * counts them so, so that no caller waits again.
   */
  void await(long millis) {
    try {
      if (!done.await(millis, TimeUnit.MILLISECONDS)) {
        done.countDown();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Runs {@code batch} until a run is {@link #SPEEDUP} times faster than the first, at most
   * {@link #MAX_BATCHES} times, on the calling thread: the body of a timed warm-up.
   */
  static void untilCompiled(Runnable batch) {
    long first = 0;
    for (int b = 0; b < MAX_BATCHES; b++) {
      long t0 = System.nanoTime();
      batch.run();
      long t = System.nanoTime() - t0;
      if (b == 0) {
        first = t;
      } else if (t * SPEEDUP <= first) {
        return;
      }
    }
  }
}
