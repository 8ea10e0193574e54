package org.planlab.engine.io;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * Writes one matrix file from row blocks. Blocks are first {@link #encode encoded} (pure and
 * thread-safe, so worker threads do the formatting) and then {@link #append appended} in row
 * order by one thread. Everything goes to temporary files in the target's folder; {@link #commit}
 * finishes the file, writes the .mtd and renames both into place, and {@link #close} without a
 * commit deletes every temporary, so a failure never leaves a half-written target. A killed JVM
 * can leave a hidden {@code .NAME.*.tmp} file behind, never a partial target; the next write of
 * the same target deletes it ({@link TemporaryFiles}).
 */
abstract class BlockFileWriter implements Closeable {
  private static final int BUFFER_BYTES = 1 << 16;

  protected final Path target;
  protected final long rows;
  protected final int cols;
  protected final WriteOptions options;
  private final MatrixFormat format;
  private final List<Path> temporaries = new ArrayList<>();
  private final Path dataTemp;
  private final FileChannel channel;
  private final OutputStream out;
  private long position;
  private long rowsDone;
  private long nnz;
  private int blocksDone;
  private boolean begun;
  private boolean committed;

  BlockFileWriter(Path target, long rows, int cols, WriteOptions options, MatrixFormat format)
      throws IOException {
    this.target = target.toAbsolutePath();
    this.rows = rows;
    this.cols = cols;
    this.options = options;
    this.format = format;
    Path dir = this.target.getParent();
    // checked before anything is generated: a rename onto a directory fails only at the end
    if (Files.isDirectory(this.target)) {
      throw new java.nio.file.FileSystemException(this.target.toString(), null,
          "is a directory");
    }
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new java.nio.file.FileSystemException(dir.toString(), null, "not a directory");
    }
    if (!Files.isDirectory(dir)) {
      throw new java.nio.file.NoSuchFileException(dir.toString(), null,
          "the output folder does not exist");
    }
    TemporaryFiles.deleteStale(this.target);
    this.dataTemp = createTemporary("");
    try {
      this.channel = FileChannel.open(dataTemp, StandardOpenOption.WRITE);
    } catch (IOException e) {
      deleteTemporaries();
      throw e;
    }
    this.out = new BufferedOutputStream(Channels.newOutputStream(channel), BUFFER_BYTES);
  }

  /** The bytes of {@code block}, whose first row is global row {@code firstRow}. Thread-safe. */
  abstract Encoded encode(MatrixBlock block, long firstRow) throws IOException;

  /** Writes what precedes the first block (headers); called once, before the first append. */
  protected void begin() throws IOException {
  }

  /** Writes an encoded block at the current position; formats with segments override it. */
  protected void writeBlock(Encoded e) throws IOException {
    write(e.bytes(), 0, e.bytes().length);
  }

  /** Completes the data after the last block (trailers, headers written in place). */
  protected void finish() throws IOException {
  }

  /** Rows per block recorded in the .mtd (binary only), else 0. */
  protected int metadataBlocksize() {
    return 0;
  }

  /** Appends the next encoded block; blocks must come in row order. */
  final void append(Encoded e) throws IOException {
    if (committed) {
      throw new IllegalStateException("writer already committed");
    }
    if (e.firstRow() != rowsDone || rowsDone + e.rows() > rows) {
      throw new IllegalStateException("block of rows [" + e.firstRow() + ", "
          + (e.firstRow() + e.rows()) + ") appended after " + rowsDone + " of " + rows + " rows");
    }
    ensureBegun();
    writeBlock(e);
    rowsDone += e.rows();
    nnz += e.nnz();
    blocksDone++;
  }

  /** Finishes the file, writes its .mtd and moves both to their final names. */
  final WriteResult commit() throws IOException {
    if (rowsDone != rows) {
      throw new IllegalStateException("commit after " + rowsDone + " of " + rows + " rows");
    }
    ensureBegun();
    finish();
    out.flush();
    // no fsync: the guarantee is about failing or killed processes (the target appears whole
    // or not at all), not power loss, and an fsync per file would dominate small writes
    long bytes = channel.size();
    channel.close();
    Path mtdTemp = createTemporary(".mtd");
    MatrixMetadata md = MatrixMetadata.of(rows, cols, nnz, format, options, metadataBlocksize());
    Files.write(mtdTemp, md.toJson());
    Path mtd = MatrixMetadata.pathFor(target);
    move(dataTemp, target);
    try {
      move(mtdTemp, mtd);
    } catch (IOException e) {
      // data without matching metadata would be read wrongly: take the data back out
      Files.deleteIfExists(target);
      throw e;
    }
    committed = true;
    deleteTemporaries();
    return new WriteResult(target, format, rows, cols, nnz, bytes);
  }

  /** Deletes all temporaries unless committed; never throws for cleanup problems. */
  @Override
  public void close() {
    if (committed) {
      return;
    }
    try {
      channel.close();
    } catch (IOException ignored) {
      // the file is deleted next; nothing more to do about a failed close
    }
    deleteTemporaries();
  }

  // ---------------------------------------------------------------- for subclasses

  long nnzSoFar() {
    return nnz;
  }

  int blocksSoFar() {
    return blocksDone;
  }

  /** Current byte offset in the data file. */
  protected long position() {
    return position;
  }

  protected void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    position += len;
  }

  protected void write(byte[] b) throws IOException {
    write(b, 0, b.length);
  }

  /** Overwrites bytes already written at {@code pos} (for headers known only at the end). */
  protected void writeAt(long pos, byte[] b) throws IOException {
    out.flush();
    ByteBuffer bb = ByteBuffer.wrap(b);
    long p = pos;
    while (bb.hasRemaining()) {
      p += channel.write(bb, p);
    }
  }

  /** A new empty temporary file beside the target, deleted on close unless committed. */
  protected Path createTemporary(String suffix) throws IOException {
    // not Files.createTempFile: its 0600 permissions would stay on the renamed result
    for (int attempt = 0; ; attempt++) {
      Path t = TemporaryFiles.nameFor(target, suffix);
      try {
        Files.createFile(t);
        temporaries.add(t);
        return t;
      } catch (java.nio.file.FileAlreadyExistsException e) {
        if (attempt == 10) {
          throw e;
        }
      }
    }
  }

  private void ensureBegun() throws IOException {
    if (!begun) {
      begun = true;
      begin();
    }
  }

  private void deleteTemporaries() {
    for (Path t : temporaries) {
      try {
        Files.deleteIfExists(t);
      } catch (IOException ignored) {
        // best effort: a leftover hidden .tmp file is harmless and names its target
      }
    }
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
