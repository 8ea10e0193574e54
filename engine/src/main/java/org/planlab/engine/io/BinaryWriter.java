package org.planlab.engine.io;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.planlab.engine.io.RowBlocks;
import org.planlab.engine.matrix.MatrixBlock;

/** Writer of the binary block format (see {@link BinaryFormat}). */
final class BinaryWriter extends BlockFileWriter {
  private final int rowsPerBlock;
  private final long[] offsets;

  BinaryWriter(Path target, long rows, int cols, int rowsPerBlock, WriteOptions options)
      throws IOException {
    super(target, rows, cols, options, MatrixFormat.BINARY);
    this.rowsPerBlock = rowsPerBlock;
    this.offsets = new long[RowBlocks.blockCount(rows, rowsPerBlock)];
  }

  @Override
  protected void begin() throws IOException {
    // placeholder: the real header is written in finish(), when nnz and the index are known
    write(new byte[BinaryFormat.HEADER_BYTES]);
  }

  @Override
  Encoded encode(MatrixBlock block, long firstRow) throws IOException {
    long expectedRows = Math.min(rowsPerBlock, rows - firstRow);
    if (firstRow % rowsPerBlock != 0 || block.rows() != expectedRows || block.cols() != cols) {
      throw new IllegalArgumentException("binary block at row " + firstRow + " is "
          + block.shape() + ", expected " + expectedRows + "x" + cols + " (blocks of "
          + rowsPerBlock + " rows)");
    }
    long size = block.serializedSize();
    if (size > Integer.MAX_VALUE - 16L) {
      throw new IOException(target + ": a block of " + block.shape() + " serializes to " + size
          + " bytes, more than the 2 GiB a binary block may hold; use fewer columns");
    }
    byte[] bytes = new byte[(int) size + 8];
    ByteBuffer.wrap(bytes).putInt((int) size);
    DataOutputStream out = new DataOutputStream(new ArrayOutput(bytes, 4));
    block.write(out);
    out.flush();
    if (out.size() != size) {
      throw new IllegalStateException("serializer wrote " + out.size() + " bytes, announced "
          + size);
    }
    ByteBuffer.wrap(bytes).putInt(4 + (int) size, BinaryFormat.crc32(bytes, 4, (int) size));
    return new Encoded(firstRow, block.rows(), block.nnz(), bytes, null);
  }

  @Override
  protected void writeBlock(Encoded e) throws IOException {
    offsets[blocksSoFar()] = position();
    super.writeBlock(e);
  }

  @Override
  protected void finish() throws IOException {
    long indexOffset = position();
    ByteBuffer index = ByteBuffer.allocate(8 * offsets.length + 4);
    for (long o : offsets) {
      index.putLong(o);
    }
    index.putInt(BinaryFormat.crc32(index.array(), 0, 8 * offsets.length));
    write(index.array());
    BinaryFormat.Header h = new BinaryFormat.Header(BinaryFormat.VERSION, rowsPerBlock, rows,
        cols, offsets.length, nnzSoFar(), indexOffset, 0);
    writeAt(0, h.toBytes());
  }

  @Override
  protected int metadataBlocksize() {
    return rowsPerBlock;
  }

  /** An output stream into a preallocated array (the exact size is known beforehand). */
  private static final class ArrayOutput extends OutputStream {
    private final byte[] target;
    private int pos;

    ArrayOutput(byte[] target, int pos) {
      this.target = target;
      this.pos = pos;
    }

    @Override
    public void write(int b) {
      target[pos++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      System.arraycopy(b, off, target, pos, len);
      pos += len;
    }
  }
}
