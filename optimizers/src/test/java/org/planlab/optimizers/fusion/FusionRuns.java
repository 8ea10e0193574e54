package org.planlab.optimizers.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.Pipeline;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.codegen.FusedOp;
import org.planlab.engine.codegen.construct.BuiltOperator;
import org.planlab.engine.compile.fusion.Codegen;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.data.MatrixValue;
import org.planlab.engine.data.ScalarValue;
import org.planlab.engine.matrix.MatrixBlock;
import org.planlab.engine.matrix.MatrixComparison;
import org.planlab.engine.runtime.ReuseHook;
import org.planlab.engine.stats.CodegenCounter;

/** Compiles and runs DML snippets under a fusion plan selector, recording what codegen built. */
final class FusionRuns {
  /** Relative tolerance of fused against unfused results and against plain Java. */
  static final double TOL = 1e-9;

  private FusionRuns() {
  }

  /**
   * One run: its variables and statistics, and per DAG compiled (at compile time) the code
   * generator's result.
   */
  record Outcome(String fusion, RunResult result, List<Codegen.Result> codegen, String printed) {

    /** The operators built over all DAGs, in order. */
    List<BuiltOperator> operators() {
      List<BuiltOperator> out = new ArrayList<>();
      codegen.forEach(r -> out.addAll(r.operators()));
      return out;
    }

    /** The compiled operators over all DAGs, in order. */
    List<FusedOp> compiled() {
      List<FusedOp> out = new ArrayList<>();
      codegen.forEach(r -> out.addAll(r.compiled()));
      return out;
    }

    MatrixBlock matrix(String name) {
      Data d = result.variables().get(name);
      assertTrue(d instanceof MatrixValue, name + " is a matrix, was " + d);
      return ((MatrixValue) d).block();
    }

    double scalar(String name) {
      Data d = result.variables().get(name);
      assertTrue(d instanceof ScalarValue, name + " is a scalar, was " + d);
      return ((ScalarValue) d).asDouble();
    }

    long counter(CodegenCounter c) {
      return result.statistics().codegen().getOrDefault(c, 0L);
    }

    /** How often instructions of {@code opcode} ran. */
    long executions(String opcode) {
      long n = 0;
      for (var h : result.statistics().heavyHitters()) {
        if (h.opcode().equals(opcode)) {
          n += h.count();
        }
      }
      return n;
    }

    /** How often opcodes starting with {@code spoof} ran. */
    long fusedExecutions() {
      long n = 0;
      for (var h : result.statistics().heavyHitters()) {
        if (h.opcode().startsWith("spoof")) {
          n += h.count();
        }
      }
      return n;
    }
  }

  static Path write(Path dir, String dml) {
    try {
      Path file = Files.createTempFile(dir, "fusion", ".dml");
      Files.writeString(file, dml, StandardCharsets.UTF_8);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static EngineConfig config(String fusion, int threads) {
    return EngineConfig.builder().fusion(fusion).parallelism(threads).statistics(true).build();
  }

  /** Compiles and runs {@code dml} under selector {@code fusion} with {@code threads}. */
  static Outcome run(Path dir, String dml, String fusion, int threads) {
    return run(dir, dml, config(fusion, threads));
  }

  /** Compiles and runs {@code dml} under {@code config}, on an engine of its own. */
  static Outcome run(Path dir, String dml, EngineConfig config) {
    try (Engine engine = Engine.create(config)) {
      return run(engine, dir, dml);
    }
  }

  /** Compiles and runs {@code dml} on {@code engine} (whose caches the run uses and fills). */
  static Outcome run(Engine engine, Path dir, String dml) {
    List<Codegen.Result> results = new ArrayList<>();
    CompiledScript script = engine.compile(write(dir, dml), Map.of(), Pipeline.defaults(),
        results::add);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    RunResult r;
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      r = engine.run(script, Map.of(), out, ReuseHook.NONE);
    }
    return new Outcome(engine.config().fusion(), r, List.copyOf(results),
        bytes.toString(StandardCharsets.UTF_8));
  }

  /** Asserts that {@code names} hold equal values (relative {@link #TOL}) in both runs. */
  static void assertSameVariables(Outcome expected, Outcome actual, List<String> names,
      String what) {
    for (String name : names) {
      Data e = expected.result().variables().get(name);
      Data a = actual.result().variables().get(name);
      assertNotNull(e, what + ": reference run has no " + name);
      assertNotNull(a, what + ": run has no " + name);
      if (e instanceof MatrixValue me) {
        assertTrue(a instanceof MatrixValue, what + ": " + name + " is not a matrix");
        MatrixBlock mb = ((MatrixValue) a).block();
        String diff = MatrixComparison.firstDifference(me.block(), mb, TOL, 1e-12);
        if (diff != null) {
          fail(what + ": " + name + " differs: " + diff);
        }
      } else if (e instanceof ScalarValue se) {
        assertClose(se.asDouble(), ((ScalarValue) a).asDouble(), what + ": " + name);
      } else {
        fail(what + ": unexpected value " + e);
      }
    }
  }

  static void assertClose(double expected, double actual, String what) {
    if (!MatrixComparison.close(expected, actual, TOL, 0)) {
      assertEquals(expected, actual, Math.abs(expected) * TOL, what);
    }
  }

  /** Asserts {@code actual} equals a plain-Java matrix within relative {@link #TOL}. */
  static void assertClose(double[][] expected, MatrixBlock actual, String what) {
    assertEquals(expected.length, actual.rows(), what + ": rows");
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i].length, actual.cols(), what + ": cols");
      for (int j = 0; j < expected[i].length; j++) {
        double e = expected[i][j];
        double a = actual.get(i, j);
        if (!MatrixComparison.close(e, a, TOL, 1e-12)) {
          fail(what + ": [" + i + "," + j + "] expected " + e + " but was " + a);
        }
      }
    }
  }
}
