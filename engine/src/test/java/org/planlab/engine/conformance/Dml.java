package org.planlab.engine.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.lang.DmlException;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ReuseHook;

/**
 * Runs small DML scripts end to end through {@link Engine} (parse, validate, build, rewrite,
 * sizes, lower, run) in a folder of their own, and captures what they print. The script file
 * is {@code test.dml} in that folder, which is also the working directory of reads and writes
 * and, through its {@code lib} subfolder, the builtin-library root.
 */
final class Dml {
  static final String FILE = "test.dml";

  private final Path dir;
  private final int threads;

  Dml(Path dir, int threads) {
    this.dir = dir;
    this.threads = threads;
  }

  Dml(Path dir) {
    this(dir, 1);
  }

  /** What one run printed and its final variables. */
  record Outcome(String printed, Map<String, Data> variables) {
    MatrixBlock matrix(String name) {
      return ((MatrixValue) variables.get(name)).block();
    }

    ScalarValue scalar(String name) {
      return (ScalarValue) variables.get(name);
    }
  }

  Outcome run(String script, Map<String, String> args) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    RunResult r = execute(script, args, bytes);
    return new Outcome(bytes.toString(StandardCharsets.UTF_8), r.variables());
  }

  private RunResult execute(String script, Map<String, String> args, ByteArrayOutputStream bytes) {
    Path file = write(FILE, script);
    EngineConfig config = EngineConfig.builder().fusion("none").parallelism(threads).workingDirectory(dir)
        .libraryRoots(List.of(dir.resolve("lib"))).build();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    try (Engine engine = Engine.create(config)) {
      return engine.run(engine.compile(file, args), Map.of(), out, ReuseHook.NONE);
    }
  }

  Outcome run(String script) {
    return run(script, Map.of());
  }

  /** What {@code script} prints. */
  String print(String script) {
    return run(script).printed();
  }

  /** Asserts that {@code script} prints exactly {@code lines}, each ended by a newline. */
  /** Asserts that printing the matrix expression {@code expr} after {@code prelude} shows it. */
  void assertMatrix(String prelude, String expr, String expected) {
    assertEquals(expected + "\n", print(prelude + "\nprint(toString(" + expr + "))"), expr);
  }

  /** The scalar value of {@code expr} after {@code prelude}, as a double. */
  double scalar(String prelude, String expr) {
    return run(prelude + "\nv = " + expr).scalar("v").asDouble();
  }

  void assertPrints(String script, String... lines) {
    String expected = lines.length == 0 ? "" : String.join("\n", lines) + "\n";
    assertEquals(expected, print(script), script);
  }

  /** A script error and what the script printed before it. */
  record Failure(DmlException error, String printed) {
    /** The message with the script's folder removed: "test.dml:LINE:COL: ...". */
    String message() {
      return error.getMessage().replace(error.first().position().file(), Dml.FILE);
    }
  }

  /** The script error {@code script} raises, compile or run time. */
  Failure fails(String script) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DmlException e = assertThrows(DmlException.class, () -> execute(script, Map.of(), bytes),
        script);
    return new Failure(e, bytes.toString(StandardCharsets.UTF_8));
  }

  /** Writes {@code text} to {@code name} (relative to the folder, parents created). */
  Path write(String name, String text) {
    Path f = dir.resolve(name);
    try {
      Files.createDirectories(f.getParent());
      Files.writeString(f, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return f;
  }

  /** DML's default toString of a matrix: "%.3f" cells, ' ' between cells, a newline per row. */
  static String matrixString(double[][] m) {
    StringBuilder sb = new StringBuilder();
    for (double[] row : m) {
      for (int j = 0; j < row.length; j++) {
        sb.append(j > 0 ? " " : "").append(String.format(Locale.ROOT, "%.3f", row[j]));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** {@link #matrixString} of a column vector. */
  static String columnString(double... v) {
    double[][] m = new double[v.length][];
    for (int i = 0; i < v.length; i++) {
      m[i] = new double[] {v[i]};
    }
    return matrixString(m);
  }

  /** {@link #matrixString} of a row vector. */
  static String rowString(double... v) {
    return matrixString(new double[][] {v});
  }
}
