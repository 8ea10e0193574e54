package org.planlab.engine.lang;

import java.util.List;

/**
 * A DML program the front end rejects. Carries every diagnostic found (the front end collects
 * several before giving up); the message lists the first {@link #MAX_REPORTED}, one per line, each
 * as {@code FILE:LINE:COL: error: what is wrong} (the form javac and gcc print, which editors and
 * CI problem matchers recognize).
 */
public abstract class DmlException extends RuntimeException {
  /** How many diagnostics the message spells out. */
  public static final int MAX_REPORTED = 5;

  private final transient List<Diagnostic> diagnostics;

  protected DmlException(List<Diagnostic> diagnostics) {
    super(format(diagnostics));
    this.diagnostics = List.copyOf(diagnostics);
  }

  /** All diagnostics, in the order found (at least one). */
  public List<Diagnostic> diagnostics() {
    return diagnostics;
  }

  /** The first diagnostic. */
  public Diagnostic first() {
    return diagnostics.get(0);
  }

  private static String format(List<Diagnostic> diagnostics) {
    if (diagnostics.isEmpty()) {
      throw new IllegalArgumentException("a DmlException needs at least one diagnostic");
    }
    StringBuilder sb = new StringBuilder();
    int shown = Math.min(MAX_REPORTED, diagnostics.size());
    for (int i = 0; i < shown; i++) {
      if (i > 0) {
        sb.append('\n');
      }
      sb.append(diagnostics.get(i).asError());
    }
    if (diagnostics.size() > shown) {
      sb.append("\n... and ").append(diagnostics.size() - shown).append(" more");
    }
    return sb.toString();
  }
}
