package org.planlab.engine.io;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.planlab.engine.io.MatrixRows;
import org.planlab.engine.io.RowBlocks;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.parallel.KernelPool;
import org.planlab.engine.random.BlockRandom;

/**
 * Reading and writing matrix files in every {@link MatrixFormat}, each with its {@code FILE.mtd}
 * beside it.
 *
 * <p>Reading: the format comes from the .mtd, else from {@link ReadOptions#format()}, else it is
 * detected (binary magic bytes, file extension, MatrixMarket banner). Everything is checked; bad
 * input throws {@link MatrixFormatException} naming the file and line or byte offset, a
 * missing file {@link NoSuchFileException}, a directory a {@link FileSystemException} saying so
 * ({@link FileErrors} turns any of them into a message). Dimensions and nnz of the data must
 * agree with the .mtd when there is one.
 *
 * <p>Writing: to temporaries in the target's folder, renamed into place at the end (data file,
 * then .mtd); a failure leaves no target and no temporaries behind.
 */
public final class MatrixFiles {
  private MatrixFiles() {
  }

  /** Reads {@code file} into one block (format by its nnz, nnz exact). */
  public static MatrixBlock read(Path file) throws IOException {
    return read(file, ReadOptions.defaults());
  }

  /** Reads {@code file} into one block, with options for files without a .mtd. */
  public static MatrixBlock read(Path file, ReadOptions options) throws IOException {
    requireExists(file);
    MatrixMetadata md = MatrixMetadata.readFor(file).orElse(null);
    return switch (formatOf(file, md, options)) {
      case BINARY -> {
        try (BinaryMatrixFile f = openBinary(file, md)) {
          yield f.readAll();
        }
      }
      case CSV -> CsvReader.read(file, md, options);
      case MM -> MatrixMarketReader.read(file, md);
      case TEXT -> TextReader.read(file, md);
    };
  }

  /**
   * Opens {@code file} as row blocks of {@link BlockRandom#ROWS_PER_BLOCK} rows, the blocks of
   * the generators. Binary files are streamed (blocks read on demand, from any thread); the text
   * formats are read into memory first.
   */
  public static MatrixSource open(Path file) throws IOException {
    return open(file, ReadOptions.defaults());
  }

  /** As {@link #open(Path)}, with options for files without a .mtd. */
  public static MatrixSource open(Path file, ReadOptions options) throws IOException {
    requireExists(file);
    MatrixMetadata md = MatrixMetadata.readFor(file).orElse(null);
    if (formatOf(file, md, options) == MatrixFormat.BINARY) {
      BinaryMatrixFile f = openBinary(file, md);
      RowBlocks blocks = RowBlocks.reblocked(f, BlockRandom.ROWS_PER_BLOCK);
      return new MatrixSource() {
        @Override
        public long rows() {
          return f.rows();
        }

        @Override
        public int cols() {
          return f.cols();
        }

        @Override
        public long expectedNnz() {
          return f.nnz();
        }

        @Override
        public MatrixBlock block(int index) throws IOException {
          return blocks.block(index);
        }

        @Override
        public void close() throws IOException {
          f.close();
        }
      };
    }
    MatrixBlock m = read(file, options);
    int per = BlockRandom.ROWS_PER_BLOCK;
    return new MatrixSource() {
      @Override
      public long rows() {
        return m.rows();
      }

      @Override
      public int cols() {
        return m.cols();
      }

      @Override
      public long expectedNnz() {
        return m.nnz();
      }

      @Override
      public MatrixBlock block(int index) {
        return MatrixRows.slice(m, index * per, index * per + blockRows(index));
      }

      @Override
      public void close() {
        // nothing to release: the matrix is in memory
      }
    };
  }

  /** Writes an in-memory block (binary blocks of {@link WriteOptions#blocksize()} rows). */
  public static WriteResult write(MatrixBlock m, Path file, MatrixFormat format,
      WriteOptions options) throws IOException {
    return write(RowBlocks.of(m, options.blocksize()), file, format, options, 1, rows -> {
    });
  }

  /**
   * Writes all blocks of {@code source} to {@code file} and its .mtd, producing and encoding
   * blocks on {@code threads} threads, in [1, {@link KernelPool#MAX_PARALLELISM}] (the bytes do
   * not depend on it); {@code rowsDone} hears the number of rows written after each block.
   */
  public static WriteResult write(RowBlocks source, Path file, MatrixFormat format,
      WriteOptions options, int threads, LongConsumer rowsDone) throws IOException {
    // before the writer creates its temporaries
    KernelPool.checkParallelism("threads", threads);
    BlockFileWriter w = writer(source, file, format, options);
    return BlockPipeline.run(source, w, threads, rowsDone);
  }

  /** The .mtd of {@code file}, if it has one. */
  public static Optional<MatrixMetadata> metadata(Path file) throws IOException {
    return MatrixMetadata.readFor(file);
  }

  // ---------------------------------------------------------------- internals

  private static BlockFileWriter writer(RowBlocks src, Path file, MatrixFormat format,
      WriteOptions o) throws IOException {
    long rows = src.rows();
    int cols = src.cols();
    return switch (format) {
      case BINARY -> new BinaryWriter(file, rows, cols, src.rowsPerBlock(), o);
      case CSV -> new TextWriters.Csv(file, rows, cols, o);
      case TEXT -> new TextWriters.Text(file, rows, cols, o);
      case MM -> useArray(o.mmLayout(), rows, cols, src.expectedNnz())
          ? new TextWriters.MmArray(file, rows, cols, o)
          : new TextWriters.MmCoordinate(file, rows, cols, o);
    };
  }

  private static boolean useArray(WriteOptions.MmLayout layout, long rows, int cols, long nnz) {
    return switch (layout) {
      case ARRAY -> true;
      case COORDINATE -> false;
      case AUTO -> nnz >= 0 && !MatrixBlock.preferSparse(rows, cols, nnz);
    };
  }

  private static BinaryMatrixFile openBinary(Path file, MatrixMetadata md) throws IOException {
    BinaryMatrixFile f = BinaryMatrixFile.open(file);
    try {
      if (md != null) {
        String mtd = MatrixMetadata.pathFor(file).getFileName().toString();
        if (md.rows() != f.rows() || md.cols() != f.cols()) {
          throw MatrixFormatException.atOffset(file, BinaryFormat.OFFSET_ROWS, -1, "header says "
              + f.rows() + "x" + f.cols() + ", " + mtd + " says " + md.rows() + "x" + md.cols());
        }
        if (md.nnz() >= 0 && md.nnz() != f.nnz()) {
          throw MatrixFormatException.atOffset(file, BinaryFormat.OFFSET_NNZ, -1, "header says nnz="
              + f.nnz() + ", " + mtd + " says nnz=" + md.nnz());
        }
        if (md.blocksize() > 0 && md.blocksize() != f.rowsPerBlock()) {
          throw MatrixFormatException.atOffset(file, 12, -1, "header says " + f.rowsPerBlock()
              + " rows per block, " + mtd + " says blocksize " + md.blocksize());
        }
      }
      return f;
    } catch (IOException | RuntimeException e) {
      f.close();
      throw e;
    }
  }

  /**
   * The format {@code file} is read in: the .mtd's, else the options', else detected.
   *
   * @throws NoSuchFileException when the file does not exist
   * @throws MatrixFormatException when the format cannot be told or contradicts the .mtd
   */
  public static MatrixFormat format(Path file, ReadOptions options) throws IOException {
    requireExists(file);
    return formatOf(file, MatrixMetadata.readFor(file).orElse(null), options);
  }

  private static MatrixFormat formatOf(Path file, MatrixMetadata md, ReadOptions o)
      throws IOException {
    if (md != null) {
      if (o.format() != null && o.format() != md.format()) {
        throw MatrixFormatException.of(file, "read as " + o.format() + " but "
            + MatrixMetadata.pathFor(file).getFileName() + " says " + md.format());
      }
      return md.format();
    }
    if (o.format() != null) {
      return o.format();
    }
    if (BinaryMatrixFile.hasMagic(file)) {
      return MatrixFormat.BINARY;
    }
    Optional<MatrixFormat> byName = MatrixFormat.fromExtension(file);
    if (byName.isPresent()) {
      return byName.get();
    }
    if (MatrixMarketReader.hasBanner(file)) {
      return MatrixFormat.MM;
    }
    throw MatrixFormatException.of(file, "cannot tell the format: there is no "
        + MatrixMetadata.pathFor(file).getFileName() + ", no known extension and no binary or"
        + " MatrixMarket header; give the format explicitly");
  }

  private static void requireExists(Path file) throws FileSystemException {
    if (Files.isDirectory(file)) {
      throw new FileSystemException(file.toString(), null, "is a directory, not a matrix file");
    }
    if (!Files.isRegularFile(file)) {
      throw new NoSuchFileException(file.toString(), null, "matrix file does not exist");
    }
  }

  /** Checks a reader's nnz against the .mtd (when it records one). */
  static void checkNnz(Path file, MatrixMetadata md, long nnz) throws MatrixFormatException {
    if (md != null && md.nnz() >= 0 && md.nnz() != nnz) {
      throw MatrixFormatException.of(file, "the data holds " + nnz + " non-zeros, "
          + MatrixMetadata.pathFor(file).getFileName() + " says nnz=" + md.nnz());
    }
  }
}
