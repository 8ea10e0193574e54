package org.planlab.datagen.io;

import java.io.Closeable;
import org.planlab.datagen.RowBlocks;

/** An opened matrix file read as row blocks; close it to release the file. */
public interface MatrixSource extends RowBlocks, Closeable {
}
