package org.planlab.engine.matrix;

import java.util.Arrays;

/**
 * Row-wise growable sparse form ("modified CSR"): every non-empty row owns two arrays that grow
 * geometrically. The building form: kernels writing disjoint row ranges from several threads
 * append into their own rows without coordination.
 */
public final class SparseBlockMCSR extends SparseBlock {
  private static final int[] NO_INDEXES = new int[0];
  private static final double[] NO_VALUES = new double[0];
  private static final int INITIAL_ROW_CAPACITY = 4;

  private final int[][] idx;
  private final double[][] vals;
  private final int[] sizes;

  public SparseBlockMCSR(int rows) {
    idx = new int[rows][];
    vals = new double[rows][];
    sizes = new int[rows];
  }

  /** Row-wise copy of any sparse block. */
  public static SparseBlockMCSR from(SparseBlock sb) {
    int rows = sb.numRows();
    SparseBlockMCSR out = new SparseBlockMCSR(rows);
    for (int r = 0; r < rows; r++) {
      int alen = sb.size(r);
      if (alen > 0) {
        int apos = sb.pos(r);
        out.idx[r] = Arrays.copyOfRange(sb.indexes(r), apos, apos + alen);
        out.vals[r] = Arrays.copyOfRange(sb.values(r), apos, apos + alen);
        out.sizes[r] = alen;
      }
    }
    return out;
  }

  @Override
  public int numRows() {
    return sizes.length;
  }

  @Override
  public long size() {
    long n = 0;
    for (int s : sizes) {
      n += s;
    }
    return n;
  }

  @Override
  public int size(int r) {
    return sizes[r];
  }

  @Override
  public int pos(int r) {
    return 0;
  }

  @Override
  public int[] indexes(int r) {
    int[] a = idx[r];
    return a == null ? NO_INDEXES : a;
  }

  @Override
  public double[] values(int r) {
    double[] a = vals[r];
    return a == null ? NO_VALUES : a;
  }

  /** Pre-sizes row {@code r} for {@code capacity} entries (a hint; never shrinks). */
  public void reserve(int r, int capacity) {
    if (idx[r] == null) {
      idx[r] = new int[capacity];
      vals[r] = new double[capacity];
    } else if (idx[r].length < capacity) {
      idx[r] = Arrays.copyOf(idx[r], capacity);
      vals[r] = Arrays.copyOf(vals[r], capacity);
    }
  }

  /**
   * Appends (r, c, v) behind the row's last entry; the caller guarantees ascending column order
   * within a row. Zeros are dropped. Returns 1 if an entry was stored, else 0.
   */
  public int append(int r, int c, double v) {
    if (v == 0) {
      return 0;
    }
    int n = sizes[r];
    ensureCapacity(r, n + 1);
    idx[r][n] = c;
    vals[r][n] = v;
    sizes[r] = n + 1;
    return 1;
  }

  /**
   * Sets (r, c) to v in any order, inserting, overwriting or deleting. Returns the change of
   * the non-zero count: +1, 0 or -1.
   */
  public int set(int r, int c, double v) {
    int n = sizes[r];
    int ix = n == 0 ? -1 : Arrays.binarySearch(idx[r], 0, n, c);
    if (ix >= 0) {
      if (v != 0) {
        vals[r][ix] = v;
        return 0;
      }
      System.arraycopy(idx[r], ix + 1, idx[r], ix, n - ix - 1);
      System.arraycopy(vals[r], ix + 1, vals[r], ix, n - ix - 1);
      sizes[r] = n - 1;
      return -1;
    }
    if (v == 0) {
      return 0;
    }
    int ins = -ix - 1;
    ensureCapacity(r, n + 1);
    System.arraycopy(idx[r], ins, idx[r], ins + 1, n - ins);
    System.arraycopy(vals[r], ins, vals[r], ins + 1, n - ins);
    idx[r][ins] = c;
    vals[r][ins] = v;
    sizes[r] = n + 1;
    return 1;
  }

  /** Replaces row {@code r} with the given arrays (taken, not copied; ascending, no zeros). */
  public void setRow(int r, int[] indexes, double[] values, int size) {
    idx[r] = indexes;
    vals[r] = values;
    sizes[r] = size;
  }

  /** Removes all entries of row {@code r}. */
  public void clearRow(int r) {
    idx[r] = null;
    vals[r] = null;
    sizes[r] = 0;
  }

  private void ensureCapacity(int r, int needed) {
    int[] a = idx[r];
    if (a == null) {
      int cap = Math.max(INITIAL_ROW_CAPACITY, needed);
      idx[r] = new int[cap];
      vals[r] = new double[cap];
    } else if (a.length < needed) {
      int cap = (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(needed, (long) a.length * 2));
      idx[r] = Arrays.copyOf(a, cap);
      vals[r] = Arrays.copyOf(vals[r], cap);
    }
  }

  @Override
  public SparseBlockMCSR copy() {
    return from(this);
  }
}
