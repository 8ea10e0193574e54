package org.planlab.engine.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.SparseBlock;

/**
 * The writers of the text formats. Values are written with {@link Double#toString}, the shortest
 * decimal that parses back to the same double, so text round trips are exact.
 */
final class TextWriters {
  private TextWriters() {
  }

  /** Dense delimited rows, optional header line {@code C1,C2,...}. */
  static final class Csv extends BlockFileWriter {
    private final byte[] sep;

    Csv(Path target, long rows, int cols, WriteOptions o) throws IOException {
      super(target, rows, cols, o, MatrixFormat.CSV);
      this.sep = o.sep().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected void begin() throws IOException {
      if (options.header()) {
        AsciiBuffer b = new AsciiBuffer(8 * cols + 1);
        for (int c = 0; c < cols; c++) {
          if (c > 0) {
            b.append(sep);
          }
          b.append('C').append(c + 1);
        }
        write(b.append('\n').toByteArray());
      }
    }

    @Override
    Encoded encode(MatrixBlock block, long firstRow) {
      int n = block.rows();
      AsciiBuffer b = new AsciiBuffer((int) Math.min(1 << 26, 8L * n * Math.max(1, cols)));
      double[] row = new double[cols];
      for (int r = 0; r < n; r++) {
        denseRow(block, r, row);
        for (int c = 0; c < cols; c++) {
          if (c > 0) {
            b.append(sep);
          }
          b.append(row[c]);
        }
        b.append('\n');
      }
      return new Encoded(firstRow, n, block.nnz(), b.toByteArray(), null);
    }
  }

  /** "i j v" lines of the non-zeros, 1-based, row-major. */
  static final class Text extends BlockFileWriter {
    Text(Path target, long rows, int cols, WriteOptions o) throws IOException {
      super(target, rows, cols, o, MatrixFormat.TEXT);
    }

    @Override
    Encoded encode(MatrixBlock block, long firstRow) {
      return new Encoded(firstRow, block.rows(), block.nnz(), triples(block, firstRow), null);
    }
  }

  /**
   * MatrixMarket coordinate: banner, size line, "i j v" entries. The entry count in the size
   * line is known only at the end: it is written into a space-padded slot, which MatrixMarket
   * readers accept because fields are separated by any whitespace.
   */
  static final class MmCoordinate extends BlockFileWriter {
    private static final int COUNT_WIDTH = 20;
    private long countSlot;

    MmCoordinate(Path target, long rows, int cols, WriteOptions o) throws IOException {
      super(target, rows, cols, o, MatrixFormat.MM);
    }

    @Override
    protected void begin() throws IOException {
      AsciiBuffer b = new AsciiBuffer(128);
      b.append("%%MatrixMarket matrix coordinate real general\n").append(rows).append(' ')
          .append(cols).append(' ');
      write(b.toByteArray());
      countSlot = position();
      write((" ".repeat(COUNT_WIDTH) + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    Encoded encode(MatrixBlock block, long firstRow) {
      return new Encoded(firstRow, block.rows(), block.nnz(), triples(block, firstRow), null);
    }

    @Override
    protected void finish() throws IOException {
      writeAt(countSlot, Long.toString(nnzSoFar()).getBytes(StandardCharsets.US_ASCII));
    }
  }

  /**
   * MatrixMarket array: every value, column-major. Blocks arrive by rows, so each block is
   * encoded as one text segment per column and spilled to a temporary file; the end copies the
   * segments column by column (memory stays one block, whatever the matrix size).
   */
  static final class MmArray extends BlockFileWriter {
    private final Path spill;
    private final OutputStream spillOut;
    private final List<long[]> segments = new ArrayList<>();
    private long spillPos;

    MmArray(Path target, long rows, int cols, WriteOptions o) throws IOException {
      super(target, rows, cols, o, MatrixFormat.MM);
      try {
        spill = createTemporary(".spill");
        spillOut = new BufferedOutputStream(Files.newOutputStream(spill), 1 << 16);
      } catch (IOException | RuntimeException e) {
        super.close();
        throw e;
      }
    }

    @Override
    protected void begin() throws IOException {
      AsciiBuffer b = new AsciiBuffer(128);
      b.append("%%MatrixMarket matrix array real general\n").append(rows).append(' ')
          .append(cols).append('\n');
      write(b.toByteArray());
    }

    @Override
    Encoded encode(MatrixBlock block, long firstRow) {
      int n = block.rows();
      AsciiBuffer b = new AsciiBuffer((int) Math.min(1 << 26, 8L * n * Math.max(1, cols)));
      int[] ends = new int[cols];
      // column-wise reads of a dense row-major copy (a sparse block is rare here: AUTO picks
      // the coordinate layout for sparse matrices)
      double[] a = block.isEmpty() ? new double[n * cols]
          : block.isSparse() ? block.copy().toDenseInPlace().denseValues() : block.denseValues();
      for (int c = 0; c < cols; c++) {
        for (int r = 0; r < n; r++) {
          b.append(a[r * cols + c]).append('\n');
        }
        ends[c] = b.size();
      }
      return new Encoded(firstRow, n, block.nnz(), b.toByteArray(), ends);
    }

    @Override
    protected void writeBlock(Encoded e) throws IOException {
      long[] starts = new long[cols + 1];
      starts[0] = spillPos;
      for (int c = 0; c < cols; c++) {
        starts[c + 1] = spillPos + e.segmentEnds()[c];
      }
      spillOut.write(e.bytes());
      spillPos += e.bytes().length;
      segments.add(starts);
    }

    @Override
    protected void finish() throws IOException {
      spillOut.close();
      try (FileChannel in = FileChannel.open(spill, StandardOpenOption.READ)) {
        byte[] buf = new byte[1 << 16];
        for (int c = 0; c < cols; c++) {
          for (long[] starts : segments) {
            copy(in, starts[c], starts[c + 1], buf);
          }
        }
      }
    }

    @Override
    public void close() {
      try {
        spillOut.close();
      } catch (IOException ignored) {
        // the spill file is a temporary and deleted by super.close()
      }
      super.close();
    }

    private void copy(FileChannel in, long from, long to, byte[] buf) throws IOException {
      long p = from;
      while (p < to) {
        ByteBuffer bb = ByteBuffer.wrap(buf, 0, (int) Math.min(buf.length, to - p));
        int got = in.read(bb, p);
        if (got < 0) {
          throw new IOException(spill + ": spill file ended early");
        }
        write(buf, 0, got);
        p += got;
      }
    }
  }

  /** "i j v\n" for every non-zero of {@code block}, rows offset by {@code firstRow}, 1-based. */
  static byte[] triples(MatrixBlock block, long firstRow) {
    AsciiBuffer b = new AsciiBuffer((int) Math.min(1 << 26, 40L * block.nnz()));
    if (block.isEmpty()) {
      return b.toByteArray();
    }
    int cols = block.cols();
    if (!block.isSparse()) {
      double[] a = block.denseValues();
      for (int r = 0; r < block.rows(); r++) {
        for (int c = 0, off = r * cols; c < cols; c++) {
          double x = a[off + c];
          if (x != 0) {
            b.append(firstRow + r + 1).append(' ').append(c + 1).append(' ').append(x).append('\n');
          }
        }
      }
      return b.toByteArray();
    }
    SparseBlock sb = block.sparseRows();
    for (int r = 0; r < block.rows(); r++) {
      int apos = sb.pos(r);
      int alen = sb.size(r);
      int[] aix = sb.indexes(r);
      double[] av = sb.values(r);
      for (int k = apos; k < apos + alen; k++) {
        b.append(firstRow + r + 1).append(' ').append(aix[k] + 1).append(' ').append(av[k])
            .append('\n');
      }
    }
    return b.toByteArray();
  }

  /** Row {@code r} of {@code block} into {@code row} (all cols entries overwritten). */
  static void denseRow(MatrixBlock block, int r, double[] row) {
    int cols = block.cols();
    if (block.isEmpty()) {
      java.util.Arrays.fill(row, 0);
    } else if (!block.isSparse()) {
      System.arraycopy(block.denseValues(), r * cols, row, 0, cols);
    } else {
      java.util.Arrays.fill(row, 0);
      SparseBlock sb = block.sparseRows();
      int apos = sb.pos(r);
      int alen = sb.size(r);
      int[] aix = sb.indexes(r);
      double[] av = sb.values(r);
      for (int k = apos; k < apos + alen; k++) {
        row[aix[k]] = av[k];
      }
    }
  }
}
