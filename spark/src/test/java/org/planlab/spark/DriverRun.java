package org.planlab.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Pipeline;
import org.planlab.engine.backend.Backends;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.workloads.Objective;
import org.planlab.workloads.Workload;
import org.planlab.workloads.WorkloadCatalog;

/**
 * A workload's driver run through the engine facade on inputs written to a folder, and what it
 * printed and wrote.
 *
 * @param output everything the driver printed
 * @param objective the value of the driver's {@code objective:} line
 * @param outputs the matrices written for the requested {@code out_*} arguments, by argument
 * @param spark the Spark backend's counters over the run (null for a CP run)
 */
record DriverRun(String output, double objective, Map<String, double[][]> outputs,
    SparkCounters.Snapshot spark) {

  /** Writes {@code values} as a binary matrix. */
  static Path write(Path dir, String name, double[][] values) throws IOException {
    Path file = dir.resolve(name + ".bin");
    MatrixFiles.write(MatrixBlock.of(values), file, MatrixFormat.BINARY, WriteOptions.defaults());
    return file;
  }

  /**
   * Runs {@code workload}'s driver with {@code args} in {@code exec} mode on the backend
   * {@code backendSpec} (null in single-node mode), asking it to write each of {@code outputs}
   * ({@code out_*} arguments) into {@code dir}. {@code onStart} sees the Spark backend before
   * the script runs (it starts its SparkContext only at its first operation).
   */
  static DriverRun run(String workload, Path dir, Map<String, String> args, List<String> outputs,
      ExecMode exec, String backendSpec, Consumer<SparkBackend> onStart) throws IOException {
    WorkloadCatalog catalog = WorkloadCatalog.standard();
    Workload w = catalog.byName(workload);
    Map<String, String> all = new LinkedHashMap<>(args);
    Map<String, Path> outFiles = new LinkedHashMap<>();
    for (String out : outputs) {
      Path file = dir.resolve(workload + "-" + out + "-" + exec.label() + "-" + System.nanoTime()
          + ".bin");
      outFiles.put(out, file);
      all.put(out, file.toString());
    }
    EngineConfig.Builder config = EngineConfig.builder().parallelism(1)
        .libraryRoots(List.of(catalog.libraryFolder())).workingDirectory(dir).exec(exec);
    for (ExecType t : Backends.required(exec)) {
      config.backend(t, backendSpec);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SparkCounters.Snapshot spark = null;
    try (Engine engine = Engine.create(config.build());
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      SparkBackend backend = null;
      for (var b : engine.backends().all()) {
        if (b instanceof SparkBackend s) {
          backend = s;
        }
      }
      if (backend != null && onStart != null) {
        onStart.accept(backend);
      }
      CompiledScript script = engine.compile(catalog.driverScript(w), all,
          Pipeline.withStaticRewrites(true));
      engine.run(script, Map.of(), out);
      if (backend != null) {
        spark = backend.counters().snapshot();
      }
    }
    String text = bytes.toString(StandardCharsets.UTF_8);
    Map<String, double[][]> read = new LinkedHashMap<>();
    for (Map.Entry<String, Path> e : outFiles.entrySet()) {
      if (!Files.exists(e.getValue())) {
        throw new AssertionError(workload + " wrote no " + e.getKey() + "; output:\n" + text);
      }
      read.put(e.getKey(), toArray(MatrixFiles.read(e.getValue())));
    }
    return new DriverRun(text, Objective.parse(text), read, spark);
  }

  /** The matrix written for {@code outArg}. */
  double[][] matrix(String outArg) {
    double[][] m = outputs.get(outArg);
    if (m == null) {
      throw new AssertionError("no output " + outArg + " was requested");
    }
    return m;
  }

  private static double[][] toArray(MatrixBlock m) {
    double[][] a = new double[m.rows()][m.cols()];
    for (int i = 0; i < m.rows(); i++) {
      for (int j = 0; j < m.cols(); j++) {
        a[i][j] = m.get(i, j);
      }
    }
    return a;
  }
}
