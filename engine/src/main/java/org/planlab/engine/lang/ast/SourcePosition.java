package org.planlab.engine.lang.ast;

import java.util.Objects;

/**
 * Where a construct starts in a DML file: 1-based line and column. Printed as {@code
 * FILE:LINE:COL}, the prefix of every front-end error message.
 */
public record SourcePosition(String file, int line, int column) {
  /** Position of things the front end synthesizes (e.g. builtin default values). */
  public static final SourcePosition BUILTIN = new SourcePosition("<builtin>", 0, 0);

  public SourcePosition {
    Objects.requireNonNull(file, "file is null");
    if (line < 0 || column < 0) {
      throw new IllegalArgumentException(
          "line and column must be >= 0, were " + line + ":" + column);
    }
  }

  @Override
  public String toString() {
    return file + ":" + line + ":" + column;
  }
}
