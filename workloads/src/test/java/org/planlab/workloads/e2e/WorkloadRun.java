package org.planlab.workloads.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Pipeline;
import org.planlab.engine.backend.Backends;
import org.planlab.engine.backend.HandleBackend;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.config.ReuseConfig;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.lineage.ReuseMode;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.stats.StatisticsSnapshot;
import org.planlab.workloads.Objective;
import org.planlab.workloads.WorkloadCatalog;

/**
 * Runs a workload's driver through the engine facade on inputs written to a folder, and reads
 * back what it printed and wrote.
 *
 * @param output everything the driver printed
 * @param objective the value of the driver's {@code objective:} line
 * @param outputs the matrices written for the requested {@code out_*} arguments, by argument
 */
record WorkloadRun(String output, double objective, Map<String, double[][]> outputs,
    Map<String, Long> fusedExecutions, StatisticsSnapshot statistics, Seam seam) {

  /**
   * How to run: static rewrites on or off, the engine's thread count, the fusion plan selector
   * (mpskip, the engine's default, unless a test says otherwise), the execution mode, the spec
   * of the backend it needs, the local memory budget (0: the default), lineage-based reuse and
   * whether dead intermediates' buffers are recycled (the engine's default, on).
   */
  record Setup(boolean staticRewrites, int threads, String fusion, ExecMode exec,
      String backend, long localBudget, ReuseMode reuse, boolean recycle) {
    static final Setup DEFAULT = new Setup(true, 1, "mpskip");

    Setup(boolean staticRewrites, int threads, String fusion, ExecMode exec, String backend,
        long localBudget, ReuseMode reuse) {
      this(staticRewrites, threads, fusion, exec, backend, localBudget, reuse, true);
    }

    Setup(boolean staticRewrites, int threads, String fusion) {
      this(staticRewrites, threads, fusion, ExecMode.SINGLENODE, null, 0, ReuseMode.NONE);
    }

    /** This setup with every block buffer allocated new. */
    Setup withoutRecycling() {
      return new Setup(staticRewrites, threads, fusion, exec, backend, localBudget, reuse,
          false);
    }

    /**
     * The default setup with lineage-based reuse in {@code mode}, every output admitted to the
     * cache (the test data are small: most operations take microseconds).
     */
    static Setup reuse(ReuseMode mode) {
      return new Setup(true, 1, "mpskip", ExecMode.SINGLENODE, null, 0, mode);
    }

    Setup(boolean staticRewrites, int threads) {
      this(staticRewrites, threads, "mpskip");
    }

    /** The default setup with another fusion plan selector. */
    static Setup fusion(String name) {
      return new Setup(true, 1, name);
    }

    /**
     * The default setup with a local budget of {@code bytes}, all in the driver (the budget
     * also bounds fused operators, fusion paper sec. 4.2, so it takes part in the fusion plan).
     */
    static Setup singleNode(long bytes) {
      return new Setup(true, 1, "mpskip", ExecMode.SINGLENODE, null, bytes, ReuseMode.NONE);
    }

    /**
     * The default setup in {@code hybrid} mode on the test backend {@code handles} with a
     * local budget of {@code bytes}: operations whose memory exceeds it run on the backend.
     */
    static Setup hybrid(long bytes) {
      return new Setup(true, 1, "mpskip", ExecMode.HYBRID, "handles", bytes, ReuseMode.NONE);
    }
  }

  /**
   * What crossed the backend seam: the test backend's own counts of values moved onto it
   * (imports) and off it (exports) and of instructions it ran (all 0 in single-node runs).
   */
  record Seam(long imports, long exports, long executed) {
  }

  /** Writes {@code values} as a binary matrix (dense or sparse, as the format rule picks). */
  static Path write(Path dir, String name, double[][] values) throws IOException {
    Path file = dir.resolve(name + ".bin");
    MatrixFiles.write(MatrixBlock.of(values), file, MatrixFormat.BINARY, WriteOptions.defaults());
    return file;
  }

  /** {@code args} with {@code key} set to {@code value}. */
  static Map<String, String> with(Map<String, String> args, String key, String value) {
    Map<String, String> copy = new LinkedHashMap<>(args);
    copy.put(key, value);
    return copy;
  }

  /** A column vector as an n x 1 matrix. */
  static double[][] column(double[] v) {
    double[][] a = new double[v.length][1];
    for (int i = 0; i < v.length; i++) {
      a[i][0] = v[i];
    }
    return a;
  }

  /** The single column of an n x 1 matrix. */
  static double[] column(double[][] a) {
    double[] v = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      if (a[i].length != 1) {
        throw new AssertionError("expected a column vector, got " + a[i].length + " columns");
      }
      v[i] = a[i][0];
    }
    return v;
  }

  /**
   * Runs {@code workload}'s driver with {@code args} (input paths and scalar arguments), asking
   * it to write each of {@code outputs} (argument names such as {@code out_B}) into {@code dir}.
   */
  static WorkloadRun run(String workload, Path dir, Map<String, String> args,
      List<String> outputs, Setup setup) throws IOException {
    WorkloadCatalog catalog = WorkloadCatalog.standard();
    return runScript(workload, catalog.driverScript(catalog.byName(workload)), dir, args,
        outputs, setup);
  }

  /**
   * Runs {@code scriptFile} as {@link #run} runs a driver (the builtin library on the path),
   * asking it to write each of {@code outputs} into {@code dir}; {@code workload} names the
   * output files and the messages.
   */
  static WorkloadRun runScript(String workload, Path scriptFile, Path dir,
      Map<String, String> args, List<String> outputs, Setup setup) throws IOException {
    WorkloadCatalog catalog = WorkloadCatalog.standard();
    String tag = (setup.staticRewrites() ? "rw" : "norw") + setup.threads() + setup.fusion()
        + setup.reuse().label() + (setup.recycle() ? "" : "-norecycle");
    Map<String, String> all = new LinkedHashMap<>(args);
    Map<String, Path> outFiles = new LinkedHashMap<>();
    for (String out : outputs) {
      Path file = dir.resolve(workload + "-" + out + "-" + tag + "-" + System.nanoTime() + ".bin");
      outFiles.put(out, file);
      all.put(out, file.toString());
    }
    EngineConfig.Builder config = EngineConfig.builder().parallelism(setup.threads())
        .libraryRoots(List.of(catalog.libraryFolder())).workingDirectory(dir)
        .fusion(setup.fusion()).statistics(true).exec(setup.exec())
        .localMemoryBudget(setup.localBudget()).recycle(setup.recycle())
        .reuse(new ReuseConfig(setup.reuse(), "lru", 0, 1, true, 0));
    for (ExecType t : Backends.required(setup.exec())) {
      config.backend(t, setup.backend());
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CompiledScript script;
    Seam seam = new Seam(0, 0, 0);
    try (Engine engine = Engine.create(config.build());
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      script = engine.compile(scriptFile, all,
          Pipeline.withStaticRewrites(setup.staticRewrites()));
      engine.run(script, Map.of(), out);
      for (var b : engine.backends().all()) {
        if (b instanceof HandleBackend h) {
          seam = new Seam(h.imports(), h.exports(), h.executed());
        }
      }
    }
    String text = bytes.toString(StandardCharsets.UTF_8);
    Map<String, Long> fused = new java.util.TreeMap<>();
    for (var h : script.statistics().snapshot().heavyHitters()) {
      if (h.opcode().startsWith("spoof")) {
        fused.put(h.opcode(), h.count());
      }
    }
    Map<String, double[][]> read = new LinkedHashMap<>();
    for (Map.Entry<String, Path> e : outFiles.entrySet()) {
      if (!Files.exists(e.getValue())) {
        throw new AssertionError(workload + " wrote no " + e.getKey() + "; output:\n" + text);
      }
      read.put(e.getKey(), toArray(MatrixFiles.read(e.getValue())));
    }
    return new WorkloadRun(text, Objective.parse(text), read, fused,
        script.statistics().snapshot(), seam);
  }

  /** The matrix written for {@code outArg}. */
  double[][] matrix(String outArg) {
    double[][] m = outputs.get(outArg);
    if (m == null) {
      throw new AssertionError("no output " + outArg + " was requested");
    }
    return m;
  }

  /** The numbers captured by the first group of {@code regex} in every printed line, in order. */
  List<Double> printed(String regex) {
    Pattern p = Pattern.compile(regex);
    List<Double> values = new ArrayList<>();
    for (String line : output.split("\\R")) {
      Matcher m = p.matcher(line);
      if (m.find()) {
        values.add(Double.parseDouble(m.group(1)));
      }
    }
    return values;
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
