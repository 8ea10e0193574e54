package org.planlab.engine.io;

import java.io.Closeable;
import org.planlab.engine.io.RowBlocks;

/** An opened matrix file read as row blocks; close it to release the file. */
public interface MatrixSource extends RowBlocks, Closeable {
}
