package org.planlab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.config.ExecMode;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixData;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.ir.ExecType;
import org.planlab.engine.matrix.MatrixBlock;

/**
 * Runs a DML script once in CP ({@code singlenode}) and once on Spark, and compares what the
 * fused operators computed. The Spark runs use 7 x 7 blocks, so the small test matrices span
 * several blocks in both directions.
 */
final class FusedRuns {
  /** The Spark backend of the tests: the JVM's shared local[2] context, 7 x 7 blocks. */
  static final String SPARK = "spark:master=local[2],blockSize=7";

  private static final AtomicInteger SCRIPTS = new AtomicInteger();

  private FusedRuns() {
  }

  /** The final variables of a run (matrices as local blocks) and its heavy hitters' counts. */
  record Outcome(Map<String, Object> variables, Map<String, Long> opcodes, long broadcasts) {

    long count(String opcode) {
      return opcodes.getOrDefault(opcode, 0L);
    }
  }

  /** Runs {@code dml} in {@code mode} (Spark: with backend {@code spec}) under fusion "fa". */
  static Outcome run(Path dir, String dml, ExecMode mode, String spec) throws IOException {
    return run(dir, dml, mode, spec, "fa");
  }

  /** Runs {@code dml} in {@code mode} under the fusion plan selector {@code fusion}. */
  static Outcome run(Path dir, String dml, ExecMode mode, String spec, String fusion)
      throws IOException {
    Path script = dir.resolve("fused" + SCRIPTS.incrementAndGet() + ".dml");
    Files.writeString(script, dml);
    EngineConfig.Builder config = EngineConfig.builder().parallelism(1).workingDirectory(dir)
        .fusion(fusion).statistics(true).exec(mode);
    if (mode == ExecMode.SPARK) {
      config.backend(ExecType.SPARK, spec);
    }
    try (Engine engine = Engine.create(config.build());
        PrintStream out = new PrintStream(OutputStream.nullOutputStream())) {
      CompiledScript compiled = engine.compile(script, Map.of());
      RunResult r = engine.run(compiled, out);
      Map<String, Object> vars = new TreeMap<>();
      for (Map.Entry<String, Data> e : r.variables().entrySet()) {
        if (e.getValue() instanceof MatrixData m) {
          vars.put(e.getKey(), m.acquireLocal());
        } else if (e.getValue() instanceof ScalarValue s) {
          vars.put(e.getKey(), s.asDouble());
        }
      }
      Map<String, Long> ops = new TreeMap<>();
      for (var h : r.statistics().heavyHitters()) {
        ops.merge(h.opcode(), h.count(), Long::sum);
      }
      long broadcasts = 0;
      for (var t : r.statistics().transfers().entrySet()) {
        if (t.getKey().contains("broadcast")) {
          broadcasts += t.getValue().count();
        }
      }
      return new Outcome(vars, ops, broadcasts);
    }
  }

  /**
   * Runs {@code dml} in CP and on Spark, asserts that the CP run executed {@code opcode} and the
   * Spark run {@code sp_<opcode>} (so the fused operator really ran on executors), and that
   * every variable in {@code names} agrees to a relative error of 1e-9.
   */
  static Outcome compare(Path dir, String dml, String opcode, String spec, String... names)
      throws IOException {
    Outcome cp = run(dir, dml, ExecMode.SINGLENODE, null);
    Outcome sp = run(dir, dml, ExecMode.SPARK, spec);
    assertTrue(cp.count(opcode) > 0, "CP ran no " + opcode + ": " + cp.opcodes());
    assertTrue(sp.count("sp_" + opcode) > 0, "Spark ran no sp_" + opcode + ": " + sp.opcodes());
    assertEquals(0, sp.count(opcode), "a fused operator stayed in CP: " + sp.opcodes());
    for (String name : names) {
      Object a = cp.variables().get(name);
      Object b = sp.variables().get(name);
      assertTrue(a != null && b != null, "variable " + name + " missing: cp " + a + ", spark "
          + b);
      if (a instanceof Double x) {
        assertClose(x, (Double) b, name);
      } else {
        MatrixBlock x = (MatrixBlock) a;
        MatrixBlock y = (MatrixBlock) b;
        assertEquals(x.rows(), y.rows(), name + " rows");
        assertEquals(x.cols(), y.cols(), name + " cols");
        for (int i = 0; i < x.rows(); i++) {
          for (int j = 0; j < x.cols(); j++) {
            assertClose(x.get(i, j), y.get(i, j), name + "[" + i + "," + j + "]");
          }
        }
      }
    }
    return sp;
  }

  static void assertClose(double expected, double actual, String what) {
    if (Double.compare(expected, actual) == 0) {
      return;
    }
    double tol = 1e-9 * Math.max(1, Math.max(Math.abs(expected), Math.abs(actual)));
    assertTrue(Math.abs(expected - actual) <= tol, what + ": CP " + expected + ", Spark "
        + actual);
  }
}
