package org.planlab.engine.compile.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.ir.HopDag;
import org.planlab.engine.ir.HopParam;
import org.planlab.engine.ir.OpCode;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;

/** Live-variable analysis drops exactly the transient writes no later block reads. */
class DeadWriteEliminationTest {
  @TempDir
  Path dir;

  @AutoClose
  private Engine engine;

  private CompiledScript compile(String script) throws IOException {
    Path f = dir.resolve("t.dml");
    Files.writeString(f, script);
    if (engine == null) {
      engine = Engine.create(EngineConfig.builder().fusion("none").parallelism(1)
          .workingDirectory(dir).build());
    }
    return engine.compile(f, Map.of());
  }

  private static List<String> writes(List<ProgramBlock> blocks) {
    List<String> out = new ArrayList<>();
    for (ProgramBlock b : blocks) {
      if (b instanceof ProgramBlock.Basic x) {
        out.addAll(writes(x.dag()));
      } else if (b instanceof ProgramBlock.If x) {
        out.addAll(writes(x.thenBlocks()));
        out.addAll(writes(x.elseBlocks()));
      } else if (b instanceof ProgramBlock.While x) {
        out.addAll(writes(x.body()));
      } else if (b instanceof ProgramBlock.For x) {
        out.addAll(writes(x.body()));
      }
    }
    return out;
  }

  private static List<String> writes(HopDag dag) {
    List<String> out = new ArrayList<>();
    for (Hop r : dag.roots()) {
      if (r.op() == OpCode.WRITE_VAR) {
        out.add(r.param(HopParam.Variable.class).name());
      }
    }
    return out;
  }

  private static List<String> functionWrites(Program p) {
    List<String> out = new ArrayList<>();
    p.functions().values().forEach(f -> out.addAll(writes(f.body())));
    return out;
  }

  private static String run(CompiledScript s) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      s.engine().run(s, out);
    }
    return bytes.toString(StandardCharsets.UTF_8).trim();
  }

  @Test
  void aFunctionKeepsOnlyWritesOfItsResultsAndOfLaterReads() throws IOException {
    CompiledScript s = compile("""
        f = function(double x) return (double y) {
          tmp = x * 2
          unused = x - 1
          if (x > 0) { z = tmp + 1 } else { z = 0 }
          y = z + 1
        }
        r = f(3)
        print(r)
        """);
    List<String> w = functionWrites(s.program().source());
    assertTrue(w.contains("y"), w.toString());
    assertTrue(w.contains("tmp"), "tmp is read in a later block: " + w);
    assertTrue(w.contains("z"), w.toString());
    assertFalse(w.contains("unused"), w.toString());
    assertEquals("8.0", run(s));
  }

  @Test
  void aLoopDropsWritesOverwrittenBeforeTheNextReadButKeepsLoopCarriedOnes() throws IOException {
    CompiledScript s = compile("""
        f = function(double a) return (double acc) {
          acc = 0
          i = 0
          while (i < 3) {
            out = a * i
            sv = out > 1
            acc = acc + out * sv
            i = i + 1
          }
          out = acc * 2
          acc = out
        }
        print(f(2))
        """);
    List<String> w = functionWrites(s.program().source());
    // out and sv of the loop body are recomputed before any read in the next iteration, and
    // the block after the loop reads its own out within its DAG: all dead; acc and i are
    // carried by the back edge
    assertFalse(w.contains("out"), w.toString());
    assertFalse(w.contains("sv"), w.toString());
    assertTrue(w.stream().filter("acc"::equals).count() >= 2, w.toString());
    assertTrue(w.contains("i"), w.toString());
    assertEquals("12.0", run(s));
  }

  @Test
  void theMainProgramKeepsEveryWriteForItsCaller() throws IOException {
    CompiledScript s = compile("""
        a = 1
        b = a + 1
        print(b)
        """);
    List<String> w = writes(s.program().source().main());
    assertTrue(w.containsAll(List.of("a", "b")), w.toString());
  }
}
