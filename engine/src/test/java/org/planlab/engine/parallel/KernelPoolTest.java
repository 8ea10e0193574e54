package org.planlab.engine.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class KernelPoolTest {
  private static final KernelPool TWO = new KernelPool(2);

  @AfterAll
  static void close() {
    TWO.close();
  }

  @Test
  void parallelForCoversEveryIndexExactlyOnce() {
    for (int n : new int[] {0, 1, 2, 3, 1000, 100_003}) {
      AtomicIntegerArray hits = new AtomicIntegerArray(n);
      TWO.parallelFor(n, Long.MAX_VALUE, (from, to) -> {
        for (int i = from; i < to; i++) {
          hits.incrementAndGet(i);
        }
      });
      for (int i = 0; i < n; i++) {
        assertEquals(1, hits.get(i), "index " + i + " of " + n);
      }
    }
  }

  @Test
  void largeWorkRunsOnTwoThreadsAndSmallWorkInline() throws InterruptedException {
    // each range waits for the other to start: only two concurrent threads get both through
    Set<String> threads = ConcurrentHashMap.newKeySet();
    CountDownLatch bothStarted = new CountDownLatch(2);
    TWO.parallelFor(2, Long.MAX_VALUE, (from, to) -> {
      threads.add(Thread.currentThread().getName());
      bothStarted.countDown();
      await(bothStarted);
    });
    assertEquals(0, bothStarted.getCount(), "the two ranges never ran at the same time");
    assertEquals(2, threads.size(), threads.toString());
    Set<String> inline = ConcurrentHashMap.newKeySet();
    TWO.parallelFor(100, 10, (from, to) -> inline.add(Thread.currentThread().getName()));
    assertEquals(Set.of(Thread.currentThread().getName()), inline);
  }

  @Test
  void mapChunksReturnsResultsInChunkOrderIndependentOfParallelism() {
    KernelPool.RangeFunction<int[]> range = (from, to) -> new int[] {from, to};
    List<int[]> seq = KernelPool.sequential().mapChunks(10_007, 1000, Long.MAX_VALUE, range);
    List<int[]> par = TWO.mapChunks(10_007, 1000, Long.MAX_VALUE, range);
    assertEquals(11, seq.size());
    for (int i = 0; i < seq.size(); i++) {
      assertEquals(i * 1000, par.get(i)[0]);
      assertEquals(Math.min(10_007, (i + 1) * 1000), par.get(i)[1]);
      assertEquals(seq.get(i)[1], par.get(i)[1]);
    }
  }

  @Test
  void nestedParallelismDoesNotDeadlock() {
    AtomicIntegerArray hits = new AtomicIntegerArray(64);
    TWO.parallelFor(8, Long.MAX_VALUE, (from, to) -> {
      for (int i = from; i < to; i++) {
        int base = i * 8;
        TWO.parallelFor(8, Long.MAX_VALUE, (f, t) -> {
          for (int j = f; j < t; j++) {
            hits.incrementAndGet(base + j);
          }
        });
      }
    });
    for (int i = 0; i < 64; i++) {
      assertEquals(1, hits.get(i));
    }
  }

  @Test
  void exceptionsInTasksReachTheCaller() {
    RuntimeException e = assertThrows(RuntimeException.class, () ->
        TWO.parallelFor(4, Long.MAX_VALUE, (from, to) -> {
          throw new IllegalStateException("boom in " + from);
        }));
    assertTrue(e.getMessage().contains("boom"), e.getMessage());
  }

  @Test
  void parallelismMustBePositive() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new KernelPool(0));
    assertTrue(e.getMessage().contains("0"));
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
