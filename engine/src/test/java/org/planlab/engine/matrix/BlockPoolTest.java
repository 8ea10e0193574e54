package org.planlab.engine.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BlockPoolTest {
  static final int N = BlockPool.MIN_CELLS;
  static final long BYTES = 8L * N;

  static double[] dirty(int cells) {
    double[] a = new double[cells];
    Arrays.fill(a, 7.5);
    return a;
  }

  @Test
  void aReleasedBufferIsHandedOutAgainZeroedForTheSameLengthOnly() {
    BlockPool pool = new BlockPool(1L << 30);
    double[] a = dirty(N);
    pool.release(a);
    assertEquals(BYTES, pool.heldBytes());
    try (BlockPool.Scope s = pool.open()) {
      double[] other = BlockPool.zeroed(N + 1);
      assertEquals(N + 1, other.length);
      double[] again = BlockPool.zeroed(N);
      assertSame(a, again);
      assertTrue(Arrays.stream(again).allMatch(x -> x == 0.0));
      assertTrue(s.took(again));
      assertTrue(s.took(other));
      assertFalse(s.took(new double[N]));
      // the free list is empty now: the next request allocates
      assertNotSame(a, BlockPool.zeroed(N));
    }
    assertEquals(BYTES, pool.recycledBytes());
    assertEquals(8L * (N + 1) + BYTES, pool.freshBytes());
    assertEquals(0, pool.heldBytes());
  }

  @Test
  void theMostRecentlyReleasedBufferOfALengthComesFirst() {
    BlockPool pool = new BlockPool(1L << 30);
    double[] first = dirty(N);
    double[] second = dirty(N);
    pool.release(first);
    pool.release(second);
    try (BlockPool.Scope s = pool.open()) {
      assertSame(second, BlockPool.zeroed(N));
      assertSame(first, BlockPool.zeroed(N));
    }
  }

  @Test
  void withoutAnOpenScopeOrBelowTheMinimumNothingComesFromThePool() {
    BlockPool pool = new BlockPool(1L << 30);
    double[] a = dirty(N);
    pool.release(a);
    assertNotSame(a, BlockPool.zeroed(N));
    double[] small = dirty(N - 1);
    pool.release(small);
    assertEquals(BYTES, pool.heldBytes());
    try (BlockPool.Scope s = pool.open()) {
      double[] b = BlockPool.zeroed(N - 1);
      assertNotSame(small, b);
      assertFalse(s.took(b));
    }
    assertEquals(0, pool.freshBytes());
    assertEquals(0, pool.recycledBytes());
  }

  @Test
  void closingAScopeRestoresTheOneOpenBefore() {
    BlockPool outer = new BlockPool(1L << 30);
    BlockPool inner = new BlockPool(1L << 30);
    double[] a = dirty(N);
    outer.release(a);
    try (BlockPool.Scope o = outer.open()) {
      try (BlockPool.Scope i = inner.open()) {
        assertNotSame(a, BlockPool.zeroed(N));
      }
      assertSame(a, BlockPool.zeroed(N));
      assertTrue(o.took(a));
    }
    assertNotSame(a, BlockPool.zeroed(N));
  }

  @Test
  void releasesBeyondTheBudgetDropTheBuffersReleasedLongestAgo() {
    BlockPool pool = new BlockPool(2 * BYTES);
    double[] a = dirty(N);
    double[] b = dirty(N);
    double[] c = dirty(N);
    pool.release(a);
    pool.release(b);
    pool.release(c);
    assertEquals(2 * BYTES, pool.heldBytes());
    try (BlockPool.Scope s = pool.open()) {
      assertSame(c, BlockPool.zeroed(N));
      assertSame(b, BlockPool.zeroed(N));
      assertNotSame(a, BlockPool.zeroed(N));
    }
    // a buffer larger than the whole budget is not kept at all
    BlockPool tiny = new BlockPool(BYTES - 8);
    tiny.release(dirty(N));
    assertEquals(0, tiny.heldBytes());
  }

  @Test
  void aBufferReleasedTwiceIsAnError() {
    BlockPool pool = new BlockPool(1L << 30);
    double[] a = dirty(N);
    pool.release(a);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.release(a));
    assertEquals("a buffer of " + N + " cells was released twice", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new BlockPool(-1));
  }

  /**
   * Blocks allocate through the scope of their thread: a dense block gets a recycled buffer
   * zeroed, a block to overwrite gets one with its old values, and once nothing is left to
   * recycle a new array, zeroed as every new array is.
   */
  @Test
  void denseBlocksAllocateThroughTheScopeOfTheirThread() {
    BlockPool pool = new BlockPool(1L << 30);
    double[] a = dirty(N);
    double[] b = dirty(N);
    pool.release(a);
    pool.release(b);
    try (BlockPool.Scope s = pool.open()) {
      MatrixBlock m = MatrixBlock.dense(N / 8, 8);
      assertSame(b, m.denseBuffer());
      assertEquals(0, m.nnz());
      assertTrue(Arrays.stream(b).allMatch(x -> x == 0.0), "zeroed");
      MatrixBlock o = MatrixBlock.denseToOverwrite(N / 8, 8);
      assertSame(a, o.denseBuffer());
      assertTrue(Arrays.stream(a).allMatch(x -> x == 7.5), "not zeroed");
      assertTrue(s.took(a) && s.took(b));
      double[] fresh = BlockPool.toOverwrite(N);
      assertNotSame(a, fresh);
      assertTrue(Arrays.stream(fresh).allMatch(x -> x == 0.0));
    }
    assertEquals(2 * BYTES, pool.recycledBytes());
    assertEquals(BYTES, pool.freshBytes());
    // without a scope, and below the minimum, plain new arrays
    assertEquals(N, BlockPool.toOverwrite(N).length);
    assertEquals(3, BlockPool.toOverwrite(3).length);
    assertEquals(null, MatrixBlock.sparse(4, 4).denseBuffer());
    assertEquals(null, MatrixBlock.empty(4, 4, false).denseBuffer());
  }
}
