package org.planlab.engine.kernels;

/**
 * Warms the JIT up on SIMD loops: runs a batch of their work on a daemon thread until C2 has
 * compiled them. Code on the Vector API allocates per operation and runs two orders of
 * magnitude slower until C2 has compiled it, and at a script's start C2 is busy with the rest
 * of the engine; running the loops ahead of their first large use puts them in C2's queue while
 * the script still parses, compiles and reads its data.
 */
final class JitWarmUp {
  /**
   * A batch this many times faster than the first means the loops are compiled: before C2, the
   * Vector API runs two orders of magnitude slower.
   */
  static final int SPEEDUP = 30;
  /** Batches after which a warm-up ends whatever it measured. */
  static final int MAX_BATCHES = 200;

  private JitWarmUp() {
  }

  /** Starts {@code warmUp} on a daemon thread named {@code name}; returns at once. */
  static void start(String name, Runnable warmUp) {
    Thread t = new Thread(warmUp, name);
    t.setDaemon(true);
    t.start();
  }

  /**
   * Runs {@code batch} until a run is {@link #SPEEDUP} times faster than the first, at most
   * {@link #MAX_BATCHES} times, on the calling thread.
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
