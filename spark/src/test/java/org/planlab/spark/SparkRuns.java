package org.planlab.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
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
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.runtime.ReuseHook;
import org.planlab.engine.stats.StatisticsSnapshot;

/**
 * Runs a DML script through the engine in one execution mode and reads back, while the engine
 * is still open, its final variables as local values (matrices collected, scalars as numbers),
 * what it printed, the opcodes it executed and what the Spark backend moved.
 */
final class SparkRuns {
  /** Spark on two local threads with 7 x 7 blocks: several blocks and partial last blocks. */
  static final String SMALL_BLOCKS = "spark:master=local[2],blockSize=7,smallInDriver=false";

  private SparkRuns() {
  }

  /**
   * One run's outcome.
   *
   * @param matrices the final matrix variables, collected
   * @param scalars the final numeric scalar variables
   * @param opcodes the opcodes of every instruction that ran
   * @param moved the Spark backend's counters over the run (null without one)
   */
  record Run(String printed, Map<String, MatrixBlock> matrices, Map<String, Double> scalars,
      TreeSet<String> opcodes, SparkCounters.Snapshot moved, StatisticsSnapshot statistics,
      CompiledScript script) {

    MatrixBlock matrix(String name) {
      MatrixBlock m = matrices.get(name);
      if (m == null) {
        throw new AssertionError("no matrix variable " + name + "; variables: "
            + matrices.keySet() + " " + scalars.keySet());
      }
      return m;
    }

    double scalar(String name) {
      Double v = scalars.get(name);
      if (v == null) {
        throw new AssertionError("no scalar variable " + name + "; variables: "
            + matrices.keySet() + " " + scalars.keySet());
      }
      return v;
    }
  }

  /** Writes {@code m} as a binary matrix file {@code name}.bin in {@code dir}. */
  static Path write(Path dir, String name, MatrixBlock m) {
    Path file = dir.resolve(name + ".bin");
    try {
      MatrixFiles.write(m, file, MatrixFormat.BINARY, WriteOptions.defaults());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /** An engine configuration: no fusion (every operator is a plain HOP), one kernel thread. */
  static EngineConfig.Builder config(Path dir, ExecMode mode, String sparkSpec) {
    EngineConfig.Builder b = EngineConfig.builder().fusion("none").parallelism(1)
        .statistics(true).workingDirectory(dir).exec(mode);
    if (mode != ExecMode.SINGLENODE) {
      b.backend(ExecType.SPARK, sparkSpec);
    }
    return b;
  }

  /** Runs {@code dml} (a file written into {@code dir}) with {@code $name} arguments. */
  static Run run(Path dir, String dml, Map<String, String> args, EngineConfig config) {
    Path file = dir.resolve("script-" + System.nanoTime() + ".dml");
    try {
      Files.writeString(file, dml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return run(config, engine -> engine.compile(file, args));
  }

  /** Compiles with {@code compiler} in a fresh engine of {@code config} and runs the script. */
  static Run run(EngineConfig config, java.util.function.Function<Engine, CompiledScript> compiler) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Engine engine = Engine.create(config);
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      CompiledScript script = compiler.apply(engine);
      RunResult r = engine.run(script, Map.of(), out, ReuseHook.NONE);
      Map<String, MatrixBlock> matrices = new TreeMap<>();
      Map<String, Double> scalars = new TreeMap<>();
      for (Map.Entry<String, Data> e : r.variables().entrySet()) {
        if (e.getValue() instanceof BlockedMatrix b) {
          // the test reads results whatever the driver's budget (which guards acquireLocal)
          matrices.put(e.getKey(), Blocks.assemble(b.geometry(), b.rdd().collect()));
        } else if (e.getValue() instanceof MatrixData m) {
          matrices.put(e.getKey(), m.acquireLocal());
        } else if (e.getValue() instanceof ScalarValue s && numeric(s)) {
          scalars.put(e.getKey(), s.asDouble());
        }
      }
      TreeSet<String> opcodes = new TreeSet<>();
      for (StatisticsSnapshot.HeavyHitter h : r.statistics().heavyHitters()) {
        opcodes.add(h.opcode());
      }
      SparkCounters.Snapshot moved = null;
      if (engine.backends().get(ExecType.SPARK) instanceof SparkBackend sb) {
        moved = sb.counters().snapshot();
      }
      return new Run(bytes.toString(StandardCharsets.UTF_8), matrices, scalars, opcodes, moved,
          r.statistics(), script);
    }
  }

  private static boolean numeric(ScalarValue s) {
    return s.valueType() != org.planlab.engine.lang.types.ValueType.STRING;
  }

  /**
   * Asserts |a - e| <= tol * max(|e|, 1) per cell (equal NaN and infinities count as equal)
   * and equal shapes.
   */
  static void assertClose(String what, MatrixBlock expected, MatrixBlock actual, double tol) {
    if (expected.rows() != actual.rows() || expected.cols() != actual.cols()) {
      throw new AssertionError(what + ": " + actual.shape() + ", expected " + expected.shape());
    }
    for (int i = 0; i < expected.rows(); i++) {
      for (int j = 0; j < expected.cols(); j++) {
        double e = expected.get(i, j);
        double a = actual.get(i, j);
        if (!close(e, a, tol)) {
          throw new AssertionError(String.format("%s[%d,%d]: %.17g, expected %.17g", what,
              i + 1, j + 1, a, e));
        }
      }
    }
  }

  /** Whether {@code a} is within {@code tol * max(|e|, 1)} of {@code e}. */
  static boolean close(double e, double a, double tol) {
    if (Double.isNaN(e) || Double.isInfinite(e)) {
      return Double.compare(e, a) == 0 || (Double.isNaN(e) && Double.isNaN(a));
    }
    return Math.abs(a - e) <= tol * Math.max(Math.abs(e), 1);
  }

  /** Every variable of {@code expected} (CP) equals the one of {@code actual} at {@code tol}. */
  static void assertSameVariables(Run expected, Run actual, double tol) {
    if (!expected.matrices().keySet().equals(actual.matrices().keySet())
        || !expected.scalars().keySet().equals(actual.scalars().keySet())) {
      throw new AssertionError("variables differ: " + actual.matrices().keySet()
          + actual.scalars().keySet() + ", expected " + expected.matrices().keySet()
          + expected.scalars().keySet());
    }
    expected.matrices().forEach((name, m) -> assertClose(name, m, actual.matrix(name), tol));
    expected.scalars().forEach((name, v) -> {
      if (!close(v, actual.scalar(name), tol)) {
        throw new AssertionError(String.format("%s: %.17g, expected %.17g", name,
            actual.scalar(name), v));
      }
    });
  }

  /** A dense rows x cols matrix of N(0, 1) draws with a fixed seed. */
  static MatrixBlock gaussian(long seed, int rows, int cols) {
    java.util.Random rnd = new java.util.Random(seed);
    double[][] a = new double[rows][cols];
    for (double[] row : a) {
      for (int j = 0; j < cols; j++) {
        row[j] = rnd.nextGaussian();
      }
    }
    return MatrixBlock.of(a);
  }

  /** A rows x cols matrix with about {@code density} of its cells U(1, 2), the rest 0. */
  static MatrixBlock sparse(long seed, int rows, int cols, double density) {
    java.util.Random rnd = new java.util.Random(seed);
    double[][] a = new double[rows][cols];
    for (double[] row : a) {
      for (int j = 0; j < cols; j++) {
        row[j] = rnd.nextDouble() < density ? 1 + rnd.nextDouble() : 0;
      }
    }
    return MatrixBlock.of(a);
  }

  static List<String> sparkOpcodes(Run run) {
    return run.opcodes().stream().filter(o -> o.startsWith("sp_")).toList();
  }
}
