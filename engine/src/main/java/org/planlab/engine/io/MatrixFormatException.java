package org.planlab.engine.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A matrix file (or its .mtd) that cannot be read as what it claims to be. The message names the
 * file and where the problem is: the line for text formats, the byte offset and block for the
 * binary format.
 */
public final class MatrixFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;
  private final long line;
  private final long offset;

  private MatrixFormatException(Path file, long line, long offset, String message) {
    super(message);
    this.file = file;
    this.line = line;
    this.offset = offset;
  }

  /** A problem on line {@code line} (1-based) of a text file. */
  public static MatrixFormatException atLine(Path file, long line, String problem) {
    return new MatrixFormatException(file, line, -1, file + ", line " + line + ": " + problem);
  }

  /** A problem at byte {@code offset} of a binary file, inside block {@code block} (or -1). */
  public static MatrixFormatException atOffset(Path file, long offset, int block, String problem) {
    String where = "byte offset " + offset + (block >= 0 ? " (block " + block + ")" : "");
    return new MatrixFormatException(file, -1, offset, file + ", " + where + ": " + problem);
  }

  /** A problem with the file as a whole. */
  public static MatrixFormatException of(Path file, String problem) {
    return new MatrixFormatException(file, -1, -1, file + ": " + problem);
  }

  /** The file the problem is in. */
  public Path file() {
    return file;
  }

  /** The 1-based line of the problem, or -1. */
  public long line() {
    return line;
  }

  /** The byte offset of the problem, or -1. */
  public long offset() {
    return offset;
  }
}
