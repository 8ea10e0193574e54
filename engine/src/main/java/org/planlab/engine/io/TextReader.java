package org.planlab.engine.io;

import java.io.IOException;
import java.nio.file.Path;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * Reads "i j v" triples (1-based, whitespace-separated, any order, blank lines skipped); the
 * dimensions come from the .mtd, which is therefore required. Explicit zeros are dropped; a
 * position given twice is an error.
 */
final class TextReader {
  private TextReader() {
  }

  static MatrixBlock read(Path file, MatrixMetadata md) throws IOException {
    if (md == null) {
      throw MatrixFormatException.of(file, "the text format needs "
          + MatrixMetadata.pathFor(file).getFileName() + " for its dimensions, which does not"
          + " exist");
    }
    if (md.rows() > Integer.MAX_VALUE - 8L) {
      throw MatrixFormatException.of(file, md.rows() + " rows exceed the in-memory block limit");
    }
    int rows = (int) md.rows();
    int cols = md.cols();
    TripletCollector t = new TripletCollector(rows, cols);
    try (TextLines in = new TextLines(file)) {
      String[] f = new String[3];
      for (String line = in.next(); line != null; line = in.next()) {
        int n = TextLines.splitWhitespace(line, f);
        if (n == 0) {
          continue;
        }
        if (n != 3) {
          throw in.error("expected 3 fields 'row col value', found " + n);
        }
        int r = in.index(f[0], rows, "row");
        int c = in.index(f[1], cols, "column");
        if (!t.add(r, c, in.value(f[2], "value"))) {
          throw in.error("duplicate entry (" + (r + 1) + ", " + (c + 1) + ")");
        }
      }
    }
    MatrixBlock m;
    try {
      m = t.build();
    } catch (TripletCollector.DuplicateEntryException e) {
      throw MatrixFormatException.atLine(file, lineOfSecond(file, e.duplicate()), e.getMessage());
    }
    MatrixFiles.checkNnz(file, md, m.nnz());
    return m;
  }

  /** Line of the second occurrence of a duplicate position (found again only on error). */
  private static long lineOfSecond(Path file, TripletCollector.Duplicate d) throws IOException {
    int seen = 0;
    try (TextLines in = new TextLines(file)) {
      String[] f = new String[3];
      for (String line = in.next(); line != null; line = in.next()) {
        if (TextLines.splitWhitespace(line, f) == 3
            && Long.parseLong(f[0]) == d.row() + 1L && Long.parseLong(f[1]) == d.col() + 1L
            && ++seen == 2) {
          return in.line();
        }
      }
    }
    return 1;
  }
}
