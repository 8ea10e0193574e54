package org.planlab.engine.api;

import java.util.List;
import java.util.Map;
import org.planlab.engine.config.EngineConfig;
import org.planlab.engine.ir.DataCharacteristics;
import org.planlab.engine.ir.Hop;
import org.planlab.engine.runtime.Recompiler;
import org.planlab.engine.runtime.program.CompiledProgram;
import org.planlab.engine.stats.Statistics;

/**
 * A compiled script ready to run on the engine that compiled it: the executable program, the
 * sizes known at compile time, the recompiler for the flagged DAGs, the statistics collected
 * so far (compile phases; each run adds its execution counters), and the front end's warnings.
 */
public record CompiledScript(CompiledProgram program, Map<Hop, DataCharacteristics> sizes,
    Recompiler recompiler, Engine engine, Statistics statistics,
    List<org.planlab.engine.lang.Diagnostic> warnings) {

  public CompiledScript {
    warnings = List.copyOf(warnings);
  }

  /** The configuration of the engine that compiled the script. */
  public EngineConfig config() {
    return engine.config();
  }
}
