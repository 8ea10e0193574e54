package org.planlab.engine.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * Reads MatrixMarket files: banner {@code %%MatrixMarket matrix (coordinate|array)
 * (real|double|integer|pattern) (general|symmetric|skew-symmetric)}, {@code %} comment lines,
 * a size line, then entries. Coordinate entries may come in any order (pattern entries have no
 * value and read as 1; symmetric ones are mirrored); array values are column-major, one per
 * line, general matrices only. Complex and hermitian matrices are rejected.
 */
final class MatrixMarketReader {
  private MatrixMarketReader() {
  }

  private record Banner(boolean coordinate, String field, String symmetry) {
  }

  /** True when the first line of {@code file} is a MatrixMarket banner. */
  static boolean hasBanner(Path file) throws IOException {
    try (TextLines in = new TextLines(file)) {
      String first = in.next();
      return first != null && first.regionMatches(true, 0, "%%MatrixMarket", 0, 14);
    }
  }

  static MatrixBlock read(Path file, MatrixMetadata md) throws IOException {
    try (TextLines in = new TextLines(file)) {
      Banner b = banner(in);
      String[] f = new String[3];
      String size = nextDataLine(in);
      if (size == null) {
        throw in.error("missing size line (file ends after the banner)");
      }
      int n = TextLines.splitWhitespace(size, f);
      if (n != (b.coordinate ? 3 : 2)) {
        throw in.error("expected a size line of " + (b.coordinate ? "'rows cols entries'"
            : "'rows cols'") + ", found " + n + " fields");
      }
      long rows = in.count(f[0], "rows");
      long cols = in.count(f[1], "cols");
      if (rows > Integer.MAX_VALUE - 8L || cols > Integer.MAX_VALUE - 8L) {
        throw in.error(rows + "x" + cols + " exceeds the in-memory block limit");
      }
      if (md != null && (md.rows() != rows || md.cols() != cols)) {
        throw in.error("dimensions " + rows + "x" + cols + " disagree with "
            + MatrixMetadata.pathFor(file).getFileName() + " (" + md.rows() + "x" + md.cols()
            + ")");
      }
      if (!b.symmetry.equals("general") && rows != cols) {
        throw in.error("a " + b.symmetry + " matrix must be square, is " + rows + "x" + cols);
      }
      MatrixBlock m = b.coordinate
          ? coordinate(file, in, b, (int) rows, (int) cols, in.count(f[2], "entries"))
          : array(in, b, (int) rows, (int) cols);
      MatrixFiles.checkNnz(file, md, m.nnz());
      return m;
    }
  }

  private static Banner banner(TextLines in) throws IOException {
    String first = in.next();
    String[] f = new String[5];
    if (first == null || TextLines.splitWhitespace(first, f) != 5
        || !f[0].equalsIgnoreCase("%%MatrixMarket")) {
      throw in.error("missing banner '%%MatrixMarket matrix <coordinate|array> <field>"
          + " <symmetry>'");
    }
    String object = f[1].toLowerCase(Locale.ROOT);
    String layout = f[2].toLowerCase(Locale.ROOT);
    String field = f[3].toLowerCase(Locale.ROOT);
    String symmetry = f[4].toLowerCase(Locale.ROOT);
    if (!object.equals("matrix")) {
      throw in.error("object '" + f[1] + "' is not supported, only 'matrix'");
    }
    if (!layout.equals("coordinate") && !layout.equals("array")) {
      throw in.error("layout '" + f[2] + "' is not 'coordinate' or 'array'");
    }
    if (!field.equals("real") && !field.equals("double") && !field.equals("integer")
        && !field.equals("pattern")) {
      throw in.error("field '" + f[3] + "' is not supported (real, double, integer, pattern)");
    }
    if (!symmetry.equals("general") && !symmetry.equals("symmetric")
        && !symmetry.equals("skew-symmetric")) {
      throw in.error("symmetry '" + f[4] + "' is not supported (general, symmetric,"
          + " skew-symmetric)");
    }
    boolean coordinate = layout.equals("coordinate");
    if (!coordinate && (field.equals("pattern") || !symmetry.equals("general"))) {
      throw in.error("the array layout is supported for general real/integer matrices only");
    }
    return new Banner(coordinate, field, symmetry);
  }

  /** The next line that is neither a comment nor blank, or null at the end. */
  private static String nextDataLine(TextLines in) throws IOException {
    for (String line = in.next(); line != null; line = in.next()) {
      if (!line.startsWith("%") && !TextLines.isBlankLine(line)) {
        return line;
      }
    }
    return null;
  }

  private static MatrixBlock coordinate(Path file, TextLines in, Banner b, int rows, int cols,
      long entries) throws IOException {
    boolean pattern = b.field.equals("pattern");
    int fields = pattern ? 2 : 3;
    TripletCollector t = new TripletCollector(rows, cols);
    String[] f = new String[3];
    long count = 0;
    for (String line = nextDataLine(in); line != null; line = nextDataLine(in)) {
      int n = TextLines.splitWhitespace(line, f);
      if (n != fields) {
        throw in.error("expected " + fields + " fields per entry, found " + n);
      }
      if (++count > entries) {
        throw in.error("more entries than the " + entries + " of the size line");
      }
      int r = in.index(f[0], rows, "row");
      int c = in.index(f[1], cols, "column");
      double v = pattern ? 1 : value(in, f[2], b.field);
      boolean ok = t.add(r, c, v);
      if (ok && r != c && !b.symmetry.equals("general")) {
        ok = t.add(c, r, b.symmetry.equals("symmetric") ? v : -v);
      }
      if (!ok) {
        throw in.error("duplicate entry (" + (r + 1) + ", " + (c + 1) + ")"
            + (b.symmetry.equals("general") ? "" : " (counting mirrored entries)"));
      }
    }
    if (count < entries) {
      throw in.error("found " + count + " of the " + entries + " entries the size line"
          + " announces (truncated file?)");
    }
    try {
      return t.build();
    } catch (TripletCollector.DuplicateEntryException e) {
      throw MatrixFormatException.atLine(file, lineOfSecond(file, e.duplicate()), e.getMessage()
          + (b.symmetry.equals("general") ? "" : " (counting mirrored entries)"));
    }
  }

  private static MatrixBlock array(TextLines in, Banner b, int rows, int cols)
      throws IOException {
    long cells = (long) rows * cols;
    if (cells > MatrixBlock.MAX_DENSE_CELLS) {
      throw in.error(rows + "x" + cols + " exceeds the in-memory limit of a dense block");
    }
    MatrixBlock m = MatrixBlock.dense(rows, cols);
    double[] a = m.denseValues();
    String[] f = new String[1];
    long k = 0;
    for (String line = nextDataLine(in); line != null; line = nextDataLine(in)) {
      int n = TextLines.splitWhitespace(line, f);
      if (n != 1) {
        throw in.error("expected one value per line, found " + n + " fields");
      }
      if (k == cells) {
        throw in.error("more values than the " + cells + " of a " + rows + "x" + cols
            + " array");
      }
      // column-major in the file, row-major in the block
      a[(int) (k % rows) * cols + (int) (k / rows)] = value(in, f[0], b.field);
      k++;
    }
    if (k < cells) {
      throw in.error("found " + k + " of the " + cells + " values of a " + rows + "x" + cols
          + " array (truncated file?)");
    }
    m.recomputeNonZeros();
    return m.examSparsity();
  }

  private static double value(TextLines in, String tok, String field)
      throws MatrixFormatException {
    if (field.equals("integer")) {
      try {
        return Long.parseLong(tok);
      } catch (NumberFormatException e) {
        throw in.error("non-integer value '" + TextLines.abbreviate(tok) + "' in an integer"
            + " matrix");
      }
    }
    return in.value(tok, "value");
  }

  /** Line of the second occurrence of a position, mirrored entries included. */
  private static long lineOfSecond(Path file, TripletCollector.Duplicate d) throws IOException {
    int seen = 0;
    try (TextLines in = new TextLines(file)) {
      boolean mirrored = !banner(in).symmetry.equals("general");
      nextDataLine(in);
      String[] f = new String[3];
      for (String line = nextDataLine(in); line != null; line = nextDataLine(in)) {
        if (TextLines.splitWhitespace(line, f) >= 2) {
          long r = Long.parseLong(f[0]) - 1;
          long c = Long.parseLong(f[1]) - 1;
          boolean hit = (r == d.row() && c == d.col()) || (r == d.col() && c == d.row()
              && r != c && mirrored);
          if (hit && ++seen == 2) {
            return in.line();
          }
        }
      }
    }
    return 1;
  }
}
