package org.planlab.engine.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.MatrixMetadata;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * A matrix spilled to a file in planlab's binary format (MEMPHIS sec. 4: the reuse cache spills
 * an intermediate when recomputing it costs more than reading it back). Acquiring reads the
 * file each time; freeing deletes the file and its metadata.
 */
public final class SpilledMatrix implements MatrixData {
  /** The location name of spilled matrices. */
  public static final String DISK = "disk";

  private final Path file;
  private final long rows;
  private final long cols;
  private final long nnz;

  private SpilledMatrix(Path file, long rows, long cols, long nnz) {
    this.file = Objects.requireNonNull(file, "file is null");
    this.rows = rows;
    this.cols = cols;
    this.nnz = nnz;
  }

  /**
   * Writes {@code block} to {@code file} (atomically, with its .mtd) and returns its handle.
   *
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  public static SpilledMatrix spill(MatrixBlock block, Path file) {
    try {
      MatrixFiles.write(block, file, MatrixFormat.BINARY, WriteOptions.defaults());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot spill a " + block.shape() + " matrix to " + file
          + ": " + e.getMessage(), e);
    }
    return new SpilledMatrix(file, block.rows(), block.cols(), block.nnz());
  }

  /** The file holding the matrix. */
  public Path file() {
    return file;
  }

  @Override
  public long rows() {
    return rows;
  }

  @Override
  public long cols() {
    return cols;
  }

  @Override
  public long nnz() {
    return nnz;
  }

  @Override
  public String location() {
    return DISK;
  }

  /**
   * Reads the matrix back.
   *
   * @throws UncheckedIOException naming the file when it is missing or corrupt
   */
  @Override
  public MatrixBlock acquireLocal() {
    try {
      return MatrixFiles.read(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the spilled matrix " + file + ": "
          + e.getMessage(), e);
    }
  }

  /** Deletes the file and its metadata. */
  @Override
  public void free() {
    try {
      Files.deleteIfExists(file);
      Files.deleteIfExists(MatrixMetadata.pathFor(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the spilled matrix " + file + ": "
          + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return "matrix " + rows + "x" + cols + " spilled to " + file;
  }
}
