package org.planlab.engine.matrix;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * The binary form of one {@link MatrixBlock}, used by {@link java.io.Externalizable}, by shuffles
 * and broadcasts of the distributed backend, and inside the binary block file format.
 *
 * <pre>
 * int rows, int cols, long nnz, byte form, then by form:
 *   EMPTY        nothing
 *   DENSE        rows*cols doubles, row-major
 *   SPARSE       per row: int count, count x (int col), count x (double value)
 *   ULTRA_SPARSE nnz x (int row, int col, double value), row-major order
 * </pre>
 *
 * The writer picks the smallest form for the block's nnz. Values move through a byte buffer in
 * bulk rather than one {@code writeDouble} per cell, which is what makes the format fast on any
 * {@link DataOutput}.
 */
public final class MatrixBlockSerializer {
  static final byte EMPTY = 0;
  static final byte DENSE = 1;
  static final byte SPARSE = 2;
  static final byte ULTRA_SPARSE = 3;

  private static final int HEADER_BYTES = 4 + 4 + 8 + 1;
  private static final int BUFFER_BYTES = 1 << 15;

  private MatrixBlockSerializer() {
  }

  /** The form {@link #write} uses for this block. */
  static byte formOf(MatrixBlock m) {
    if (m.nnz() == 0) {
      return EMPTY;
    }
    long dense = 8L * m.cells();
    long sparse = 4L * m.rows() + 12L * m.nnz();
    long ultra = 16L * m.nnz();
    if (dense <= sparse && dense <= ultra) {
      return DENSE;
    }
    return sparse <= ultra ? SPARSE : ULTRA_SPARSE;
  }

  public static long serializedSize(MatrixBlock m) {
    return HEADER_BYTES + switch (formOf(m)) {
      case EMPTY -> 0L;
      case DENSE -> 8L * m.cells();
      case SPARSE -> 4L * m.rows() + 12L * m.nnz();
      default -> 16L * m.nnz();
    };
  }

  public static void write(MatrixBlock m, DataOutput out) throws IOException {
    byte form = formOf(m);
    out.writeInt(m.rows());
    out.writeInt(m.cols());
    out.writeLong(m.nnz());
    out.writeByte(form);
    switch (form) {
      case DENSE -> writeDense(m, out);
      case SPARSE -> writeSparse(m, out);
      case ULTRA_SPARSE -> writeUltraSparse(m, out);
      default -> {
      }
    }
  }

  public static MatrixBlock read(DataInput in) throws IOException {
    int rows = in.readInt();
    int cols = in.readInt();
    long nnz = in.readLong();
    byte form = in.readByte();
    if (rows < 0 || cols < 0 || nnz < 0 || nnz > (long) rows * cols) {
      throw new IOException("corrupt matrix block header: " + rows + "x" + cols + " nnz=" + nnz);
    }
    MatrixBlock m = switch (form) {
      case EMPTY -> MatrixBlock.empty(rows, cols);
      case DENSE -> readDense(rows, cols, in);
      case SPARSE -> readSparse(rows, cols, nnz, in);
      case ULTRA_SPARSE -> readUltraSparse(rows, cols, nnz, in);
      default -> throw new IOException("corrupt matrix block header: unknown form " + form);
    };
    if (m.nnz() != nnz) {
      throw new IOException("corrupt matrix block: header says nnz=" + nnz + " but the data holds "
          + m.nnz() + " non-zeros");
    }
    return m;
  }

  /** Whether the block serialized from {@code bytes[off]} (as {@link #write} wrote it) is dense. */
  public static boolean isDense(byte[] bytes, int off) {
    return bytes.length > off + HEADER_BYTES - 1 && bytes[off + HEADER_BYTES - 1] == DENSE;
  }

  /**
   * Decodes the dense block ({@link #isDense}) serialized in {@code bytes[off, off+len)}, which
   * must be {@code rows x cols}, straight into the row-major {@code out} from {@code outOff},
   * without a block of its own (for readers that assemble a matrix from blocks); returns its
   * nnz.
   *
   * @throws IOException for a corrupt block or one of other dims, with what is wrong
   */
  public static long decodeDenseInto(byte[] bytes, int off, int len, int rows, int cols,
      double[] out, int outOff) throws IOException {
    java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(bytes, off, len);
    int cells = rows * cols;
    if (len != HEADER_BYTES + 8L * cells || !isDense(bytes, off)) {
      throw new IOException("corrupt matrix block: " + len + " bytes, a dense " + rows + "x"
          + cols + " block has " + (HEADER_BYTES + 8L * cells));
    }
    int r = bb.getInt();
    int c = bb.getInt();
    long nnz = bb.getLong();
    bb.get();
    if (r != rows || c != cols) {
      throw new IOException("matrix block is " + r + "x" + c + ", expected " + rows + "x" + cols);
    }
    bb.asDoubleBuffer().get(out, outOff, cells);
    long count = 0;
    for (int i = outOff; i < outOff + cells; i++) {
      count += out[i] != 0 ? 1 : 0;
    }
    if (count != nnz) {
      throw new IOException("corrupt matrix block: header says nnz=" + nnz + " but the data "
          + "holds " + count + " non-zeros");
    }
    return count;
  }

  // ---------------------------------------------------------------- dense

  private static void writeDense(MatrixBlock m, DataOutput out) throws IOException {
    if (m.isSparse()) {
      // a sparse block dense enough to be written dense: stream row by row
      SparseBlock sb = m.sparseRows();
      double[] row = new double[m.cols()];
      Buffer buf = new Buffer();
      for (int r = 0; r < m.rows(); r++) {
        java.util.Arrays.fill(row, 0);
        int apos = sb.pos(r);
        int alen = sb.size(r);
        int[] aix = sb.indexes(r);
        double[] av = sb.values(r);
        for (int k = apos; k < apos + alen; k++) {
          row[aix[k]] = av[k];
        }
        buf.putDoubles(row, 0, row.length, out);
      }
      buf.flush(out);
      return;
    }
    Buffer buf = new Buffer();
    double[] a = m.denseValues();
    buf.putDoubles(a, 0, a.length, out);
    buf.flush(out);
  }

  private static MatrixBlock readDense(int rows, int cols, DataInput in) throws IOException {
    MatrixBlock m = MatrixBlock.dense(rows, cols);
    double[] a = m.denseValues();
    new Buffer().readDoubles(in, a, 0, a.length);
    m.recomputeNonZeros();
    return m;
  }

  // ---------------------------------------------------------------- sparse (row-wise)

  private static void writeSparse(MatrixBlock m, DataOutput out) throws IOException {
    Buffer buf = new Buffer();
    if (!m.isSparse()) {
      double[] a = m.denseValues();
      int cols = m.cols();
      int[] ix = new int[cols];
      double[] v = new double[cols];
      for (int r = 0; r < m.rows(); r++) {
        int n = 0;
        for (int c = 0, off = r * cols; c < cols; c++) {
          double x = a[off + c];
          if (x != 0) {
            ix[n] = c;
            v[n++] = x;
          }
        }
        buf.putInt(n, out);
        buf.putInts(ix, 0, n, out);
        buf.putDoubles(v, 0, n, out);
      }
    } else {
      SparseBlock sb = m.sparseRows();
      for (int r = 0; r < m.rows(); r++) {
        int apos = sb.pos(r);
        int alen = sb.size(r);
        buf.putInt(alen, out);
        buf.putInts(sb.indexes(r), apos, alen, out);
        buf.putDoubles(sb.values(r), apos, alen, out);
      }
    }
    buf.flush(out);
  }

  private static MatrixBlock readSparse(int rows, int cols, long nnz, DataInput in)
      throws IOException {
    int[] ptr = new int[rows + 1];
    int[] ix = new int[(int) nnz];
    double[] v = new double[(int) nnz];
    Buffer buf = new Buffer();
    int p = 0;
    for (int r = 0; r < rows; r++) {
      int n = buf.readInt(in);
      if (n < 0 || n > cols || (long) p + n > nnz) {
        throw new IOException("corrupt sparse matrix block: row " + r + " claims " + n
            + " entries (" + rows + "x" + cols + ", nnz=" + nnz + ")");
      }
      buf.readInts(in, ix, p, n);
      buf.readDoubles(in, v, p, n);
      for (int k = p; k < p + n; k++) {
        if (ix[k] < 0 || ix[k] >= cols || (k > p && ix[k] <= ix[k - 1]) || v[k] == 0) {
          throw new IOException("corrupt sparse matrix block: bad entry in row " + r);
        }
      }
      p += n;
      ptr[r + 1] = p;
    }
    if (p != nnz) {
      throw new IOException("corrupt sparse matrix block: " + p + " entries, header says " + nnz);
    }
    return MatrixBlock.sparse(rows, cols, new SparseBlockCSR(ptr, ix, v));
  }

  // ---------------------------------------------------------------- ultra-sparse (triples)

  private static void writeUltraSparse(MatrixBlock m, DataOutput out) throws IOException {
    Buffer buf = new Buffer();
    if (!m.isSparse()) {
      double[] a = m.denseValues();
      for (int i = 0; i < a.length; i++) {
        if (a[i] != 0) {
          buf.putInt(i / m.cols(), out);
          buf.putInt(i % m.cols(), out);
          buf.putDouble(a[i], out);
        }
      }
    } else {
      SparseBlock sb = m.sparseRows();
      for (int r = 0; r < m.rows(); r++) {
        int apos = sb.pos(r);
        int alen = sb.size(r);
        int[] aix = sb.indexes(r);
        double[] av = sb.values(r);
        for (int k = apos; k < apos + alen; k++) {
          buf.putInt(r, out);
          buf.putInt(aix[k], out);
          buf.putDouble(av[k], out);
        }
      }
    }
    buf.flush(out);
  }

  private static MatrixBlock readUltraSparse(int rows, int cols, long nnz, DataInput in)
      throws IOException {
    int[] ptr = new int[rows + 1];
    int[] ix = new int[(int) nnz];
    double[] v = new double[(int) nnz];
    Buffer buf = new Buffer();
    int prevRow = 0;
    int prevCol = -1;
    for (int k = 0; k < nnz; k++) {
      int r = buf.readInt(in);
      int c = buf.readInt(in);
      double x = buf.readDouble(in);
      boolean ordered = r > prevRow || (r == prevRow && c > prevCol);
      if (r < 0 || r >= rows || c < 0 || c >= cols || !ordered || x == 0) {
        throw new IOException("corrupt ultra-sparse matrix block: entry " + k + " at (" + r + ", "
            + c + ") in a " + rows + "x" + cols + " block");
      }
      ptr[r + 1]++;
      ix[k] = c;
      v[k] = x;
      prevRow = r;
      prevCol = c;
    }
    for (int r = 0; r < rows; r++) {
      ptr[r + 1] += ptr[r];
    }
    return MatrixBlock.sparse(rows, cols, new SparseBlockCSR(ptr, ix, v));
  }

  /** A byte buffer that moves primitives to and from a stream in bulk, big-endian. */
  private static final class Buffer {
    private final byte[] bytes = new byte[BUFFER_BYTES];
    private final java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(bytes);
    private int limit;

    void putInt(int v, DataOutput out) throws IOException {
      ensureRoom(4, out);
      bb.putInt(v);
    }

    void putDouble(double v, DataOutput out) throws IOException {
      ensureRoom(8, out);
      bb.putDouble(v);
    }

    void putInts(int[] a, int off, int len, DataOutput out) throws IOException {
      for (int i = off; i < off + len; i++) {
        ensureRoom(4, out);
        bb.putInt(a[i]);
      }
    }

    void putDoubles(double[] a, int off, int len, DataOutput out) throws IOException {
      int i = off;
      int end = off + len;
      while (i < end) {
        ensureRoom(8, out);
        int n = Math.min(end - i, bb.remaining() / 8);
        bb.asDoubleBuffer().put(a, i, n);
        bb.position(bb.position() + 8 * n);
        i += n;
      }
    }

    private void ensureRoom(int n, DataOutput out) throws IOException {
      if (bb.remaining() < n) {
        flush(out);
      }
    }

    void flush(DataOutput out) throws IOException {
      out.write(bytes, 0, bb.position());
      bb.clear();
    }

    // reading: the buffer holds bytes [position, limit) not yet consumed

    private void fill(DataInput in, int n) throws IOException {
      if (limit - bb.position() >= n) {
        return;
      }
      int left = limit - bb.position();
      System.arraycopy(bytes, bb.position(), bytes, 0, left);
      // read exactly what is needed (DataInput has no "read what is available")
      in.readFully(bytes, left, n - left);
      bb.position(0);
      limit = n;
    }

    int readInt(DataInput in) throws IOException {
      fill(in, 4);
      return bb.getInt();
    }

    double readDouble(DataInput in) throws IOException {
      fill(in, 8);
      return bb.getDouble();
    }

    void readInts(DataInput in, int[] a, int off, int len) throws IOException {
      int i = off;
      int end = off + len;
      while (i < end) {
        int n = Math.min(end - i, BUFFER_BYTES / 4);
        fill(in, 4 * n);
        bb.asIntBuffer().get(a, i, n);
        bb.position(bb.position() + 4 * n);
        i += n;
      }
    }

    void readDoubles(DataInput in, double[] a, int off, int len) throws IOException {
      int i = off;
      int end = off + len;
      while (i < end) {
        int n = Math.min(end - i, BUFFER_BYTES / 8);
        fill(in, 8 * n);
        bb.asDoubleBuffer().get(a, i, n);
        bb.position(bb.position() + 8 * n);
        i += n;
      }
    }
  }
}
