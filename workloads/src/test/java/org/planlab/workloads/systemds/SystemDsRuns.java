package org.planlab.workloads.systemds;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.workloads.WorkloadCatalog;

/**
 * Runs a DML driver in planlab with either SystemDS 3.3.0's builtin library or planlab's own as
 * the library, so that the same call ({@code B = l2svm(X=X, Y=Y)}) runs SystemDS's script or
 * planlab's.
 */
final class SystemDsRuns {
  private SystemDsRuns() {
  }

  static List<Path> systemDsLibrary() {
    return List.of(SystemDsScripts.builtinFolder());
  }

  static List<Path> planlabLibrary() {
    return List.of(WorkloadCatalog.standard().libraryFolder());
  }

  /** Writes {@code values} as a binary matrix file (with its .mtd) and returns its path. */
  static Path write(Path dir, String name, double[][] values) {
    Path file = dir.resolve(name + ".bin");
    try {
      MatrixFiles.write(MatrixBlock.of(values), file, MatrixFormat.BINARY, WriteOptions.defaults());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /** The variables after running {@code script} (in {@code dir}) with {@code library}. */
  static Map<String, double[][]> run(Path dir, String script, Map<String, String> args,
      List<Path> library, List<String> outputs) {
    Path file = dir.resolve("driver-" + System.nanoTime() + ".dml");
    try {
      Files.writeString(file, script);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    EngineConfig config = EngineConfig.builder().libraryRoots(library).workingDirectory(dir)
        .build();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Engine engine = Engine.create(config);
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      RunResult r = engine.run(engine.compile(file, args), out);
      Map<String, double[][]> values = new java.util.LinkedHashMap<>();
      for (String name : outputs) {
        if (!(r.variables().get(name) instanceof MatrixData m)) {
          throw new AssertionError("no matrix " + name + "; printed:\n" + bytes);
        }
        values.put(name, m.acquireLocal().toArray());
      }
      return values;
    }
  }

  /** ||a - b||_F / max(||b||_F, 1e-300). */
  static double relativeError(double[][] a, double[][] b) {
    if (a.length != b.length || a[0].length != b[0].length) {
      throw new AssertionError("shapes differ: " + a.length + "x" + a[0].length + " and "
          + b.length + "x" + b[0].length);
    }
    double diff = 0;
    double norm = 0;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[0].length; j++) {
        double d = a[i][j] - b[i][j];
        diff += d * d;
        norm += b[i][j] * b[i][j];
      }
    }
    return Math.sqrt(diff) / Math.max(Math.sqrt(norm), 1e-300);
  }
}
