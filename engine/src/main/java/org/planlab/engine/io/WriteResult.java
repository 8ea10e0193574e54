package org.planlab.engine.io;

import java.nio.file.Path;

/** What a writer wrote: the data file (its .mtd is beside it), shape, nnz and data bytes. */
public record WriteResult(Path file, MatrixFormat format, long rows, int cols, long nnz,
    long bytes) {
}
