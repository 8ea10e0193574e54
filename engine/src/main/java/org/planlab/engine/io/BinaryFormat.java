package org.planlab.engine.io;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Layout of planlab's binary block format (all numbers big-endian):
 *
 * <pre>
 * header (52 bytes, written last, so an interrupted write has no valid magic):
 *   0  8 bytes  magic "PLMATRIX"
 *   8  int      format version (1)
 *  12  int      rows per block B
 *  16  long     rows
 *  24  int      cols
 *  28  int      number of blocks = ceil(rows / B)
 *  32  long     nnz
 *  40  long     offset of the block index
 *  48  int      CRC32 of bytes 0..47
 * then per row block i (rows [i*B, min(rows, (i+1)*B))):
 *      int L, L bytes of MatrixBlock.write (engine's MatrixBlockSerializer),
 *      int CRC32 of those L bytes
 * block index: one long per block (offset of its L), then int CRC32 of the index bytes
 * </pre>
 *
 * The index makes blocks readable in any order and in parallel (streaming readers, inputs of
 * other generators); the file ends right after the index.
 */
final class BinaryFormat {
  static final byte[] MAGIC = "PLMATRIX".getBytes(StandardCharsets.US_ASCII);
  static final int VERSION = 1;
  static final int HEADER_BYTES = 52;
  static final int OFFSET_ROWS = 16;
  static final int OFFSET_COLS = 24;
  static final int OFFSET_NNZ = 32;

  private BinaryFormat() {
  }

  /** The parsed fields of a header. */
  record Header(int version, int rowsPerBlock, long rows, int cols, int blockCount, long nnz,
      long indexOffset, int crc) {

    byte[] toBytes() {
      ByteBuffer bb = ByteBuffer.allocate(HEADER_BYTES);
      bb.put(MAGIC).putInt(version).putInt(rowsPerBlock).putLong(rows).putInt(cols)
          .putInt(blockCount).putLong(nnz).putLong(indexOffset);
      bb.putInt(crc32(bb.array(), 0, HEADER_BYTES - 4));
      return bb.array();
    }
  }

  static int crc32(byte[] b, int off, int len) {
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(b, off, len);
    return (int) crc.getValue();
  }
}
