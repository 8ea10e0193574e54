package org.planlab.engine.runtime;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.planlab.engine.api.CompiledScript;
import org.planlab.engine.api.Engine;
import org.planlab.engine.api.RunResult;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.data.Data;
import org.planlab.engine.ir.Program;
import org.planlab.engine.ir.ProgramBlock;

/** Runs hand-built programs and captures what they print. */
public final class Runs {
  private Runs() {
  }

  /** The result of one run plus its printed output. */
  public record Outcome(RunResult result, String printed) {
    public Data get(String name) {
      return result.variables().get(name);
    }
  }

  public static EngineConfig config(int threads) {
    return EngineConfig.builder().fusion("none").parallelism(threads).statistics(true).build();
  }

  public static Outcome run(Program program, Map<String, Data> inputs, EngineConfig config) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    RunResult r;
    try (Engine engine = Engine.create(config)) {
      r = engine.run(engine.compile(program), inputs, out, ReuseHook.NONE);
    }
    return new Outcome(r, bytes.toString(StandardCharsets.UTF_8));
  }

  /** {@code program} compiled without rewrites or sizes by a short-lived engine. */
  public static CompiledScript compile(Program program, EngineConfig config) {
    try (Engine engine = Engine.create(config)) {
      return engine.compile(program);
    }
  }

  public static Outcome run(Map<String, Data> inputs, ProgramBlock... blocks) {
    return run(new Program(List.of(blocks), Map.of()), inputs, config(1));
  }
}
