package org.planlab.engine.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * Reads dense delimited text. Every row must have the same number of cells (from the .mtd, else
 * from the first row); cells are trimmed; an empty or non-numeric cell is an error (no silent
 * fill). Blank lines are allowed only at the end of the file, except for a matrix without
 * columns, whose rows are empty lines.
 */
final class CsvReader {
  private CsvReader() {
  }

  static MatrixBlock read(Path file, MatrixMetadata md, ReadOptions o) throws IOException {
    boolean header = md != null && md.header() != null ? md.header() : o.header();
    String sep = md != null && md.sep() != null ? md.sep() : o.sep();
    long expRows = md == null ? -1 : md.rows();
    int cols = md == null ? -1 : md.cols();
    String where = md == null ? "" : " in " + MatrixMetadata.pathFor(file).getFileName();
    double[] values = new double[1024];
    long cells = 0;
    long rows = 0;
    long firstBlank = -1;
    try (TextLines in = new TextLines(file)) {
      String[] fields = new String[0];
      boolean headerPending = header;
      for (String line = in.next(); line != null; line = in.next()) {
        if (line.isEmpty() && cols != 0 && !headerPending) {
          if (firstBlank < 0) {
            firstBlank = in.line();
          }
          continue;
        }
        if (firstBlank >= 0) {
          throw in.errorAt(firstBlank, "blank line inside the data");
        }
        int n = line.isEmpty() ? 0 : split(line, sep, fields);
        if (n > fields.length) {
          fields = new String[n];
          split(line, sep, fields);
        }
        if (cols < 0) {
          cols = n;
        } else if (n != cols) {
          throw in.error("expected " + cols + " fields" + where + ", found " + n);
        }
        if (headerPending) {
          headerPending = false;
          continue;
        }
        if (expRows >= 0 && rows == expRows) {
          throw in.error("more rows than the " + expRows + where);
        }
        if (cells + cols > org.planlab.engine.matrix.MatrixBlock.MAX_DENSE_CELLS) {
          throw in.error("more than 2^31-1 cells do not fit one in-memory block;"
              + " use the binary format for matrices this large");
        }
        if (cells + cols > values.length) {
          values = Arrays.copyOf(values, (int) Math.min(MatrixBlock.MAX_DENSE_CELLS,
              Math.max(cells + cols, 2L * values.length)));
        }
        for (int c = 0; c < cols; c++) {
          values[(int) cells + c] = in.value(fields[c], "cell in column " + (c + 1));
        }
        cells += cols;
        rows++;
      }
      if (expRows >= 0 && rows != expRows) {
        throw in.error("found " + rows + " rows, " + expRows + " expected" + where
            + " (truncated file?)");
      }
    }
    if (cols < 0) {
      cols = 0;
    }
    MatrixBlock m = MatrixBlock.dense((int) rows, cols, Arrays.copyOf(values, (int) cells));
    MatrixFiles.checkNnz(file, md, m.nnz());
    return m.examSparsity();
  }

  /** Splits at every occurrence of {@code sep}; returns the field count (may exceed out.length). */
  private static int split(String s, String sep, String[] out) {
    int n = 0;
    int start = 0;
    if (sep.length() == 1) {
      char c = sep.charAt(0);
      for (int i = 0; i < s.length(); i++) {
        if (s.charAt(i) == c) {
          if (n < out.length) {
            out[n] = s.substring(start, i);
          }
          n++;
          start = i + 1;
        }
      }
    } else {
      for (int i = s.indexOf(sep); i >= 0; i = s.indexOf(sep, start)) {
        if (n < out.length) {
          out[n] = s.substring(start, i);
        }
        n++;
        start = i + sep.length();
      }
    }
    if (n < out.length) {
      out[n] = s.substring(start);
    }
    return n + 1;
  }
}
