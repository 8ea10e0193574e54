package org.planlab.engine.io;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The matrix file formats, by the names used in {@code .mtd} files and on the command line. */
public enum MatrixFormat {
  /** planlab's binary block format: header, checksummed row blocks, block index. */
  BINARY("binary"),
  /** Dense delimited text, optional header line. */
  CSV("csv"),
  /** MatrixMarket exchange format, coordinate or array layout. */
  MM("mm"),
  /** "i j v" triples of the non-zeros, 1-based; dimensions come from the .mtd file. */
  TEXT("text");

  private final String id;

  MatrixFormat(String id) {
    this.id = id;
  }

  /** The name in .mtd files and on the command line. */
  public String id() {
    return id;
  }

  /** All format names, in declaration order. */
  public static List<String> names() {
    return Arrays.stream(values()).map(MatrixFormat::id).toList();
  }

  /** The format called {@code name}; an error listing the valid names otherwise. */
  public static MatrixFormat byName(String name) {
    for (MatrixFormat f : values()) {
      if (f.id.equals(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException("unknown format '" + name + "'; valid formats: "
        + String.join(", ", names()));
  }

  /** The format a file name suggests: .csv, .mtx or .mm, .bin, .ijv. */
  public static Optional<MatrixFormat> fromExtension(Path file) {
    String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (n.endsWith(".csv")) {
      return Optional.of(CSV);
    }
    if (n.endsWith(".mtx") || n.endsWith(".mm")) {
      return Optional.of(MM);
    }
    if (n.endsWith(".bin")) {
      return Optional.of(BINARY);
    }
    if (n.endsWith(".ijv")) {
      return Optional.of(TEXT);
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return id;
  }
}
