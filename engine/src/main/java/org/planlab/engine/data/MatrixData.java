package org.planlab.engine.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * A live matrix wherever it is (ARCHITECTURE.md, "DataObject"; Spark paper, sec. 4.2): a block
 * in local memory ({@link MatrixValue}), or a handle a backend owns — a distributed matrix, a
 * device matrix, a spilled file ({@link SpilledMatrix}). Every form speaks one protocol, the
 * buffer-pool primitives of the Spark paper's sec. 4.2:
 * <ul>
 *   <li>{@link #acquireLocal()} pins the matrix as a local block, moving it to the driver if it
 *       lives elsewhere (collect, device-to-host copy, read of a file);
 *   <li>{@link #release()} unpins it again;
 *   <li>{@link #export(Path)} writes it to a file;
 *   <li>{@link #free()} drops what its holder keeps for it (unpersist, device free, delete).
 * </ul>
 * The dimensions and non-zeros are known without moving anything, so recompilation can size a
 * DAG from handles. Implementations are immutable values as far as the matrix is concerned.
 */
public non-sealed interface MatrixData extends Data {

  /** Name of the local memory, the location of {@link MatrixValue}s. */
  String LOCAL = "cp";

  /** Rows. */
  long rows();

  /** Columns. */
  long cols();

  /** Non-zeros, or -1 when the holder does not know them yet. */
  long nnz();

  /** Where the matrix lives: {@link #LOCAL} or the holding backend's name. */
  String location();

  /** Whether {@link #acquireLocal()} returns a block without moving data. */
  default boolean isLocal() {
    return LOCAL.equals(location());
  }

  /**
   * The matrix as a local block (treated as immutable), moved to the driver if it lives
   * elsewhere; pinned until {@link #release()}.
   */
  MatrixBlock acquireLocal();

  /** Unpins what {@link #acquireLocal()} pinned; the holder may then evict its local copy. */
  default void release() {
  }

  /** Frees what the holder keeps for this matrix; the value must not be used afterwards. */
  default void free() {
  }

  /**
   * Writes the matrix to {@code file} in planlab's binary format (with its .mtd).
   *
   * @throws UncheckedIOException naming the file when writing fails
   */
  default void export(Path file) {
    MatrixBlock b = acquireLocal();
    try {
      MatrixFiles.write(b, file, MatrixFormat.BINARY, WriteOptions.defaults());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot export a matrix to " + file + ": " + e.getMessage(),
          e);
    } finally {
      release();
    }
  }

  /** The size in memory of a local copy (bytes), from the dims and non-zeros. */
  default long localBytes() {
    double sparsity = nnz() < 0 || rows() * cols() == 0 ? 1.0
        : (double) nnz() / ((double) rows() * cols());
    return MatrixBlock.estimateSizeInMemory(rows(), cols(), sparsity);
  }
}
