package org.planlab.engine.codegen.runtime;

import java.util.HashMap;
import java.util.Map;

/**
 * Per-thread ring buffers for the row intermediates of a Row operator (fusion paper, sec. 2.2:
 * "preallocated ring buffers per thread"): {@link #next(int)} hands out the arrays of one
 * length in turn, so a row body with at most {@code size} live vector intermediates never
 * allocates after its first row. Not thread-safe: each thread owns one.
 */
public final class VectorBuffer {
  private final int size;
  private final Map<Integer, Ring> rings = new HashMap<>();

  /** A buffer of {@code size} arrays per distinct length (at least 1). */
  public VectorBuffer(int size) {
    this.size = Math.max(1, size);
  }

  /**
   * The next array of length {@code len} (content undefined: callers overwrite all of it).
   * With {@code size} arrays per ring, the last {@code size} results stay intact.
   */
  public double[] next(int len) {
    Ring r = rings.get(len);
    if (r == null) {
      r = new Ring(new double[size][len]);
      rings.put(len, r);
    }
    double[] out = r.arrays[r.pos];
    r.pos = (r.pos + 1) % size;
    return out;
  }

  private static final class Ring {
    final double[][] arrays;
    int pos;

    Ring(double[][] arrays) {
      this.arrays = arrays;
    }
  }
}
