package org.planlab.engine.codegen.gen;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.planlab.engine.kernels.VectorPrimitives;

/**
 * Warms the JIT up on the Outer template's shared SIMD loops for a rank as soon as code
 * generation has built an Outer operator of that rank ({@link VectorPrimitives#warmUpOuter}),
 * on a daemon thread: the rest of compilation and the script's first operations run
 * meanwhile, and an Outer operator that starts before the warm-up has ended waits for it.
 *
 * <p>The set of warmed ranks is per JVM, not per engine, because what it tracks is: the JIT's
 * compiled code is shared by every engine instance of the process.
 */
public final class OuterWarmUp {
  private static final Set<Integer> STARTED = ConcurrentHashMap.newKeySet();

  private OuterWarmUp() {
  }

  /** Starts warming up rank {@code k} unless it was started before; returns at once. */
  public static void request(long k) {
    if (k < 1 || k > Integer.MAX_VALUE || !VectorPrimitives.SIMD || !STARTED.add((int) k)
        || !VectorPrimitives.beginOuterWarmUp((int) k)) {
      return;
    }
    Thread t = new Thread(() -> VectorPrimitives.warmUpOuter((int) k), "planlab-outer-warmup");
    t.setDaemon(true);
    t.start();
  }
}
