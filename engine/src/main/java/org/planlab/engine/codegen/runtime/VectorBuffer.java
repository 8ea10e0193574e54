package org.planlab.engine.codegen.runtime;


/**
 * Per-thread ring buffers for the row intermediates of a Row operator (fusion paper, sec. 2.2:
 * "preallocated ring buffers per thread"): {@link #next(int)} hands out the arrays of one
 * length in turn, so a row body with at most {@code size} live vector intermediates never
 * allocates after its first row. Not thread-safe: each thread owns one.
 */
public final class VectorBuffer {
  private final int size;
  // a row body uses one to three distinct lengths: a linear scan beats a boxed map lookup
  private int[] lengths = new int[4];
  private Ring[] rings = new Ring[4];
  private int count;

  /** A buffer of {@code size} arrays per distinct length (at least 1). */
  public VectorBuffer(int size) {
    this.size = Math.max(1, size);
  }

  /**
   * The next array of length {@code len} (content undefined: callers overwrite all of it).
   * With {@code size} arrays per ring, the last {@code size} results stay intact.
   */
  public double[] next(int len) {
    Ring r = null;
    for (int i = 0; i < count; i++) {
      if (lengths[i] == len) {
        r = rings[i];
        break;
      }
    }
    if (r == null) {
      r = add(len);
    }
    double[] out = r.arrays[r.pos];
    r.pos = r.pos + 1 == size ? 0 : r.pos + 1;
    return out;
  }

  private Ring add(int len) {
    if (count == lengths.length) {
      lengths = java.util.Arrays.copyOf(lengths, 2 * count);
      rings = java.util.Arrays.copyOf(rings, 2 * count);
    }
    Ring r = new Ring(new double[size][len]);
    lengths[count] = len;
    rings[count++] = r;
    return r;
  }

  private static final class Ring {
    final double[][] arrays;
    int pos;

    Ring(double[][] arrays) {
      this.arrays = arrays;
    }
  }
}
