package org.planlab.engine.io;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.planlab.engine.io.MatrixRows;
import org.planlab.engine.io.RowBlocks;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixBlockSerializer;

/**
 * An opened binary matrix file (see {@link BinaryFormat}): header and block index are checked
 * on open, every block (length, CRC32, shape) when it is read. Blocks can be read in any order
 * and from several threads (positional reads).
 */
public final class BinaryMatrixFile implements MatrixSource {
  private final Path file;
  private final FileChannel channel;
  private final BinaryFormat.Header header;
  private final long[] offsets;

  private BinaryMatrixFile(Path file, FileChannel channel, BinaryFormat.Header header,
      long[] offsets) {
    this.file = file;
    this.channel = channel;
    this.header = header;
    this.offsets = offsets;
  }

  /** Opens {@code file}, checking header and block index. */
  public static BinaryMatrixFile open(Path file) throws IOException {
    if (!Files.exists(file)) {
      throw new NoSuchFileException(file.toString(), null, "matrix file does not exist");
    }
    FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
    try {
      BinaryFormat.Header h = readHeader(file, ch);
      long[] offsets = readIndex(file, ch, h);
      return new BinaryMatrixFile(file, ch, h, offsets);
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  /** True when {@code file} starts with the binary format's magic bytes. */
  static boolean hasMagic(Path file) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer bb = ByteBuffer.allocate(BinaryFormat.MAGIC.length);
      while (bb.hasRemaining() && ch.read(bb) >= 0) {
        // keep reading until full or end of file
      }
      return !bb.hasRemaining() && Arrays.equals(bb.array(), BinaryFormat.MAGIC);
    }
  }

  public Path file() {
    return file;
  }

  @Override
  public long rows() {
    return header.rows();
  }

  @Override
  public int cols() {
    return header.cols();
  }

  @Override
  public int rowsPerBlock() {
    return header.rowsPerBlock();
  }

  @Override
  public int blockCount() {
    return header.blockCount();
  }

  /** The number of non-zeros recorded in the header. */
  public long nnz() {
    return header.nnz();
  }

  @Override
  public long expectedNnz() {
    return header.nnz();
  }

  @Override
  public MatrixBlock block(int index) throws IOException {
    byte[] bytes = checkedBytes(index);
    return decode(index, bytes);
  }

  /** Block {@code index} decoded from its checked bytes, its dims checked. */
  private MatrixBlock decode(int index, byte[] bytes) throws IOException {
    int len = bytes.length - 8;
    MatrixBlock m;
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, 4, len));
      m = MatrixBlock.read(in);
      if (in.available() != 0) {
        throw new IOException(in.available() + " unread bytes after the block");
      }
    } catch (IOException | RuntimeException e) {
      throw MatrixFormatException.atOffset(file, offsets[index], index, "corrupt block: "
          + e.getMessage());
    }
    if (m.rows() != blockRows(index) || m.cols() != cols()) {
      throw MatrixFormatException.atOffset(file, offsets[index], index, "block is " + m.shape()
          + ", expected " + blockRows(index) + "x" + cols());
    }
    return m;
  }

  /**
   * The bytes of block {@code index} as stored (length, serialized block, CRC32), read at its
   * offset, with their length and checksum checked.
   */
  private byte[] checkedBytes(int index) throws IOException {
    if (index < 0 || index >= offsets.length) {
      throw new IndexOutOfBoundsException("block " + index + " of " + offsets.length);
    }
    long start = offsets[index];
    long end = index + 1 < offsets.length ? offsets[index + 1] : header.indexOffset();
    long span = end - start;
    if (span < 8 || span > Integer.MAX_VALUE - 8L) {
      throw MatrixFormatException.atOffset(file, start, index, "block spans " + span
          + " bytes according to the block index");
    }
    byte[] bytes = new byte[(int) span];
    readFully(file, channel, ByteBuffer.wrap(bytes), start, index);
    ByteBuffer bb = ByteBuffer.wrap(bytes);
    int len = bb.getInt(0);
    if (len != span - 8) {
      throw MatrixFormatException.atOffset(file, start, index, "block length " + len
          + " does not match the " + (span - 8) + " bytes between its index entries");
    }
    int stored = bb.getInt(4 + len);
    int computed = BinaryFormat.crc32(bytes, 4, len);
    if (stored != computed) {
      throw MatrixFormatException.atOffset(file, start, index, String.format(
          "checksum mismatch: stored CRC32 %08x, computed %08x", stored, computed));
    }
    return bytes;
  }

  /**
   * All blocks as one block (format by its nnz), checking the total nnz against the header. A
   * matrix stored dense enough to be read dense is decoded block by block straight into its
   * array: one copy of the data, not a block per stored block stacked afterwards.
   */
  public MatrixBlock readAll() throws IOException {
    long rows = rows();
    if (offsets.length > 1 && rows * cols() <= MatrixBlock.MAX_DENSE_CELLS
        && !MatrixBlock.preferSparse(rows, cols(), header.nnz())) {
      return readAllDense();
    }
    List<MatrixBlock> blocks = new ArrayList<>(offsets.length);
    long nnz = 0;
    for (int i = 0; i < offsets.length; i++) {
      MatrixBlock b = block(i);
      nnz += b.nnz();
      blocks.add(b);
    }
    checkNnz(nnz);
    if (blocks.isEmpty()) {
      return MatrixBlock.empty((int) rows, cols());
    }
    return MatrixRows.rbind(blocks, cols()).examSparsity();
  }

  private MatrixBlock readAllDense() throws IOException {
    int cols = cols();
    MatrixBlock out = MatrixBlock.dense((int) rows(), cols);
    double[] a = out.denseValues();
    long nnz = 0;
    long row = 0;
    for (int i = 0; i < offsets.length; i++) {
      byte[] bytes = checkedBytes(i);
      int h = blockRows(i);
      int at = (int) (row * cols);
      if (MatrixBlockSerializer.isDense(bytes, 4)) {
        try {
          nnz += MatrixBlockSerializer.decodeDenseInto(bytes, 4, bytes.length - 8, h, cols, a,
              at);
        } catch (IOException | RuntimeException e) {
          throw MatrixFormatException.atOffset(file, offsets[i], i, "corrupt block: "
              + e.getMessage());
        }
      } else {
        MatrixBlock b = decode(i, bytes);
        MatrixRows.copyInto(b, a, at);
        nnz += b.nnz();
      }
      row += h;
    }
    checkNnz(nnz);
    out.setNonZeros(nnz);
    return out.examSparsity();
  }

  private void checkNnz(long nnz) throws MatrixFormatException {
    if (nnz != header.nnz()) {
      throw MatrixFormatException.atOffset(file, BinaryFormat.OFFSET_NNZ, -1, "header says nnz="
          + header.nnz() + " but the blocks hold " + nnz + " non-zeros");
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  // ---------------------------------------------------------------- header and index

  private static BinaryFormat.Header readHeader(Path file, FileChannel ch) throws IOException {
    long size = ch.size();
    if (size < BinaryFormat.HEADER_BYTES) {
      throw MatrixFormatException.atOffset(file, size, -1, "truncated file: " + size
          + " bytes, shorter than the " + BinaryFormat.HEADER_BYTES + "-byte header");
    }
    byte[] hb = new byte[BinaryFormat.HEADER_BYTES];
    readFully(file, ch, ByteBuffer.wrap(hb), 0, -1);
    if (!Arrays.equals(Arrays.copyOf(hb, BinaryFormat.MAGIC.length), BinaryFormat.MAGIC)) {
      throw MatrixFormatException.atOffset(file, 0, -1,
          "bad magic bytes: not a planlab binary matrix file");
    }
    ByteBuffer bb = ByteBuffer.wrap(hb);
    bb.position(BinaryFormat.MAGIC.length);
    BinaryFormat.Header h = new BinaryFormat.Header(bb.getInt(), bb.getInt(), bb.getLong(),
        bb.getInt(), bb.getInt(), bb.getLong(), bb.getLong(), bb.getInt());
    if (h.version() != BinaryFormat.VERSION) {
      throw MatrixFormatException.atOffset(file, 8, -1, "unsupported format version "
          + h.version() + " (this planlab reads version " + BinaryFormat.VERSION + ")");
    }
    int crc = BinaryFormat.crc32(hb, 0, BinaryFormat.HEADER_BYTES - 4);
    if (crc != h.crc()) {
      throw MatrixFormatException.atOffset(file, BinaryFormat.HEADER_BYTES - 4, -1,
          String.format("header checksum mismatch: stored CRC32 %08x, computed %08x", h.crc(),
              crc));
    }
    if (h.rowsPerBlock() < 1 || h.rows() < 0 || h.cols() < 0 || h.nnz() < 0
        || (double) h.nnz() > (double) h.rows() * h.cols()
        || h.blockCount() != RowBlocks.blockCount(h.rows(), h.rowsPerBlock())
        || h.indexOffset() < BinaryFormat.HEADER_BYTES) {
      throw MatrixFormatException.atOffset(file, 12, -1, "inconsistent header: rows=" + h.rows()
          + " cols=" + h.cols() + " nnz=" + h.nnz() + " rowsPerBlock=" + h.rowsPerBlock()
          + " blocks=" + h.blockCount() + " indexOffset=" + h.indexOffset());
    }
    long expected = h.indexOffset() + 8L * h.blockCount() + 4;
    if (size < expected) {
      throw MatrixFormatException.atOffset(file, size, -1, "truncated file: " + size
          + " bytes, the header promises " + expected);
    }
    if (size > expected) {
      throw MatrixFormatException.atOffset(file, expected, -1, (size - expected)
          + " unexpected bytes after the block index");
    }
    return h;
  }

  private static long[] readIndex(Path file, FileChannel ch, BinaryFormat.Header h)
      throws IOException {
    int n = h.blockCount();
    byte[] ib = new byte[8 * n + 4];
    readFully(file, ch, ByteBuffer.wrap(ib), h.indexOffset(), -1);
    ByteBuffer bb = ByteBuffer.wrap(ib);
    int crc = BinaryFormat.crc32(ib, 0, 8 * n);
    if (crc != bb.getInt(8 * n)) {
      throw MatrixFormatException.atOffset(file, h.indexOffset(), -1, String.format(
          "block index checksum mismatch: stored CRC32 %08x, computed %08x", bb.getInt(8 * n),
          crc));
    }
    long[] offsets = new long[n];
    long prev = BinaryFormat.HEADER_BYTES;
    for (int i = 0; i < n; i++) {
      offsets[i] = bb.getLong(8 * i);
      boolean ok = i == 0 ? offsets[i] == BinaryFormat.HEADER_BYTES : offsets[i] >= prev + 8;
      if (!ok || offsets[i] + 8 > h.indexOffset()) {
        throw MatrixFormatException.atOffset(file, h.indexOffset() + 8L * i, i,
            "block index entry " + offsets[i] + " is out of order or outside the data");
      }
      prev = offsets[i];
    }
    return offsets;
  }

  private static void readFully(Path file, FileChannel ch, ByteBuffer bb, long pos, int block)
      throws IOException {
    long p = pos;
    while (bb.hasRemaining()) {
      int n = ch.read(bb, p);
      if (n < 0) {
        throw MatrixFormatException.atOffset(file, p, block, "truncated file: unexpected end");
      }
      p += n;
    }
  }
}
