package org.planlab.engine.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The warm-up's bookkeeping: the loops count as compiled only when a warm-up saw them compiled,
 * not when it gave up or a wait for it timed out, and a timed-out wait is not repeated.
 */
class JitWarmUpTest {
  /** Garbage of about {@code bytes}, kept from escape analysis by the sink. */
  private static volatile Object sink;

  private static void allocate(int bytes) {
    sink = new byte[bytes];
  }

  @Test
  void aBatchThatStopsAllocatingEndsTheWarmUpCompiled() {
    AtomicInteger batches = new AtomicInteger();
    // the first three batches allocate as interpreted Vector API code does, then nothing
    boolean compiled = JitWarmUp.untilCompiled(() -> {
      if (batches.getAndIncrement() < 3) {
        allocate(1 << 20);
      }
    });
    assertTrue(compiled);
    assertEquals(4, batches.get());
  }

  @Test
  void aWarmUpThatNeverSeesTheLoopsCompiledGivesUpUncompiled() {
    AtomicInteger batches = new AtomicInteger();
    boolean compiled = JitWarmUp.untilCompiled(() -> {
      batches.incrementAndGet();
      allocate(1 << 16);
    });
    assertFalse(compiled);
    assertEquals(JitWarmUp.MAX_BATCHES, batches.get());

    JitWarmUp w = new JitWarmUp("test-warmup", true);
    w.run(() -> false);
    assertFalse(w.compiled(), "a warm-up that gave up leaves the loops uncompiled");
    w.run(() -> true);
    assertTrue(w.compiled());
  }

  @Test
  void aTimedOutWaitLeavesTheLoopsUncompiledAndIsNotRepeated() throws InterruptedException {
    JitWarmUp w = new JitWarmUp("test-warmup", true);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch finished = new CountDownLatch(1);
    w.start(() -> {
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      finished.countDown();
      return true;
    });
    w.await(20);
    assertFalse(w.compiled());
    long t0 = System.nanoTime();
    w.await(60_000);
    assertTrue(System.nanoTime() - t0 < 30_000_000_000L, "the second wait returns at once");
    assertFalse(w.compiled());
    // the warm-up still running counts the loops compiled when it sees them so
    release.countDown();
    finished.await();
    while (!w.compiled()) {
      Thread.onSpinWait();
    }
    assertTrue(w.compiled());
  }

  @Test
  void loopsThatNeedNoWarmUpCountAsCompiledAndStartNone() {
    JitWarmUp w = new JitWarmUp("test-warmup", false);
    assertTrue(w.compiled());
    AtomicInteger runs = new AtomicInteger();
    w.start(() -> {
      runs.incrementAndGet();
      return true;
    });
    w.await(1000);
    assertEquals(0, runs.get());
  }
}
