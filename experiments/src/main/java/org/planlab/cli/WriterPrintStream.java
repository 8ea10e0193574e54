package org.planlab.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * A PrintStream that forwards to picocli's output writer (so {@code print} output of a script
 * goes where the command line's other output goes, and tests can capture it).
 */
final class WriterPrintStream extends PrintStream {
  WriterPrintStream(PrintWriter writer) {
    super(new ByteArrayOutputStream() {
      @Override
      public synchronized void flush() {
        writer.write(toString(StandardCharsets.UTF_8));
        writer.flush();
        reset();
      }
    }, true, StandardCharsets.UTF_8);
  }
}
