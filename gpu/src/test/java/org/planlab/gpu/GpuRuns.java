package org.planlab.gpu;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.io.MatrixFiles;
import org.planlab.engine.io.MatrixFormat;
import org.planlab.engine.io.WriteOptions;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.lang.types.ValueType;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.stats.StatisticsSnapshot;

/**
 * Runs a DML script in a fresh engine (CP, or forced to the GPU backend on the simulated
 * device) and reads its final variables back as host values while the engine is open, with
 * the opcodes that ran, the run's {@code gpu.*} counters and the device's state at the end.
 */
final class GpuRuns {
  static final double TOL = 1e-9;

  private GpuRuns() {
  }

  /**
   * One run's outcome.
   *
   * @param gpu the run's {@code gpu.*} backend counters (empty for CP)
   * @param liveAtEnd buffers on the live list when the run ended, before the engine closed
   */
  record Run(String printed, Map<String, MatrixBlock> matrices, Map<String, Double> scalars,
      TreeSet<String> opcodes, Map<String, Long> gpu, StatisticsSnapshot statistics,
      int liveAtEnd) {

    MatrixBlock matrix(String name) {
      MatrixBlock m = matrices.get(name);
      if (m == null) {
        throw new AssertionError("no matrix " + name + " in " + matrices.keySet());
      }
      return m;
    }

    long counter(String name) {
      return gpu.getOrDefault(name, 0L);
    }

    long gpuOpcodes() {
      return opcodes.stream().filter(o -> o.startsWith("gpu_")).count();
    }
  }

  /** The GPU backend spec of a simulated device of {@code memory} (e.g. "64k", "2g"). */
  static String sim(String memory) {
    return "gpu:device=sim,memory=" + memory;
  }

  /** CP only (mode SINGLENODE), one kernel thread, fusion {@code fusion}. */
  static EngineConfig.Builder cp(Path dir, String fusion) {
    return EngineConfig.builder().fusion(fusion).parallelism(1).statistics(true)
        .workingDirectory(dir).exec(ExecMode.SINGLENODE);
  }

  /** Forced to the GPU (mode GPU) on {@code spec}, one kernel thread, fusion {@code fusion}. */
  static EngineConfig.Builder gpu(Path dir, String fusion, String spec) {
    return cp(dir, fusion).exec(ExecMode.GPU).backend(ExecType.GPU, spec);
  }

  static Run run(Path dir, String dml, Map<String, String> args, EngineConfig config) {
    Path file = dir.resolve("script-" + System.nanoTime() + ".dml");
    try {
      Files.writeString(file, dml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return run(config, e -> e.compile(file, args));
  }

  /** Compiles with {@code compiler} in a fresh engine and runs with the configured reuse. */
  static Run run(EngineConfig config, Function<Engine, CompiledScript> compiler) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Engine engine = Engine.create(config);
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      RunResult r = engine.run(compiler.apply(engine), Map.of(), out);
      Map<String, MatrixBlock> matrices = new TreeMap<>();
      Map<String, Double> scalars = new TreeMap<>();
      for (Map.Entry<String, Data> e : r.variables().entrySet()) {
        if (e.getValue() instanceof MatrixData m) {
          matrices.put(e.getKey(), m.acquireLocal());
        } else if (e.getValue() instanceof ScalarValue s && s.valueType() != ValueType.STRING) {
          scalars.put(e.getKey(), s.asDouble());
        }
      }
      TreeSet<String> opcodes = new TreeSet<>();
      r.statistics().heavyHitters().forEach(h -> opcodes.add(h.opcode()));
      Map<String, Long> gpu = new TreeMap<>();
      r.statistics().backend().forEach((k, v) -> {
        if (k.startsWith("gpu.")) {
          gpu.put(k, v);
        }
      });
      int live = engine.backends().get(ExecType.GPU) instanceof GpuBackend g
          ? g.memory().liveCount() : 0;
      return new Run(bytes.toString(StandardCharsets.UTF_8), matrices, scalars, opcodes, gpu,
          r.statistics(), live);
    }
  }

  /** Every matrix and scalar of {@code expected} equals {@code actual}'s at {@code tol}. */
  static void assertSameVariables(Run expected, Run actual, double tol) {
    if (!expected.matrices().keySet().equals(actual.matrices().keySet())
        || !expected.scalars().keySet().equals(actual.scalars().keySet())) {
      throw new AssertionError("variables " + actual.matrices().keySet()
          + actual.scalars().keySet() + ", expected " + expected.matrices().keySet()
          + expected.scalars().keySet());
    }
    expected.matrices().forEach((n, m) -> assertClose(n, m, actual.matrix(n), tol));
    expected.scalars().forEach((n, v) -> {
      double a = actual.scalars().get(n);
      if (!close(v, a, tol)) {
        throw new AssertionError(String.format("%s: %.17g, expected %.17g", n, a, v));
      }
    });
  }

  /** |a - e| <= tol * max(|e|, 1) per cell, same shapes; NaN equals NaN. */
  static void assertClose(String what, MatrixBlock expected, MatrixBlock actual, double tol) {
    if (actual == null || expected.rows() != actual.rows()
        || expected.cols() != actual.cols()) {
      throw new AssertionError(what + ": " + (actual == null ? "missing" : actual.shape())
          + ", expected " + expected.shape());
    }
    for (int i = 0; i < expected.rows(); i++) {
      for (int j = 0; j < expected.cols(); j++) {
        if (!close(expected.get(i, j), actual.get(i, j), tol)) {
          throw new AssertionError(String.format("%s[%d,%d]: %.17g, expected %.17g", what,
              i + 1, j + 1, actual.get(i, j), expected.get(i, j)));
        }
      }
    }
  }

  static boolean close(double e, double a, double tol) {
    if (Double.isNaN(e) || Double.isInfinite(e)) {
      return Double.compare(e, a) == 0;
    }
    return Math.abs(a - e) <= tol * Math.max(Math.abs(e), 1);
  }

  static Path write(Path dir, String name, MatrixBlock m) {
    Path file = dir.resolve(name + ".bin");
    try {
      MatrixFiles.write(m, file, MatrixFormat.BINARY, WriteOptions.defaults());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /** rows x cols of U(min, max) with a fixed seed. */
  static MatrixBlock uniform(long seed, int rows, int cols, double min, double max) {
    Random rnd = new Random(seed);
    double[][] a = new double[rows][cols];
    for (double[] row : a) {
      for (int j = 0; j < cols; j++) {
        row[j] = min + (max - min) * rnd.nextDouble();
      }
    }
    return MatrixBlock.of(a);
  }
}
