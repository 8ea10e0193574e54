package org.planlab.engine.io;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Lines of a text matrix file with their numbers, plus the parsing helpers every text reader
 * shares; every error names the file and the current line.
 */
final class TextLines implements Closeable {
  private final Path file;
  private final BufferedReader in;
  private long line;

  TextLines(Path file) throws IOException {
    if (!Files.exists(file)) {
      throw new NoSuchFileException(file.toString(), null, "matrix file does not exist");
    }
    this.file = file;
    this.in = new BufferedReader(new InputStreamReader(Files.newInputStream(file),
        StandardCharsets.UTF_8), 1 << 16);
  }

  /** The next line (without terminator), or null at the end of the file. */
  String next() throws IOException {
    String s = in.readLine();
    if (s != null) {
      line++;
    }
    return s;
  }

  /** Number of the line last returned (0 before the first). */
  long line() {
    return line;
  }

  Path file() {
    return file;
  }

  MatrixFormatException error(String problem) {
    return MatrixFormatException.atLine(file, Math.max(1, line), problem);
  }

  MatrixFormatException errorAt(long atLine, String problem) {
    return MatrixFormatException.atLine(file, Math.max(1, atLine), problem);
  }

  /**
   * Splits {@code s} at runs of spaces and tabs into {@code out}; returns the number of fields,
   * which may exceed {@code out.length} (the surplus is counted, not stored).
   */
  static int splitWhitespace(String s, String[] out) {
    int n = 0;
    int i = 0;
    int len = s.length();
    while (i < len) {
      while (i < len && isBlank(s.charAt(i))) {
        i++;
      }
      if (i == len) {
        break;
      }
      int start = i;
      while (i < len && !isBlank(s.charAt(i))) {
        i++;
      }
      if (n < out.length) {
        out[n] = s.substring(start, i);
      }
      n++;
    }
    return n;
  }

  static boolean isBlankLine(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (!isBlank(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t';
  }

  /**
   * A cell value: decimal or scientific notation, "NaN", "Infinity", "-Infinity" (what {@link
   * Double#toString} writes). Java's suffixes ("1d", "2f") and hexadecimal are rejected.
   */
  double value(String tok, String what) throws MatrixFormatException {
    String t = tok.strip();
    if (t.isEmpty()) {
      throw error("empty " + what);
    }
    char last = t.charAt(t.length() - 1);
    boolean suffix = last == 'd' || last == 'D' || last == 'f' || last == 'F';
    if (!suffix && t.indexOf('x') < 0 && t.indexOf('X') < 0) {
      try {
        return Double.parseDouble(t);
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    throw error("non-numeric " + what + " '" + abbreviate(t) + "'");
  }

  /** A 1-based index in [1, limit], returned 0-based. */
  int index(String tok, long limit, String what) throws MatrixFormatException {
    long v;
    try {
      v = Long.parseLong(tok.strip());
    } catch (NumberFormatException e) {
      throw error("non-integer " + what + " index '" + abbreviate(tok) + "'");
    }
    if (v < 1 || v > limit) {
      throw error(what + " index " + v + " is out of range 1.." + limit);
    }
    return (int) (v - 1);
  }

  /** A non-negative integer of a size line. */
  long count(String tok, String what) throws MatrixFormatException {
    try {
      long v = Long.parseLong(tok.strip());
      if (v >= 0) {
        return v;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw error(what + " must be a non-negative integer, was '" + abbreviate(tok) + "'");
  }

  static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
